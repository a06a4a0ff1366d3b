"""The review's second opinion: a better move is listed only when play-outs to the end of the
game with another policy (and, in epoch 3, a seat that keeps its suns) confirm it."""

from __future__ import annotations

import pickle
import random

import pytest

from ra_game.engine import Move, parse_replay
from ra_game.engine.moves import PASS, bid_action
from ra_game.review import ReviewBudget, SeatDecision, seat_decisions
from ra_game.review.confirm import (
    CONFIRM_ALPHA,
    CONFIRM_CAP,
    CONFIRM_DEALS,
    CONFIRM_FLOOR,
    MEASURE_DEALS,
    Outcome,
    Plan,
    SecondOpinion,
    confirm_plan,
    final_fame,
    measure_plan,
    plans_for,
    second_opinion_here,
    settled_opinion_here,
)
from ra_game.review.game import later_sentence
from ra_game.review.job import build_review, review_game
from ra_game.review.search import Verdict, review_candidates
from ra_game.review.search import plan as review_plan
from ra_game.table.headless import play_headless
from ra_game.table.seats import parse_seats

from .positions import bidding, position

SMALL = ReviewBudget(trees=2, iterations=60)


def lone_sun_holder():
    """The issue's end game: epoch 3, 3 players, only seat 0 holds a sun (13) and every sun
    total is 30; the lot (a Gold and a Nile) is worth less than the final sun race."""
    state = position(3, up=[[13], [], []], down=[[9, 6, 2], [12, 8, 7, 3], [11, 10, 5, 4]],
                     center=1, held=["pharaoh", "pharaoh nile flood", "astronomy art"],
                     auction="gold nile", ra_count=6, epoch=3)
    return bidding(state, ra_player=0, bidder=0)


def test_bidding_the_last_sun_in_the_lone_holder_end_game_loses_the_sun_race():
    state = lone_sun_holder()
    deal = state.observation(0).determinize(random.Random(1))
    kept, bid = deal.clone(), deal.clone()
    kept.apply_action(PASS, None)
    bid.apply_action(bid_action(13), None)
    assert final_fame(kept, 0, Plan.KEEP_SUNS) > final_fame(bid, 0, Plan.MEDIUM)


def test_the_lone_holder_end_game_bid_is_not_listed_even_when_the_search_says_so():
    state = lone_sun_holder()
    obs = state.observation(0)
    opinion = second_opinion_here(obs, PASS, bid_action(13))
    assert opinion.gain <= 0.0 and not opinion.confirmed
    # the verdict: bid the 13, "worth about +4"
    verdict = Verdict(bid_action(13), PASS, 28.0, 24.0, 0.3, {bid_action(13): 900, PASS: 300})
    decision = SeatDecision(99, obs, PASS)
    unchecked = build_review(0, [decision], [verdict], 0.0)
    checked = build_review(0, [decision], [verdict], 0.0, {0: opinion})
    assert [m.better for m in unchecked.mistakes] == ["bid:13"]
    assert checked.mistakes == []


def test_a_confirmed_opinion_needs_the_floor_and_its_noise():
    assert SecondOpinion(CONFIRM_FLOOR + 2.0, 0.5, 24).confirmed
    assert not SecondOpinion(CONFIRM_FLOOR + 0.4, 0.5, 24).confirmed
    assert not SecondOpinion(-3.0, 0.5, 24).confirmed


@pytest.mark.slow
@pytest.mark.parametrize("seed", [811, 812])
def test_every_listed_better_move_survives_a_fresh_second_opinion(seed):
    """Generated games (a random seat against medium): no listed better move is contradicted by
    a second opinion on new deals, four times as many (its gain plus two standard errors
    reaches 1 fame), and together they gain at least 1 fame on average.  (Its standard error
    is 1.5-2 fame: a point estimate below 1 happens by noise, measured on seeds 811-824 once
    for 2 of 32 listed moves with the learned evaluation, 1 of 36 with the hand-made one.)"""
    seats = parse_seats("random,ai:medium", allow_human=False)
    _state, doc = play_headless(seats, seed)
    replay = parse_replay(doc)
    review = review_game(replay, 0, workers=0, budget=SMALL)
    assert review.mistakes, "a random seat makes mistakes the review lists"
    decisions = {d.move: d for d in seat_decisions(replay, 0)}
    gains = []
    for m in review.mistakes:
        d = decisions[m.move]
        fresh = second_opinion_here(d.obs, d.played, Move.parse(m.better).action, deals=64, salt=1)
        assert fresh.gain + 2 * fresh.error >= 1.0, (m.move, m.played, m.better, fresh)
        gains.append(fresh.gain)
    assert sum(gains) / len(gains) >= 1.0


def sequential_outcome(rng: random.Random, mean: float, spread: float) -> Outcome:
    """The second opinion's rule run on made-up deals (a tenth of them three times as
    spread, as play-outs to the end run wild now and then), round after round."""
    diffs: list[float] = []
    while True:
        diffs += [rng.gauss(mean, spread * (3 if rng.random() < 0.1 else 1))
                  for _ in range(CONFIRM_DEALS)]
        n = len(diffs)
        gain = sum(diffs) / n
        error = (sum((d - gain) ** 2 for d in diffs) / (n - 1) / n) ** 0.5
        opinion = SecondOpinion(gain, error, n)
        if opinion.settled:
            return opinion.outcome


