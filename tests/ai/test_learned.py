"""The learned evaluation: its input is an observation, and the shipped weights give the values
the training tool computed."""

from __future__ import annotations

import gzip
import json
import random
from importlib import resources
from pathlib import Path

import pytest

from ra_game.ai import learned, make_agent
from ra_game.engine import GameState
from tools import selfplay_data
from tools.fingerprint import mid_epoch as mid_game


def test_the_value_reads_an_observation_not_the_draw_order() -> None:
    model = learned.shipped_model()
    for players, seed, moves in ((2, 4, 30), (4, 9, 70), (5, 2, 120)):
        state = mid_game(players, seed, moves)
        other = state.redealt(random.Random(seed))
        assert other.draw_order() != state.draw_order()
        assert learned.record_of(other) == learned.record_of(state)
        assert model.fame(other) == model.fame(state)
        assert model.fame(state.observation(1).state) == model.fame(state)


def test_a_record_turns_back_into_the_same_position() -> None:
    for players, seed, moves in ((2, 1, 50), (3, 6, 90), (4, 3, 10)):
        state = mid_game(players, seed, moves)
        record = learned.record_of(state)
        again = learned.state_of(record)
        assert learned.record_of(again) == record
        assert learned.seat_features(again) == learned.seat_features(state)


def test_the_shipped_weights_give_the_training_tools_values() -> None:
    model = learned.shipped_model()
    assert model is learned.shipped_model()  # (read once)
    assert model.version >= 1
    shipped = resources.files(learned.__package__).joinpath(learned.WEIGHTS_FILE)
    checks = json.loads(shipped.read_text(encoding="utf-8"))["checks"]
    assert len(checks) >= 3
    for check in checks:
        state = learned.state_of(check["record"])
        assert model.fame(state) == pytest.approx(check["fame"], rel=1e-9, abs=1e-9)


def test_weights_of_other_features_are_refused_with_a_clear_message() -> None:
    shipped = resources.files(learned.__package__).joinpath(learned.WEIGHTS_FILE).read_text(
        encoding="utf-8")
    data = json.loads(shipped)
    data["features"] = data["features"][:-1]
    with pytest.raises(ValueError, match="other features"):
        learned.LearnedModel.from_json(json.dumps(data))
    data = json.loads(shipped)
    data["weights"] = data["weights"][:-2]
    with pytest.raises(ValueError, match="weights"):
        learned.LearnedModel.from_json(json.dumps(data))


def test_selfplay_data_resumes_after_a_game_cut_short(tmp_path: Path) -> None:
    out = tmp_path / "data.jsonl.gz"
    command = ["--seeds", "2", "--seed", "40", "--players", "2", "--mix", "medium,random",
               "--out", str(out)]
    assert selfplay_data.main(command) == 0
    whole = out.read_bytes()
    games, cut = selfplay_data.read_games(out)
    assert len(games) == 4 and not cut
    assert sorted((g["seed"], g["rotation"]) for g in games) == [(40, 0), (40, 1), (41, 0), (41, 1)]
    for g in games:
        assert len(g["fame"]) == 3 and g["positions"]
        final = g["fame"][-1]
        assert final[g["winner"]] == max(final)
        state = learned.state_of(g["positions"][-1])
        assert state.epoch == 3 and len(state.scores) == 2
    out.write_bytes(whole[:-30])  # a run stopped while writing its last game
    assert selfplay_data.read_games(out)[1]
    assert selfplay_data.main(command) == 0
    again, cut = selfplay_data.read_games(out)
    assert not cut and len(again) == 4
    key = lambda g: (g["seed"], g["rotation"])
    assert sorted(again, key=key) == sorted(games, key=key)
    with gzip.open(out, "rt", encoding="utf-8") as f:
        assert len(f.read().splitlines()) == 4


def test_selfplay_data_refuses_bad_options(capsys: pytest.CaptureFixture[str]) -> None:
    assert selfplay_data.main(["--players", "7", "--out", "/nonexistent/x.gz"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("selfplay_data: error:") and err.count("\n") == 1


def test_the_learned_evaluator_values_positions_by_the_model_and_its_search_plays_legal_moves(
) -> None:
    from ra_game.ai.evaluate import BagInfo
    from ra_game.ai.evaluators import HAND_MADE, LEARNED, Judgment
    from ra_game.ai.mcts import HardAgent, candidate_actions
    from ra_game.ai.parallel import RootParallelAgent
    from tools import tournament

    state = mid_game(3, 12, 40)
    assert LEARNED.values(state, BagInfo(state)) == learned.shipped_model().fame(state)
    assert LEARNED.values(state, BagInfo(state)) != HAND_MADE.values(state, BagInfo(state))
    agent = tournament.build_agent(tournament.agent_kind("hard-learned@20"), 3, None)
    assert isinstance(agent, HardAgent) and agent.iterations == 20
    whole = tournament.build_agent(tournament.agent_kind("hard-learned"), 3, None)
    assert isinstance(whole, RootParallelAgent)
    choice = mid_game(4, 5, 20)
    assert len(candidate_actions(choice)) > 1
    jobs = whole.plan(choice.observation(choice.current))
    assert len(jobs) == 4 and all(j.iterations == 300 for j in jobs)
    assert all(j.evaluator is Judgment.LEARNED for j in jobs)
    tree = jobs[0].make_agent()
    tree.begin(jobs[0].obs)
    assert tree.evaluator is LEARNED
    game = GameState.new(2, seed=8)
    rival = make_agent("ai:medium", 1)
    while not game.over:
        obs = game.observation(game.current)
        action = (agent if game.current == 0 else rival).choose(obs)
        assert action in game.legal_actions()
        game.apply_action(action)


def test_two_player_weights_are_the_shared_ones_plus_their_own_deviations() -> None:
    k = len(learned.FEATURE_NAMES)
    shared = [1.0] * (learned.SHARED_BLOCKS * k)
    own = [2.0] * (learned.SHARED_BLOCKS * k)
    own[:k] = [0.5] * k  # (epoch 1's 2-player deviations)
    text = json.dumps({"feature_version": learned.FEATURE_VERSION,
                       "features": list(learned.FEATURE_NAMES), "weights": shared + own})
    model = learned.LearnedModel.from_json(text)
    assert model.base[2][0] == (1.5,) * k and model.base[2][1] == (3.0,) * k
    assert model.base[4][0] == (1.0,) * k and model.slope[4][2] == (1.0,) * k
    assert all(model.covers(n) for n in range(2, 6))
    two, four = mid_game(2, 4, 20), mid_game(4, 4, 20)
    assert two.epoch == four.epoch == 1
    for state, base, slope in ((two, 1.5, 3.0), (four, 1.0, 1.0)):
        progress = state.ra_count / state.ra_length
        assert progress > 0
        expected = [sum(row) * (base + slope * progress) for row in learned.seat_features(state)]
        assert model.to_come(state) == pytest.approx(expected)


def test_the_shipped_checks_cover_two_players_and_more() -> None:
    shipped = resources.files(learned.__package__).joinpath(learned.WEIGHTS_FILE)
    checks = json.loads(shipped.read_text(encoding="utf-8"))["checks"]
    assert {c["record"][0] for c in checks} == {2, 3, 4, 5}
