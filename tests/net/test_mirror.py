"""The client's copy of a game: from the public setup and the announced moves (with the tiles
the draws revealed) it reaches the server's summary, with the same events."""

from __future__ import annotations

import random

import pytest

from ra_game.engine import GameState
from ra_game.engine.errors import SetupError
from ra_game.engine.tiles import TILE_BY_ID, Tile
from ra_game.net.mirror import (
    MirrorError,
    apply_move,
    initial_state,
    moves_with_draws,
    new_match,
    play_on_match,
    public_setup,
    rebuild,
    rewind_match,
)


def test_put_next_makes_the_tile_the_next_draw_and_keeps_the_multiset() -> None:
    state = GameState.new(3, seed=4)
    before = sorted(state.bag_order)
    state.put_next(int(Tile.GOLD))
    assert state.bag_order[state.bag_pos] == Tile.GOLD
    assert sorted(state.bag_order) == before
    events = state.apply("draw")
    assert events[0].tile == Tile.GOLD


def test_put_next_refuses_a_tile_the_bag_no_longer_holds() -> None:
    state = GameState.new(2, seed=1, bag=[int(Tile.GOLD)] * 5)
    for _ in range(5):
        state.put_next(int(Tile.GOLD))
        state.apply("draw" if state.decision.value == "turn" else "pass")
    with pytest.raises(SetupError):
        state.put_next(int(Tile.GOLD))


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_a_copy_fed_the_announced_moves_follows_the_server(players: int) -> None:
    server = GameState.new(players, seed=players * 7, names=[f"P{i}" for i in range(players)])
    setup = public_setup(server, ["remote"] * players, {"undo": True})
    assert "bag" not in setup and "seed" not in setup
    copy = initial_state(setup)
    assert copy.bag_order != server.bag_order  # the copy does not know the order
    rng = random.Random(players)
    while not server.over:
        move = rng.choice(server.legal_moves())
        theirs = server.apply(move)
        drawn = None
        if move.text == "draw":
            drawn = next(t for t, k in TILE_BY_ID.items() if k == server.drawn[-1])
        assert apply_move(copy, move.text, drawn) == theirs
    assert copy.summary() == server.summary()


def test_a_match_built_from_a_rejoin_goes_on_and_takes_moves_back() -> None:
    server = GameState.new(2, seed=3)
    moves = []
    rng = random.Random(0)
    for _ in range(30):
        move = rng.choice(server.legal_moves())
        server.apply(move)
        moves.append(move.text)
    setup = public_setup(server, ["remote", "ai:easy"], {"undo": True, "hints": False})
    history = moves_with_draws(server, moves)
    match = new_match(setup, history[:20])
    assert match.modes.hints is False and match.modes.undo is True
    for move, drawn in history[20:]:
        play_on_match(match, move, drawn)
    assert match.state.summary() == server.summary()
    rewind_match(match, setup, 25)
    assert match.moves == moves[:25]
    assert match.state.summary() == rebuild(setup, history[:25]).summary()


def test_a_move_that_does_not_fit_is_a_mirror_error_and_changes_nothing() -> None:
    setup = public_setup(GameState.new(2, seed=1), ["remote", "remote"], {})
    copy = initial_state(setup)
    with pytest.raises(MirrorError):
        apply_move(copy, "draw", None)
    with pytest.raises(MirrorError):
        apply_move(copy, "draw", "unicorn")
    with pytest.raises(MirrorError):
        apply_move(copy, "bid:13", None)
    assert copy.bag_pos == 0 and copy.summary() == initial_state(setup).summary()
    with pytest.raises(MirrorError):
        initial_state({"players": "nope"})
