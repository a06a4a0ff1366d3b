"""Online play: the game server (rooms, seats, the only game state with the bag), the wire
protocol, the client's copy of the game, the online seat controller and the client session.
No pygame here: the server and the headless client run without a window; the window uses
:mod:`ra_game.net.session`, :mod:`ra_game.net.online_seat` (the same controller as the
headless client) and :mod:`ra_game.net.embedded`."""
