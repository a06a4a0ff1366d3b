"""Review my game: obvious blunders in hand-built positions are listed with the right better
move, a best move never is, and the same game gives the same review (twice, and with any
number of worker processes)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ra_game.ai.workers import Workers
from ra_game.engine import load_replay
from ra_game.engine.errors import ReplayError
from ra_game.engine.moves import DRAW, PASS, RA, is_bid
from ra_game.review import Review, ReviewBudget, ReviewJob, SeatDecision, review_game
from ra_game.review.job import MAX_LISTED, build_review, clearly_worse
from ra_game.review.search import clearly_best, judge, judge_here, plan, run_here

from .positions import bidding, position

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
GOLDEN_4P = FIXTURES / "golden_4p_epoch2.ra.json"
SMALL = ReviewBudget(trees=2, iterations=60)


def rich_lot_to_pass():
    """4 players, a drawn Ra: seat 0 bids last (its rivals passed) with 13 and 6 on a lot of
    Gold, Pharaohs, a Nile, a flood and a civilization."""
    state = position(4, up=[[13, 6], [12, 7], [11, 8], [10, 9]], down=[[], [], [], []],
                     center=1, held=["", "", "", ""],
                     auction="gold gold pharaoh pharaoh nile flood astronomy", ra_count=3)
    return bidding(state, ra_player=0, bidder=0)


def empty_track():
    """4 players, the start of an epoch: nothing on the auction track, every rival holds suns."""
    return position(4, up=[[13, 6, 2], [12, 7, 3], [11, 8, 4], [10, 9, 5]],
                    down=[[], [], [], []], center=1, held=["", "", "", ""])


def review_of(state, played: int) -> Review:
    decision = SeatDecision(7, state.observation(0), played)
    return build_review(0, [decision], [judge_here(decision.obs, played)], 0.0)


def test_passing_a_rich_lot_with_the_winning_sun_is_listed_with_a_bid():
    review = review_of(rich_lot_to_pass(), PASS)
    (mistake,) = review.mistakes
    assert mistake.move == 7 and mistake.played == "pass"
    assert mistake.better.startswith("bid:")
    assert mistake.loss > 3.0
    assert "passed a lot worth about " in mistake.why and "would have won it" in mistake.why
    assert mistake.situation == "Epoch 1, auction of 7 tiles, Player 1 held 13, 6"  # not "you"
    assert review.close == 0 and review.total_loss == mistake.loss


@pytest.mark.slow  # about 2 s of CPU: a full review of one position
def test_invoking_on_an_empty_track_is_listed_with_draw():
    review = review_of(empty_track(), RA)
    (mistake,) = review.mistakes
    assert (mistake.played, mistake.better) == ("ra", "draw")
    assert "empty auction track while 3 rivals still held suns" in mistake.why


@pytest.mark.slow  # about 2 s of CPU for each position
@pytest.mark.parametrize("make", [rich_lot_to_pass, empty_track])
def test_the_best_move_is_never_listed(make):
    state = make()
    obs = state.observation(0)
    best = judge_here(obs, PASS if state.legal_actions()[-1] == PASS else RA).best
    assert best == DRAW or is_bid(best)
    verdict = judge_here(obs, best)
    assert verdict.best == best and verdict.loss == 0.0
    assert not clearly_worse(verdict)
    assert review_of(state, best).mistakes == []


@pytest.mark.slow
@pytest.mark.parametrize("most", [MAX_LISTED, None])
def test_the_same_game_gives_the_same_review_in_process_and_on_two_workers(most):
    replay = load_replay(GOLDEN_4P)
    here = review_game(replay, 1, workers=1, budget=SMALL, most=most)
    again = review_game(replay, 1, workers=0, budget=SMALL, most=most)
    pooled = review_game(replay, 1, workers=2, budget=SMALL, most=most)
    assert here == again == pooled
    assert here.to_json()["mistakes"] == pooled.to_json()["mistakes"]
    assert here.decisions == len(ReviewJob(replay, 1, None).decisions) > 0


@pytest.mark.slow
@pytest.mark.parametrize("confirm", [False, True])
def test_the_job_steps_in_slices_and_reports_progress(confirm):
    job = ReviewJob(load_replay(GOLDEN_4P), 2, None, SMALL, confirm=confirm)
    total = job.progress[1]
    seen = [0]
    while not job.done:
        job.step(0.02)
        done, units = job.progress
        assert units == total  # the total is known at the start and never grows
        assert done >= seen[-1]
        seen.append(done)
    assert job.result is not None and total >= job.result.decisions
    assert len(set(seen)) > 2 and seen[-1] == total


def job_verdict(state, played: int):
    """The verdict a review job reaches on one decision of ``state``'s seat 0."""
    decision = SeatDecision(7, state.observation(0), played)
    job = ReviewJob(load_replay(GOLDEN_4P), 0, None, SMALL, decisions=[decision], confirm=False)
    while not job.done:
        job.step(1.0)
    return job.verdicts[0]


