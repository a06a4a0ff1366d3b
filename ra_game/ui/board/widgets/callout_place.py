"""Where a callout's note goes and how its pointer runs (base pixels).

:func:`place_note` tries note boxes over the whole board and keeps the one that leaves every
``keep_clear`` rect visible (what the step asks the player to look at or click, and the status
text) and whose pointer to the target is short and crosses nothing that matters: fame badges,
"+N now" chips, suns and the status text (``marks``) weigh most, tiles, names and the board's
frames (``soft``, ``frames``) a little; a note over the board's frames costs more than one over
tiles.  The pointer is a straight line from the note's edge to the
target's, or an elbow (along a gap, then into the target); none is drawn when the two nearly
touch.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import pairwise

import pygame

Point = tuple[int, int]
#: A pointer: the points of its line, from the note's edge to the target's (2 or 3).
Pointer = tuple[Point, ...]

#: Widths a note may take; its height follows the text at that width.
WIDTHS = (800, 640)
MARGIN = 16  # from the board's edge
STEP = 24  # the grid the boxes are tried on
SHORT = 40  # a pointer shorter than this is not drawn
#: Costs: a pointer over a mark, over a soft rect; a note over a mark, over a frame of the
#: board (the Ra track, the epoch, ...), over a soft rect.
CROSS_MARK, CROSS_SOFT, COVER_MARK, COVER_FRAME, COVER_SOFT = 1000, 60, 600, 150, 40
SHORTLIST = 20


@dataclass(frozen=True)
class Placement:
    """A note's box and its pointer (from the note's edge to the target's; empty: none)."""

    box: pygame.Rect
    pointer: Pointer | None


def crossings(pointer: Pointer | None, rects: Sequence[pygame.Rect], margin: int = 3) -> int:
    """How many of ``rects`` the pointer's line runs over (with a ``margin``)."""
    if pointer is None:
        return 0
    legs = list(pairwise(pointer))
    grown = [r.inflate(2 * margin, 2 * margin) for r in rects] if margin else rects
    return sum(1 for r in grown if any(r.clipline(a, b) for a, b in legs))


def _pointers(box: pygame.Rect, target: pygame.Rect,
              lanes: Sequence[int] = ()) -> list[Pointer | None]:
    """Pointers from ``box``'s edges to ``target``'s that pass through neither: straight, or
    an elbow (up or down from the note, along one of the ``lanes`` (x) if it likes, then
    across into the target)."""
    gap_x = max(target.x - box.right, box.x - target.right)
    gap_y = max(target.y - box.bottom, box.y - target.bottom)
    if max(gap_x, gap_y) < SHORT:
        return [None]
    starts: list[Point] = []
    if gap_y > 0:  # the target is above or below: from the facing edge
        y = box.y if target.bottom <= box.y else box.bottom
        lo, hi = box.x + 40, box.right - 40
        starts += [(min(max(x, lo), hi), y) for x in
                   (target.centerx, target.x + 16, target.right - 16, lo, hi, box.centerx)]
        starts += [(x, y) for x in lanes if box.x + 20 <= x <= box.right - 20]
    if gap_x > 0:  # beside: from the facing side
        x = box.x if target.right <= box.x else box.right
        lo, hi = box.y + 24, box.bottom - 24
        starts += [(x, min(max(y, lo), hi)) for y in (target.centery, box.centery)]
    ends: list[Point] = [(target.right + 6, target.centery), (target.x - 6, target.centery)]
    for x in (target.x + 12, target.centerx, target.right - 12):
        ends += [(x, target.bottom + 6), (x, target.y - 6)]
    inside = (box.inflate(-4, -4), target.inflate(-4, -4))
    out: list[Pointer | None] = []
    for a in dict.fromkeys(starts):
        for b in ends + [(min(max(a[0], target.x + 12), target.right - 12), ends[2][1]),
                         (min(max(a[0], target.x + 12), target.right - 12), ends[3][1])]:
            corner = (a[0], b[1]) if a[1] in (box.y, box.bottom) else (b[0], a[1])
            for line in ((a, b), (a, corner, b)):
                if _legs_long(line) and not any(
                        r.clipline(u, v) for r in inside for u, v in pairwise(line)):
                    out.append(line)
    return out or [None]


