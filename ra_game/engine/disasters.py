"""The disaster rule (R-DIS) as pure functions of a holding: what a disaster may discard, and
every holding a player may end with after taking a lot.  The game state, the previews and the
AI all resolve disasters through these (the AI's fast path is tested equal to them).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from .scoring import DISASTER_LOSS
from .tiles import DISASTER_TARGETS, IS_DISASTER, Tile

#: Disasters whose owner chooses the tiles lost when there is a real choice (R-DIS-3, 4, 7).
CHOICE_DISASTERS: Final = (Tile.WAR, Tile.EARTHQUAKE)


def disaster_discards(held: Sequence[int], disaster: int) -> list[tuple[int, ...]]:
    """The ways ``disaster`` may discard from the counts ``held``, each as the kinds lost.

    One way when the discard is automatic (R-DIS-1, 2, 5: up to 2 tiles, the kinds taken in the
    order named); every pair the owner may choose otherwise (R-DIS-7), in a fixed order: by
    kind, a pair of one kind before the pairs it starts with another."""
    targets = DISASTER_TARGETS[disaster]
    present = [k for k in targets if held[k]]
    if disaster in CHOICE_DISASTERS and len(present) > 1 and \
            sum(held[k] for k in present) > DISASTER_LOSS:
        return [(a, b) for i, a in enumerate(present) for b in present[i:]
                if a != b or held[a] >= DISASTER_LOSS]
    lost: list[int] = []
    for k in present:
        lost.extend([k] * min(held[k], DISASTER_LOSS - len(lost)))
    return [tuple(lost)]


def place_lot(held: list[int], lot: Sequence[int]) -> list[int]:
    """Add the lot's tiles other than disasters to ``held`` (R-AUC-7); returns its disasters, in
    the lot's order, still to resolve (R-DIS-6)."""
    disasters = []
    for t in lot:
        if IS_DISASTER[t]:
            disasters.append(t)
        else:
            held[t] += 1
    return disasters


def disaster_outcomes(held: Sequence[int], lot: Sequence[int]) -> list[list[int]]:
    """Every holding the owner of ``held`` may end with after taking ``lot`` (R-AUC-7, R-TURN-5):
    its tiles placed first, then its disasters resolved one at a time in the lot's order
    (R-DIS-6), branching where the owner chooses (R-DIS-7).  ``held`` is not changed."""
    start = list(held)
    disasters = place_lot(start, lot)
    outcomes = [start]
    for disaster in disasters:
        following: list[list[int]] = []
        for tiles in outcomes:
            for lost in disaster_discards(tiles, disaster):
                option = tiles[:]
                for k in lost:
                    option[k] -= 1
                following.append(option)
        outcomes = following
    return outcomes
