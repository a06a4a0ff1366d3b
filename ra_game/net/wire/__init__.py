"""The wire of online play, shared by the server and its clients: the frames and their checks, a
room's options, the public game (mirror)."""
