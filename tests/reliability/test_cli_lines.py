"""Every command-line mistake is one line on stderr and exit status 2, and ``--save-replay`` only
ever writes a regular file (never a device node, never a read-only file)."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from ra_game.cli import main
from tooling.faults import null_device

ROOT = Path(__file__).resolve().parents[2]
GAME = ["play", "--headless", "--players", "random,random", "--seed", "3"]


def fails_with_one_line(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    with pytest.raises(SystemExit) as exit_info:
        main(argv)
    err = capsys.readouterr().err
    assert exit_info.value.code == 2 and err.count("\n") == 1 and err.startswith("ra-game: ")
    return err


@pytest.mark.parametrize("target", ["device", "fifo", "folder"])
def test_save_replay_never_replaces_what_is_not_a_regular_file(
        target: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / target
    if target == "device":
        path = null_device(path)
    elif target == "fifo":
        os.mkfifo(path)
    else:
        path.mkdir()
    before = os.stat(path)
    fails_with_one_line([*GAME, "--save-replay", str(path)], capsys)
    after = os.stat(path)
    assert (after.st_ino, after.st_mode, after.st_rdev) == (before.st_ino, before.st_mode,
                                                            before.st_rdev)


def test_save_replay_through_a_link_to_a_device_is_refused(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    device = null_device(tmp_path / "null")
    link = tmp_path / "game.ra.json"
    link.symlink_to(device)
    fails_with_one_line([*GAME, "--save-replay", str(link)], capsys)
    assert stat.S_ISCHR(os.stat(device).st_mode) and link.is_symlink()


def test_save_replay_onto_a_read_only_file_is_refused(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "kept.ra.json"
    path.write_text("mine\n")
    path.chmod(0o444)
    err = fails_with_one_line([*GAME, "--save-replay", str(path)], capsys)
    assert path.read_text() == "mine\n" and "read-only" in err


@pytest.mark.parametrize("argv", [
    [*GAME, "--save-replay", ""],
    [*GAME, "--save-replay", "/no/such/folder/game.ra.json"],
    [*GAME, "--think-ms", "-5"],
    [*GAME, "--think-ms", "0"],
    ["replay", "/tmp/no such\nfile.ra.json"],
    [*GAME, "--save-replay", "/no/such\nfolder/x.ra.json"],
])
def test_mistakes_are_one_line_and_exit_2(argv: list[str],
                                          capsys: pytest.CaptureFixture[str]) -> None:
    fails_with_one_line(argv, capsys)


def test_a_new_save_replay_file_is_written(tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "new.ra.json"
    assert main([*GAME, "--save-replay", str(path)]) == 0
    assert path.is_file() and capsys.readouterr().err == ""


def test_an_error_onto_a_full_stderr_still_exits_2() -> None:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    with open("/dev/full", "wb") as full:
        proc = subprocess.run([sys.executable, "-m", "ra_game", "replay", "/no/such/file"],
                              stderr=full, stdout=subprocess.DEVNULL, env=env, cwd=ROOT,
                              timeout=120, check=False)
    assert proc.returncode == 2


def test_more_ai_workers_than_cores_are_capped_with_one_line(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    from ra_game import cli
    from ra_game.ai import workers

    seen: list[int | None] = []
    real_init = workers.Workers.__init__

    def counting_init(self: workers.Workers, count: int | None, *args: object,
                      **kwargs: object) -> None:
        seen.append(count)
        real_init(self, count, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(workers.Workers, "__init__", counting_init)
    monkeypatch.setattr(cli.os, "cpu_count", lambda: 2)
    assert main(["--ai-workers", "100000", *GAME]) == 0
    err = capsys.readouterr().err
    assert seen == [2] and err.count("\n") == 1 and "2" in err
