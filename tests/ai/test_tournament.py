"""The tournament tool: seat rotations, Wilson intervals, the JSON line, and headless play."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ra_game.table.headless import play_headless
from ra_game.table.seats import parse_seats
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
        {"kinds": ["ai:hard", "ai:medium"], "scores": [40, 40], "winner": 1,
         "ms": [[1, 500.0, 500.0], [0, 0.0, 0.0]]},
        {"kinds": ["ai:medium", "ai:hard"], "scores": [30, 45], "winner": 1,
         "ms": [[0, 0.0, 0.0], [1, 250.0, 250.0]]},
    ]
    result = tournament.summarize(records)
    by_agent = {r["agent"]: r for r in result["results"]}
    assert result["games"] == 2
    assert by_agent["hard"]["wins"] == 1 and by_agent["medium"]["wins"] == 1
    assert by_agent["hard"]["mean_score"] == 42.5
    assert by_agent["hard"]["mean_ms_per_decision"] == 375.0
    assert by_agent["hard"]["max_ms_per_decision"] == 500.0


def test_the_fame_margin_is_averaged_over_a_seeds_rotations_then_over_seeds() -> None:
    def game(seed: int, kinds: list[str], scores: list[int]) -> dict:
        return {"seed": seed, "kinds": kinds, "scores": scores, "winner": scores.index(max(scores)),
                "ms": [[0, 0.0, 0.0] for _ in kinds]}

    records = [
        game(1, ["a", "b", "b"], [40, 30, 35]), game(1, ["b", "a", "b"], [20, 30, 10]),
        game(1, ["b", "b", "a"], [50, 20, 44]),  # seed 1: a's margins 5, 10, -6: mean 3
        game(2, ["a", "b", "b"], [30, 31, 20]), game(2, ["b", "a", "b"], [25, 40, 10]),
        game(2, ["b", "b", "a"], [30, 30, 39]),  # seed 2: -1, 15, 9: mean 23 / 3
        game(3, ["a", "b", "b"], [10, 30, 20]), game(3, ["b", "a", "b"], [30, 30, 30]),
        game(3, ["b", "b", "a"], [20, 20, 20]),  # seed 3: -20, 0, 0: mean -20 / 3
    ]
    by_agent = {r["agent"]: r for r in tournament.summarize(records)["results"]}
    means = [3.0, 23 / 3, -20 / 3]
    mean = sum(means) / 3
    sd = (sum((m - mean) ** 2 for m in means) / 2) ** 0.5
    half = 4.303 * sd / 3 ** 0.5
    a = by_agent["a"]
    assert a["mean_margin"] == round(mean, 2) and a["margin_seeds"] == 3
    assert a["margin_ci95"] == [round(mean - half, 2), round(mean + half, 2)]
    # (b: two seats a game; a seat's margin is against its best rival, its own kind included)
    seeds_b = [(-10 - 5 - 10 - 20 + 6 - 30) / 6, (1 - 11 - 15 - 30 - 9 - 9) / 6, 0.0]
    assert by_agent["b"]["mean_margin"] == round(sum(seeds_b) / 3, 2)
    assert tournament.clustered_mean({7: [2.0, 4.0]}) == (3.0, None)


def test_t_quantiles_beyond_the_table() -> None:
    assert tournament.t975(30) == 2.042
    assert tournament.t975(31) == pytest.approx(2.0395, abs=1e-3)
    assert tournament.t975(119) == pytest.approx(1.9801, abs=1e-3)
    assert tournament.t975(100000) == pytest.approx(1.96, abs=1e-3)


def test_one_table_of_agents_and_fixed_iteration_seats() -> None:
    assert tournament.agent_kind("hard-learned") == "hard-learned"
    assert tournament.agent_kind("hard@30") == "ai:hard@30"
    assert tournament.agent_kind("hard-hand-made@30") == "hard-hand-made@30"
    for bad in ("medium@30", "hard@0", "hard@x", "medium-v1", "hard-v1"):
        with pytest.raises(ValueError):
            tournament.agent_kind(bad)
    assert tournament.build_agent("ai:hard@12", 1, None).iterations == 12  # type: ignore[attr-defined]


def test_measuring_kinds_are_not_offered_in_the_game() -> None:
    from ra_game.ai import AGENTS, LEVELS

    assert set(AGENTS) - set(LEVELS) == {"hard-learned", "hard-v3", "hard-hand-made"}
    assert not any(AGENTS[k].offered for k in AGENTS if k not in LEVELS)


def test_searches_run_their_full_iterations_and_cut_trees_are_counted() -> None:
    from ra_game.ai import RootParallelAgent

    uncapped = tournament.build_agent("ai:hard", 1, None)
    capped = tournament.build_agent("ai:hard", 1, None, capped=True)
    assert isinstance(uncapped, RootParallelAgent) and isinstance(capped, RootParallelAgent)
    assert uncapped.budget.cap >= 1e6 and capped.budget.cap < 10
    from ra_game.ai.mcts import candidate_actions
    from ra_game.ai.parallel import SearchBudget
    from ra_game.engine import GameState

    state = GameState.new(2, seed=3)
    while len(candidate_actions(state)) < 2:
        state.apply_action(state.legal_actions()[0])
    hurried = RootParallelAgent(1, SearchBudget(2, 100_000, 0.0, cap=0.01), "hard")
    hurried.choose(state.observation(state.current))
    assert tournament.cut_so_far(hurried) == 2  # both trees stopped by the cap
    recs = [{"seed": 1, "kinds": ["a", "b"], "scores": [10, 5], "winner": 0,
             "ms": [[0, 0.0, 0.0]] * 2, "cut": [2, 0]},
            {"seed": 1, "kinds": ["b", "a"], "scores": [7, 9], "winner": 1,
             "ms": [[0, 0.0, 0.0]] * 2, "cut": [0, 1]}]
    by_agent = {r["agent"]: r for r in tournament.summarize(recs)["results"]}
    assert by_agent["a"]["cut_short"] == 3 and by_agent["b"]["cut_short"] == 0


def run_json(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[dict, str]:
    assert tournament.main([*args, "--json"]) == 0
    captured = capsys.readouterr()
    return json.loads(captured.out), captured.err


def test_a_recorded_tournament_resumes_where_it_stopped(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = tmp_path / "games.jsonl"
    seats = ["--seats", "medium,random", "--seed", "3"]
    run_json([*seats, "--games", "1", "--record", str(record)], capsys)
    assert len(record.read_text().splitlines()) == 2
    resumed, err = run_json([*seats, "--games", "2", "--record", str(record)], capsys)
    assert "2 game(s) from" in err and err.count(" winner ") == 2  # only the two new games
    assert "[3/4]" in err and "[4/4]" in err
    fresh, _ = run_json([*seats, "--games", "2"], capsys)
    assert resumed["games"] == 4 and len(record.read_text().splitlines()) == 4
    strip = [{k: v for k, v in r.items() if "ms" not in k} for r in fresh["results"]]
    assert [{k: v for k, v in r.items() if "ms" not in k} for r in resumed["results"]] == strip


def test_a_line_cut_short_is_played_again_and_other_code_is_refused(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = tmp_path / "games.jsonl"
    seats = ["--seats", "medium,random", "--seed", "5", "--games", "1", "--record", str(record)]
    run_json(seats, capsys)
    lines = record.read_text().splitlines()
    record.write_text(lines[0] + "\n" + lines[1][:40])  # a run stopped while writing
    again, err = run_json(seats, capsys)
    assert "1 unreadable line(s)" in err and "1 game(s) from" in err and again["games"] == 2
    assert tournament.load_record(record, tournament.code_version())[0].keys() == {
        (5, 0, ("ai:medium", "random"), None), (5, 1, ("random", "ai:medium"), None)}
    other = json.loads(lines[0]) | {"code": "0" * 40}
    record.write_text(json.dumps(other) + "\n")
    assert tournament.main(seats) == 2
    err = capsys.readouterr().err
    assert "holds games of AI code 0000" in err and err.count("\n") == 1


def test_games_of_a_code_named_the_same_are_kept_and_new_games_get_this_code(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = tmp_path / "games.jsonl"
    seats = ["--seats", "medium,random", "--seed", "5", "--record", str(record)]
    run_json([*seats, "--games", "1"], capsys)
    older = [json.dumps({**json.loads(line), "code": "older"})
             for line in record.read_text().splitlines()]
    record.write_text("\n".join(older) + "\n")
    assert tournament.main([*seats, "--games", "2", "--same-code", "other"]) == 2
    assert "holds games of AI code older" in capsys.readouterr().err
    resumed, err = run_json([*seats, "--games", "2", "--same-code", "older"], capsys)
    assert "2 game(s) from" in err and err.count(" winner ") == 2 and resumed["games"] == 4
    codes = [json.loads(line)["code"] for line in record.read_text().splitlines()]
    assert codes == ["older", "older", tournament.code_version(), tournament.code_version()]


def test_a_report_prints_what_a_record_holds_and_plays_nothing(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = tmp_path / "games.jsonl"
    seats = ["--seats", "medium,random", "--seed", "3", "--record", str(record)]
    played, _ = run_json([*seats, "--games", "1"], capsys)
    lines = record.read_text().splitlines()
    other = [json.dumps({**json.loads(line), "code": "older"}) for line in lines]
    record.write_text("\n".join(other) + "\n")  # games of other code: reported, not refused
    report, err = run_json([*seats, "--games", "3", "--report"], capsys)
    assert report["games"] == played["games"] == 2
    assert report["results"] == played["results"]
    assert "2 game(s) recorded (code older), 4 still to play" in err
    assert record.read_text().splitlines() == other  # nothing played, nothing written
    assert tournament.main(["--seats", "medium,random", "--report"]) == 2
