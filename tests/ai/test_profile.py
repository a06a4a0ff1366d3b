"""tools/ai_profile.py: every habit statistic counted on hand-made replays."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from ra_game.engine import GameState, Move, replay_dict
from ra_game.engine.state import BID
from tools import ai_profile

from .positions import kinds

SUNS = [[9, 6, 5, 2], [8, 7, 4, 3]]

#: Epoch 1 of a 2-player game, move by move (P0 holds 9-6-5-2, P1 8-7-4-3, P0 starts):
STORY = [
    # P1 invokes on gold x3, god, temple; P0 passes with a bid in hand; P1 buys with its 3.
    "draw", "draw", "draw", "draw", "draw", "ra", "pass", "bid:3",
    # P1 invokes on pharaoh x2 + funeral and wins it with 4: the Funeral takes its 2 Pharaohs.
    "draw", "draw", "draw", "ra", "pass", "bid:4",
    # P0 invokes on an empty track; P1 wins the centre 4 with its 7.
    "ra", "bid:7", "pass",
    # P1 invokes on an empty track and must pay its 8 for the centre 7: P1 is out of suns first.
    "ra", "pass", "bid:8",
    # P0, alone with suns, invokes on one God and pays its 9 (the top sun) for the centre 8.
    "draw", "ra", "bid:9",
    # P0 draws god + gold, takes the gold with its God, then buys the god with its 2.
    "draw", "draw", "god:gold", "ra", "bid:2",
    # Five Ra tiles start auctions P0 passes; the sixth ends the epoch with P0's 6-5 unspent.
    *["draw", "pass"] * 5, "draw",
]
BAG = kinds("gold gold gold god temple pharaoh pharaoh funeral god god gold") + kinds("ra") * 18


def finish_passing(state: GameState, moves: list[str]) -> None:
    """Play the game to its end by drawing and passing every auction (moves appended)."""
    while not state.over:
        move = "pass" if state.phase == BID else "draw"
        state.apply(move)
        moves.append(move)


def story_replay(tmp_path: Path) -> Path:
    """The story, then epochs 2 and 3 of Ra draws that everybody passes; saved as a replay."""
    state = GameState.new(2, seed=3, suns=SUNS, bag=BAG)
    moves = list(STORY)
    for move in moves:
        state.apply(move)
    finish_passing(state, moves)
    path = tmp_path / "story.ra.json"
    path.write_text(json.dumps(replay_dict(state, moves, ["ai:hard", "ai:medium"], 3)))
    return path


@pytest.fixture
def story(tmp_path: Path) -> tuple[dict[str, int], dict[str, int]]:
    rows = ai_profile.rows_of_replay(str(story_replay(tmp_path)))
    assert [level for level, _ in rows] == ["hard", "medium"]
    return rows[0][1], rows[1][1]


def test_invokes_small_empty_and_tiny_ones_that_lose_suns(story) -> None:
    p0, p1 = story
    assert (p0["invokes"], p0["small_invokes"], p0["empty_invokes"]) == (3, 1, 1)
    assert (p1["invokes"], p1["small_invokes"], p1["empty_invokes"]) == (3, 1, 1)
    # P1's 8 for the centre 7 (a rival held suns); P0's 9 for the centre 8 as the last holder.
    assert (p1["tiny_invokes_losing_suns"], p1["tiny_invokes_losing_suns_last_holder"]) == (1, 0)
    assert (p0["tiny_invokes_losing_suns"], p0["tiny_invokes_losing_suns_last_holder"]) == (1, 1)


def test_first_out_of_suns_and_the_fair_share(story) -> None:
    p0, p1 = story
    assert p1["first_out"] == 1 and p0["first_out"] == 0
    assert p0["out_epochs"] == p1["out_epochs"] == 1  # nobody ran out in epochs 2 and 3
    assert p0["out_epoch_seats"] == 2  # 1 out epoch x 2 players: a fair share of 1/2


def test_top_sun_on_a_small_lot_early(story) -> None:
    p0, p1 = story
    assert p0["top_sun_small_lot_early"] == 1  # the 9 on one God, no Ra tile out
    assert p1["top_sun_small_lot_early"] == 0  # its 8 was not the top sun (P0 held the 9)


def test_unspent_suns_at_epoch_end(story) -> None:
    p0, p1 = story
    assert p0["unspent_suns"] == 2 + 4 + 4  # 6-5 in epoch 1, all four in epochs 2 and 3
    assert p1["unspent_suns"] == 0 + 4 + 4
    assert p0["epochs"] == p1["epochs"] == 3


def test_gods_won_spent_and_held_at_scoring(story) -> None:
    p0, p1 = story
    assert (p0["gods_won"], p0["gods_spent"], p0["gods_held_at_scoring"]) == (2, 1, 1)
    assert (p1["gods_won"], p1["gods_spent"], p1["gods_held_at_scoring"]) == (1, 0, 1)


def test_own_tiles_lost_to_disasters(story) -> None:
    p0, p1 = story
    assert p1["disaster_losses"] == 2 and p0["disaster_losses"] == 0


def test_valuable_pass_that_sold_cheap(story) -> None:
    p0 = story[0]
    # gold x3 + god + temple, passed with a 5 in hand, sold for 3 (<= 5 + 2); the junk lot
    # (pharaohs + funeral) and the empty tracks P0 passed are not valuable to it.
    assert (p0["valuable_passes"], p0["valuable_passes_sold_cheap"]) == (1, 1)
    assert p0["valuable_passes_unsold"] == 0


def test_valuable_pass_of_a_lot_nobody_buys(tmp_path: Path) -> None:
    state = GameState.new(2, seed=3, suns=SUNS, bag=kinds("gold gold gold ra"))
    moves = ["draw", "draw", "draw", "draw", "pass", "pass"]
    start = state.clone()
    for move in moves:
        state.apply(move)

    stats = ai_profile.profile_game(start, [Move.parse(m).action for m in moves])
    for s in stats:
        assert (s["valuable_passes"], s["valuable_passes_sold_cheap"]) == (1, 1)
        assert s["valuable_passes_unsold"] == 1


def test_civilizations_monuments_scores_and_wins(story) -> None:
    p0, p1 = story
    assert p0["no_civilization_epochs"] == p1["no_civilization_epochs"] == 3
    assert p1["monument_points"] == 1 and p0["monument_points"] == 0  # P1's lone temple
    # P0: 10 + (2 god + 3 gold - 5) - 5 - 5 + 5 (most suns) = 5; P1: 16 - 5 - 5 + 1 - 5 = 2
    assert (p0["score"], p1["score"]) == (5, 2)
    assert (p0["wins"], p1["wins"]) == (1, 0)


def test_summary_is_one_result_per_level_with_shares() -> None:
    rows = [
        ("hard", Counter(games=1, invokes=4, small_invokes=1, first_out=1, out_epochs=2,
                         out_epoch_seats=4, gods_won=3, gods_held_at_scoring=1, epochs=3)),
        ("hard", Counter(games=1, invokes=4, small_invokes=0, out_epochs=1, out_epoch_seats=2,
                         epochs=3, score=40, wins=1, gods_won=2, gods_won_with_last_sun=1,
                         gods_held_at_scoring=1)),
        ("medium", Counter(games=1, epochs=3)),
    ]
    by_level = {r["level"]: r for r in ai_profile.summarize(rows)}
    hard = by_level["hard"]
    assert hard["games"] == 2 and hard["small_invoke_share"] == 0.125
    assert hard["first_out_rate"] == pytest.approx(1 / 3, abs=1e-4)
    assert hard["first_out_fair"] == 0.5
    assert hard["gods_held_share"] == 0.4  # 2 of 5
    assert hard["gods_held_share_playable"] == 0.25  # (2 - 1) of (5 - 1)
    assert hard["mean_score"] == 20 and hard["win_share"] == 0.5
    assert by_level["medium"]["small_invoke_share"] is None  # no invokes: no share


def test_cli_prints_one_json_line_per_level(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = story_replay(tmp_path)
    assert ai_profile.main(["--replays", str(path)]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert [json.loads(line)["level"] for line in lines] == ["hard", "medium"]
    assert ai_profile.main(["--seats", "medium,random", "--games", "1", "--seed", "2"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    results = [json.loads(line) for line in lines]
    assert sorted(r["level"] for r in results) == ["medium", "random"]
    assert all(r["games"] == 2 for r in results)


def test_cli_bad_input_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.ra.json"
    bad.write_text("{}")
    assert ai_profile.main(["--replays", str(bad)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("ai_profile: error:") and err.count("\n") == 1
    assert ai_profile.main(["--seats", "wizard,medium"]) == 2
    assert "unknown agent" in capsys.readouterr().err


def test_gods_bought_with_the_last_sun(tmp_path: Path) -> None:
    """P1 spends 3, 4 and 7 on empty tracks, then buys a God with its last sun, the 8: it can
    never play it, so the playable share leaves it out."""
    state = GameState.new(2, seed=3, suns=SUNS, bag=kinds("god") + kinds("ra") * 20)
    moves = ["ra", "bid:3", "pass", "ra", "pass", "bid:4", "ra", "bid:7", "pass",
             "draw", "ra", "bid:8", "pass"]
    for move in moves:
        state.apply(move)
    assert state.tiles[1][kinds("god")[0]] == 1 and not state.suns_up[1]
    finish_passing(state, moves)
    path = tmp_path / "last.ra.json"
    path.write_text(json.dumps(replay_dict(state, moves, ["ai:medium", "ai:hard"], 3)))
    (_, medium), (_, hard) = ai_profile.rows_of_replay(str(path))
    assert (hard["gods_won"], hard["gods_won_with_last_sun"], hard["gods_held_at_scoring"]) == (
        1, 1, 1)
    assert medium["gods_won_with_last_sun"] == 0
    summary = {r["level"]: r for r in ai_profile.summarize([("hard", hard), ("medium", medium)])}
    assert summary["hard"]["gods_held_share"] == 1.0
    assert summary["hard"]["gods_held_share_playable"] is None  # no other God was won


def test_a_recorded_profile_resumes_and_refuses_other_records(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = tmp_path / "profile.jsonl"
    seats = ["--seats", "medium,random", "--seed", "4", "--record", str(record)]
    assert ai_profile.main([*seats, "--games", "1"]) == 0
    capsys.readouterr()
    lines = record.read_text().splitlines()
    assert len(lines) == 2
    game = json.loads(lines[1])  # its moves replay the game from its seed
    start = GameState.new(2, seed=game["seed"])
    replayed = ai_profile.rows_of_game(
        start, [Move.parse(m).action for m in game["moves"]], game["kinds"])
    assert [[level, dict(c)] for level, c in replayed] == game["rows"]
    record.write_text(lines[0] + "\n" + lines[1][:30])  # a run stopped while writing
    assert ai_profile.main([*seats, "--games", "2"]) == 0
    resumed = capsys.readouterr()
    assert "1 game(s) from" in resumed.err and "1 unreadable line(s)" in resumed.err
    assert resumed.err.count(" winner ") == 3  # the cut game and the two of the new seed
    assert ai_profile.main(["--seats", "medium,random", "--seed", "4", "--games", "2"]) == 0
    fresh = capsys.readouterr().out
    assert resumed.out == fresh  # the same figures as one uninterrupted run
    assert len(record.read_text().splitlines()) == 5  # (the cut line stays, unread)

    tournament_games = tmp_path / "tournament.jsonl"
    rec = json.loads(lines[0])
    del rec["rows"]
    tournament_games.write_text(json.dumps(rec) + "\n")
    assert ai_profile.main(["--seats", "medium,random", "--seed", "4", "--games", "1",
                            "--record", str(tournament_games)]) == 2
    err = capsys.readouterr().err
    assert "holds tournament games, not profiles" in err and err.count("\n") == 1


def test_a_scratch_edit_of_the_ai_gets_its_own_code_version(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from tools import tournament

    outputs = {"log": "abc123", "status": " M ra_game/ai/evaluate.py", "diff": "-0.4\n+0.8"}

    def fake_run(args: list[str], **_: object) -> object:
        class Done:
            stdout = outputs[args[1]]
        return Done()

    monkeypatch.setattr(tournament.subprocess, "run", fake_run)
    first = tournament.code_version()
    outputs["diff"] = "-0.4\n+1.2"
    second = tournament.code_version()
    assert first.startswith("abc123+changes-") and second.startswith("abc123+changes-")
    assert first != second
    outputs["status"] = ""
    assert tournament.code_version() == "abc123"
