"""Build the standalone download: one folder with the game and its own Python, via PyInstaller.

    python3 tools/build_standalone.py            # -> dist/ra-game/ra-game (and a .tar.gz beside it)

PyInstaller cannot follow an editable install, so this builds a wheel, installs it with
PyInstaller into a clean virtual environment under build/, and freezes from there.  The
packaged art, sounds and layouts travel as data files of ``ra_game``.  The build ends with a
smoke test of the frozen program (``--version`` and a short headless game).
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tarfile
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BUILD = ROOT / "build" / "standalone"
DIST = ROOT / "dist"
ENTRY = "from ra_game.cli import main\nraise SystemExit(main())\n"


def run(cmd: list[str], **kwargs: object) -> None:
    print("+", " ".join(cmd), file=sys.stderr)
    subprocess.run(cmd, check=True, **kwargs)  # type: ignore[call-overload]


def make_venv() -> Path:
    """A clean virtual environment with the game's wheel and PyInstaller installed."""
    env_dir = BUILD / "venv"
    if env_dir.exists():
        shutil.rmtree(env_dir)
    venv.create(env_dir, with_pip=True)
    python = env_dir / "bin" / "python"
    wheels = BUILD / "wheels"
    shutil.rmtree(wheels, ignore_errors=True)
    run([str(python), "-m", "pip", "install", "--quiet", "--upgrade", "pip", "wheel"])
    run([str(python), "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", str(wheels), str(ROOT)])
    wheel = next(wheels.glob("ra_game-*.whl"))
    run([str(python), "-m", "pip", "install", "--quiet", f"{wheel}[standalone]"])
    return python


def freeze(python: Path) -> Path:
    """Run PyInstaller (one folder, windowed app) and return the built program."""
    entry = BUILD / "ra_game_main.py"
    entry.write_text(ENTRY, encoding="utf-8")
    run([
        str(python), "-m", "PyInstaller", "--noconfirm", "--clean", "--name", "ra-game",
        "--distpath", str(DIST), "--workpath", str(BUILD / "work"), "--specpath", str(BUILD),
        "--collect-data", "ra_game", "--collect-submodules", "ra_game",
        "--collect-data", "pytmx", "--exclude-module", "tkinter", str(entry),
    ])
    return DIST / "ra-game" / "ra-game"


def smoke_test(program: Path) -> None:
    """The frozen program starts, plays a short headless game and replays nothing broken."""
    run([str(program), "--version"])
    result = subprocess.run(
        [str(program), "play", "--headless", "--players", "random,random", "--seed", "3"],
        check=True, capture_output=True, text=True,
    )
    if '"over": true' not in result.stdout:
        raise SystemExit("smoke test failed: the frozen game did not finish a headless game")


def archive() -> Path:
    target = DIST / "ra-game-linux.tar.gz"
    with tarfile.open(target, "w:gz") as tar:
        tar.add(DIST / "ra-game", arcname="ra-game")
    return target


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--no-archive", action="store_true", help="skip the .tar.gz")
    args = parser.parse_args()
    BUILD.mkdir(parents=True, exist_ok=True)
    program = freeze(make_venv())
    smoke_test(program)
    print(f"built {program}")
    if not args.no_archive:
        print(f"archive {archive()}")


if __name__ == "__main__":
    main()
