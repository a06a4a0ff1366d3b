"""Positions as engine API: ``GameState.from_position`` / ``position()``, the one-line text form,
the check that says why a position cannot arise, and chance (``next_tile``, ``put_next``,
``redealt``); and nothing outside the engine reads the bag's hidden order."""

from __future__ import annotations

import random
import re
from dataclasses import replace
from pathlib import Path

import pytest

from ra_game.engine import Decision, GameState, Position, PositionError, new_position
from ra_game.engine.state import HIDDEN_FIELDS
from ra_game.engine.tiles import NUM_KINDS, TILE_BY_ID, TILE_COUNTS, Tile

from .builders import SUNS, kinds, new_game, play

ROOT = Path(__file__).resolve().parents[2]


def random_states(games: int = 12, every: int = 3) -> list[GameState]:
    """Positions of random games of 2 to 5 players: every ``every``-th and the last."""
    states = []
    for seed in range(games):
        state = GameState.new(2 + seed % 4, seed=seed)
        rng = random.Random(seed)
        step = 0
        while not state.over:
            if step % every == 0:
                states.append(state.clone())
            state.apply_action(rng.choice(state.legal_actions()))
            step += 1
        states.append(state)
    return states


def test_a_position_goes_to_text_and_back_and_plays_on_the_same() -> None:
    decisions = set()
    for state in random_states():
        position = state.position()
        text = position.text()
        assert "\n" not in text and Position.parse(text) == position, text
        again = GameState.from_position(Position.parse(text))
        assert again.position() == position
        assert again.summary()["players"] == state.summary()["players"]
        assert again.legal_actions() == state.legal_actions()
        assert again.tile_census() == list(TILE_COUNTS)
        decisions.add(state.decision)
    assert decisions == {Decision.TURN, Decision.BID, Decision.DISCARD, None}


def test_the_text_form_reads_as_documented() -> None:
    text = ("ra-position/1 epoch=2 ra=3 center=5 move=bid:1 track=gold,.,war "
            "s0=13,6/1/12/pharaoh*2,nile s1=12,7/-/9/- s2=11,8,4/10,9,3,2/15/god "
            "auction=0:invoked bids=0,0,0 to_ask=1")
    position = Position.parse(text)
    assert position.text() == text
    assert (position.epoch, position.ra_count, position.center_sun) == (2, 3, 5)
    assert (position.decision, position.current, position.caller) == (Decision.BID, 1, 0)
    assert position.auction == (Tile.GOLD, -1, Tile.WAR)
    assert position.tiles[0][Tile.PHARAOH] == 2 and position.tiles[2][Tile.GOD] == 1
    assert position.bag is None and position.discarded is None
    state = GameState.from_position(position)
    seen = kinds("ra ra ra god gold pharaoh pharaoh nile war")
    assert state.bag_counts() == [c - seen.count(k) for k, c in enumerate(TILE_COUNTS)]
    assert state.to_move == 1 and state.decision == Decision.BID
    assert [m.text for m in state.legal_moves()] == ["bid:12", "bid:7", "pass"]


@pytest.mark.parametrize(("change", "why"), [
    ({"epoch": 4}, "epoch 4"),
    ({"ra_count": 6}, "6 Ra tiles on the Ra track"),
    ({"center_sun": 2}, "are not the 2-player suns"),
    ({"auction": (Tile.RA,)}, "ra cannot lie on the auction track"),
    ({"auction": (Tile.GOLD,) * 6}, "holds 6 gold tiles, and the game has 5"),
    ({"tiles": ((0,) * NUM_KINDS, (1,) + (0,) * 22)}, "seat 1 holds a ra tile"),
    ({"scores": (10,)}, "scores has 1 entries for 2 seats"),
    ({"current": 2}, "seat 2 is to move"),
    ({"decision": Decision.BID}, "nobody started the auction"),
    ({"decision": Decision.DISCARD}, "pending disasters"),
    ({"decision": None}, "needs the seat of its winner"),
    ({"winner": 1}, "a game still under way has no winner"),
])
def test_an_impossible_position_is_refused_saying_why(change: dict[str, object], why: str) -> None:
    position = replace(new_position(2, up=SUNS[2]), **change)  # type: ignore[arg-type]
    with pytest.raises(PositionError, match=re.escape(why)):
        GameState.from_position(position)


