"""The worked examples of the rule texts (shared/seeds/000, RULES.md), checked two ways:
with the pure scoring functions and through a real end of epoch in the engine."""

from __future__ import annotations

from ra_game.engine.scoring import (
    civilization_points,
    epoch_points,
    monument_points,
    most_and_fewest,
)
from ra_game.engine.tiles import NUM_KINDS

from .builders import kinds, score_position


def _counts(tiles: str) -> list[int]:
    counts = [0] * NUM_KINDS
    for kind in kinds(tiles):
        counts[kind] += 1
    return counts


def test_example_pharaohs_3_2_2_3() -> None:
    """Anna, Bob, Cathy, Don hold 3-2-2-3 Pharaohs: Anna and Don +5, Bob and Cathy -2."""
    assert most_and_fewest([3, 2, 2, 3], 5, -2) == [5, -2, -2, 5]
    holdings = {0: "pharaoh " * 3, 1: "pharaoh " * 2, 2: "pharaoh " * 2, 3: "pharaoh " * 3}
    _, points = score_position(holdings, players=4)
    assert [p["pharaoh"] for p in points] == [5, -2, -2, 5]


def test_example_monuments_19() -> None:
    """4 pyramids, 3 temples, 2 fortresses, 1 sphinx = 4 types + 10 + 5 = 19."""
    monuments = "pyramid " * 4 + "temple " * 3 + "fortress " * 2 + "sphinx"
    assert monument_points(_counts(monuments)) == 19
    _, points = score_position({0: monuments}, epoch=3)
    assert points[0]["monuments"] == 19


def test_example_suns_17_25_21_17() -> None:
    """Sun sums 17-25-21-17: Bob +5, Anna and Don -5, Cathy nothing."""
    assert most_and_fewest([17, 25, 21, 17], 5, -5) == [-5, 5, 0, -5]
    empty = [[0] * NUM_KINDS for _ in range(4)]
    points = epoch_points(empty, [17, 25, 21, 17])
    assert [p["suns"] for p in points] == [-5, 5, 0, -5]


def test_example_civilization_three_different_types() -> None:
    """Anna holds 3 Astronomy, 2 Agriculture, 2 Writing: three types, 5 points; one of each
    would score the same, duplicates add nothing (seed 000, Civilización)."""
    anna = "astronomy " * 3 + "agriculture " * 2 + "writing " * 2
    assert civilization_points(_counts(anna)) == 5
    assert civilization_points(_counts("astronomy agriculture writing")) == 5
    state, points = score_position({0: anna})
    assert points[0]["civilization"] == 5
    assert state.tiles[0] == [0] * NUM_KINDS  # civilizations are discarded after scoring
