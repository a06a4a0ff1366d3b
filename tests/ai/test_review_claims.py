"""Every claim of a why sentence is true of its position: a property test over the bid and
turn decisions of random games, every pair of legal moves taken as (played, better)."""

from __future__ import annotations

import random
import re

import pytest

from ra_game.ai.policy import bidders_after
from ra_game.engine import GameState, parse_replay
from ra_game.engine.moves import DRAW, PASS, RA, bid_sun, is_bid
from ra_game.engine.state import BID
from ra_game.engine.tiles import NUM_EPOCHS, Tile
from ra_game.review.model import SeatDecision, seat_decisions
from ra_game.review.why import why
from ra_game.table.headless import play_headless
from ra_game.table.seats import parse_seats
from ra_game.text.i18n import set_language

DECISIONS = 1000


@pytest.fixture(autouse=True)
def english():
    set_language("en")
    yield
    set_language("en")


def decisions() -> list[SeatDecision]:
    """At least ``DECISIONS`` decisions of random players, bids first among them."""
    out: list[SeatDecision] = []
    seed = 9100
    while len(out) < DECISIONS:
        players = 2 + seed % 4
        seats = parse_seats(",".join(["random"] * players), allow_human=False)
        _state, doc = play_headless(seats, seed)
        replay = parse_replay(doc)
        for seat in range(players):
            out += seat_decisions(replay, seat)
        seed += 1
    return out


def check(decision: SeatDecision, played: int, better: int, rng: random.Random) -> str:
    """Build the sentence, of "you" and of a named player, and check each claim it makes
    against the position; returns the sentence of "you"."""
    loss = rng.uniform(1.5, 9.0)
    own = played == decision.played
    texts = [why(decision.obs.state, decision.obs.seat, played, better, loss,
                 decision.won if own else None, player, decision.winning if own else None)
             for player in (None, "Bruno")]
    for text in texts:
        check_text(decision, played, better, text)
    return texts[0]


def check_text(decision: SeatDecision, played: int, better: int, text: str) -> None:
    state, seat = decision.obs.state, decision.obs.seat
    won = decision.won if played == decision.played else None
    later = [s for q in bidders_after(state, seat) for s in state.suns_up[q]] \
        if state.phase == BID else []
    if "would have won it" in text or "would have done" in text:
        # the (lower) sun named as enough: no later bidder holds a higher one
        assert all(s < bid_sun(better) for s in later), text
    if "on this lot" in text.lower():  # a lot on the track, never the centre sun alone
        assert state.auction_tiles(), text
    if "the centre sun alone" in text:
        assert state.phase == BID and not state.auction_tiles(), text
    if re.search(r"(spent|paid) (your|the) ", text):
        assert won is not False, text  # never of a sun that was outbid
    if "was outbid" in text:
        assert won is False, text
    for rival in re.findall(r"\(a rival held (\d+)\)|\(it held (\d+)\)", text):
        held = int(rival[0] or rival[1])
        assert held in later, text
        if rival[0]:
            assert bid_sun(played) < held, text
        else:
            assert bid_sun(better) < held, text
    ra = re.search(r"\((\d+) of the (\d+) tiles in the bag were Ra tiles\)", text)
    if ra:
        assert int(ra[1]) == state.bag_counts()[Tile.RA] and int(ra[2]) == state.bag_left, text
    rivals = re.search(r"while (\d+) rivals still held suns", text)
    if rivals:
        assert int(rivals[1]) == sum(1 for q in range(state.n) if q != seat and state.suns_up[q])
    winning = re.search(r"A rival's (\d+) won this auction\.", text)
    assert bool(winning) == ("was outbid" in text), text
    if winning:  # the sun that outbid the seat's, as the game went on
        assert int(winning[1]) == decision.winning and decision.winning > bid_sun(played), text
    check_deciding(state, seat, played, better, text)


def check_deciding(state: GameState, seat: int, played: int, better: int, text: str) -> None:
    """What decides the advice, each sentence there exactly when its position calls for it:
    the centre sun (any auction), a later rival's sun (a pass where the
    sun named could be outbid), the final sun race (such an auction in the last epoch), the Ra
    tiles left before the epoch ends (drawing against invoking Ra)."""
    auction = state.phase == BID
    center = re.search(r"(?:The prize was|also takes) the centre sun (\d+)\.", text)
    assert bool(center) == auction, text
    if center:
        assert int(center[1]) == state.center_sun, text
        assert ("The prize was" in text) == (not state.auction_tiles()), text
    later = re.search(r"A later rival held the (\d+), enough to outbid the (\d+)\.", text)
    held_after = [s for q in bidders_after(state, seat) for s in state.suns_up[q]] \
        if state.phase == BID else []
    outbids = is_bid(better) and any(s > bid_sun(better) for s in held_after)
    assert bool(later) == (played == PASS and outbids), text
    if later:
        held, sun = int(later[1]), int(later[2])
        assert sun == bid_sun(better) and sun < held and held == max(held_after), text
    race = re.search(r"Final sun race: (?:your suns|the suns of \w+) total (\d+), (?:(?:your|"
                     r"their) rival's (\d+)|every rival's (\d+)|(?:your|the) rivals' from "
                     r"(\d+) to (\d+))\.", text)
    assert bool(race) == (auction and state.epoch == NUM_EPOCHS), text
    if race:
        totals = [sum(state.suns_up[q]) + sum(state.suns_down[q]) for q in range(state.n)]
        rivals = [t for q, t in enumerate(totals) if q != seat]
        assert int(race[1]) == totals[seat], text
        assert bool(race[2]) == (state.n == 2), text  # one rival: "your rival's"
        if race[4]:
            low, high = int(race[4]), int(race[5])
        else:
            low = high = int(race[2] or race[3])
        assert (low, high) == (min(rivals), max(rivals)), text
        assert (race[4] is None) == (low == high), text
    more = re.search(r"The epoch ends (?:with the next Ra tile|after (\d+) more Ra tiles) at "
                     r"the latest", text)
    assert bool(more) == ({played, better} == {DRAW, RA}), text
    if more:
        assert state.ra_length - state.ra_count == int(more[1] or 1), text
        bag = re.search(r"at the latest; (\d+) of the (\d+) tiles in the bag are Ra tiles\.",
                        text)
        assert bool(bag) == (played == RA), text  # a draw's reason counts the bag already
        if bag:
            assert (int(bag[1]), int(bag[2])) == (state.bag_counts()[Tile.RA], state.bag_left)


def test_every_claim_of_a_why_sentence_holds_over_a_thousand_decisions():
    rng = random.Random(5)
    checked, outbid, lower = 0, 0, 0
    deciding = dict.fromkeys(("center", "race", "one rival", "more", "later"), 0)
    for decision in decisions():
        legal = decision.obs.state.legal_actions()
        others = [a for a in legal if a != decision.played]
        for better in others[:3]:
            text = check(decision, decision.played, better, rng)
            checked += 1
            for name, mark in (("center", "centre sun"), ("race", "Final sun race"),
                               ("one rival", "your rival's"), ("more", "The epoch ends"),
                               ("later", "A later rival held")):
                deciding[name] += mark in text
            outbid += "was outbid" in text and "won this auction" in text
            lower += is_bid(better) and is_bid(decision.played) and \
                bid_sun(better) < bid_sun(decision.played)
    assert checked >= DECISIONS and outbid > 0 and lower > 0
    assert all(deciding.values()), deciding
