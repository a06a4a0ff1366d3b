"""Random play over 2,000 seeded games of 2-5 players, checking the invariants after every
move: every tile and sun disc accounted for, fame never negative, every game ends."""

from __future__ import annotations

import random

import pytest

from ra_game.engine import GameState
from ra_game.engine.moves import DRAW
from ra_game.engine.state import OVER
from ra_game.engine.tiles import SUN_SETS, TILE_COUNTS

GAMES = 2000
MOVE_LIMIT = 1500  # far above any real game (about 150 moves on average)


def _play_and_check(seed: int, players: int) -> tuple[GameState, int]:
    """Play one random game to its end, checking every position; returns it and its length."""
    rng = random.Random(seed)
    state = GameState.new(players, seed=seed)
    counts = list(TILE_COUNTS)
    suns = sorted([1, *(s for sets in SUN_SETS[players] for s in sets)])
    moves = 0
    while state.phase != OVER:
        legal = state.legal_actions()
        assert legal, f"seed {seed}: no legal move while the game is on"
        if state.bag_left == 0:
            assert DRAW not in legal
        state.apply_action(rng.choice(legal))
        moves += 1
        assert moves <= MOVE_LIMIT, f"seed {seed}: no end after {MOVE_LIMIT} moves"
        assert state.tile_census() == counts, f"seed {seed}, move {moves}: tiles lost"
        assert state.sun_census() == suns, f"seed {seed}, move {moves}: suns lost"
        assert min(state.scores) >= 0, f"seed {seed}, move {moves}: negative fame"
    return state, moves


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_keep_every_invariant(players: int) -> None:
    lengths = []
    for game in range(GAMES // 4):  # 500 games per player count, 2,000 in all
        seed = 4 * game + players
        state, moves = _play_and_check(seed, players)
        lengths.append(moves)
        summary = state.summary()
        assert summary["over"] and summary["epoch"] == 3 and summary["to_move"] is None
        assert summary["ra_track"] == 0 and summary["auction_track"] == []
        assert all(not p["suns_down"] for p in summary["players"])
        kept = {"pharaoh", "nile", "fortress", "obelisk", "palace", "pyramid", "sphinx",
                "statue", "step_pyramid", "temple"}
        assert all(set(p["tiles"]) <= kept for p in summary["players"])
        assert len(state.score_history) == 3
        best = max(state.scores)
        assert state.scores[state.winner] == best
        tied = [p for p in range(players) if state.scores[p] == best]
        assert state.winner == max(tied, key=lambda p: state.suns_up[p][0])
    assert len(lengths) == GAMES // 4
    assert max(lengths) < MOVE_LIMIT


def test_random_games_are_reproducible_from_their_seed() -> None:
    first, _ = _play_and_check(77, 4)
    again, _ = _play_and_check(77, 4)
    assert first.summary() == again.summary()
