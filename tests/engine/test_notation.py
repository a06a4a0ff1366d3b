"""Move notation (NOTATION.md): every form round-trips; malformed text raises NotationError."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ra_game.engine import GameState, Move, NotationError
from ra_game.engine.tiles import TILE_IDS

SIMPLE = ["draw", "ra", "pass"]
BIDS = [f"bid:{s}" for s in range(1, 17)]
ONE_TILE = [f"{verb}:{tile}" for verb in ("god", "discard") for tile in TILE_IDS]
SEVERAL = [
    "god:pharaoh,war", "god:gold,gold,nile", "god:war,pharaoh",
    "god:astronomy,agriculture,writing,religion,art,fortress,obelisk,palace",
    "discard:temple,pyramid", "discard:astronomy,astronomy", "discard:step_pyramid,sphinx",
]


@pytest.mark.parametrize("text", SIMPLE + BIDS + ONE_TILE + SEVERAL)
def test_every_move_form_round_trips(text: str) -> None:
    move = Move.parse(text)
    assert move.text == text == str(move)
    assert Move.from_action(move.action) == move
    assert Move.parse(move.text) == move


def test_tile_order_is_kept() -> None:
    assert Move.parse("god:war,pharaoh").tiles != Move.parse("god:pharaoh,war").tiles


def test_case_and_spaces_are_tolerated() -> None:
    assert Move.parse("  DRAW ") == Move("draw")
    assert Move.parse("Bid:13").text == "bid:13"
    assert Move.parse("god:Pharaoh, war").text == "god:pharaoh,war"


def test_legal_moves_of_real_games_round_trip() -> None:
    rng = random.Random(3)
    seen: set[str] = set()
    for seed in range(30):
        state = GameState.new(2 + seed % 4, seed=seed)
        while not state.over:
            for move in state.legal_moves():
                assert Move.parse(move.text) == move
                assert Move.parse(move.text).action == move.action
                seen.add(move.kind)
            state.apply_action(rng.choice(state.legal_actions()))
    assert seen == {"draw", "ra", "pass", "bid", "god", "discard"}


MALFORMED = [
    "", " ", "drw", "draw now", "draw:1", "pass:", "ra:2", "invoke", "bid", "bid:", "bid:0",
    "bid:17", "bid:x", "bid:-3", "bid:+5", "bid:1.5", "bid: ", "bid:9:9", "bid:²", "bid:٣",
    "god", "god:", "god:dragon", "god:pharaoh,,war", "god:pharaoh,", "god:,war",
    "discard:", "discard:temple;pyramid", "god:" + ",".join(["gold"] * 9),
    "take:gold", "gold",
]


@pytest.mark.parametrize("text", MALFORMED)
def test_malformed_text_raises_notation_error(text: str) -> None:
    with pytest.raises(NotationError):
        Move.parse(text)


@pytest.mark.parametrize("value", [None, 3, b"draw", ["draw"]])
def test_non_strings_raise_notation_error(value: object) -> None:
    with pytest.raises(NotationError):
        Move.parse(value)


def test_unknown_action_code_raises_notation_error() -> None:
    with pytest.raises(NotationError):
        Move.from_action(19)


PIECES = [*"abdegiknoprstuwy:,0123456789 _-²٣", "god:", "bid:", "pass", "draw", "ra",
          "discard:", "pyramid", "war", "gold"]
ALPHABET = st.sampled_from(PIECES)


def _parses_and_round_trips_or_raises(text: str) -> None:
    try:
        move = Move.parse(text)
    except NotationError:
        return
    assert Move.parse(move.text) == move
    assert Move.from_action(move.action) == move


def test_many_texts_parse_to_a_round_tripping_move_or_raise_notation_error() -> None:
    """The quick loop's share of the property below: 3,000 seeded texts of the notation's
    pieces and of any characters (a few milliseconds, against seconds for Hypothesis)."""
    rng = random.Random(13)
    parsed = 0
    for _ in range(3000):
        if rng.random() < 0.8:
            text = "".join(rng.choice(PIECES) for _ in range(rng.randint(0, 6)))
        else:
            text = "".join(chr(rng.randint(32, 0x2FF)) for _ in range(rng.randint(0, 12)))
        _parses_and_round_trips_or_raises(text)
        try:
            Move.parse(text)
            parsed += 1
        except NotationError:
            pass
    assert parsed >= 20  # the pieces make real moves too, not only errors


@pytest.mark.slow
@settings(max_examples=100, deadline=None)
@given(st.lists(ALPHABET, max_size=14).map("".join) | st.text(max_size=12))
def test_any_text_parses_to_a_round_tripping_move_or_raises_notation_error(text: str) -> None:
    _parses_and_round_trips_or_raises(text)
