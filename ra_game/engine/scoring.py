"""Scoring of an epoch (R-SCORE) and the extra final scoring (R-FINAL), as pure functions."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from .tiles import CIVILIZATIONS, MONUMENTS, Tile

CIV_POINTS: Final = (-5, 0, 0, 5, 10, 15)  # by number of different civilization types
MONUMENT_SET_POINTS: Final = (0, 0, 0, 5, 10, 15)  # by copies of one monument type
MONUMENT_VARIETY_POINTS = (0, 1, 2, 3, 4, 5, 6, 10, 15)  # by number of different monument types
GOD_POINTS: Final = 2  # each God tile held at the end of an epoch
GOLD_POINTS: Final = 3  # each Gold tile
PHARAOH_MOST, PHARAOH_FEWEST = 5, -2
SUN_MOST, SUN_FEWEST = 5, -5  # the sums of suns after the third epoch
NILE_POINTS: Final = 1  # each Nile and each Flood, with at least one Flood
DISASTER_LOSS: Final = 2  # tiles of its category a disaster discards
SCORE_CATEGORIES: Final = ("god", "gold", "pharaoh", "nile", "civilization", "monuments", "suns")


def most_and_fewest(values: Sequence[int], most: int, fewest: int) -> list[int]:
    """Points for a 'most gains, fewest loses' race; ties share, all equal scores nothing."""
    high, low = max(values), min(values)
    if high == low:
        return [0] * len(values)
    return [most if v == high else fewest if v == low else 0 for v in values]


def nile_points(tiles: Sequence[int]) -> int:
    """R-SCORE-NILE: Floods and Niles count one each, but only with at least one Flood."""
    floods = tiles[Tile.FLOOD]
    return NILE_POINTS * (floods + tiles[Tile.NILE]) if floods else 0


def civilization_points(tiles: Sequence[int]) -> int:
    """R-SCORE-CIV: by the number of different civilization types held."""
    return CIV_POINTS[sum(1 for k in CIVILIZATIONS if tiles[k])]


def monument_points(tiles: Sequence[int]) -> int:
    """R-FINAL-MON: points for different types plus points for sets of 3, 4 or 5 of a type."""
    types = sum(1 for k in MONUMENTS if tiles[k])
    return MONUMENT_VARIETY_POINTS[types] + sum(MONUMENT_SET_POINTS[tiles[k]] for k in MONUMENTS)


def epoch_points(
    tiles: Sequence[Sequence[int]], sun_sums: Sequence[int] | None
) -> list[dict[str, int]]:
    """Each player's points by category for one epoch; ``sun_sums`` only after the third."""
    pharaohs = most_and_fewest([t[Tile.PHARAOH] for t in tiles], PHARAOH_MOST, PHARAOH_FEWEST)
    suns = most_and_fewest(sun_sums, SUN_MOST, SUN_FEWEST) if sun_sums is not None else None
    result = []
    for i, t in enumerate(tiles):
        points = {
            "god": GOD_POINTS * t[Tile.GOD],
            "gold": GOLD_POINTS * t[Tile.GOLD],
            "pharaoh": pharaohs[i],
            "nile": nile_points(t),
            "civilization": civilization_points(t),
        }
        if suns is not None:
            points["monuments"] = monument_points(t)
            points["suns"] = suns[i]
        result.append(points)
    return result


def floored(total: int, epoch_sum: int) -> int:
    """R-FLOOR-1: fame never goes below zero."""
    return max(0, total + epoch_sum)
