"""The board's widgets: each draws one thing (tracks, player areas, bids, pickers, buttons, the
status line, the log, the pause menu) and knows no scene."""