def test_a_decision_searches_its_other_trees_only_when_a_first_one_chose_another_move():
    state = rich_lot_to_pass()
    obs = state.observation(0)
    first = SMALL.first_trees
    assert 0 < first < SMALL.trees
    trees = [run_here(job) for job in plan(obs, PASS, SMALL)]
    assert not clearly_best(trees[:first], PASS)
    assert job_verdict(state, PASS) == judge(trees, PASS)  # every tree searched
    chosen = judge(trees, PASS).best
    trees = [run_here(job) for job in plan(obs, chosen, SMALL)]
    assert clearly_best(trees[:first], chosen)
    assert job_verdict(state, chosen) == judge(trees[:first], chosen) != judge(trees, chosen)


def test_a_cancelled_job_is_done_without_a_result():
    job = ReviewJob(load_replay(GOLDEN_4P), 0, None, SMALL)
    job.step(0.01)
    job.cancel()
    job.step(0.01)
    assert job.done and job.result is None


def test_the_json_form_is_the_issues():
    review = review_of(rich_lot_to_pass(), PASS)
    data = json.loads(json.dumps(review.to_json()))
    assert list(data)[:3] == ["seat", "decisions", "mistakes"]
    assert set(data["mistakes"][0]) >= {"move", "played", "better", "loss", "why"}
    assert data["mistakes"][0]["loss"] > 0 and {"close", "total_loss", "seconds"} <= set(data)


def test_a_seat_the_game_does_not_have_is_refused():
    with pytest.raises(ReplayError, match="no seat 4"):
        ReviewJob(load_replay(GOLDEN_4P), 4, None)


def test_opinions_past_the_last_listed_change_nothing():
    """A batch may check more candidates than the list needs: the review reads them in order
    up to the last one it lists (or the first still unsure), so it is the same on any number
    of processes."""
    from ra_game.review.confirm import SecondOpinion
    from ra_game.review.job import MAX_LISTED, listed_candidates
    from ra_game.review.search import Verdict

    yes, no = SecondOpinion(5.0, 0.5, 12), SecondOpinion(-3.0, 0.5, 12)
    worse = list(range(MAX_LISTED + 3))
    verdicts = [Verdict(DRAW, RA, 10.0, 7.5, 0.5, {}) for _ in worse]
    needed = {k: (no if k == 1 else yes) for k in range(MAX_LISTED + 1)}
    more = {**{k: yes for k in worse}, **needed}
    assert listed_candidates(worse, needed, verdicts) == \
        listed_candidates(worse, more, verdicts) == ([0, *range(2, MAX_LISTED + 1)], [])
    assert listed_candidates(worse, {0: yes, 2: yes}, verdicts) == ([0], [])  # 1 unchecked


def test_the_second_opinion_lists_the_sure_the_wide_and_marks_the_unsure():
    """Confirmed: listed; unsure: listed when the search found it worse by a wide margin,
    else a possible mistake; contradicted: not listed, however wide the search's margin."""
    from ra_game.review.confirm import CONFIRM_CAP, SecondOpinion
    from ra_game.review.job import WIDE_MARGIN, listed_candidates
    from ra_game.review.search import Verdict

    sure, unsure = SecondOpinion(9.0, 1.0, 12), SecondOpinion(2.0, 1.5, CONFIRM_CAP)
    against = SecondOpinion(-2.0, 0.8, 24)
    assert unsure.settled and not SecondOpinion(2.0, 1.5, 12).settled
    wide = Verdict(DRAW, RA, 20.0, 20.0 - WIDE_MARGIN - 1.0, 0.5, {})
    narrow = Verdict(DRAW, RA, 20.0, 17.5, 0.5, {})
    verdicts = [narrow, wide, narrow, wide]
    opinions = {0: sure, 1: unsure, 2: unsure, 3: against}
    assert listed_candidates([0, 1, 2, 3], opinions, verdicts, None) == ([0, 1], [2])


