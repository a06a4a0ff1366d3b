"""The pause menu's flow on its own (no play scene): what each choice asks of the scene, and
the scenes held while the menu is up."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ra_game.ui.board.modes.mode import PLAIN, Mode
from ra_game.ui.board.modes.overlay import Overlay
from ra_game.ui.board.parts.pausing import PauseExit, Pausing

if TYPE_CHECKING:
    from ra_game.ui.app_context import AppContext

PANEL = pygame.Rect(340, 100, 600, 520)


def key(k: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0)


def same(pos: tuple[int, int]) -> tuple[float, float]:
    return (float(pos[0]), float(pos[1]))


class Hands(Overlay):
    """A mode's own item, Hand over (A)."""

    def __init__(self) -> None:
        self.chosen: list[str] = []

    def pause_items(self) -> list[tuple[str, str, str]]:
        return [("hand", "Hand over", "A")]

    def pause_choice(self, name: str) -> bool:
        self.chosen.append(name)
        return name == "hand"


def test_esc_resumes_and_shows_the_scenes_held_meanwhile_in_order(ctx: AppContext) -> None:
    pausing, shown = Pausing(PLAIN, Overlay()), []
    assert not pausing.hold(lambda: shown.append("early"))  # no menu: nothing held
    pausing.open(ctx, PANEL)
    assert pausing.hold(lambda: shown.append("scoring"))
    assert pausing.hold(lambda: shown.append("results"))
    assert pausing.event(key(pygame.K_ESCAPE), same) is None
    assert pausing.menu is None and shown == ["scoring", "results"] and not pausing.held


def test_rules_settings_and_leave_are_the_scenes_to_carry_out(ctx: AppContext) -> None:
    pausing = Pausing(PLAIN, Overlay())
    pausing.open(ctx, PANEL)
    assert pausing.event(key(pygame.K_r), same) is PauseExit.RULES
    assert pausing.event(key(pygame.K_s), same) is PauseExit.SETTINGS
    assert pausing.menu is not None  # Rules and Settings come back to the menu
    pausing.hold(lambda: None)
    assert pausing.event(key(pygame.K_q), same) is PauseExit.LEAVE
    assert pausing.menu is None and not pausing.held  # leaving drops what was held


def test_a_mode_that_asks_first_leaves_only_on_yes(ctx: AppContext) -> None:
    pausing = Pausing(Mode(quit_question="Leave the online game?"), Overlay())
    pausing.open(ctx, PANEL)
    assert pausing.event(key(pygame.K_q), same) is None
    assert pausing.menu is not None and pausing.menu.question == "Leave the online game?"
    assert pausing.event(key(pygame.K_n), same) is None and pausing.menu.question is None
    pausing.event(key(pygame.K_q), same)
    assert pausing.event(key(pygame.K_y), same) is PauseExit.LEAVE


def test_the_overlays_own_item_is_the_overlays_and_closes_the_menu(ctx: AppContext) -> None:
    overlay = Hands()
    pausing = Pausing(PLAIN, overlay)
    pausing.open(ctx, PANEL)
    assert pausing.menu is not None and ("hand", "Hand over", "A") in pausing.menu.items
    assert pausing.event(key(pygame.K_a), same) is None
    assert overlay.chosen == ["hand"] and pausing.menu is None
