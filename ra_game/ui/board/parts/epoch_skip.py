"""Skip to the end of the epoch: once no person at this screen has a face-up sun left, they get
no more turns this epoch (R-TURN-2) while the AI seats play on; the person may then let the
rest of the epoch play out at once: no animation (the log still gets every event), each AI move
played as soon as it is decided, the status line counting the moves played, up to the move that
ends the epoch, whose scoring then shows.  Never offered while a person here still has a
decision to take (the discard of their own disaster)."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from ....engine import events as ev
from ....engine.state import GameState
from ....text.i18n import _, ngettext
from ..geometry import BoardGeometry
from ..view import View

#: The key that starts the skip (free on the play screen; see docs/playing.md, Controls).
SKIP_KEY = pygame.K_k


class EpochSkip:
    """Whether the skip is offered or running, and its button."""

    def __init__(self) -> None:
        #: The epoch being skipped to its end, or None.
        self.epoch: int | None = None
        #: How many moves had been played when the skip started.
        self.since = 0

    def offered(self, state: GameState, people: Sequence[int]) -> bool:
        """Whether to offer the skip: a game with people at this screen, none of whom has a
        face-up sun left this epoch nor a decision open (a disaster's discard), not over and
        not already skipping."""
        return (bool(people) and not state.over and not self.active(state)
                and state.to_move not in people
                and not any(state.suns_up[seat] for seat in people))

    def active(self, state: GameState) -> bool:
        """Whether the epoch is being skipped: until the move that ends it is played."""
        return self.epoch is not None and self.epoch == state.epoch and not state.over

    def ends_with(self, events: Sequence[object]) -> bool:
        """Whether ``events`` (of the move just played) end the epoch being skipped."""
        return self.epoch is not None and any(
            isinstance(e, ev.EpochScored) and e.epoch == self.epoch for e in events)

    def start(self, state: GameState, moves: int) -> None:
        """Skip from now on; ``moves``: how many have been played so far."""
        self.epoch = state.epoch
        self.since = moves

    @staticmethod
    def rect(geom: BoardGeometry) -> pygame.Rect:
        """The button's place: the room of the turn buttons, which are not shown meanwhile."""
        return geom.rect("button_draw").union(geom.rect("button_ra"))

    def status(self, moves: int) -> str:
        """The progress line: the moves played since the skip started (``moves`` in all)."""
        played = moves - self.since
        return ngettext("Playing on to the end of the epoch: {count} move played...",
                        "Playing on to the end of the epoch: {count} moves played...",
                        played).format(count=played)

    def draw(self, surface: pygame.Surface, view: View, geom: BoardGeometry,
             hover: tuple[float, float] | None) -> None:
        rect = self.rect(geom)
        lit = hover is not None and rect.collidepoint(hover)
        view.button(surface, rect, _("Skip to the end of the epoch"), "hover" if lit else "idle",
                    "K")
