"""Online play: the game server (rooms, seats, the only game state with the bag), the wire
protocol (both directions typed), the client's copy of the game, the online seat controller
and the client's link to a room.  No pygame here: the server and the headless client run
without a window; the window and the headless client hold their seat through the same
:mod:`ra_game.net.client.room_link` (over :mod:`ra_game.net.client.session`) and play with the same
:mod:`ra_game.net.client.online_seat`; the window's own server is :mod:`ra_game.net.server.embedded`."""
