"""Where things are on the board, in base (1280x720) pixels, from ``scenes/play.tmx``.

:class:`BoardGeometry` names the track slots, centre sun, bag, buttons and seat areas for a
player count; :func:`area_slots` lays out one player's area (suns, tiles by category with
counts) and is shared by the renderer and the animations, so a tile flies to where it is drawn.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from ...engine.tiles import CIVILIZATIONS, MONUMENTS, Tile
from ..layout import Layout

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


class BoardGeometry:
    """Named base rects of the play layout for ``n`` players."""

    def __init__(self, layout: Layout, n: int) -> None:
        self.layout = layout
        self.n = n
        self.ra_slots = [layout.rect(f"ra_track_slot_{i}") for i in range(10)]
        self.auction_slots = [layout.rect(f"auction_slot_{i}") for i in range(8)]
        self.seats = [layout.rect(f"seat_{n}p_{i}_area") for i in range(n)]
        self.bid_area = layout.rect("bid_area")

    def rect(self, name: str) -> pygame.Rect:
        return self.layout.rect(name)

    def bid_chip(self, seat: int) -> pygame.Rect:
        """The place in the bid area where ``seat``'s bid (or pass) is shown."""
        area = self.bid_area
        left = area.x + 96
        width = min(230, (area.right - left - 8) // self.n)
        return pygame.Rect(left + seat * width, area.y + 4, width - 8, area.height - 8)

    def bid_sun_center(self, seat: int) -> tuple[float, float]:
        chip = self.bid_chip(seat)
        return (chip.right - chip.height / 2 - 2, chip.centery)


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


def _fit_tile_size(width: int, height: int, rows: list[list[tuple[int, int, bool]]]) -> int:
    """The largest tile size (56 down to 26) at which ``rows`` fit in width x height."""
    gap = 6
    for size in range(56, 25, -2):
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
    tile = _fit_tile_size(inner, rect.bottom - PAD - top, rows)
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
