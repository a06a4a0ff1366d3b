"""Moves named as a player reads them ("Epoch 2, auction 4: you bid sun 9") in every
language, with the auction counted in its epoch and the seat's turns counted in the epoch."""

from __future__ import annotations

from pathlib import Path

import pytest

from ra_game.engine import Decision, GameState, Move, load_replay
from ra_game.engine.moves import DRAW, PASS, RA, bid_action
from ra_game.engine.state import BID, TURN
from ra_game.review.model import Mistake, seat_decisions
from ra_game.text.i18n import set_language
from ra_game.text.words import YOU
from tooling.positions import changed

from .test_review_words import auction

GOLDEN = Path(__file__).resolve().parents[1] / "fixtures" / "golden_4p_epoch2.ra.json"


@pytest.fixture(autouse=True)
def english():
    set_language("en")
    yield
    set_language("en")


def named(state: GameState, seat: int, played: int, better: int, number: int) -> str:
    mistake = Mistake.at(10, state, seat, played, better, 2.0, auction=number, turn=number)
    return mistake.name


@pytest.mark.parametrize(("lang", "you", "they"), [
    ("en", "Epoch 1, auction 4: you bid sun 13", "Epoch 1, auction 4: Bruno bid sun 12"),
    ("es", "Época 1, subasta 4: pujaste con el sol 13",
     "Época 1, subasta 4: Bruno pujó con el sol 12"),
    ("pt", "Era 1, leilão 4: você deu um lance com o sol 13",
     "Era 1, leilão 4: Bruno deu um lance com o sol 12"),
    ("tr", "1. epok, 4. açık artırma: güneş 13 ile teklif verdin",
     "1. epok, 4. açık artırma: Bruno güneş 12 ile teklif verdi"),
])
def test_a_bid_is_named_by_its_epoch_and_auction(lang: str, you: str, they: str) -> None:
    state = changed(auction([13, 6]), names=(YOU, "Bruno", "Chiara", "Dmitri"))
    set_language(lang)
    assert named(state, 0, bid_action(13), PASS, 4) == you
    assert named(state, 1, bid_action(12), PASS, 4) == they


@pytest.mark.parametrize(("lang", "you", "they"), [
    ("en", "Epoch 1, your turn 3: you invoked Ra", "Epoch 1, Bruno's turn 3: invoked Ra"),
    ("es", "Época 1, tu turno 3: invocaste a Ra", "Época 1, turno 3 de Bruno: invocó a Ra"),
    ("pt", "Era 1, seu turno 3: você invocou Rá", "Era 1, turno 3 de Bruno: invocou Rá"),
    ("tr", "1. epok, 3. sıran: Ra'yı çağırdın", "1. epok, Bruno oyuncusunun 3. sırası: Ra'yı çağırdı"),
])
def test_a_turn_is_named_by_the_seats_own_turn(lang: str, you: str, they: str) -> None:
    state = changed(auction([13, 6]), names=(YOU, "Bruno", "Chiara", "Dmitri"),
                    decision=Decision.TURN, caller=-1)
    set_language(lang)
    assert named(state, 0, RA, DRAW, 3) == you
    assert named(state, 1, RA, DRAW, 3) == they


def test_auctions_and_turns_are_counted_in_their_epoch() -> None:
    replay = load_replay(GOLDEN)
    by_move = {}
    for seat in range(len(replay.players)):
        for d in seat_decisions(replay, seat):
            by_move[d.move] = d
    state = replay.initial_state()
    epoch, auctions, turns = state.epoch, 0, [0] * state.n
    seen_bid = False
    for index, text in enumerate(replay.moves):
        if state.epoch != epoch:
            epoch, auctions, turns = state.epoch, 0, [0] * state.n
        decision = by_move.get(index)
        if decision is not None and state.phase == BID:
            seen_bid = True
            # every bid of one auction has its number; a new one begins after a turn
            assert decision.auction == auctions
        if decision is not None and state.phase == TURN:
            assert decision.turn == turns[state.current] + 1
        was_turn, mover = state.phase == TURN, state.current
        state.apply(Move.parse(text))
        if was_turn:
            turns[mover] += 1
            auctions += state.phase != TURN and state.epoch == epoch
    assert seen_bid and max(d.auction for d in by_move.values()) >= 4
