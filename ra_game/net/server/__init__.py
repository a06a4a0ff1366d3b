"""The game server: rooms and their files, storage, one connection's limits, the server's AI seats,
and the window's embedded server."""
