"""One frame of the board as it is drawn: a frozen :class:`BoardFrame` the play scene builds
once per frame and :func:`~ra_game.ui.board.parts.painter.draw_board` draws.

It holds what changes from frame to frame as values (the pointer, the controls shown, the
status line, who sees their fame) and the board's widgets that draw themselves.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

import pygame

if TYPE_CHECKING:
    from ....engine import GameState
    from ....table.seat_kinds import SeatKind
    from ..controls import Control, HumanInput
    from ..geometry import BoardGeometry
    from ..model import DisplayModel
    from ..modes.overlay import Overlay
    from ..score_preview import ScorePreview
    from ..view import View
    from ..widgets.pause_menu import PauseMenu
    from ..widgets.player_area import PlayerAreas
    from .epoch_skip import EpochSkip


class InfoDrawn(Protocol):
    """The information layer as the painter draws it (the game log, the tile counter, the
    hint and their buttons)."""

    @property
    def preview(self) -> ScorePreview:
        """The scores the hovered lot or sun would bring."""
        ...

    def hinted(self, controls: list[Control]) -> set[int]:
        """Indexes of ``controls`` that carry out the hinted move."""
        ...

    def status_rect(self) -> pygame.Rect:
        """The status line's rect, up to the first button shown."""
        ...

    def draw(self, surface: pygame.Surface, view: View,
             hover: tuple[float, float] | None) -> None: ...


@dataclass(frozen=True)
class BoardFrame:
    """What the board shows in one frame (see the module's docstring)."""

    state: GameState
    geom: BoardGeometry
    #: The pieces as the animation has them now.
    model: DisplayModel
    areas: PlayerAreas
    #: The person's decision (its cursor and legal choices).
    decision: HumanInput
    #: The game log, the tile counter, the preview, the hint and their buttons.
    info: InfoDrawn
    #: What the mode draws on top.
    overlay: Overlay
    epoch_skip: EpochSkip
    #: The status line's text, and whether it asks something urgent of a person.
    status: tuple[str, bool]
    #: The pointer, in the board's base pixels.
    hover: tuple[float, float] | None = None
    #: The person's controls shown now (none unless their decision is open on an idle board).
    controls: tuple[Control, ...] = ()
    #: Each seat's kind (their areas say it).
    kinds: tuple[SeatKind, ...] = ()
    #: Fame lies face down but for the ``viewer``'s own.
    hide_scores: bool = False
    viewer: int | None = None
    #: The seats whose person far away is not connected now.
    away: frozenset[int] = frozenset()
    #: The "skip to the end of the epoch" button is shown.
    skip_button: bool = False
    #: The Menu row says a click or Space skips the animation.
    skip_hint: bool = False
    #: The pause menu while it is up.
    pause: PauseMenu | None = None
