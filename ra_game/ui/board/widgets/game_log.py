"""The game log: every event of the game so far as a short sentence with tile icons.

:class:`GameLog` keeps the engine events of each move (rebuilt from the moves on resume, cut
back on undo) and how far the board's animation has got, so the log never tells what the board
has not shown yet.  :class:`LogPanel` draws it in ``log_panel`` of the play layout: it opens and
closes (L or the Log button), scrolls (wheel, PageUp/PageDown, Home/End, arrows) and follows the
latest entry unless the player has scrolled back.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import pygame

from ....text.i18n import _, current_language
from ... import theme
from ..sentences import Sentences, event_tiles
from ..view import View

LINE_H = 24
ICON = 18
TEXT_SIZE = 15


class GameLog:
    """The events of every move, and which of them the board has shown."""

    def __init__(self, sentences: Sentences) -> None:
        self.sentences = sentences
        self.moves: list[list[Any]] = []
        #: Events of the last move not yet reached by its animation.
        self.hidden = 0
        self.version = 0

    def add_move(self, events: Sequence[Any], shown: bool = False) -> None:
        self.moves.append(list(events))
        self.hidden = 0 if shown else len(events)
        self.version += 1

    def load(self, moves: Iterable[Sequence[Any]]) -> None:
        """Replace the log with the events of ``moves`` (all shown): a resumed game."""
        self.moves = [list(m) for m in moves]
        self.hidden = 0
        self.version += 1

    def truncate(self, count: int) -> None:
        """Keep the first ``count`` moves (undo)."""
        del self.moves[count:]
        self.hidden = 0
        self.version += 1

    def reached(self, event: Any) -> None:
        """The animation of the last move has reached ``event``: show it and those before."""
        if not self.moves or not self.hidden:
            return
        last = self.moves[-1]
        for i in range(len(last) - self.hidden, len(last)):
            if last[i] is event:
                self.hidden = len(last) - i - 1
                self.version += 1
                return

    def show_all(self) -> None:
        if self.hidden:
            self.hidden = 0
            self.version += 1

    def events(self, shown_only: bool = True) -> list[Any]:
        """Every event in order (without those not shown yet, by default)."""
        flat = [e for move in self.moves for e in move]
        return flat[: len(flat) - self.hidden] if shown_only else flat

    def current_auction_passes(self, n: int) -> list[bool]:
        """Who has passed in the auction going on (public, but the engine keeps no passes)."""
        from ....engine import events as ev

        passed = [False] * n
        for e in reversed(self.events(shown_only=False)):
            if isinstance(e, ev.AuctionStarted):
                return passed
            if isinstance(e, (ev.AuctionWon, ev.AuctionPassed, ev.EpochEnded)):
                return [False] * n
            if isinstance(e, ev.Passed):
                passed[e.player] = True
        return [False] * n

    def entries(self) -> list[tuple[str, tuple[int, ...]]]:
        """(sentence, tile icons) for every shown event, in the current language."""
        out: list[tuple[str, tuple[int, ...]]] = []
        for e in self.events():
            texts = self.sentences.event(e)
            for i, text in enumerate(texts):
                out.append((text, event_tiles(e) if i == 0 else ()))
        return out


class LogPanel:
    """The log's panel: scrolled by lines from the bottom (0 = the latest entry shown)."""

    def __init__(self, log: GameLog, rect: pygame.Rect) -> None:
        self.log = log
        self.rect = rect
        self.open = False
        self.back = 0
        self._lines: list[tuple[str, tuple[int, ...], bool]] = []
        self._key: tuple[Any, ...] = ()

    def toggle(self) -> None:
        self.open = not self.open
        self.back = 0

    def visible_count(self) -> int:
        return max(1, (self.rect.height - 52) // LINE_H)

    def lines(self, view: View) -> list[tuple[str, tuple[int, ...], bool]]:
        """The entries wrapped to the panel width: (text, icons, first line of an entry)."""
        key = (self.log.version, current_language(), view.size)
        if key != self._key:
            self._key = key
            self._lines = []
            for text, tiles in self.log.entries():
                width = self.rect.width - 28 - len(tiles) * (ICON + 2)
                for i, line in enumerate(_wrap(view, text, max(80, width))):
                    self._lines.append((line, tiles if i == 0 else (), i == 0))
        return self._lines

    def scroll(self, lines: int, view: View | None) -> None:
        total = len(self._lines) if view is None else len(self.lines(view))
        self.back = max(0, min(total - self.visible_count(), self.back + lines))

    def key(self, key: int, view: View | None) -> bool:
        """Scroll keys while open; True if used."""
        page = self.visible_count() - 1
        steps = {pygame.K_PAGEUP: page, pygame.K_PAGEDOWN: -page, pygame.K_UP: 1,
                 pygame.K_DOWN: -1}
        if key in steps:
            self.scroll(steps[key], view)
        elif key == pygame.K_HOME:
            self.scroll(10**6, view)
        elif key == pygame.K_END:
            self.back = 0
        else:
            return False
        return True

    def wheel(self, y: int, view: View | None) -> None:
        self.scroll(3 * y, view)

    def draw(self, surface: pygame.Surface, view: View) -> None:
        if not self.open:
            return
        r = self.rect
        theme.panel(surface, view.r(r), radius=view.s(12))
        title = view.blit_text(surface, _("Game log"), 19, (r.x + 14, r.y + 10), "topleft",
                               theme.INK, True)
        room = (view.r(r).right - title.right) / view.scale - 24
        keys, size = view.fitted(_("L closes; wheel or PageUp/PageDown scroll"), 13, room)
        view.blit_text(surface, keys, size, (r.right - 12, r.y + 14), "topright", theme.INK_SOFT)
        lines = self.lines(view)
        if not lines:
            view.blit_text(surface, _("Nothing has happened yet."), TEXT_SIZE,
                           (r.x + 14, r.y + 44), "topleft", theme.INK_SOFT)
            return
        count = self.visible_count()
        end = len(lines) - self.back
        shown = lines[max(0, end - count):end]
        y = r.y + 40
        for text, tiles, first in shown:
            x = r.x + 14
            for kind in tiles:
                view.blit_center(surface, view.tile(kind, ICON), (x + ICON / 2, y + LINE_H / 2))
                x += ICON + 2
            view.blit_text(surface, text, TEXT_SIZE, (x + (4 if tiles else 0) + (0 if first
                           else 10), y + LINE_H / 2), "midleft", theme.INK)
            y += LINE_H
        if self.back:
            view.blit_text(surface, _("End: back to the latest"), 13,
                           (r.right - 12, r.bottom - 8), "bottomright", theme.TERRACOTTA, True)


def _wrap(view: View, text: str, width: float) -> list[str]:
    """``text`` split into lines no wider than ``width`` base pixels at the log's size."""
    words = text.split(" ")
    lines: list[str] = []
    line = ""
    for word in words:
        trial = f"{line} {word}" if line else word
        if line and view.text_width(trial, TEXT_SIZE) > view.s(width):
            lines.append(line)
            line = word
        else:
            line = trial
    if line:
        lines.append(line)
    return lines
