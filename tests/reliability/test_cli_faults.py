"""The command line under bad conditions: closed pipes, a full disk, symlinks, odd replays."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from ra_game.app import run_demo
from ra_game.cli import emit_line, main
from ra_game.engine import GameState, load_replay
from ra_game.engine.tiles import TILE_BY_ID
from ra_game.table.seats import parse_seats

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = ROOT / "tests" / "fixtures" / "golden_2p_full.ra.json"


def _ra_game(*args: str, stdout: object = subprocess.PIPE, close_early: bool = False
             ) -> tuple[int, str]:
    """Run ``python -m ra_game ARGS``; with ``close_early`` the reader closes stdout at once."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.Popen([sys.executable, "-m", "ra_game", *args], stdout=stdout,
                            stderr=subprocess.PIPE, env=env, cwd=ROOT)
    if close_early and proc.stdout is not None:
        proc.stdout.close()
    _out, err = proc.communicate(timeout=120) if not close_early else (None, proc.stderr.read())
    proc.wait(timeout=120)
    return proc.returncode, err.decode() if isinstance(err, bytes) else err


@pytest.mark.parametrize("summary", [False, True])
def test_replay_into_a_closed_pipe_is_quiet(summary: bool) -> None:
    code, err = _ra_game("replay", str(GOLDEN), *(["--summary"] if summary else []),
                         close_early=True)
    assert err == "" and code == 0


def test_replay_summary_onto_a_full_disk_is_one_line_and_exit_2() -> None:
    with open("/dev/full", "wb") as full:
        code, err = _ra_game("replay", str(GOLDEN), "--summary", stdout=full)
    assert code == 2 and err.count("\n") == 1 and "No space left" in err


class _ClosedPipe(io.TextIOBase):
    def write(self, text: str) -> int:
        raise BrokenPipeError(32, "Broken pipe")

    def flush(self) -> None:
        raise BrokenPipeError(32, "Broken pipe")


@pytest.mark.slow
def test_demo_exit_on_end_into_a_closed_pipe_is_quiet(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    seats = parse_seats("random,random", allow_human=False)
    monkeypatch.setattr(sys, "stdout", _ClosedPipe())
    assert run_demo(seats, seed=7, speed="max", exit_on_end=True, max_frames=20000, fps=0) == 0
    assert capsys.readouterr().err == ""


def test_output_onto_a_full_disk_is_one_line_and_exit_2(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    raw = open("/dev/full", "wb", buffering=0)  # noqa: SIM115
    full = io.TextIOWrapper(raw, write_through=True)  # nothing kept back to flush at close
    monkeypatch.setattr(sys, "stdout", full)
    assert emit_line('{"over": true}') == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "cannot write the output" in err


def test_save_replay_writes_through_a_symlink_and_leaves_no_temporary_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "real.ra.json"
    link = tmp_path / "link.ra.json"
    link.symlink_to(target)
    assert main(["play", "--headless", "--players", "random,random", "--seed", "3",
                 "--save-replay", str(link)]) == 0
    assert link.is_symlink() and json.loads(target.read_text())["format"] == "ra-replay/1"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["link.ra.json", "real.ra.json"]
    folder = tmp_path / "locked"
    folder.mkdir()
    (folder / "x.ra.json").mkdir()  # a folder where the file should go: the replace fails
    with pytest.raises(SystemExit) as exc:
        main(["play", "--headless", "--players", "random,random", "--seed", "3",
              "--save-replay", str(folder / "x.ra.json")])
    assert exc.value.code == 2
    assert [p.name for p in folder.iterdir()] == ["x.ra.json"]  # no x.ra.json.tmp or drafts
    assert capsys.readouterr().err.count("\n") == 1


def test_a_replay_without_seed_means_seed_0_and_one_game(tmp_path: Path) -> None:
    doc = json.loads(GOLDEN.read_text())
    prefix = doc["bag"][:5]  # a partial bag: the tiles after it come from seed 0
    state = GameState.new(2, 0, doc["suns"], [TILE_BY_ID[t] for t in prefix], ["Ana", "Bo"])
    moves = []
    while len(moves) < 60 and not state.over:
        legal = [m.text for m in state.legal_moves()]
        move = "draw" if "draw" in legal else legal[-1]
        state.apply(move)
        moves.append(move)
    partial = {"format": "ra-replay/1", "players": [{"name": "Ana"}, {"name": "Bo"}],
               "suns": doc["suns"], "bag": prefix, "moves": moves}
    path = tmp_path / "partial.ra.json"
    path.write_text(json.dumps(partial))
    summaries = {json.dumps(load_replay(path).play().summary()) for _ in range(6)}
    assert summaries == {json.dumps(state.summary())}  # one game, the seed-0 one
    assert state.draw_count > len(prefix)


def test_a_replay_without_moves_exits_2_and_empty_moves_are_fine(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    doc = json.loads(GOLDEN.read_text())
    doc.pop("moves")
    path = tmp_path / "nomoves.ra.json"
    path.write_text(json.dumps(doc))
    with pytest.raises(SystemExit) as exc:
        main(["replay", str(path), "--summary"])
    assert exc.value.code == 2 and "'moves' is required" in capsys.readouterr().err
    path.write_text(json.dumps(dict(doc, moves=[])))
    assert main(["replay", str(path), "--summary"]) == 0
    assert json.loads(capsys.readouterr().out)["over"] is False
