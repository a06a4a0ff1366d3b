"""Where things are on the board, in base pixels, from ``scenes/play.tmx`` (1280x720).

:class:`BoardGeometry` names the track slots, centre sun, bag, buttons and seat areas for a
player count.  A window taller than 16:9 gets a taller board (:func:`board_height`, up to
:data:`MAX_HEIGHT`) instead of empty bars: :meth:`BoardGeometry.fit` gives the extra height to
the seat areas (whose tiles grow with it) and the log, and moves what sits at the bottom; :func:`area_slots` lays out one player's area (suns, tiles by category with
counts) and is shared by the renderer and the animations, so a tile flies to where it is drawn.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from ...engine.tiles import CIVILIZATIONS, MONUMENTS, Tile
from ..layout import BASE_SIZE, Layout

#: Names the play layout (``scenes/play.tmx``) must define (checked by the layout test).
PLAY_NAMES: list[str] = (
    [f"ra_track_slot_{i}" for i in range(10)]
    + [f"auction_slot_{i}" for i in range(8)]
    + ["ra_track", "auction_track", "center_sun", "bag", "epoch_label", "bid_area",
       "bid_panel", "status_line", "discard_panel", "pause_panel", "button_draw", "button_ra",
       "button_god", "button_pass", "button_confirm", "button_cancel", "button_menu",
       "button_undo", "button_hint", "button_log", "log_panel", "tiles_panel"]
    + [f"seat_{n}p_{i}_area" for n in range(2, 6) for i in range(n)]
)

#: Rows of a player area: special tiles, civilizations, monuments (each row may wrap).
TILE_ROWS: tuple[tuple[int, ...], ...] = (
    (Tile.GOD, Tile.GOLD, Tile.PHARAOH, Tile.NILE, Tile.FLOOD),
    CIVILIZATIONS,
    MONUMENTS,
)

HEADER_H = 34
PAD = 10
#: Areas narrower than this (base pixels) show fame on a line of its own below the name.
NARROW = 260
#: The board's base size as authored, and the tallest base height a tall window gets (a
#: taller window is letterboxed above and below).
BASE_WIDTH, BASE_HEIGHT = BASE_SIZE
MAX_HEIGHT = 1160
#: From this much extra height on, four or five seat areas are set in two rows.
TWO_ROWS = 300
#: Names that keep their place under the bottom edge of a taller board ...
_BOTTOM = ("callout_low",)
#: ... and those stretched down to it.
_STRETCHED = ("log_panel",)


def board_height(window: tuple[int, int]) -> int:
    """The base height of the board in ``window``: 720 for 16:9 or wider, taller (up to
    :data:`MAX_HEIGHT`) for a taller window, at the scale the width allows."""
    scale = min(window[0] / BASE_WIDTH, window[1] / BASE_HEIGHT)
    return max(BASE_HEIGHT, min(MAX_HEIGHT, int(window[1] / scale)))


class BoardGeometry:
    """Named base rects of the play layout for ``n`` players."""

    def __init__(self, layout: Layout, n: int) -> None:
        self.layout = layout
        self.n = n
        self.ra_slots = [layout.rect(f"ra_track_slot_{i}") for i in range(10)]
        self.auction_slots = [layout.rect(f"auction_slot_{i}") for i in range(8)]
        self.seats = [layout.rect(f"seat_{n}p_{i}_area") for i in range(n)]
        self.bid_area = layout.rect("bid_area")
        self.height = BASE_HEIGHT
        self._fitted: dict[str, pygame.Rect] = {}

    def rect(self, name: str) -> pygame.Rect:
        fitted = self._fitted.get(name)
        return fitted.copy() if fitted is not None else self.layout.rect(name)

    def fit(self, height: int) -> bool:
        """Lay the board out ``height`` base pixels tall (see the module docstring); whether
        anything moved."""
        if height == self.height:
            return False
        extra = height - BASE_HEIGHT
        self.height = height
        layout = self.layout
        self.seats = [_taller(layout.rect(f"seat_{self.n}p_{i}_area"), extra)
                      for i in range(self.n)]
        if self.n >= 4 and extra >= TWO_ROWS:
            self.seats = _two_rows(self.seats)
        self._fitted = {name: layout.rect(name).move(0, extra) for name in _BOTTOM}
        self._fitted |= {name: _taller(layout.rect(name), extra) for name in _STRETCHED}
        self._fitted["pause_panel"] = layout.rect("pause_panel").move(0, extra // 2)
        return True

    def bid_chip(self, seat: int) -> pygame.Rect:
        """The place in the bid area where ``seat``'s bid (or pass) is shown."""
        area = self.bid_area
        left = area.x + 96
        width = min(230, (area.right - left - 8) // self.n)
        return pygame.Rect(left + seat * width, area.y + 4, width - 8, area.height - 8)

    def bid_sun_center(self, seat: int) -> tuple[float, float]:
        chip = self.bid_chip(seat)
        return (chip.right - chip.height / 2 - 2, chip.centery)


def _taller(rect: pygame.Rect, extra: int) -> pygame.Rect:
    return pygame.Rect(rect.x, rect.y, rect.width, rect.height + extra)


def _two_rows(row: list[pygame.Rect], gap: int = 12) -> list[pygame.Rect]:
    """The seat areas of one tall row set in two rows (the first holds the odd one), each
    area as wide as its row allows."""
    left, right = row[0].x, row[-1].right
    top, bottom = row[0].y, row[0].bottom
    height = (bottom - top - gap) // 2
    first = (len(row) + 1) // 2
    areas = []
    for line, count in enumerate((first, len(row) - first)):
        width = (right - left - gap * (count - 1)) // count
        y = top + line * (height + gap)
        areas += [pygame.Rect(left + i * (width + gap), y, width, height) for i in range(count)]
    return areas


@dataclass
class AreaSlots:
    """One player area laid out: header, suns and tiles with their rects (base pixels)."""

    rect: pygame.Rect
    header: pygame.Rect
    score: pygame.Rect
    sun_size: int
    tile_size: int
    suns_up: list[tuple[int, pygame.Rect]] = field(default_factory=list)
    suns_down: list[tuple[int, pygame.Rect]] = field(default_factory=list)
    tiles: list[tuple[int, int, pygame.Rect]] = field(default_factory=list)
    pending: list[tuple[int, pygame.Rect]] = field(default_factory=list)

    def tile_rect(self, kind: int) -> pygame.Rect | None:
        for k, _count, r in self.tiles:
            if k == kind:
                return r
        return None

    def sun_rect(self, sun: int, face_up: bool = True) -> pygame.Rect | None:
        for s, r in self.suns_up if face_up else self.suns_down:
            if s == sun:
                return r
        return None


def sun_size_for(width: int) -> int:
    """The sun size for a seat area ``width`` base pixels wide."""
    if width >= 400:
        return 50
    return 46 if width >= 290 else 42


def _tile_rows(tiles: list[int], pending: list[int]) -> list[list[tuple[int, int, bool]]]:
    rows = []
    for index, row in enumerate(TILE_ROWS):
        items = [(k, tiles[k], False) for k in row if tiles[k]]
        if index == 0:
            items += [(k, 1, True) for k in pending]
        if items:
            rows.append(items)
    return rows


#: The largest tile in a seat area of the authored height (or less); a taller area (a tall
#: window's) allows larger ones, from ``TILE_TALL`` up to ``TILE_MAX``.
TILE_BASE, TILE_TALL, TILE_MAX, AREA_HEIGHT = 56, 64, 80, 332


def largest_tile(area_height: int) -> int:
    """The largest tile size an area ``area_height`` base pixels tall may show."""
    if area_height <= AREA_HEIGHT:
        return TILE_BASE
    return min(TILE_MAX, TILE_TALL + (area_height - AREA_HEIGHT) // 16 * 2)


def _fit_tile_size(width: int, height: int, rows: list[list[tuple[int, int, bool]]],
                   largest: int = TILE_BASE) -> int:
    """The largest tile size (``largest`` down to 26) at which ``rows`` fit in width x
    height."""
    gap = 6
    for size in range(largest, 25, -2):
        per_row = max(1, (width + gap) // (size + gap))
        lines = sum((len(r) - 1) // per_row + 1 for r in rows)
        if lines * (size + gap) <= height:
            return size
    return 26


def area_slots(
    rect: pygame.Rect,
    suns_up: list[int],
    suns_down: list[int],
    tiles: list[int],
    pending: list[int],
) -> AreaSlots:
    """Lay out a player area: header (name, score), a row of suns (up, then down, overlapping
    if need be), then tiles grouped by category rows (held kinds only, each with its count),
    as large as the area allows."""
    sun_size = sun_size_for(rect.width)
    inner = rect.width - 2 * PAD
    header = pygame.Rect(rect.x + PAD, rect.y + 8, inner, HEADER_H - 6)
    score = pygame.Rect(header.right - 86, header.y, 86, header.height)
    extra = 0
    if rect.width < NARROW:  # 5 seats: the name gets its own line, fame the line below
        extra = header.height
        score = pygame.Rect(header.right - 86, header.bottom + 2, 86, header.height - 2)
    rows = _tile_rows(tiles, pending)
    top = rect.y + HEADER_H + extra + 6 + sun_size + 10
    tile = _fit_tile_size(inner, rect.bottom - PAD - top, rows, largest_tile(rect.height))
    out = AreaSlots(rect, header, score, sun_size, tile)
    y = rect.y + HEADER_H + extra + 6
    step = sun_size + 4
    down_step = step  # side by side while there is room; overlapping only when there is not
    room = inner - len(suns_up) * step - 6
    if suns_down and room < len(suns_down) * down_step:
        down_step = max(10, (room - sun_size) // max(1, len(suns_down) - 1))
    x = rect.x + PAD
    for s in suns_up:
        out.suns_up.append((s, pygame.Rect(x, y, sun_size, sun_size)))
        x += step
    x += 6
    for s in suns_down:
        out.suns_down.append((s, pygame.Rect(x, y, sun_size, sun_size)))
        x += down_step
    gap = 6
    per_row = max(1, (inner + gap) // (tile + gap))
    y = top
    for items in rows:
        for i, (kind, count, is_pending) in enumerate(items):
            col, line = i % per_row, i // per_row
            r = pygame.Rect(rect.x + PAD + col * (tile + gap), y + line * (tile + gap), tile, tile)
            if is_pending:
                out.pending.append((kind, r))
            else:
                out.tiles.append((kind, count, r))
        y += ((len(items) - 1) // per_row + 1) * (tile + gap)
    return out
