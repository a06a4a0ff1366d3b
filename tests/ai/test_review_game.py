"""The whole game at a glance (ra_game/review/game.py, curve.py, game_job.py): the curve ends on
the final scores and splits the draws' luck from the decisions, the key moments name the moves
that decided the races, severities follow their thresholds, the table and the full list add up,
and a whole-game review reviews every seat (a tiny budget here)."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest

from ra_game.ai.evaluate import BagInfo
from ra_game.ai.evaluators import EVALUATORS
from ra_game.engine import Move, load_replay, parse_replay
from ra_game.engine.moves import DRAW
from ra_game.engine.replay import replay_dict
from ra_game.engine.tiles import Tile
from ra_game.review import Mistake, Review, ReviewBudget, seat_decisions
from ra_game.review.curve import (
    StepKind,
    against_rivals,
    chance_value,
    draw_mean,
    fame_now,
    game_curve,
)
from ra_game.review.game import (
    BLUNDER_FROM,
    MISTAKE_FROM,
    GameReview,
    KeyKind,
    Severity,
    game_lines,
    seat_and_game_json,
    severity,
)
from ra_game.review.game_job import GameReviewJob
from ra_game.review.job import seat_units
from ra_game.review.search import plan
from ra_game.table.headless import play_headless
from ra_game.table.seats import parse_seats
from ra_game.ui.review_words import time_left

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
GAME_2P = FIXTURES / "golden_2p_full.ra.json"
GAME_4P = FIXTURES / "golden_4p_epoch2.ra.json"
TINY = ReviewBudget(trees=1, iterations=12)


def made_mistakes(replay, seat: int, losses: list[float]) -> list[Mistake]:
    """``seat``'s first decisions with another legal move, as mistakes costing ``losses``."""
    state = replay.initial_state()
    out: list[Mistake] = []
    for index, text in enumerate(replay.moves):
        legal = state.legal_actions()
        played = Move.parse(text).action
        if state.current == seat and len(legal) > 1 and len(out) < len(losses):
            better = next(a for a in legal if a != played)
            out.append(Mistake.at(index, state, seat, played, better, losses[len(out)],
                                  values={"second_opinion": 2.5}))
        state.apply(Move.parse(text))
    return out


def test_the_curve_ends_on_the_scores_and_keeps_luck_to_the_draws():
    replay = load_replay(GAME_2P)
    final = replay.play()
    curve = game_curve(replay)
    assert len(curve.steps) == len(replay.moves)
    assert curve.steps[-1].fame == tuple(float(s) for s in final.scores)
    state = replay.initial_state()
    assert curve.start == fame_now(state)
    for step, text in zip(curve.steps, replay.moves):
        choices = len(state.legal_actions())
        if text == "draw":
            assert step.kind is StepKind.DRAW and step.drawn == state.next_tile()
            mean = draw_mean(state)
            came = chance_value(state, step.drawn)
        else:
            assert step.kind is (StepKind.DECISION if choices > 1 else StepKind.FORCED)
            assert step.luck == (0.0, 0.0) and step.drawn == -1
        state.apply(Move.parse(text))
        if text == "draw":  # the tile that came against the bag's mean, less the rival's
            brought = [f - m for f, m in zip(came, mean)]
            assert step.luck == pytest.approx((brought[0] - brought[1], brought[1] - brought[0]))
    assert curve.luck(0) == pytest.approx(sum(s.luck[0] for s in curve.steps))


