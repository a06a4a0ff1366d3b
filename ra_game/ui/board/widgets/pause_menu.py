"""The pause menu (Esc): Resume, Rules, Settings, and Save & quit to the title (a demo is not
saved: it offers Quit to title); a mode may add items of its own before the last.  Mouse,
arrows / Tab + Enter, or the items' keys.  Below the items, a row of the two volumes
(:mod:`.pause_volume`)."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from ....text.i18n import N_, _
from ... import theme
from ..view import View
from .pause_volume import KEYS as VOLUME_ROW
from .pause_volume import PauseVolumes

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
                 extra: Sequence[tuple[str, str, str]] = (), title: str = N_("Paused"),
                 volumes: PauseVolumes | None = None) -> None:
        """``quit_label`` (marked with N_) names the quit item when leaving is neither a save
        nor a demo's end (a replay); ``extra``: a mode's items (name, N_ label, key letter);
        ``title`` (N_): the heading (a game that goes on is not "Paused"); ``volumes``: the
        sound row under the items."""
        self.panel = panel
        self.title = title
        self.volumes = volumes
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

    @property
    def sound(self) -> PauseVolumes | None:
        """The sound row, shown under the items (not while a question is asked)."""
        return self.volumes if self.question is None else None

    def _rows(self) -> list[pygame.Rect]:
        """The items' rows, then the sound row (if any); fewer rows are no taller."""
        p = self.panel
        count = len(self.items) + (self.sound is not None)
        step = (p.height - 84) // max(count, len(ITEMS) + (self.volumes is not None))
        top = p.y + 70 + (p.height - 84 - step * count) // 2
        return [pygame.Rect(p.x + 40, top + i * step, p.width - 80, step - 12)
                for i in range(count)]

    def item_rects(self) -> list[pygame.Rect]:
        return self._rows()[:len(self.items)]

    def _stops(self) -> int:
        """Places the cursor can be: each item, then each volume."""
        return len(self.items) + (2 if self.sound is not None else 0)

    def click(self, pos: tuple[float, float]) -> str | None:
        for (name, _label, _key), r in zip(self.items, self.item_rects()):
            if r.collidepoint(pos):
                return name
        if self.sound is not None:
            self.sound.click(self._rows()[-1], pos)
        return None

    def key(self, key: int) -> str | None:
        if key == pygame.K_ESCAPE:
            return "stay" if self.question is not None else "resume"
        if key in self.keys:
            return self.keys[key]
        if key in (pygame.K_UP, pygame.K_DOWN, pygame.K_TAB):
            self.cursor = (self.cursor + (-1 if key == pygame.K_UP else 1)) % self._stops()
            return None
        volume = self.cursor - len(self.items)
        if self.sound is not None and volume >= 0:
            if key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_RETURN, pygame.K_KP_ENTER,
                       pygame.K_SPACE):
                self.sound.change(VOLUME_ROW[volume], -1 if key == pygame.K_LEFT
                                    else 1)
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
        if self.sound is not None:
            volume = self.cursor - len(self.items)
            self.sound.draw(surface, view, self._rows()[-1], volume if volume >= 0 else None,
                              self.hover)
