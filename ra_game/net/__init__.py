"""Online play: the game server (rooms, seats, the only game state with the bag), the wire
protocol, the client's copy of the game and the client session.  No pygame here: the server
and the headless client run without a window; the window uses :mod:`ra_game.net.session`,
:mod:`ra_game.net.mirror` and :mod:`ra_game.net.embedded`."""
