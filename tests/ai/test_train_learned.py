"""The groundwork of a stronger model for 3-5 players: the features against several rivals
(feature version 3), the draws across the epoch's end, search-backed targets, and the one
command that makes data, targets and weights from nothing."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ra_game.ai import learned, make_agent
from ra_game.ai.evaluators import Judgment
from ra_game.engine import GameState
from ra_game.engine.position import new_position
from ra_game.engine.tiles import Tile
from tools import calibration, search_targets
from tools.fingerprint import mid_epoch


def four_seats() -> GameState:
    """Seat 0 holds the top sun, seat 3 none face up but the largest total with seat 1."""
    return GameState.from_position(new_position(
        4, up=[[13, 2], [9], [10, 7], []], down=[[6], [12, 3], [4], [11, 8, 5]],
        scores=[10, 20, 5, 20]))


def test_rival_features_say_who_can_still_outbid_whom_and_how_the_sun_races_stand() -> None:
    rows = [dict(zip(learned.RIVAL_FEATURE_NAMES, r))
            for r in learned.rival_features(four_seats())]
    assert rows[0] == {
        "rivals_outbidding": 0, "rivals_outbid": 2, "sun_total_rank": 2,
        "sun_total_over_second_rival": pytest.approx(-0.3), "sun_total_shares_most": 0,
        "sun_total_alone_fewest": 0, "pharaoh_rank": 0, "score_rank": 2, "rivals_suns_up": 1,
        "suns_up_share": pytest.approx(0.4)}
    assert rows[3]["rivals_outbidding"] == 3 and rows[3]["rivals_outbid"] == 0
    assert rows[3]["sun_total_shares_most"] == 1 and rows[3]["suns_up_share"] == 0
    assert rows[3]["sun_total_over_second_rival"] == pytest.approx(0.3)
    assert rows[2]["sun_total_alone_fewest"] == 0 and rows[2]["score_rank"] == 3


def test_feature_version_3_weights_read_the_rival_features() -> None:
    names = learned.FEATURES[3]
    k = len(names)
    weights = [0.0] * (learned.BLOCKS * k)
    for block in range(learned.SHARED_BLOCKS // 2):  # every epoch's base weights
        weights[2 * block * k + names.index("rivals_outbid")] = 1.5
    model = learned.LearnedModel.from_json(json.dumps(
        {"feature_version": 3, "features": list(names), "weights": weights}))
    state = four_seats()
    assert model.features == 3
    assert model.to_come(state) == pytest.approx([3.0, 0.0, 1.5, 0.0])  # tops 13 9 10 -
    shipped = learned.shipped_model()
    assert shipped.features == learned.FEATURE_VERSION == 2  # the game's model is unchanged
    assert len(learned.seat_features(state)[0]) == len(learned.FEATURE_NAMES)


def test_the_draws_across_the_epochs_end_cover_the_bag_and_the_ra_tile_scores_the_epoch(
) -> None:
    state = mid_epoch(3, 4, 0)
    agent = make_agent("ai:medium", 0)
    while not calibration.epoch_end_draws(state):
        state.apply_action(agent.choose(state.observation(state.current)))
    draws = calibration.epoch_end_draws(state)
    assert sum(chance for chance, _, _ in draws) == pytest.approx(1.0)
    assert len(draws) == sum(1 for c in state.bag_counts() if c)
    for _, kind, after in draws:
        if kind == Tile.RA:
            assert after.epoch == state.epoch + 1 and after.ra_count == 0
            assert after.scores != state.scores or after.score_history
        else:
            assert after.epoch == state.epoch and kind in after.auction
    flat = calibration.drift(lambda s: [float(x) for x in s.scores], [state])
    assert flat["3"]["positions"] == 1


def test_a_search_backs_up_every_seats_value_with_all_its_iterations() -> None:
    state = mid_epoch(4, 2, 3)  # early: hard's filter leaves one move, the tree still searches
    record = learned.record_of(state)
    values, stops = search_targets.backed_up(record, Judgment.HAND_MADE, 12, 1)
    assert len(values) == 4 and all(0 < v < 120 for v in values)
    assert sum(stops.values()) >= 12
    assert all(b == "over" or b.startswith("4:") for b in stops)
    again = search_targets.backed_up(record, Judgment.HAND_MADE, 12, 1)
    assert again == (values, stops)


@pytest.mark.slow
def test_one_command_makes_data_targets_and_weights_from_nothing(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
) -> None:
    pytest.importorskip("numpy")
    from tools import train_learned

    monkeypatch.setattr(train_learned, "SEEDS", 6)  # 1401-1406: seed 1405 held out
    monkeypatch.setattr(train_learned, "MIX", "medium")
    monkeypatch.setattr(train_learned, "TARGET_ITERATIONS", 4)
    assert train_learned.main(["all", "--dir", str(tmp_path)]) == 0
    report = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert report["seeds"] == {"fitted": 5, "held_out": 1}
    assert set(report["held_out"]["learned"]["rmse_by_players"]) == {"4"}
    assert "compared" in report["held_out"] and "learned" in report["epoch_end_drift"]
    every = report["cross_validated"]  # seeds 1401-1406 by remainder: each held out once
    assert every["games"] == {"3": 6, "4": 8, "5": 10}
    assert set(every["rmse_by_players"]) == set(every["compared_rmse_by_players"]) == {
        "3", "4", "5"}
    weights = tmp_path / "learned-v3.json"
    model = learned.LearnedModel.from_json(weights.read_text(encoding="utf-8"))
    assert model.features == 3
    assert [n for n in range(2, 6) if model.covers(n)] == [3, 4, 5]
    for check in json.loads(weights.read_text(encoding="utf-8"))["checks"]:
        state = learned.state_of(check["record"])
        assert model.fame(state) == pytest.approx(check["fame"], rel=1e-9, abs=1e-9)
    data, targets, _ = train_learned.files(tmp_path)
    before = (data.read_bytes(), targets.read_bytes())
    assert train_learned.main(["all", "--dir", str(tmp_path)]) == 0  # resumes: nothing to do
    assert (data.read_bytes(), targets.read_bytes()) == before
