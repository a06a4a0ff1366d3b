"""The ``ra-game`` command line: in-process through ``ra_game.cli.main`` and as a real
``python3 -m ra_game`` subprocess.  stdout carries only the summary JSON; every user error
exits 2 with exactly one line on stderr and no traceback."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from ra_game import __version__
from ra_game.cli import main
from ra_game.engine import load_replay

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "tests" / "fixtures"
GOLDEN = FIXTURES / "golden_3p_full.ra.json"
DISCARD = FIXTURES / "golden_5p_discard.ra.json"


def _golden_summary(path: Path) -> dict[str, object]:
    return json.loads(path.with_name(path.name.replace(".ra.json", ".summary.json")).read_text())


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "SDL_VIDEODRIVER": "dummy"}
    return subprocess.run([sys.executable, "-m", "ra_game", *args], cwd=ROOT, env=env,
                          check=False, capture_output=True, text=True, timeout=60)


def _main_exit(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as info:
        main(list(args))
    out, err = capsys.readouterr()
    return int(info.value.code or 0), out, err


def _one_line_error(err: str) -> str:
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert "Traceback" not in err
    assert lines[0].startswith("ra-game: error: ")
    return lines[0]


def _bad_replay(tmp_path: Path, moves: list[str]) -> Path:
    """A 2-player replay whose first draws are gold, pharaoh, then a Ra tile."""
    doc = {
        "format": "ra-replay/1",
        "players": [{"name": "Ana", "kind": "human"}, {"name": "Bo", "kind": "random"}],
        "suns": [[9, 6, 5, 2], [8, 7, 4, 3]],
        "bag": ["gold", "pharaoh", "ra"],
        "moves": moves,
    }
    path = tmp_path / "bad.ra.json"
    path.write_text(json.dumps(doc))
    return path


# ------------------------------------------------------------------ in process


@pytest.mark.parametrize("path", [GOLDEN, DISCARD], ids=lambda p: p.name)
def test_replay_summary_prints_only_the_summary_json(
    capsys: pytest.CaptureFixture[str], path: Path
) -> None:
    assert main(["replay", str(path), "--summary"]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    assert len(out.splitlines()) == 1
    assert json.loads(out) == _golden_summary(path)


def test_replay_without_summary_reports_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(DISCARD)]) == 0
    out, _ = capsys.readouterr()
    moves = len(load_replay(DISCARD).moves)
    assert out == f"{DISCARD}: {moves} moves replayed; game in progress\n"


def test_replay_of_an_illegal_move_exits_2_naming_the_move(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = _bad_replay(tmp_path, ["draw", "pass"])
    code, out, err = _main_exit(capsys, "replay", str(path), "--summary")
    line = _one_line_error(err)
    assert code == 2 and out == ""
    assert "move 1 " in line and "'pass'" in line and "cannot play" in line


@pytest.mark.parametrize(("content", "message"), [
    ("not json at all", "not JSON"),
    ('{"format": "chess/1"}', "'format'"),
    ('{"format": "ra-replay/1", "players": [{}, {}], "bag": ["unicorn"]}', "unknown tile"),
])
def test_replay_of_a_bad_file_exits_2(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, content: str, message: str
) -> None:
    path = tmp_path / "bad.ra.json"
    path.write_text(content)
    code, out, err = _main_exit(capsys, "replay", str(path), "--summary")
    assert code == 2 and out == "" and message in _one_line_error(err)


def test_replay_of_a_missing_file_exits_2(capsys: pytest.CaptureFixture[str],
                                          tmp_path: Path) -> None:
    code, _, err = _main_exit(capsys, "replay", str(tmp_path / "missing.ra.json"))
    assert code == 2 and "cannot read" in _one_line_error(err)


def test_headless_play_saves_a_replay_that_replays_to_its_summary(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "g.ra.json"
    assert main(["play", "--headless", "--players", "random,random,random", "--seed", "1",
                 "--save-replay", str(path)]) == 0
    played, err = capsys.readouterr()
    assert err == "" and json.loads(played)["over"] is True
    assert main(["replay", str(path), "--summary"]) == 0
    replayed, _ = capsys.readouterr()
    assert replayed == played
    doc = json.loads(path.read_text())
    assert [p["kind"] for p in doc["players"]] == ["random"] * 3 and doc["seed"] == 1


@pytest.mark.parametrize(("args", "message"), [
    (["--bogus"], "unrecognized arguments"),
    (["play", "--headless", "--frobnicate"], "unrecognized arguments"),
    (["play", "--headless", "--players", "random,random", "--seed", "abc"], "seed"),
    (["play", "--headless", "--players", "random,wizard"], "unknown seat kind 'wizard'"),
    (["play", "--headless", "--players", "human,random"], "human"),
    (["play", "--headless", "--players", "random"], "2 to 5 seats"),
    (["play", "--headless", "--players", "random,random,random,random,random,random"],
     "2 to 5 seats"),
    (["replay"], "file"),
    (["fly"], "invalid choice"),
])
def test_bad_command_lines_exit_2_with_one_line(
    capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    code, out, err = _main_exit(capsys, *args)
    assert code == 2 and out == ""
    assert message in _one_line_error(err)


def test_version_and_help(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _main_exit(capsys, "--version")
    assert code == 0 and out.splitlines()[0] == f"ra-game {__version__}"
    code, out, _ = _main_exit(capsys, "--help")
    assert code == 0 and out.startswith("usage: ra-game") and "replay" in out
    code, out, _ = _main_exit(capsys, "replay", "--help")
    assert code == 0 and "--summary" in out


# ------------------------------------------------------------------ subprocess


def test_subprocess_replay_summary_is_the_only_output() -> None:
    result = _run("replay", str(GOLDEN), "--summary")
    assert result.returncode == 0 and result.stderr == ""
    assert len(result.stdout.splitlines()) == 1
    assert json.loads(result.stdout) == _golden_summary(GOLDEN)


def test_subprocess_play_then_replay_print_the_same_summary(tmp_path: Path) -> None:
    path = tmp_path / "g.ra.json"
    played = _run("play", "--headless", "--players", "random,random,random", "--seed", "1",
                  "--save-replay", str(path))
    assert played.returncode == 0 and played.stderr == ""
    replayed = _run("replay", str(path), "--summary")
    assert replayed.returncode == 0
    assert replayed.stdout == played.stdout
    assert json.loads(played.stdout)["over"] is True


@pytest.mark.parametrize("args", [
    ["replay", "{missing}"],
    ["replay", "{illegal}", "--summary"],
    ["--no-such-option"],
    ["play", "--headless", "--seed", "x1"],
    ["play", "--headless", "--players", "random,robot"],
    ["play", "--headless", "--players", "human,random,random"],
])
def test_subprocess_errors_exit_2_with_one_line_and_no_traceback(
    tmp_path: Path, args: list[str]
) -> None:
    illegal = _bad_replay(tmp_path, ["draw", "draw", "bid:16"])  # no bidding on a turn
    args = [a.format(missing=tmp_path / "none.ra.json", illegal=illegal) for a in args]
    result = _run(*args)
    assert result.returncode == 2
    assert result.stdout == ""
    _one_line_error(result.stderr)
    if "--summary" in args:
        assert "move 2 " in result.stderr and "bid:16" in result.stderr


def test_subprocess_version_and_help() -> None:
    version = _run("--version")
    assert version.returncode == 0 and version.stdout.splitlines()[0] == f"ra-game {__version__}"
    helped = _run("--help")
    assert helped.returncode == 0 and "usage: ra-game" in helped.stdout and helped.stderr == ""


@pytest.mark.parametrize("content, reason", [
    ("{ nope", "not JSON"), ('{"format": "ra-replay/9"}', "format"),
])
def test_watch_a_file_that_cannot_be_watched_is_one_line_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: str, reason: str
) -> None:
    bad = tmp_path / "bad.ra.json"
    bad.write_text(content)
    code, out, err = _main_exit(capsys, "watch", str(bad))
    assert code == 2 and out == "" and reason in err and err.count("\n") == 1


def test_watch_an_illegal_move_names_it_and_a_missing_file_too(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    doc = json.loads(GOLDEN.read_text())
    doc["moves"][5] = "bid:99"
    bad = tmp_path / "illegal.ra.json"
    bad.write_text(json.dumps(doc))
    code, _out, err = _main_exit(capsys, "watch", str(bad))
    assert code == 2 and "move 5" in err and err.count("\n") == 1
    code, _out, err = _main_exit(capsys, "watch", str(tmp_path / "missing.ra.json"))
    assert code == 2 and "cannot read" in err


def test_ai_workers_must_be_a_positive_whole_number(capsys: pytest.CaptureFixture[str]) -> None:
    for bad in ("0", "two", "-3"):
        code, out, err = _main_exit(capsys, "play", "--headless", "--players",
                                    "ai:medium,random", "--ai-workers", bad)
        assert code == 2 and not out
        assert "--ai-workers" in _one_line_error(err)


@pytest.mark.slow
def test_headless_hard_game_on_two_workers_matches_one(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Fixed work per decision: the same game whatever the number of worker processes."""
    from ra_game.ai import parallel

    monkeypatch.setattr(parallel, "HARD_BUDGET", parallel.SearchBudget(3, 12, 0.0, 30.0))
    outs = []
    for workers in ("1", "2"):
        assert main(["play", "--headless", "--players", "ai:hard,random", "--seed", "3",
                     "--ai-workers", workers]) == 0
        outs.append(json.loads(capsys.readouterr().out))
    assert outs[0] == outs[1] and outs[0]["over"]


def test_ai_workers_on_the_bare_command_reaches_the_window(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """``ra-game --ai-workers N`` (the window's title) and before a command, as after it."""
    import ra_game.app

    seen: list[object] = []
    monkeypatch.setattr(ra_game.app, "run_app", lambda **kw: seen.append(kw.get("ai_workers")) or 0)
    monkeypatch.setattr(os, "cpu_count", lambda: 8)  # more than 8 would be capped
    assert main(["--ai-workers", "3"]) == 0
    assert main([]) == 0
    assert main(["--ai-workers", "2", "play", "--players", "human,ai:medium"]) == 0
    assert main(["play", "--players", "human,ai:medium", "--ai-workers", "1"]) == 0
    assert seen == [3, None, 2, 1]
    code, out, err = _main_exit(capsys, "--ai-workers", "none")
    assert code == 2 and not out and "--ai-workers" in _one_line_error(err)
