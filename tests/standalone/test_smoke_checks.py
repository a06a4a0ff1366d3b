"""The build's smoke test fails loudly: checked on stand-in programs (shell scripts), no build.

Each stand-in is packed like the real download and run by ``build_standalone.smoke_test`` with
its empty environment; one healthy stand-in passes, and every kind of breakage is reported.
"""

from __future__ import annotations

import json
import sys
import tarfile
import time
from pathlib import Path

import pytest
from standalone_env import ROOT

sys.path.insert(0, str(ROOT / "tools"))
import build_standalone as bs

pytestmark = pytest.mark.skipif(sys.platform.startswith("win"), reason="stand-ins are sh scripts")

CATALOGS = sorted(p.parent.parent.name
                  for p in (ROOT / "ra_game" / "locale").glob("*/LC_MESSAGES/*.mo"))
TITLE = json.dumps({"scene": "TitleScene", "sound": True, "fonts": ["a", "b", "c"],
                    "catalogs": CATALOGS})
#: The demo starts two worker processes as a frozen program does (the program itself, again,
#: with multiprocessing's flag), then prints a finished summary.
WORKERS = '"$0" worker --multiprocessing-fork & "$0" worker --multiprocessing-fork & wait; '
HEALTHY = {
    "--version": 'printf "ra-game 9.9\\nThe engine and the AI run compiled: the fast build.\\n"',
    "--exit-after-title": f"echo '{TITLE}'",
    "demo": WORKERS + "echo '{\"over\": true, \"players\": []}'",
    "worker": "sleep 1",
}
DATA = ["ra_game/assets/fonts/Lato-Regular.ttf", "ra_game/assets/fonts/Lato-Bold.ttf",
        "ra_game/assets/fonts/Cardo-Bold.ttf", "ra_game/assets/sounds/click.wav",
        "ra_game/assets/tiles/ra.png", "ra_game/scenes/title.tmx",
        *(f"ra_game/{p.relative_to(ROOT / 'ra_game').as_posix()}"
          for p in (ROOT / "ra_game" / "locale").glob("*/LC_MESSAGES/*.mo"))]


def _archive(tmp_path: Path, answers: dict[str, str], data: list[str] = DATA) -> Path:
    """A Linux-style download whose program answers each first argument with a shell line."""
    folder = tmp_path / "pack" / "ra-game"
    cases = "\n".join(f'  {arg}) {line} ;;' for arg, line in answers.items())
    program = folder / "ra-game"
    program.parent.mkdir(parents=True)
    program.write_text(f'#!/bin/sh\ncase "$1" in\n{cases}\n  *) exit 3 ;;\nesac\n')
    program.chmod(0o755)
    for name in [*data, "ra-game.desktop", "ra-game.png"]:
        path = folder / "_internal" / name if name.startswith("ra_game") else folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(b"x")
    archive = tmp_path / "ra-game-linux.tar.gz"
    with tarfile.open(archive, "w:gz") as tar:
        tar.add(folder, arcname="ra-game")
    return archive


def test_a_healthy_program_passes(tmp_path: Path) -> None:
    seen = bs.smoke_test(_archive(tmp_path, HEALTHY), "linux", timeout=30)
    assert seen["version"] == "ra-game 9.9\nThe engine and the AI run compiled: the fast build."
    assert seen["build"] == "compiled" and seen["demo_over"] is True
    assert seen["workers_seen"] == 2


def test_a_demo_without_worker_processes_fails(tmp_path: Path) -> None:
    answers = {**HEALTHY, "demo": "sleep 1; echo '{\"over\": true, \"players\": []}'"}
    with pytest.raises(bs.BuildError, match="ran 0 AI worker processes, not 2"):
        bs.smoke_test(_archive(tmp_path, answers), "linux", timeout=30)


def test_a_hung_program_is_killed_with_what_it_started(tmp_path: Path) -> None:
    """The background ``sleep`` holds the output pipe: only killing the session ends it, and
    the session is killed, the background ``sleep`` with it."""
    started = tmp_path / "background.pid"
    with pytest.raises(bs.WineError, match="`hang` did not finish in 1 s"):
        bs.run_bounded(["sh", "-c", f"sleep 60 & echo $! > {started}; sleep 60"],
                       {"PATH": "/usr/bin:/bin"}, 1, "hang")
    stat = Path("/proc") / started.read_text().strip() / "stat"
    for _ in range(500):  # (the kill is sent; the process may take a moment to go)
        try:
            if " Z " in stat.read_text():  # dead, not yet reaped
                break
        except FileNotFoundError:  # dead and gone
            break
        time.sleep(0.01)
    else:
        raise AssertionError("the background sleep outlived its killed session")


@pytest.mark.parametrize(("arg", "line", "says"), [
    ("--exit-after-title", "echo 'ra-game: error: no window' >&2; exit 1", "exited with 1"),
    ("--exit-after-title", "echo '{\"scene\": \"ErrorScene\"}'", "title check reported"),
    ("--exit-after-title", "echo " + json.dumps(json.dumps({
        "scene": "TitleScene", "sound": True, "fonts": ["a", "b", "c"], "catalogs": ["xx"]})),
     "title check reported"),
    ("demo", "echo '{\"over\": false}'", "not a finished game"),
    ("demo", "echo 'Traceback' >&2; echo '{\"over\": true}'", "Traceback"),
    ("demo", "mkdir -p \"$HOME/d\"; echo boom > \"$HOME/d/error.log\"; echo '{\"over\": true}'",
     "wrote"),
    ("--version", "echo 'something else'", "--version printed"),
])
def test_each_failure_fails_the_smoke_test(tmp_path: Path, arg: str, line: str,
                                           says: str) -> None:
    line = WORKERS + line if arg == "demo" else line
    with pytest.raises(bs.BuildError, match=says):
        bs.smoke_test(_archive(tmp_path, {**HEALTHY, arg: line}), "linux", timeout=30)


def test_a_download_running_the_other_build_fails(tmp_path: Path) -> None:
    archive = _archive(tmp_path, HEALTHY)
    assert bs.smoke_test(archive, "linux", timeout=30, build="compiled")["build"] == "compiled"
    with pytest.raises(bs.BuildError, match="must run the interpreted build"):
        bs.smoke_test(archive, "linux", timeout=30, build="interpreted")


def test_a_freeze_without_the_fonts_fails(tmp_path: Path) -> None:
    data = [d for d in DATA if "Cardo" not in d]
    with pytest.raises(bs.BuildError, match="lacks ra_game/assets/fonts/Cardo-Bold.ttf"):
        bs.smoke_test(_archive(tmp_path, HEALTHY, data), "linux", timeout=30)


def test_the_program_sees_an_empty_environment(tmp_path: Path) -> None:
    answers = {**HEALTHY, "--version": 'echo "ra-game $(env | sort | tr "\\n" " ")"'}
    version = bs.smoke_test(_archive(tmp_path, answers), "linux", timeout=30)["version"]
    names = {pair.split("=")[0] for pair in str(version).split()[1:]}
    assert names <= {"HOME", "PATH", "SDL_VIDEODRIVER", "SDL_AUDIODRIVER", "PWD", "SHLVL", "_"}