def _legs_long(line: Pointer) -> bool:
    """Every leg of ``line`` long enough to read (the last one holds the arrow's head)."""
    return all(abs(u[0] - v[0]) + abs(u[1] - v[1]) >= 30 for u, v in pairwise(line))


def _length(pointer: Pointer | None) -> float:
    """The pointer's length; an elbow counts a little longer (a straight line reads best)."""
    if pointer is None:
        return 0.0
    legs = sum(abs(ax - bx) + abs(ay - by) for (ax, ay), (bx, by) in pairwise(pointer))
    return float(legs + 40 * (len(pointer) - 2))


def place_note(height_for: Callable[[int], int], board: pygame.Rect,
               target: pygame.Rect | None, keep_clear: Sequence[pygame.Rect],
               marks: Sequence[pygame.Rect], soft: Sequence[pygame.Rect],
               frames: Sequence[pygame.Rect] = (), lanes: Sequence[int] = ()) -> Placement:
    """The best note box on ``board`` for a note whose height at width ``w`` is
    ``height_for(w)`` (see the module docstring); ``lanes`` are free columns (x) a pointer
    may run along, such as the gaps between the players' areas."""
    clear = [r.inflate(8, 8) for r in keep_clear]
    if target is not None:
        clear.append(target.inflate(16, 16))
    boxes: list[tuple[float, pygame.Rect]] = []
    for width in WIDTHS:
        height = height_for(width)
        xs = list(range(board.x + MARGIN, board.right - MARGIN - width + 1, STEP))
        xs.append(board.right - MARGIN - width)
        ys = list(range(board.y + MARGIN, board.bottom - MARGIN - height + 1, STEP))
        ys.append(board.bottom - MARGIN - height)
        for x in xs:
            for y in ys:
                box = pygame.Rect(x, y, width, height)
                if box.collidelist(clear) != -1:
                    continue
                cover = (COVER_MARK * len(box.collidelistall(marks))
                         + COVER_FRAME * len(box.collidelistall(frames))
                         + COVER_SOFT * len(box.collidelistall(soft)))
                near = 0.0 if target is None else _distance(box, target)
                boxes.append((cover + near, box))
    if not boxes:  # nothing leaves everything clear: the lowest note, as before
        height = height_for(WIDTHS[0])
        box = pygame.Rect(board.right - MARGIN - WIDTHS[0], board.bottom - MARGIN - height,
                          WIDTHS[0], height)
        return Placement(box, None if target is None else _pointers(box, target)[0])
    boxes.sort(key=lambda item: item[0])
    hard = [r.inflate(8, 8) for r in marks]  # 4 px of air around what matters
    light = [r.inflate(6, 6) for r in (*soft, *frames)]
    best: tuple[float, Placement] | None = None
    for base, box in boxes[:SHORTLIST]:
        options = [None] if target is None else _pointers(box, target, lanes)
        for pointer in options:
            cost = base + _length(pointer)
            if best is not None and cost >= best[0]:
                continue
            cost += CROSS_MARK * crossings(pointer, hard, 0)
            if best is not None and cost >= best[0]:
                continue
            cost += CROSS_SOFT * crossings(pointer, light, 0)
            if best is None or cost < best[0]:
                best = (cost, Placement(box, pointer))
    assert best is not None
    return best[1]


def _distance(box: pygame.Rect, target: pygame.Rect) -> float:
    dx = max(0, target.x - box.right, box.x - target.right)
    dy = max(0, target.y - box.bottom, box.y - target.bottom)
    return float((dx * dx + dy * dy) ** 0.5)
