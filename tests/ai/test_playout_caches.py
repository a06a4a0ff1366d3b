"""The play-out's kept evaluation (issue 13, cheaper play-outs): a kept context, lot gain or sun
cost must always equal what a fresh evaluation of the same position gives."""

from __future__ import annotations

import random

import pytest

from ra_game.ai import evaluate
from ra_game.ai.evaluate import GOD, BagInfo, Context, held_value, sun_cost, tile_value, tiles_gain
from ra_game.ai.heuristic import MediumAgent
from ra_game.ai.mcts import HardAgent, Node, candidate_actions
from ra_game.ai.policy import PlayoutContexts, lot_of, playout_action
from ra_game.engine import GameState
from ra_game.engine.state import BID, TURN
from ra_game.engine.tiles import MONUMENTS


def public_fields(value: object) -> list[str]:
    """The public data attributes of ``value`` (its slots, or the compiled class's fields)."""
    return [name for name in dir(value)
            if not name.startswith("_") and not callable(getattr(value, name))]


def forget_evaluations() -> None:
    """Empty the evaluation's LRU caches, so that what follows is computed afresh."""
    for cached in (evaluate._others, evaluate._pharaoh_race, evaluate._rival_highs,
                   evaluate._sun_units, evaluate._monument_terms, evaluate.civ_terms,
                   evaluate._ra_numbers):
        cached.cache_clear()


def mid_epoch_positions() -> list[GameState]:
    """Medium self-play positions in each epoch, for 2-5 players."""
    out = []
    for players in (2, 3, 4, 5):
        state = GameState.new(players, seed=40 + players)
        agent = MediumAgent(players)
        step = 0
        while not state.over:
            step += 1
            if step % (7 * players) == 0 and len(state.legal_actions()) > 1:
                out.append(state.clone())
            state.apply_action(agent.choose(state.observation(state.current)))
    return out


@pytest.mark.slow
@pytest.mark.parametrize("index", range(0, 24, 3))
def test_a_kept_context_equals_a_fresh_one_at_every_play_out_step(index: int) -> None:
    positions = mid_epoch_positions()
    start = positions[index % len(positions)]
    rng = random.Random(index)
    checked = 0
    for _ in range(15):
        state = start.observation(start.current).determinize(rng)
        bag = BagInfo(state)
        first = state.clone()
        contexts = PlayoutContexts(bag)
        epoch = state.epoch
        while not state.over and state.epoch == epoch:
            counted = bag.after(state)
            for name in public_fields(counted):
                assert getattr(counted, name) == getattr(BagInfo(state), name), name
            for held in state.tiles:  # remembered monument terms, against a computation
                monuments = held[MONUMENTS[0]:MONUMENTS[-1] + 1]
                assert counted.monument_terms(monuments) \
                    == evaluate._monument_terms.__wrapped__(counted.monuments, tuple(monuments))
            kept = contexts.get(state)
            forget_evaluations()
            fresh = Context(state, BagInfo(first), tempo=True)  # nothing remembered yet
            for name in public_fields(kept):
                if name != "bag":
                    assert getattr(kept, name) == getattr(fresh, name), name
            for seat in range(state.n):
                assert tile_value(kept, seat, state.tiles[seat]) \
                    == tile_value(fresh, seat, state.tiles[seat])
            if state.phase in (BID, TURN) and lot_of(state):
                seat, lot = state.current, lot_of(state)
                assert contexts.gain(state, seat, lot) == tiles_gain(fresh, state, seat, lot)
                for sun in state.suns_up[seat]:
                    assert contexts.cost(state, seat, sun) == sun_cost(fresh, state, seat, sun)
                for kind in set(lot) if state.tiles[seat][GOD] else ():
                    assert contexts.god_gain(state, seat, kind) \
                        == tiles_gain(fresh, state, seat, (kind,), 1)
                checked += 1
            state.apply_action(playout_action(state, rng, bag, contexts))
    assert checked > 20


def test_a_remembered_tile_value_follows_a_change_of_the_tiles() -> None:
    state = mid_epoch_positions()[5]
    ctx = Context(state)
    tiles = list(state.tiles[0])  # (a copy: the state itself changes only by moves)
    assert held_value(ctx, 0, tiles) == tile_value(ctx, 0, tiles)
    tiles[2] += 1  # one more gold
    assert held_value(ctx, 0, tiles) == tile_value(ctx, 0, tiles)
    assert held_value(ctx, 0, tiles) - held_value(ctx, 0, [*tiles[:2], tiles[2] - 1, *tiles[3:]]) \
        == pytest.approx(3.0)


class CheckedHardAgent(HardAgent):
    """A hard search that checks every kept list of candidate actions against a fresh one."""

    checked = 0

    def _actions_at(self, node: Node, state: GameState, bag: BagInfo | None = None
                    ) -> list[int]:
        kept = super()._actions_at(node, state, bag)
        assert kept == candidate_actions(state)
        CheckedHardAgent.checked += 1
        return kept


@pytest.mark.slow
@pytest.mark.parametrize("index", range(0, 24, 4))
def test_kept_candidate_actions_equal_fresh_ones_at_every_tree_step(index: int) -> None:
    start = mid_epoch_positions()[index]
    CheckedHardAgent.checked = 0
    agent = CheckedHardAgent(index, iterations=150)
    agent.begin(start.observation(start.current))
    agent.think(1e9)
    assert CheckedHardAgent.checked > 150
