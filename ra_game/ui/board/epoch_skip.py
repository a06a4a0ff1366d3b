"""Skip to the end of the epoch: once no person at this screen has a face-up sun left, they get
no more turns this epoch (R-TURN-2) while the AI seats play on; the person may then let the
rest of the epoch play out with its animations finished at once (the log still gets every
event), stopping at the move that ends the epoch, whose scoring shows as usual."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from ...engine.state import GameState
from ...i18n import _
from .geometry import BoardGeometry
from .view import View

#: The key that starts the skip (free on the play screen; see docs/playing.md, Controls).
SKIP_KEY = pygame.K_k


class EpochSkip:
    """Whether the skip is offered or running, and its button."""

    def __init__(self) -> None:
        #: The epoch being skipped to its end, or None.
        self.epoch: int | None = None

    def offered(self, state: GameState, people: Sequence[int]) -> bool:
        """Whether to offer the skip: a game with people at this screen, none of whom has a
        face-up sun left this epoch, not over and not already skipping."""
        return (bool(people) and not state.over and not self.active(state)
                and not any(state.suns_up[seat] for seat in people))

    def active(self, state: GameState) -> bool:
        """Whether the epoch is being skipped: until the move that ends it is played."""
        return self.epoch is not None and self.epoch == state.epoch and not state.over

    def start(self, state: GameState) -> None:
        self.epoch = state.epoch

    @staticmethod
    def rect(geom: BoardGeometry) -> pygame.Rect:
        """The button's place: the room of the turn buttons, which are not shown meanwhile."""
        return geom.rect("button_draw").union(geom.rect("button_ra"))

    @staticmethod
    def status() -> str:
        return _("Playing on to the end of the epoch...")

    def draw(self, surface: pygame.Surface, view: View, geom: BoardGeometry,
             hover: tuple[float, float] | None) -> None:
        rect = self.rect(geom)
        lit = hover is not None and rect.collidepoint(hover)
        view.button(surface, rect, _("Skip to the end of the epoch"), "hover" if lit else "idle",
                    "K")
