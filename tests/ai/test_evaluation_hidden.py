"""Every evaluation a search leans on reads only what an observation holds: two states that
differ only in what no seat may know (the order of the unseen bag, the seed that shuffled it)
get the same values for every seat."""

from __future__ import annotations

import random

import pytest

from ra_game.ai.evaluate import BagInfo
from ra_game.ai.evaluators import Judgment, evaluator_for
from ra_game.engine import GameState
from tools.fingerprint import mid_epoch

#: The evaluations that value a position (the play-on ones play a deal to its end by design:
#: a search hands them its own re-deals, never the real bag).
OBSERVING = (Judgment.HAND_MADE, Judgment.LEARNED, Judgment.CANDIDATE, Judgment.SHIPPED)


def hidden_twins(players: int, seed: int, moves: int) -> list[GameState]:
    """A mid-game state and states of the same public position with other hidden bags: its
    unseen tiles re-shuffled, and the position rebuilt with two other shuffling seeds."""
    state = mid_epoch(players, seed, moves)
    position = state.position()
    twins = [state, state.redealt(random.Random(seed)),
             GameState.from_position(position, seed=seed + 1),
             GameState.from_position(position, seed=seed + 2)]
    orders = {t.draw_order()[t.draw_count:] for t in twins}
    assert len(orders) == len(twins)  # the hidden bags all differ
    assert {t.position() for t in twins} == {position}  # the public positions do not
    return twins


@pytest.mark.parametrize(("players", "seed", "moves"),
                         [(2, 4, 30), (3, 7, 55), (4, 9, 70), (5, 2, 120)])
def test_the_evaluations_give_the_same_values_whatever_the_hidden_bag(
        players: int, seed: int, moves: int) -> None:
    twins = hidden_twins(players, seed, moves)
    for judgment in OBSERVING:
        for seat in range(players):
            evaluator = evaluator_for(judgment, seat, players)
            values = [evaluator.values(t.clone(), BagInfo(t)) for t in twins]
            assert all(v == values[0] for v in values), (judgment, seat)
            observed = twins[0].observation(seat).state
            assert evaluator.values(observed.clone(), BagInfo(observed)) == values[0]
