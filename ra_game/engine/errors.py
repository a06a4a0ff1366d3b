"""Named errors of the engine: each carries a message a player understands."""

from __future__ import annotations


class RaError(Exception):
    """Base of every error the engine raises on purpose."""


class IllegalMoveError(RaError, ValueError):
    """A move that is not legal in the current state; the state is left unchanged."""


class NotationError(RaError, ValueError):
    """Text that is not a move in the notation of NOTATION.md."""


class ReplayError(RaError, ValueError):
    """A replay file that cannot be read: bad JSON, wrong format, unknown tile, bad sun sets..."""