def test_a_sketch_leaves_out_suns_but_not_tiles() -> None:
    """Not strict, a position may leave out suns (a unit test of the evaluation); it may not
    hold more tiles than the game has."""
    sketch = new_position(3, up=[[13], [], [9]], down=[[], [], []])
    with pytest.raises(PositionError, match="not the 3-player suns"):
        GameState.from_position(sketch)
    assert GameState.from_position(sketch, strict=False).suns_up == [[13], [], [9]]
    with pytest.raises(PositionError, match="gold"):
        GameState.from_position(replace(sketch, auction=(Tile.GOLD,) * 6), strict=False)


def test_bad_text_is_a_position_error_naming_the_problem() -> None:
    good = GameState.new(2, seed=1).position().text()
    for text, why in [("", "starts with"), (good + " colour=red", "'colour'"),
                      (good.replace("epoch=1", "epoch=one"), "'one' is not a whole number"),
                      (re.sub("move=turn", "move=dance", good), "say turn, bid"),
                      (good.replace("s1=", "s2="), "s0, s1"),
                      (good + " epoch=2", "given twice"),
                      (good.replace("bag=ra*30", "bag=sun*30"), "unknown tile 'sun'")]:
        with pytest.raises(PositionError, match=re.escape(why)):
            Position.parse(text)


def test_the_bag_and_the_discards_are_what_the_rules_leave() -> None:
    position = new_position(2, held=[kinds("gold nile"), []], track=kinds("pharaoh"),
                            gone=kinds("god god"), ra_count=2)
    state = GameState.from_position(position, bag=kinds("war ra"))
    assert state.tile_census() == list(TILE_COUNTS)
    assert state.bag_left == 180 - 3 - 2 - 2
    assert state.bag_counts()[Tile.GOD] == TILE_COUNTS[Tile.GOD] - 2
    assert state.drawn == () and state.next_tile() == Tile.WAR
    play(state, "draw draw")
    assert state.drawn == (Tile.WAR, Tile.RA) and state.ra_count == 3
    with pytest.raises(ValueError, match="no tile"):
        GameState.from_position(position, bag=kinds("war") * 5)
    assert (GameState.from_position(position, seed=3).draw_order()
            != GameState.from_position(position).draw_order())
    assert list(GameState.from_position(position).draw_order()) == sorted(
        GameState.from_position(position, seed=3).draw_order())


def test_put_next_moves_the_tile_to_the_front_and_keeps_the_others_in_order() -> None:
    state = new_game(2, "gold pharaoh nile war nile")
    play(state, "draw")
    before = state.draw_order()
    state.put_next(TILE_BY_ID["nile"])
    assert state.draw_order() == before[:1] + (Tile.NILE, Tile.PHARAOH) + before[3:]
    assert state.next_tile() == Tile.NILE and state.draw_count == 1


def test_redealt_shuffles_only_the_undrawn_tiles() -> None:
    state = new_game(3, "gold pharaoh", seed=2)
    play(state, "draw draw")
    other = state.redealt(random.Random(4))
    assert other.drawn == state.drawn and other.bag_counts() == state.bag_counts()
    assert other.draw_order() != state.draw_order()
    assert other.summary() == state.summary()


def test_an_empty_bag_reports_no_next_tile() -> None:
    full = new_position(2, up=SUNS[2], gone=[k for k in range(NUM_KINDS)
                                             for _ in range(TILE_COUNTS[k])])
    state = GameState.from_position(full)
    assert state.bag_left == 0 and state.next_tile() is None and not state.can_draw()


def test_nothing_outside_the_engine_names_the_hidden_bag_fields() -> None:
    """The bag's order is the engine's: other modules and the tests use its API."""
    pattern = re.compile(r"\b(" + "|".join(HIDDEN_FIELDS) + r")\b")
    engine = ROOT / "ra_game" / "engine"
    offenders = []
    for folder in ("ra_game", "scenes", "tools", "tests"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            if path.is_relative_to(engine):
                continue
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                if pattern.search(line):
                    offenders.append(f"{path.relative_to(ROOT)}:{number}")
    assert offenders == []
    assert pattern.search(f"state.{HIDDEN_FIELDS[1]} = 3")
    assert not pattern.search(f"def test_the_{HIDDEN_FIELDS[0]}_is_unseen")
