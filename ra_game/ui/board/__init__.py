"""The play scene's board: its display model and geometry here; its widgets (``widgets/``), the
scene's parts (``parts/``) and the mode framework (``modes/``) in their packages.

Everything here draws in base (1280x720) coordinates through a :class:`~.view.View`; input
logic lives in :mod:`.controls`, animation of engine events in :mod:`.director`.
"""
