"""Widgets of the play scene's board: tracks, player areas, bids, pickers, buttons, status line.

Everything here draws in base (1280x720) coordinates through a :class:`~.view.View`; input
logic lives in :mod:`.controls`, animation of engine events in :mod:`.director`.
"""
