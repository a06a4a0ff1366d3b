"""The client side of online play: the session and its events, the online seat controller, the
headless client, and the window's link to a room with what it remembers."""
