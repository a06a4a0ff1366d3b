"""Undo: a person may take back their last decision while nothing new has been revealed.

A decision can be taken back until a tile is drawn (never across a draw: a draw, or a move that
ends the epoch, cannot be undone) or another player decides (a person or an AI).  After a
person's decision the AI seats wait a grace period before replying (the AI may think
meanwhile); in hotseat, undo lasts until the hand-over.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ....engine import events as ev
from ....engine.moves import DRAW
from ....engine.state import GameState

#: Grace period for undo before an AI replies, by animation speed, as a multiple of the
#: ``undo_grace`` setting (seconds at normal speed).
GRACE_FACTOR: dict[str, float] = {"slow": 1.5, "normal": 1.0, "fast": 0.5, "rapid": 0.5,
                                   "max": 0.0}
DEFAULT_GRACE = 1.0

_REVEALING = (ev.TileDrawn, ev.RaDrawn, ev.EpochEnded, ev.EpochScored, ev.GameOver)


@dataclass
class UndoPoint:
    """The position before a person's decision and the record's length then."""

    state: GameState
    moves: int
    seat: int


def grace_seconds(setting: float, speed: str) -> float:
    """How long AI seats wait after a person's decision at animation ``speed``."""
    return max(0.0, float(setting)) * GRACE_FACTOR.get(speed, 1.0)


class UndoBook:
    """Remembers the last person's decision while it may still be taken back."""

    def __init__(self) -> None:
        self.point: UndoPoint | None = None

    @property
    def available(self) -> bool:
        return self.point is not None

    def record(self, before: GameState, moves: int, seat: int, human: bool, action: int,
               events: Sequence[Any]) -> None:
        """A move was applied: keep the position before it if a person may take it back,
        else forget any older one (another decision, or something revealed)."""
        revealing = action == DRAW or any(isinstance(e, _REVEALING) for e in events)
        self.point = UndoPoint(before, moves, seat) if human and not revealing else None

    def close(self) -> None:
        """The chance to take back has passed (hand-over, AI reply)."""
        self.point = None

    def reply_delay(self, pacing: float, grace: float, speed: str) -> float:
        """How long an AI waits before replying: its ``pacing``, or while a decision may be
        taken back, the ``grace`` setting's period at ``speed`` if longer."""
        return max(pacing, grace_seconds(grace, speed)) if self.available else pacing

    def take(self) -> UndoPoint | None:
        point, self.point = self.point, None
        return point
