"""The pause menu (Esc): Resume, Rules, Settings, and Save & quit to the title (a demo is not
saved: it offers Quit to title); a mode may add items of its own before the last.  Mouse,
arrows / Tab + Enter, or the items' keys."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from ...i18n import N_, _
from .. import theme
from .view import View

ITEMS = (("resume", N_("Resume"), "Esc"), ("rules", N_("Rules"), "R"),
         ("settings", N_("Settings"), "S"), ("quit", N_("Save & quit to title"), "Q"))
DEMO_QUIT = ("quit", N_("Quit to title"), "Q")
#: The items while leaving waits for a yes (a mode whose game goes on without the player).
CONFIRM = (("leave", N_("Yes, leave"), "Y"), ("stay", N_("No, stay"), "N"))
_KEYS = {pygame.K_r: "rules", pygame.K_s: "settings", pygame.K_q: "quit"}


def letter_key(letter: str) -> int:
    """The key code of a key cap's ASCII letter (pygame's letter codes are lowercase ASCII)."""
    code = ord(letter[0])
    return code + 32 if "A" <= letter[0] <= "Z" else code


class PauseMenu:
    """A small modal panel; :meth:`key` / :meth:`click` return the chosen item's name or None."""

    def __init__(self, panel: pygame.Rect, demo: bool = False,
                 quit_label: str | None = None,
                 extra: Sequence[tuple[str, str, str]] = (), title: str = N_("Paused")
                 ) -> None:
        """``quit_label`` (marked with N_) names the quit item when leaving is neither a save
        nor a demo's end (a replay); ``extra``: a mode's items (name, N_ label, key letter);
        ``title`` (N_): the heading (a game that goes on is not "Paused")."""
        self.panel = panel
        self.title = title
        #: The question asked instead of the items (N_), or None.
        self.question: str | None = None
        self._menu: tuple[tuple[tuple[str, str, str], ...], dict[int, str]] | None = None
        self.items: tuple[tuple[str, str, str], ...] = ITEMS[:-1] + (DEMO_QUIT,) if demo \
            else ITEMS
        if quit_label:
            self.items = self.items[:-1] + (("quit", quit_label, "Q"),)
        self.items = self.items[:-1] + tuple(extra) + self.items[-1:]
        self.keys = dict(_KEYS)
        for name, _label, letter in extra:
            self.keys[letter_key(letter)] = name
        self.cursor = 0
        self.hover: tuple[float, float] | None = None

    def ask(self, question: str) -> None:
        """Ask ``question`` (N_) in place of the items: ``leave`` (Y) or ``stay`` (N, Esc)."""
        self._menu = (self.items, self.keys)
        self.question, self.items, self.cursor = question, CONFIRM, 1
        self.keys = {pygame.K_y: "leave", pygame.K_n: "stay"}

    def unask(self) -> None:
        """Back to the items after the question was answered No."""
        if self._menu is not None:
            self.items, self.keys = self._menu
        self.question, self._menu, self.cursor = None, None, 0

    def item_rects(self) -> list[pygame.Rect]:
        p = self.panel
        step = (p.height - 84) // max(len(self.items), len(ITEMS))  # fewer items: no taller
        top = p.y + 70 + (p.height - 84 - step * len(self.items)) // 2
        return [pygame.Rect(p.x + 40, top + i * step, p.width - 80, step - 12)
                for i in range(len(self.items))]

    def click(self, pos: tuple[float, float]) -> str | None:
        for (name, _label, _key), r in zip(self.items, self.item_rects()):
            if r.collidepoint(pos):
                return name
        return None

    def key(self, key: int) -> str | None:
        if key == pygame.K_ESCAPE:
            return "stay" if self.question is not None else "resume"
        if key in self.keys:
            return self.keys[key]
        if key in (pygame.K_UP, pygame.K_DOWN, pygame.K_TAB):
            self.cursor = (self.cursor + (-1 if key == pygame.K_UP else 1)) % len(self.items)
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            return self.items[self.cursor][0]
        return None

    def draw(self, surface: pygame.Surface, view: View) -> None:
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((20, 14, 8, 140))
        surface.blit(shade, (0, 0))
        theme.panel(surface, view.r(self.panel), radius=view.s(16))
        heading = pygame.Rect(self.panel.x + 20, self.panel.y + 14, self.panel.width - 40, 48)
        if self.question is None:
            view.fit_text(surface, _(self.title), heading, 32, theme.INK, True, max_lines=1)
        else:  # a question wraps rather than shrinks
            view.fit_text(surface, _(self.question), heading.inflate(0, 40).move(0, 20), 28,
                          theme.INK, True, min_size=22, max_lines=2)
        for i, ((_name, label, key), r) in enumerate(zip(self.items, self.item_rects())):
            lit = i == self.cursor or (self.hover is not None and r.collidepoint(self.hover))
            view.button(surface, r, _(label), "hover" if lit else "idle", key,
                        focused=i == self.cursor)