@pytest.mark.parametrize("path", [GAME_2P, GAME_4P])
def test_the_curve_values_a_position_as_the_reviews_search_does(path):
    """The graph and the luck read the evaluation the review's search reads (the learned one
    for 2 players, where it ships), not the hand-made one whatever the game."""
    replay = load_replay(path)
    state = replay.play(len(replay.moves) // 2)
    played = state.legal_actions()[0]
    (tree, *_rest) = plan(state.observation(state.current), played)
    searched = EVALUATORS[tree.evaluator](state.current).values(state, BagInfo(state))
    assert fame_now(state) == tuple(searched)
    assert game_curve(replay).before(len(replay.moves) // 2) == tuple(searched)


def test_luck_is_against_the_rivals_and_adds_up_to_zero():
    assert against_rivals([3.0, 1.0, -1.0]) == (3.0, 0.0, -3.0)
    assert against_rivals([2.0, 2.0, 2.0, 2.0]) == (0.0, 0.0, 0.0, 0.0)  # alike for all: none
    curve = game_curve(load_replay(GAME_4P))
    assert any(any(s.luck) for s in curve.steps)
    for step in curve.steps:
        assert sum(step.luck) == pytest.approx(0.0, abs=1e-9)


def test_an_epoch_ending_ra_tile_is_valued_before_its_scoring():
    """The tile that ends the epoch is valued as the full Ra track with the tiles still held:
    the evaluation's outlook of that moment, not the scores the epoch's scoring then gives."""
    _final, doc = play_headless(parse_seats("ai:medium,ai:medium,ai:medium"), 4321)
    replay = parse_replay(doc)
    state = replay.initial_state()
    for text in replay.moves:
        if text == "draw" and state.ra_count + 1 == state.ra_length \
                and state.bag_counts()[Tile.RA]:
            break
        state.apply(Move.parse(text))
    else:
        pytest.fail("no draw with one Ra tile left before the epoch's end")
    scored = state.clone()
    scored.put_next(Tile.RA)
    scored.apply_action(DRAW, None)
    assert scored.epoch == state.epoch + 1  # drawing it scores the epoch
    value = chance_value(state, Tile.RA)
    assert value != fame_now(scored)
    full = state.clone()
    full.ra_count += 1
    assert value == fame_now(full) and full.tiles == state.tiles


def test_a_draws_mean_is_the_bags_weighted_mean():
    replay = load_replay(GAME_2P)
    index = replay.moves.index("draw")
    state = replay.play(index)
    rest = [kind for kind, count in enumerate(state.bag_counts()) for _ in range(count)]
    total = [0.0, 0.0]
    for n in range(len(rest)):  # every tile of the bag, drawn in turn
        total = [t + v for t, v in zip(total, chance_value(state, rest[n]))]
    assert draw_mean(state) == pytest.approx(tuple(t / len(rest) for t in total))


def test_severity_thresholds_in_fame():
    assert severity(1.6) is Severity.INACCURACY
    assert severity(MISTAKE_FROM - 0.01) is Severity.INACCURACY
    assert severity(MISTAKE_FROM) is Severity.MISTAKE
    assert severity(BLUNDER_FROM - 0.01) is Severity.MISTAKE
    assert severity(BLUNDER_FROM) is Severity.BLUNDER


def pharaoh_leaders(state) -> frozenset[int]:
    counts = [t[Tile.PHARAOH] for t in state.tiles]
    top = max(counts)
    return frozenset() if top == min(counts) else frozenset(
        s for s, c in enumerate(counts) if c == top)


def test_the_races_moments_name_the_move_after_which_the_leaders_stayed():
    replay = load_replay(GAME_2P)
    game = GameReview.of(replay, {})
    races = [m for m in game.moments if m.kind is KeyKind.PHARAOH_RACE]
    assert races
    for moment in races:
        state = replay.play(moment.move)
        assert Move.parse(replay.moves[moment.move]).action == moment.step.action
        before = pharaoh_leaders(state)
        index = moment.move
        while state.epoch == moment.epoch and not state.over:  # to the epoch's scoring
            state.apply(Move.parse(replay.moves[index]))
            index += 1
        assert moment.seat in pharaoh_leaders(state) and before != pharaoh_leaders(state)
    kinds = [m.kind for m in game.moments]
    assert kinds.count(KeyKind.SWING) == 2 and kinds.count(KeyKind.SUN_RACE) == 1
    assert [m.move for m in game.moments] == sorted(m.move for m in game.moments)


def test_the_table_and_the_full_list_add_up():
    replay = load_replay(GAME_4P)
    losses = {0: [1.8, 7.5, 3.2, 4.0, 2.0, 6.1, 9.0], 1: [], 2: [2.5], 3: [3.0]}
    reviews = {s: Review(s, 20, 20 - len(v), sum(v) + 1.0, made_mistakes(replay, s, v),
                         accuracy=90.0 - s + 0.4) for s, v in losses.items()}
    game = GameReview.of(replay, reviews)
    line = game.line(0)
    assert line.accuracy == 90  # the review's, in whole percent
    assert line.counts == {Severity.INACCURACY: 2, Severity.MISTAKE: 2, Severity.BLUNDER: 3}
    assert [m.loss for m in game.mistakes(0)] == sorted(losses[0], reverse=True)
    assert game.line(1).accuracy == 89 and game.line(1).counts[Severity.BLUNDER] == 0
    data = json.loads(json.dumps(seat_and_game_json(game, 0)))
    for key in ("seat", "decisions", "mistakes", "close", "total_loss", "seconds"):
        assert key in data  # the fields of before, kept
    assert len(data["mistakes"]) == 5 and data["count"] == 7 == len(data["every_mistake"])
    assert [m["move"] for m in data["mistakes"]] == sorted(m["move"] for m in data["mistakes"])
    assert {m["severity"] for m in data["every_mistake"]} == {"inaccuracy", "mistake",
                                                              "blunder"}
    assert data["severity"] == {"inaccuracy": 2, "mistake": 2, "blunder": 3}
    assert len(data["graph"]["steps"]) == len(replay.moves)
    whole = json.loads(json.dumps(game.to_json()))
    assert [p["seat"] for p in whole["players"]] == [0, 1, 2, 3]
    assert whole["seat"] == "all" and len(whole["seats"]) == 4
    lines = game_lines(game, None)
    assert lines[0].startswith("Ana: accuracy 90%; inaccuracies: 2, mistakes: 2, blunders: 3")
    assert sum("Severity: blunder." in line for line in lines) == 3


def test_a_whole_game_review_reviews_every_seat(tmp_path: Path):
    replay = load_replay(GAME_4P)
    state = replay.play(12)
    short = load_replay_from(tmp_path, state, replay.moves[:12])
    job = GameReviewJob(short, None, TINY, confirm=False)
    seen = []
    while not job.done:
        job.step(0.05)
        seen.append(job.progress)
    assert job.result is not None and sorted(job.result.reviews) == [0, 1, 2, 3]
    done, total = seen[-1]
    assert done == total and all(a[0] <= b[0] for a, b in itertools.pairwise(seen))
    assert [job.result.reviews[s].decisions for s in range(4)] == [
        len(seat_decisions(short, s)) for s in range(4)]


def load_replay_from(folder: Path, state, moves):
    path = folder / "short.ra.json"
    path.write_text(json.dumps(replay_dict(state, moves, ["random"] * state.n)))
    return load_replay(path)


def test_the_time_left_is_estimated_from_the_work_done():
    assert time_left(0.0, 0, 100) == "Estimating the time left..."
    assert time_left(10.0, 50, 100) == "About 10 seconds left"
    assert time_left(10.0, 10, 100) == "About 2 minutes left"
    assert time_left(3.0, 99, 100) == "About 5 seconds left"


def test_the_whole_games_progress_total_is_known_at_the_start():
    replay = load_replay(GAME_2P)
    job = GameReviewJob(replay, None, budget=TINY)
    total = job.progress[1]
    assert total == sum(seat_units(len(seat_decisions(replay, s)), True, TINY) for s in (0, 1))
    steps = 0
    while not job.done and steps < 40:
        job.step(0.02)
        steps += 1
        assert job.progress[1] == total


@pytest.mark.slow  # a few seconds of CPU: second opinions played to the end of the game
def test_the_whole_game_reuses_a_seats_list_and_finds_the_same(tmp_path: Path, monkeypatch):
    """The seat's review of its costliest mistakes lends its work to its review with every
    mistake (the whole game's): no decision is searched again, the second opinions settled
    are not played again, and the review is the one made afresh."""
    from ra_game.review import job as job_module
    from ra_game.review.job import ReviewJob, run_job

    replay = load_replay(GAME_2P)
    short = load_replay_from(tmp_path, replay.play(30), replay.moves[:30])
    searched: list[int] = []
    rounds: list[int] = []
    real_plan, real_confirm = job_module.plan, job_module.confirm_plan
    monkeypatch.setattr(job_module, "plan",
                        lambda *a, **k: searched.append(1) or real_plan(*a, **k))
    monkeypatch.setattr(job_module, "confirm_plan",
                        lambda *a, **k: rounds.append(1) or real_confirm(*a, **k))
    fresh = run_job(ReviewJob(short, 1, None, TINY, most=None))
    fresh_rounds = len(rounds)
    listed = run_job(ReviewJob(short, 1, None, TINY, most=1))
    assert listed.work["verdicts"] and listed.work["opinions"]
    searched.clear()
    rounds.clear()
    shared = run_job(ReviewJob(short, 1, None, TINY, most=None, earlier=listed))
    assert not searched and len(rounds) < fresh_rounds
    assert shared == fresh and shared.work == fresh.work
