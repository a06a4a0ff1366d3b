"""The tournament tool: seat rotations, Wilson intervals, the JSON line, and headless play."""

from __future__ import annotations

import json

import pytest

from ra_game.headless import play_headless
from ra_game.seats import parse_seats
from tools import tournament


def test_every_agent_sits_in_every_seat_on_the_same_bags() -> None:
    jobs = tournament.jobs_for(["ai:hard", "ai:medium", "ai:medium"], 2, 7, 50)
    assert len(jobs) == 6
    for seed in (7, 8):
        seatings = [kinds for s, _, kinds, _ in jobs if s == seed]
        assert sorted(k.index("ai:hard") for k in seatings) == [0, 1, 2]


def test_wilson_interval() -> None:
    lo, hi = tournament.wilson(45, 100)
    assert lo == pytest.approx(0.3561, abs=1e-3) and hi == pytest.approx(0.5475, abs=1e-3)
    assert tournament.wilson(0, 10)[0] == 0.0
    assert tournament.wilson(10, 10)[1] == 1.0


def test_tournament_prints_one_json_line(capsys: pytest.CaptureFixture[str]) -> None:
    code = tournament.main(["--seats", "medium,random", "--games", "2", "--seed", "3", "--json"])
    assert code == 0
    out = capsys.readouterr().out.strip().splitlines()
    assert len(out) == 1
    result = json.loads(out[0])
    assert result["games"] == 4
    by_agent = {r["agent"]: r for r in result["results"]}
    assert set(by_agent) == {"medium", "random"}
    assert by_agent["medium"]["wins"] + by_agent["random"]["wins"] == 4
    for r in result["results"]:
        assert set(r) >= {"agent", "wins", "win_share", "ci95", "mean_score",
                          "mean_ms_per_decision", "max_ms_per_decision"}
        assert r["ci95"][0] <= r["win_share"] <= r["ci95"][1]


def test_tournament_rejects_unknown_agents(capsys: pytest.CaptureFixture[str]) -> None:
    assert tournament.main(["--seats", "hard,wizard", "--json"]) == 2
    err = capsys.readouterr().err
    assert "unknown agent 'wizard'" in err and "\n" == err[-1] and err.count("\n") == 1


def test_headless_play_with_every_level() -> None:
    seats = parse_seats("ai:hard,ai:medium,ai:easy,random", allow_human=False)
    state, replay = play_headless(seats, seed=5, think_ms=2)
    assert state.over and state.winner is not None
    assert [p["kind"] for p in replay["players"]] == ["ai:hard", "ai:medium", "ai:easy", "random"]


def test_a_shared_top_score_is_a_win_for_the_tie_break_winner_only() -> None:
    records = [
        {"kinds": ["ai:hard", "ai:medium"], "scores": [40, 40], "winner": 1, "times": [[0.5], []]},
        {"kinds": ["ai:medium", "ai:hard"], "scores": [30, 45], "winner": 1, "times": [[], [0.25]]},
    ]
    result = tournament.summarize(records)
    by_agent = {r["agent"]: r for r in result["results"]}
    assert result["games"] == 2
    assert by_agent["hard"]["wins"] == 1 and by_agent["medium"]["wins"] == 1
    assert by_agent["hard"]["mean_score"] == 42.5
    assert by_agent["hard"]["mean_ms_per_decision"] == 375.0
    assert by_agent["hard"]["max_ms_per_decision"] == 500.0


def test_baselines_and_fixed_iteration_seats() -> None:
    assert tournament.agent_kind("medium-v1") == "medium-v1"
    assert tournament.agent_kind("hard@30") == "ai:hard@30"
    assert tournament.agent_kind("hard-v1@30") == "hard-v1@30"
    for bad in ("medium@30", "hard@0", "hard@x"):
        with pytest.raises(ValueError):
            tournament.agent_kind(bad)
    agent = tournament.build_agent("hard-v1@30", 1, None)
    assert agent.level == "hard-v1" and agent.iterations == 30
    assert tournament.build_agent("ai:hard@12", 1, None).iterations == 12
    assert tournament.build_agent("medium-v1", 1, None).level == "medium-v1"


def test_baselines_are_not_offered_in_the_game() -> None:
    from ra_game.ai import AGENT_FACTORIES

    assert not any("v1" in kind for kind in AGENT_FACTORIES)


def test_a_tournament_against_the_frozen_baselines(capsys: pytest.CaptureFixture[str]) -> None:
    code = tournament.main(["--seats", "hard@10,medium-v1,hard-v1@10", "--games", "1", "--json"])
    assert code == 0
    result = json.loads(capsys.readouterr().out)
    assert {r["agent"] for r in result["results"]} == {"hard@10", "medium-v1", "hard-v1@10"}
