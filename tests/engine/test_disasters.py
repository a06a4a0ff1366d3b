"""``disaster_outcomes`` is the engine's own disaster rule: it reaches exactly the holdings the
game state reaches through every choice its owner may make (R-DIS-1..7)."""

from __future__ import annotations

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from ra_game.engine import GameState
from ra_game.engine.disasters import disaster_discards, disaster_outcomes
from ra_game.engine.state import DISCARD
from ra_game.engine.tiles import (
    AUCTION_TRACK_SIZE,
    CIVILIZATIONS,
    DISASTERS,
    MONUMENTS,
    NUM_KINDS,
    TILE_COUNTS,
    TILE_IDS,
    Tile,
)

from .builders import play, position

#: Kinds a lot or a holding is drawn from: the ones the disasters act on, plus some others.
TARGETS = (Tile.PHARAOH, Tile.NILE, Tile.FLOOD, Tile.GOLD, *CIVILIZATIONS, *MONUMENTS)
holdings = st.dictionaries(st.sampled_from(TARGETS), st.integers(1, 4), max_size=6)
lots = st.lists(st.sampled_from((*TARGETS, *DISASTERS, *DISASTERS)), min_size=1,
                max_size=AUCTION_TRACK_SIZE)


def reached(state: GameState, seat: int) -> list[tuple[int, ...]]:
    """Every holding of ``seat`` once the pending disasters are resolved, one per choice path."""
    if state.phase != DISCARD:
        return [tuple(state.tiles[seat])]
    out = []
    for move in state.legal_moves():
        branch = state.clone()
        branch.apply(move)
        out.extend(reached(branch, seat))
    return out


@settings(max_examples=300, deadline=None)
@given(holdings, lots)
def test_outcomes_are_what_the_engine_reaches_through_every_choice(
        start: dict[int, int], lot: list[int]) -> None:
    assume(all(start.get(k, 0) + lot.count(k) <= TILE_COUNTS[k] for k in range(NUM_KINDS)))
    text = " ".join(f"{TILE_IDS[k]} " * n for k, n in start.items())
    state = position(2, " ".join(TILE_IDS[k] for k in lot), {0: text})
    held = state.tiles[0][:]
    play(state, f"ra pass bid:{state.suns_up[0][0]}")
    expected = sorted(tuple(o) for o in disaster_outcomes(held, lot))
    assert sorted(reached(state, 0)) == expected


def test_outcomes_branch_where_the_owner_chooses() -> None:
    held = [0] * NUM_KINDS
    held[Tile.ASTRONOMY], held[Tile.ART], held[Tile.WRITING] = 2, 1, 1
    outcomes = disaster_outcomes(held, [Tile.WAR, Tile.GOLD])
    assert all(o[Tile.GOLD] == 1 for o in outcomes)
    assert sorted((o[Tile.ASTRONOMY], o[Tile.WRITING], o[Tile.ART]) for o in outcomes) == [
        (0, 1, 1), (1, 0, 1), (1, 1, 0), (2, 0, 0)]
    assert held[Tile.GOLD] == 0  # the holding given is not changed
    held = [0] * NUM_KINDS
    held[Tile.PHARAOH] = 3
    assert disaster_outcomes(held, [Tile.FUNERAL]) == [[*held[:Tile.PHARAOH], 1,
                                                        *held[Tile.PHARAOH + 1:]]]


def test_discards_are_automatic_without_a_real_choice() -> None:
    held = [0] * NUM_KINDS
    held[Tile.NILE], held[Tile.FLOOD] = 3, 1
    assert disaster_discards(held, Tile.DROUGHT) == [(Tile.FLOOD, Tile.NILE)]  # R-DIS-2
    held[Tile.ART] = 3  # one type only: no choice (R-DIS-7)
    assert disaster_discards(held, Tile.WAR) == [(Tile.ART, Tile.ART)]
    held[Tile.WRITING] = 1
    assert disaster_discards(held, Tile.WAR) == [(Tile.WRITING, Tile.ART), (Tile.ART, Tile.ART)]
    assert disaster_discards(held, Tile.EARTHQUAKE) == [()]  # R-DIS-5: nothing to lose
