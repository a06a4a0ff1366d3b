"""``ra-game review FILE --seat N [--json] [--ai-workers K]``: one JSON object with ``--json``,
readable lines without; a bad file, seat or option is one line on stderr and exit 2."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from ra_game.cli import main
from ra_game.engine import load_replay
from ra_game.engine.replay import replay_dict

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = ROOT / "tests" / "fixtures" / "golden_4p_epoch2.ra.json"


@pytest.fixture
def short_game(tmp_path: Path) -> Path:
    """The first 14 moves of a recorded 4-player game (a few decisions of seat 0)."""
    replay = load_replay(GOLDEN)
    state = replay.play(14)
    path = tmp_path / "short.ra.json"
    path.write_text(json.dumps(replay_dict(state, replay.moves[:14], ["random"] * state.n)))
    return path


def _main(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    try:
        code = main(list(args))
    except SystemExit as exc:
        code = int(exc.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.slow
def test_json_is_one_object_in_the_issues_form(capsys, short_game):
    code, out, err = _main(capsys, "review", str(short_game), "--seat", "0", "--json",
                           "--ai-workers", "1")
    assert code == 0 and err == ""
    (line,) = out.splitlines()
    data = json.loads(line)
    assert data["seat"] == 0 and data["decisions"] >= 2
    assert data["seconds"] > 0 and 0 <= data["close"] <= data["decisions"]
    for m in data["mistakes"]:
        assert m["loss"] > 0 and 0 <= m["move"] < 14 and m["played"] != m["better"]
        assert m["name"].startswith(f"Epoch {m['epoch']}, ") and "Ana" in m["name"]


@pytest.mark.slow
def test_readable_lines_start_with_the_summary(capsys, short_game):
    code, out, _err = _main(capsys, "review", str(short_game), "--seat", "1", "--ai-workers", "1")
    assert code == 0
    first, *rest = out.splitlines()
    assert "decisions reviewed" in first and "close to best" in first
    moments = rest.index("Key moments of the game:") if "Key moments of the game:" in rest \
        else len(rest)
    listed, rest = rest[:moments], rest[moments + 1:]
    if listed:  # "N mistakes listed, the costliest first:", then every one
        count, *every = listed
        assert count.startswith(f"{len(every)} mistake") and "costliest first" in count
        assert all(line.startswith("Epoch ") and "Bruno" in line and "Severity: " in line
                   for line in every)
    assert all(line.startswith("Epoch ") for line in rest)


@pytest.mark.slow
def test_the_whole_game_gives_every_seat_side_by_side(capsys, short_game):
    code, out, err = _main(capsys, "review", str(short_game), "--seat", "all", "--json",
                           "--ai-workers", "1")
    assert code == 0 and err == ""
    data = json.loads(out)
    assert data["seat"] == "all" and [p["seat"] for p in data["players"]] == [0, 1, 2, 3]
    for player, seat in zip(data["players"], data["seats"]):
        assert 0 <= player["accuracy"] <= 100 and seat["count"] == len(seat["every_mistake"])
        # possible mistakes are listed but have no severity
        listed = [m for m in seat["every_mistake"] if not m["possible"]]
        assert sum(player["severity"].values()) == len(listed)
    assert len(data["graph"]["steps"]) == 14


@pytest.mark.parametrize("args, says", [
    (["review", "missing.ra.json", "--seat", "0"], "cannot read missing.ra.json"),
    (["review", str(GOLDEN), "--seat", "4"], "there is no seat 4"),
    (["review", str(GOLDEN), "--seat", "-1"], "--seat"),
    (["review", str(GOLDEN)], "--seat"),
    (["review", str(GOLDEN), "--seat", "0", "--fast"], "unrecognized arguments: --fast"),
])
def test_bad_input_is_one_line_and_exit_2(args, says):
    env = {**os.environ, "PYTHONPATH": str(ROOT), "SDL_VIDEODRIVER": "dummy"}
    done = subprocess.run([sys.executable, "-m", "ra_game", *args], cwd=ROOT, env=env,
                          check=False, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and done.stdout == ""
    (line,) = done.stderr.splitlines()
    assert says in line and "Traceback" not in done.stderr


def test_a_file_that_is_not_a_replay_is_refused(tmp_path):
    bad = tmp_path / "bad.ra.json"
    bad.write_text("{not json")
    env = {**os.environ, "PYTHONPATH": str(ROOT), "SDL_VIDEODRIVER": "dummy"}
    done = subprocess.run([sys.executable, "-m", "ra_game", "review", str(bad), "--seat", "0"],
                          cwd=ROOT, env=env, check=False, capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 2 and "not JSON" in done.stderr
    assert len(done.stderr.splitlines()) == 1