def test_a_move_at_the_bar_is_confirmed_or_contradicted_at_the_set_rate_over_all_looks():
    """The boundaries hold the error rates over every look (the rule of two errors at each
    look confirmed 7 % of such moves and contradicted as many)."""
    rng = random.Random(60)
    runs = 1500
    outcomes = [sequential_outcome(rng, CONFIRM_FLOOR, 10.0) for _ in range(runs)]
    slack = 2 * (CONFIRM_ALPHA / runs) ** 0.5  # two binomial standard errors
    assert outcomes.count(Outcome.CONFIRMED) / runs <= CONFIRM_ALPHA + slack
    assert outcomes.count(Outcome.CONTRADICTED) / runs <= CONFIRM_ALPHA + slack


def test_twelve_deals_far_below_the_bar_do_not_contradict_a_move_yet():
    """The issue's pass at move 20 of seed 73603: its first 12 deals said -5.5 +- 3.1 fame,
    200 deals +2.4 +- 1.0; 12 deals estimate their own spread too poorly to decide that."""
    assert SecondOpinion(-5.5, 3.1, CONFIRM_DEALS).outcome is Outcome.UNSURE
    assert SecondOpinion(-5.5, 3.1, CONFIRM_CAP).outcome is Outcome.CONTRADICTED
    assert SecondOpinion(10.0, 1.5, CONFIRM_DEALS).outcome is Outcome.CONFIRMED


@pytest.mark.slow  # about 2 s of CPU: a game and a few second opinions
def test_the_second_opinion_adds_deals_while_the_bar_is_within_the_boundary():
    """The sequential second opinion on a decision its first round left unsure: every round
    before the last left the bar within the look's boundary, the last settled it (or reached
    the cap)."""
    _state, doc = play_headless(parse_seats("random,ai:medium,ai:medium", allow_human=False),
                                5400)
    unsure = None
    for d in reversed(seat_decisions(parse_replay(doc), 0)):
        better = next(a for a in d.obs.state.legal_actions() if a != d.played)
        if not second_opinion_here(d.obs, d.played, better).settled:
            unsure = d, better
            break
    assert unsure is not None
    decision, better = unsure
    obs, played = decision.obs, decision.played
    settled = settled_opinion_here(obs, played, better)
    assert settled.settled and settled.deals % CONFIRM_DEALS == 0
    assert CONFIRM_DEALS < settled.deals <= CONFIRM_CAP
    for deals in range(CONFIRM_DEALS, settled.deals, CONFIRM_DEALS):
        assert not second_opinion_here(obs, played, better, deals).settled
    assert settled == second_opinion_here(obs, played, better, settled.deals)


def test_a_listed_moves_figure_comes_from_deals_that_did_not_select_it():
    selecting = {job.seed for job in confirm_plan(lone_sun_holder().observation(0), PASS,
                                                  bid_action(13), CONFIRM_CAP)}
    measuring = {job.seed for job in measure_plan(lone_sun_holder().observation(0), PASS,
                                                  bid_action(13))}
    assert measuring and not selecting & measuring
    state = lone_sun_holder()
    assert sum(job.iterations or 0 for job in measure_plan(
        state.observation(0), PASS, bid_action(13))) == MEASURE_DEALS * len(plans_for(state))


def test_one_figure_for_a_listed_mistake_on_every_screen():
    """The loss a listed mistake shows (list, whole game, its sentences) is the measure on
    fresh deals, also the second opinion's figure; the search's estimate is kept apart."""
    state = lone_sun_holder()
    decision = SeatDecision(99, state.observation(0), PASS)
    verdict = Verdict(bid_action(13), PASS, 28.0, 25.0, 0.3, {bid_action(13): 900, PASS: 300})
    selected, measured = SecondOpinion(6.5, 1.0, 12), SecondOpinion(4.0, 1.2, MEASURE_DEALS)
    review = build_review(0, [decision], [verdict], 0.0, {0: selected}, None, {0: measured})
    (listed,) = review.mistakes
    assert listed.loss == 4.0 == listed.values["second_opinion"]
    assert listed.values["search_loss"] == 3.0 and listed.values["selected_gain"] == 6.5
    assert "(about 4.0 fame lost)" in listed.line()
    assert later_sentence(listed).endswith("kept about 4.0 fame more.")


def test_a_review_tree_keeps_every_legal_root_move_when_sent_to_a_worker():
    """The review's root rule travels to worker processes by pickle: it must arrive whole (a
    subclass of the compiled ForcedShare would arrive as its base, without ``legal``)."""
    state = lone_sun_holder()
    (job, *_rest) = review_plan(state.observation(0), PASS)
    arrived = pickle.loads(pickle.dumps(job.selection))
    assert arrived == job.selection
    assert arrived.root_moves(state, [PASS]) == review_candidates(state, PASS)
