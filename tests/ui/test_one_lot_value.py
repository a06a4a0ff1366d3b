"""One number for one thing: the board's bid chip, the Hint and the review's reasons say the
same worth for the same lot (and the same for tiles a God would take), on every position of
recorded games (issue 50)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from ra_game.engine import GameState, Move, load_replay
from ra_game.engine.moves import DRAW, PASS, RA, bid_action, is_god
from ra_game.engine.state import BID, TURN
from ra_game.review.claims import Reason, why_claim
from ra_game.review.why import why
from ra_game.text.i18n import set_language
from ra_game.ui.board.parts.hint import hint_reason
from ra_game.ui.board.score_preview import ScorePreview

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
GAMES = ("golden_4p_epoch2.ra.json", "golden_3p_full.ra.json")


def positions() -> Iterator[GameState]:
    for name in GAMES:
        replay = load_replay(FIXTURES / name)
        state = replay.initial_state()
        for text in replay.moves:
            yield state.clone()
            state.apply(Move.parse(text))


def chip(state: GameState, seat: int) -> int | None:
    """The number on ``seat``'s bid chip (as the board draws it)."""
    preview = ScorePreview()
    preview.update(state, object())
    return preview.lasting(seat)


def hinted(state: GameState, action: int) -> int:
    text = hint_reason(state, action)
    if "worth next to nothing" in text:
        return 0
    found = re.search(r"worth (?:only )?about (−?\d+) fame", text)
    assert found, text
    return int(found[1].replace("\u2212", "-"))


def said(state: GameState, played: int, better: int) -> int:
    """The worth the review's sentence names ("worth about 6 fame", "next to nothing")."""
    text = why(state, state.current, played, better, 2.0)
    if "worth next to nothing" in text:
        return 0
    found = re.search(r"worth about (−?-?\d+) fame", text)
    assert found, text
    return int(found[1].replace("\u2212", "-"))


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    set_language("en")
    yield
    set_language("en")


def test_the_chip_the_hint_and_the_review_say_one_worth_for_each_lot() -> None:
    auctions = turns = gods = 0
    for state in positions():
        seat = state.current
        lot = state.auction_tiles()
        if state.phase == BID and lot and state.suns_up[seat]:
            better = bid_action(max(state.suns_up[seat]))
            worth = chip(state, seat)
            assert worth is not None
            assert hinted(state, PASS) == hinted(state, better) == worth
            assert why_claim(state, seat, PASS, better)["gain"] == worth
            assert said(state, PASS, better) == worth
            auctions += 1
        if state.phase == TURN and lot and DRAW in state.legal_actions() \
                and RA in state.legal_actions():
            claim = why_claim(state, seat, DRAW, RA)
            assert claim.kind is Reason.DRAW_LOT
            invoked = state.clone()
            invoked.apply_action(RA, None)  # the auction the invoker then sees
            assert claim["gain"] == hinted(state, RA) == hinted(state, DRAW) \
                == chip(invoked, seat) == said(state, DRAW, RA)
            turns += 1
        taken = [a for a in state.legal_actions() if state.phase == TURN and is_god(a)]
        for action in taken[:1]:
            claim = why_claim(state, seat, DRAW, action)
            assert claim.kind is Reason.GOD_MISSED
            assert claim["gain"] == hinted(state, action)
            gods += 1
    assert auctions > 20 and turns > 20 and gods > 0
