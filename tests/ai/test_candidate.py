"""The 3-5-player candidate: its weights file, the evaluator that names it, and the measuring
seat ``hard-v3`` that searches with it (in this process or a worker's) while the game's levels
keep theirs."""

from __future__ import annotations

import json
from importlib import resources

import pytest

from ra_game.ai import learned, make_agent, workers
from ra_game.ai.evaluate import BagInfo
from ra_game.ai.evaluators import SHIPPED, Judgment, evaluator_for
from ra_game.ai.parallel import RootParallelAgent, SearchBudget, run_tree
from tools import tournament
from tools.fingerprint import mid_epoch

SMALL = SearchBudget(trees=2, iterations=30, seconds=0.0, cap=30.0)


def candidate_text() -> str:
    return resources.files(learned.__package__).joinpath(learned.CANDIDATE_FILE).read_text(
        encoding="utf-8")


def test_the_candidate_covers_3_to_5_players_and_gives_the_training_tools_values() -> None:
    model = learned.candidate_model()
    assert model is learned.candidate_model()  # (read once)
    assert model.features == 3
    assert [n for n in range(2, 6) if model.covers(n)] == [3, 4, 5]
    assert learned.candidate_for(2) is learned.shipped_model()
    assert learned.candidate_for(4) is model
    checks = json.loads(candidate_text())["checks"]
    assert {c["record"][0] for c in checks} == {3, 4, 5}
    for check in checks:
        state = learned.state_of(check["record"])
        assert model.fame(state) == pytest.approx(check["fame"], rel=1e-9, abs=1e-9)


def test_the_candidate_evaluator_values_3_to_5_players_by_the_candidate_and_2_as_shipped(
) -> None:
    for players, seed, moves in ((2, 4, 30), (3, 7, 55), (4, 9, 70), (5, 2, 120)):
        state = mid_epoch(players, seed, moves)
        values = evaluator_for(Judgment.CANDIDATE, 0, players).values(state, BagInfo(state))
        model = learned.shipped_model() if players == 2 else learned.candidate_model()
        assert values == model.fame(state)
        if players > 2:
            assert values != learned.shipped_model().fame(state)
    assert Judgment.CANDIDATE not in SHIPPED.values()  # the game's levels keep theirs


def test_weight_groups_by_player_count_stand_alone() -> None:
    k = len(learned.FEATURES[3])
    blocks = learned.SHARED_BLOCKS * k
    text = json.dumps({"feature_version": 3, "features": list(learned.FEATURES[3]),
                       "players": [[3], [4, 5]], "weights": [1.0] * blocks + [2.0] * blocks})
    model = learned.LearnedModel.from_json(text)
    assert not model.covers(2)
    assert model.base[3][0] == (1.0,) * k and model.slope[5][2] == (2.0,) * k
    for players in ([[3], [3, 4]], [[6]], [], "3"):
        data = json.loads(text) | {"players": players}
        with pytest.raises(ValueError, match="players"):
            learned.LearnedModel.from_json(json.dumps(data))


def test_hard_v3_searches_with_the_candidate_in_a_worker_process() -> None:
    assert tournament.agent_kind("hard-v3") == "hard-v3"
    assert tournament.build_agent("hard-v3@9", 1, None).iterations == 9  # type: ignore[attr-defined]
    seat = make_agent("hard-v3", 1)
    assert isinstance(seat, RootParallelAgent) and seat.evaluator is Judgment.CANDIDATE
    state = mid_epoch(4, 9, 70)
    obs = state.observation(state.current)
    jobs = RootParallelAgent(5, SMALL, "hard", evaluator=Judgment.CANDIDATE).plan(obs)
    assert {j.evaluator for j in jobs} == {Judgment.CANDIDATE}
    here = [run_tree(j).stats for j in jobs]
    learned_jobs = RootParallelAgent(5, SMALL, "hard", evaluator=Judgment.LEARNED).plan(obs)
    assert [run_tree(j).stats for j in learned_jobs] != here  # the evaluation is the candidate
    pool = workers.WorkerPool(1)
    try:
        assert [r.stats for r in pool.run(jobs)] == here
    finally:
        pool.close()