@pytest.mark.slow
def test_seats_in_a_row_share_one_pool_and_review_as_alone():
    replay = load_replay(GOLDEN_4P)
    alone = [review_game(replay, seat, workers=0, budget=SMALL) for seat in (0, 3)]
    owner = Workers(2, window=False)
    try:
        pool = owner.get()
        assert pool is not None
        pids = pool.pids
        jobs = [ReviewJob(replay, seat, pool, SMALL) for seat in (0, 3)]
        seen = set()
        for job in jobs:  # as the window steps them: one short step a frame
            while not job.done:
                job.step(0.01)
                seen.add(job.progress[0])
                pool.wait(0.02)
        assert pool.pids == pids and pool.replaced == 0
    finally:
        owner.close()
    assert [job.result for job in jobs] == alone
    assert len(seen) > 4  # the verdicts come in one by one, not a batch at a time


def test_medium_s_move_is_proposed_where_the_search_rates_it_no_lower():
    """Where the search does not find the played move clearly worse but rates medium's move
    at least as high in fame (its choice went by the rivals' rewards, or its play-outs share
    hard's habits), medium's move is a candidate for the second opinion; never the move
    played, never one the search rates lower."""
    from ra_game.ai.policy import medium_action
    from ra_game.review.job import medium_proposal
    from ra_game.review.search import Verdict

    state = empty_track()
    decision = SeatDecision(7, state.observation(0), RA)
    assert medium_action(state) == DRAW  # medium never invokes Ra on an empty track here
    level = Verdict(RA, RA, 20.0, 20.0, 0.0, {RA: 900, DRAW: 300}, {RA: 20.0, DRAW: 20.4})
    lower = Verdict(RA, RA, 20.0, 20.0, 0.0, {RA: 900, DRAW: 300}, {RA: 20.0, DRAW: 19.6})
    assert medium_proposal(decision, level) == DRAW
    assert medium_proposal(decision, lower) is None
    assert medium_proposal(SeatDecision(7, state.observation(0), DRAW), level) is None


def test_a_proposal_is_listed_only_when_the_second_opinion_confirms_it():
    """A proposal, unlike the search's own candidates, is never a possible mistake: listed
    when confirmed (its better move medium's, its figure the measure's), else not at all;
    kept with the review's work, so the whole game reads it back."""
    from ra_game.review.confirm import CONFIRM_CAP, SecondOpinion
    from ra_game.review.job import read_work
    from ra_game.review.search import Verdict

    decision = SeatDecision(7, empty_track().observation(0), RA)
    verdict = Verdict(RA, RA, 20.0, 20.0, 0.0, {RA: 900, DRAW: 300}, {RA: 20.0, DRAW: 20.4})
    unsure = SecondOpinion(2.0, 1.5, CONFIRM_CAP)
    quiet = build_review(0, [decision], [verdict], 0.0, {0: unsure}, None, {},
                         proposals={0: DRAW})
    assert quiet.mistakes == [] and quiet.close == 1
    sure, measured = SecondOpinion(9.0, 1.0, 12), SecondOpinion(3.2, 1.1, 24)
    listed = build_review(0, [decision], [verdict], 0.0, {0: sure}, None, {0: measured},
                          proposals={0: DRAW})
    (mistake,) = listed.mistakes
    assert (mistake.played, mistake.better, mistake.loss, mistake.possible) == \
        ("ra", "draw", 3.2, False)
    assert listed.accuracy == quiet.accuracy  # the accuracy reads the search's losses only
    known = read_work(json.loads(json.dumps(listed.work)), [decision])
    assert known is not None and known[3] == {0: DRAW}
    again = build_review(0, [decision], known[0], 0.0, known[1], None, known[2], known[3])
    assert again.mistakes == listed.mistakes
