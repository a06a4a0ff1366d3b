"""Accuracy from the fame each decision lost (ra_game/review/accuracy.py) and the races told as
ties when seats shared the lead (ra_game/review/game.py)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from ra_game.engine import Move, parse_replay
from ra_game.engine.moves import PASS, bid_action
from ra_game.engine.tiles import Tile
from ra_game.review import SeatDecision
from ra_game.review.accuracy import ACCURACY_SCALE, decision_accuracy, seat_accuracy
from ra_game.review.game import GameReview, KeyKind
from ra_game.review.job import build_review
from ra_game.review.search import Verdict
from ra_game.table.headless import play_headless
from ra_game.table.seats import parse_seats
from ra_game.text.i18n import set_language

from .positions import bidding, position


@pytest.fixture(autouse=True)
def english():
    set_language("en")
    yield
    set_language("en")


def test_a_decisions_accuracy_falls_with_the_fame_it_lost():
    assert decision_accuracy(0.0) == 100.0 == decision_accuracy(-1.2)  # as good as the best
    assert decision_accuracy(ACCURACY_SCALE) == pytest.approx(100 / 2.718281828, abs=0.01)
    losses = [0.0, 0.2, 1.0, 3.0, 8.0]
    values = [decision_accuracy(x) for x in losses]
    assert values == sorted(values, reverse=True) and len(set(values)) == len(values)


def test_a_seats_accuracy_counts_small_losses_too():
    """Two seats with no listed mistake: the one that often lost a little is less accurate."""
    assert seat_accuracy([]) == 100.0
    steady, sloppy = [0.0] * 20, [0.0] * 10 + [1.0] * 10
    assert seat_accuracy(steady) == 100.0 > seat_accuracy(sloppy)
    assert seat_accuracy(sloppy) == pytest.approx((1000 + 10 * decision_accuracy(1.0)) / 20)


def test_a_review_reads_its_accuracy_from_every_verdict():
    state = bidding(position(4, up=[[13, 6], [12, 7], [11, 8], [10, 9]], down=[[], [], [], []],
                             center=1, held=["", "", "", ""], auction="gold pharaoh",
                             ra_count=3), ra_player=0, bidder=0)
    decisions = [SeatDecision(k, state.observation(0), PASS) for k in range(3)]
    bid = bid_action(13)
    verdicts = [Verdict(bid, PASS, 20.0, 20.0 - loss, 0.2, {bid: 100, PASS: 30})
                for loss in (0.0, 0.8, 4.0)]
    review = build_review(0, decisions, verdicts, 0.0)
    assert review.accuracy == pytest.approx(seat_accuracy([0.0, 0.8, 4.0]))
    assert review.close == 2 and len(review.mistakes) == 1  # the list is still the clear ones
    assert review.to_json()["accuracy"] == round(review.accuracy)


def pharaoh_leaders(state) -> frozenset[int]:
    counts = [t[Tile.PHARAOH] for t in state.tiles]
    return frozenset() if max(counts) == min(counts) else frozenset(
        s for s, c in enumerate(counts) if c == max(counts))


def test_a_pharaoh_race_led_by_several_seats_is_told_as_a_tie():
    """Over medium games, every race moment names each seat that led at the scoring: the seat
    and the others that held as many; its sentence says so exactly when they shared it."""
    ties = 0
    for seed in range(5200, 5205):
        _final, doc = play_headless(parse_seats("ai:medium,ai:medium,ai:medium,ai:medium"), seed)
        replay = parse_replay(doc)
        game = GameReview.of(replay, {})
        for moment in (m for m in game.moments if m.kind is KeyKind.PHARAOH_RACE):
            state = replay.play(moment.move)
            index = moment.move
            while state.epoch == moment.epoch and not state.over:  # to the epoch's scoring
                state.apply(Move.parse(replay.moves[index]))
                index += 1
            assert {moment.seat, *moment.shared} == pharaoh_leaders(state)
            text = moment.text(game.names)
            assert ("held as many Pharaohs as" in text) == bool(moment.shared), text
            ties += bool(moment.shared)
    assert ties  # the games hold at least one tie


def test_a_tie_names_the_others_and_you_first():
    _final, doc = play_headless(parse_seats("ai:medium,ai:medium,ai:medium"), 5300)
    replay = parse_replay(doc)
    game = GameReview.of(replay, {})
    race = next(m for m in game.moments if m.kind is KeyKind.PHARAOH_RACE)
    names = ["You", "Imhotep", "Ramesses"]
    tied = replace(race, seat=0, shared=(1, 2))
    assert ("you held as many Pharaohs as Imhotep and Ramesses, the most, from then on."
            in tied.text(names))
    sun = replace(race, kind=KeyKind.SUN_RACE, seat=1, shared=(2,))
    assert sun.text(names).endswith(
        "Imhotep held the highest sun total together with Ramesses from then on.")
