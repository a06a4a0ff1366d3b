"""The agents find the obvious move in hand-built positions (fixed iteration counts)."""

from __future__ import annotations

import pytest

from ra_game.ai import HardAgent, MediumAgent
from ra_game.engine.moves import PASS, RA, discard_action
from ra_game.engine.tiles import Tile

from .positions import bidding, position, war_choice


def late_civilization_lot():
    """4 players, last epoch, 8 of 9 Ra tiles out (the next Ra ends the epoch with no auction)
    and a third of the bag is Ra tiles; three civilizations seat 0 lacks are up for auction and seat 0 holds the highest sun."""
    return position(
        4,
        up=[[13, 6], [7], [8], [9]],
        down=[[2], [12, 3], [11, 4], [10, 5]],
        center=1,
        held=["pharaoh nile", "pharaoh gold", "nile flood astronomy", "writing art"],
        auction="astronomy writing art",
        ra_count=8,
        epoch=3,
        gone=100,
    )


def earthquake_lot():
    """Seat 0's four monuments would all go to the two Earthquakes on the track."""
    state = position(
        4,
        up=[[13, 6, 2], [12, 7, 3], [11, 8, 4], [10, 9, 5]],
        down=[[], [], [], []],
        center=1,
        held=["pyramid pyramid temple temple", "gold", "pharaoh", "nile"],
        auction="earthquake earthquake",
        ra_count=2,
    )
    return bidding(state, ra_player=3, bidder=0)


def war_position():
    """Late in the epoch seat 0 won a War holding astronomy x3, writing, art and religion."""
    state = position(
        3,
        up=[[13, 8], [12, 9, 6, 3], [11, 10, 7, 4]],
        down=[[5], [], []],
        center=2,
        held=["astronomy astronomy astronomy writing art religion", "gold", "pharaoh"],
        ra_count=7,
    )
    return war_choice(state, owner=0)


@pytest.mark.parametrize("seed", [1, 2])
def test_hard_invokes_for_three_new_civilizations_late(seed: int) -> None:
    state = late_civilization_lot()
    assert HardAgent(seed, iterations=400).choose(state.observation(0)) == RA


def test_medium_invokes_for_three_new_civilizations_late() -> None:
    state = late_civilization_lot()
    assert MediumAgent(1).choose(state.observation(0)) == RA


@pytest.mark.slow
@pytest.mark.parametrize("seed", [1, 2])
def test_hard_passes_on_earthquakes_that_wreck_its_monuments(seed: int) -> None:
    state = earthquake_lot()
    assert PASS in state.legal_actions()
    assert HardAgent(seed, iterations=300).choose(state.observation(0)) == PASS


def test_medium_passes_on_earthquakes_that_wreck_its_monuments() -> None:
    state = earthquake_lot()
    assert MediumAgent(1).choose(state.observation(0)) == PASS


@pytest.mark.parametrize("agent", [MediumAgent(1), HardAgent(1, iterations=200)])
def test_war_discards_keep_the_most_civilization_types(agent) -> None:
    state = war_position()
    best = discard_action((Tile.ASTRONOMY, Tile.ASTRONOMY))
    assert best in state.legal_actions()
    assert agent.choose(state.observation(0)) == best
