"""Play a whole game among agent seats without a window: the same :class:`Match` and AI seat
controller as the window, driven to the end by :func:`ra_game.table.match.play_out`."""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from typing import Any, TextIO

from ..ai.workers import Workers
from ..engine import GameState
from ..text.i18n import ngettext
from .match import Match, play_out
from .seat_kinds import Table, make_controllers
from .seats import Seat

#: Headless thinking runs in long slices: nothing else waits for this process.
HEADLESS_SLICE = 1.0
#: The progress line is rewritten at most this often (seconds), and at each new epoch.
PROGRESS_EVERY = 0.2


class Progress:
    """A one-line progress report (epoch, moves so far) rewritten in place on ``stream``, a
    terminal; :meth:`done` clears it so what follows starts on a clean line."""

    def __init__(self, match: Match, stream: TextIO) -> None:
        self.match = match
        self.stream = stream
        self._shown: tuple[int, float] | None = None

    def line(self) -> str:
        """The text of the progress line now."""
        moves = len(self.match.moves)
        return ngettext("Epoch {epoch} of 3, {moves} move played",
                        "Epoch {epoch} of 3, {moves} moves played",
                        moves).format(epoch=self.match.state.epoch, moves=moves)

    def update(self, *_: object) -> None:
        """Rewrite the line if the epoch changed or :data:`PROGRESS_EVERY` has passed."""
        now = time.monotonic()
        epoch = self.match.state.epoch
        if self._shown and self._shown[0] == epoch and now - self._shown[1] < PROGRESS_EVERY:
            return
        self._shown = (epoch, now)
        self.stream.write("\r\x1b[K" + self.line())
        self.stream.flush()

    def done(self) -> None:
        """Clear the line."""
        if self._shown:
            self.stream.write("\r\x1b[K")
            self.stream.flush()


def play_headless(
    seats: Sequence[Seat], seed: int | None = None, think_ms: int | None = None,
    workers: Workers | None = None, progress: TextIO | None = None,
) -> tuple[GameState, dict[str, Any]]:
    """Play a game to the end; returns the final state and its replay document.  Searching
    seats use the processes of ``workers`` (None: this process).  With ``progress`` (a
    terminal), a :class:`Progress` line is kept there while the game runs."""
    if seed is None:
        seed = random.randrange(2**31)
    match = Match.new([s.name for s in seats], seed)
    controllers = make_controllers(Table(seats, seed, think_ms, HEADLESS_SLICE, workers))
    shown = Progress(match, progress) if progress is not None else None
    if shown:
        shown.update()
        match.observe(shown.update)
    try:
        play_out(match, controllers)
    finally:
        for controller in controllers:
            controller.close()
        if shown:
            shown.done()
    return match.state, match.document([s.kind for s in seats], seed)


def terminal(stream: TextIO) -> TextIO | None:
    """``stream`` if it is a terminal (progress may be shown there), else None."""
    isatty = getattr(stream, "isatty", None)
    try:
        return stream if isatty is not None and isatty() else None
    except ValueError:  # a closed stream
        return None
