"""The pause menu over the board: opening it, its choices, and the scenes an animation opened
while it was up (shown once it closes).

The menu itself is :class:`~ra_game.ui.board.widgets.pause_menu.PauseMenu`; this keeps whether it is up
and answers its choices.  What only the scene can do (open the Rules or Settings screen, leave
the game) comes back as a :class:`PauseExit`.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum
from typing import TYPE_CHECKING

import pygame

from ..widgets.pause_menu import PauseMenu
from ..widgets.pause_volume import PauseVolumes

if TYPE_CHECKING:
    from ...app_context import AppContext
    from ..modes.mode import Mode
    from ..modes.overlay import Overlay


class PauseExit(Enum):
    """A choice of the pause menu that the scene carries out."""

    #: Leave the game (saved first).
    LEAVE = "leave"
    #: The Rules screen over the game (closing it returns to the menu).
    RULES = "rules"
    #: The Settings screen over the game.
    SETTINGS = "settings"


class Pausing:
    """Whether the pause menu is up, and the scenes held until it closes."""

    def __init__(self, mode: Mode, overlay: Overlay) -> None:
        self.mode = mode
        self.overlay = overlay
        #: The menu while it is up.
        self.menu: PauseMenu | None = None
        #: Scenes an animation opened while the menu was up, shown once it closes.
        self.held: list[Callable[[], None]] = []

    def open(self, ctx: AppContext, panel: pygame.Rect) -> None:
        """The menu over the board, with the mode's words and the overlay's items."""
        mode = self.mode
        self.menu = PauseMenu(panel, demo=getattr(ctx, "demo", None) is not None,
                              quit_label=mode.quit_label, extra=self.overlay.pause_items(),
                              title=mode.pause_title, volumes=PauseVolumes(ctx))

    def hold(self, show: Callable[[], None]) -> bool:
        """Keep ``show`` until the menu closes when it is up (True), else False."""
        if self.menu is None:
            return False
        self.held.append(show)
        return True

    def close(self) -> None:
        """Back to the board: the scenes held while the menu was up open now, in order."""
        self.menu = None
        held, self.held = self.held, []
        for show in held:
            show()

    def event(self, event: pygame.event.Event,
              to_base: Callable[[tuple[int, int]], tuple[float, float]]) -> PauseExit | None:
        """A key or click on the menu; what the scene must do about it, if anything."""
        menu = self.menu
        assert menu is not None
        choice = None
        if event.type == pygame.KEYDOWN:
            choice = menu.key(event.key)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            choice = menu.click(to_base(event.pos))
        question = self.mode.quit_question
        if choice == "resume":  # Rules and Settings return to this menu
            self.close()
        elif choice == "quit" and question is not None:
            menu.ask(question)
        elif choice == "stay":
            menu.unask()
        elif choice in ("quit", "leave"):
            self.menu = None
            self.held.clear()
            return PauseExit.LEAVE
        elif choice in ("rules", "settings"):
            return PauseExit(choice)
        elif choice is not None and self.overlay.pause_choice(choice):
            self.close()
        return None
