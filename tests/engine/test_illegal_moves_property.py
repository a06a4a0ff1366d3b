"""Property: from random reachable positions, every move that is not legal raises
IllegalMoveError and leaves the state exactly as it was; every legal move applies."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ra_game.engine import GameState, IllegalMoveError, Move
from ra_game.engine.moves import (
    DISCARD_BASE,
    GOD_BASE,
    discard_action,
    god_action,
    is_discard,
    is_god,
    unpack_tiles,
)
from ra_game.engine.state import BID, DISCARD, TURN
from ra_game.engine.tiles import NUM_KINDS, Tile
from tooling.positions import changed

from .builders import snapshot

STOPS: dict[str, Callable[[GameState], bool]] = {
    "bid": lambda s: s.phase == BID,
    "discard": lambda s: s.phase == DISCARD,
    "forced": GameState.forced_bid,
}


def _reach(seed: int, players: int, steps: int, stop_at: str | None = None) -> GameState:
    """The position after ``steps`` random legal moves of a seeded game (or its end), or the
    first position on the way that ``STOPS[stop_at]`` accepts."""
    rng = random.Random(seed)
    state = GameState.new(players, seed=seed)
    stop = STOPS[stop_at] if stop_at else None
    for _ in range(steps):
        if state.over or (stop and stop(state)):
            break
        state.apply_action(rng.choice(state.legal_actions()))
    return state


positions = st.builds(
    _reach, st.integers(0, 2**32), st.integers(2, 5), st.integers(0, 400),
    st.sampled_from([None, None, "bid", "discard", "forced"]))

tile_lists = st.lists(st.integers(0, NUM_KINDS - 1), min_size=1, max_size=4)
candidates = st.one_of(
    st.integers(0, 18),                                   # draw, ra, pass, every bid
    tile_lists.map(god_action),                           # God plays of any tiles
    tile_lists.map(discard_action),                       # discards of any tiles
    st.integers(19, GOD_BASE - 1),                        # codes that are no move at all
    st.integers(0, 2**45 - 1).map(lambda bits: GOD_BASE | bits),  # packed garbage
    st.integers(0, 2**45 - 1).map(lambda bits: DISCARD_BASE | bits),
)


def _key(action: int) -> tuple[object, ...] | None:
    """A canonical form: God plays and discards compare as tile multisets; None = no move."""
    if action < 0:
        return None
    if action < 19:
        return ("simple", action)
    if is_god(action) == is_discard(action):
        return None
    tiles = unpack_tiles(action)
    if not tiles or not all(0 <= k < NUM_KINDS for k in tiles):
        return None
    return ("god" if is_god(action) else "discard", tuple(sorted(tiles)))


def _check(state: GameState, action: int) -> bool:
    """Apply ``action`` to a copy if legal, else check it raises and changes nothing.
    Returns whether it was legal."""
    legal = {_key(a) for a in state.legal_actions()}
    if _key(action) in legal:
        copy = state.clone()
        copy.apply_action(action, [])
        return True
    before = snapshot(state)
    with pytest.raises(IllegalMoveError):
        state.apply_action(action, [])
    assert snapshot(state) == before
    return False


@pytest.mark.slow
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions, st.lists(candidates, min_size=1, max_size=12))
def test_illegal_moves_raise_and_leave_the_state_unchanged(
    state: GameState, actions: list[int]
) -> None:
    for action in range(19):  # every simple code, exhaustively
        _check(state, action)
    for action in actions:
        _check(state, action)
    for move in state.legal_moves():  # the text form of every legal move applies too
        state.clone().apply(move.text)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32), st.integers(2, 5))
def test_forced_positions_reject_pass(seed: int, players: int) -> None:
    """Walk a game; at every forced bid, pass is refused and the state kept."""
    rng = random.Random(seed)
    state = GameState.new(players, seed=seed)
    while not state.over:
        if state.forced_bid():
            before = snapshot(state)
            with pytest.raises(IllegalMoveError, match="must bid"):
                state.apply("pass")
            assert snapshot(state) == before
        state.apply_action(rng.choice(state.legal_actions()))


def test_the_random_positions_reach_every_phase() -> None:
    """The position strategy is not vacuous: random walks reach turns, bids and discards."""
    phases = set()
    forced = False
    for seed in range(100):
        stop_at = (None, "bid", "discard", "forced")[seed % 4]
        state = _reach(seed, 2 + seed % 4, 400 if stop_at else seed * 7 % 300, stop_at)
        phases.add(state.phase)
        forced = forced or state.forced_bid()
    assert {TURN, BID, DISCARD} <= phases and forced


def test_wrong_phase_moves_by_text_are_refused() -> None:
    state = _reach(11, 3, 0)
    for text in ("pass", "bid:13", "discard:art,writing"):
        before = snapshot(state)
        with pytest.raises(IllegalMoveError):
            state.apply(Move.parse(text))
        assert snapshot(state) == before


def test_malformed_action_codes_are_refused_even_with_gods_in_hand() -> None:
    """Packed codes naming no tile kind (a zero group, kinds past the last) are refused."""
    state = _reach(0, 2, 0)
    gods = tuple(2 if kind == Tile.GOD else count for kind, count in enumerate(state.tiles[0]))
    state = changed(state, tiles=(gods, *state.position().tiles[1:]),
                    auction=(Tile.GOLD, -1, Tile.NILE, *state.auction[3:]))  # an empty slot
    gold = Tile.GOLD + 1
    for action in (GOD_BASE | gold << 5, GOD_BASE | 24, GOD_BASE | 31 | gold << 5,
                   DISCARD_BASE | 24, GOD_BASE | DISCARD_BASE | gold, -1, -GOD_BASE, 19):
        assert _key(action) is None
        assert not _check(state, action)
