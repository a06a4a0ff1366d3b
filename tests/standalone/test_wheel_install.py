"""Installing from a wheel works: what a ``pipx install`` user gets.

Builds the wheel from a clean copy of the sources (with a stand-in gettext catalog when the
checkout has none, to prove catalogs travel), installs it (not editable) into a fresh virtual
environment, and runs the AI demo through the installed ``ra-game`` script from an empty folder.
Always runs (CI too); pip's cache makes the dependency install quick after the first time.
"""

from __future__ import annotations

import json
import shutil
import struct
import subprocess
import sys
import venv
import zipfile
from pathlib import Path

import pytest
from standalone_env import DEMO, ROOT, player_env, tooling_leaks

pytestmark = pytest.mark.slow

IGNORE = shutil.ignore_patterns(".git", ".venv*", "build", "dist", "*.egg-info", "__pycache__",
                                ".pytest_cache", ".hypothesis", ".mypy_cache", ".ruff_cache")
EMPTY_MO = struct.pack("<7I", 0x950412DE, 0, 0, 28, 28, 0, 28)


def _bin(env_dir: Path, name: str) -> Path:
    scripts = env_dir / ("Scripts" if sys.platform.startswith("win") else "bin")
    return scripts / (f"{name}.exe" if sys.platform.startswith("win") else name)


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh virtualenv with the game installed from its wheel; returns its folder."""
    base = tmp_path_factory.mktemp("wheel")
    src = base / "src"
    shutil.copytree(ROOT, src, ignore=IGNORE)
    catalogs = list((src / "ra_game" / "locale").glob("*/LC_MESSAGES/*.mo"))
    if not catalogs:
        stand_in = src / "ra_game" / "locale" / "es" / "LC_MESSAGES" / "ra_game.mo"
        stand_in.parent.mkdir(parents=True)
        stand_in.write_bytes(EMPTY_MO)
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w",
                    str(base / "wheels"), str(src)], check=True, timeout=600)
    wheel = next((base / "wheels").glob("ra_game-*.whl"))
    env_dir = base / "venv"
    venv.create(env_dir, with_pip=True)
    subprocess.run([str(_bin(env_dir, "python")), "-m", "pip", "install", "--quiet",
                    "--disable-pip-version-check", str(wheel)], check=True, timeout=900)
    return env_dir


def test_the_wheel_installs_the_package_with_its_data(installed: Path, tmp_path: Path) -> None:
    probe = (
        "import json, ra_game\n"
        "from importlib.resources import files\n"
        "root = files('ra_game')\n"
        "print(json.dumps({'file': ra_game.__file__, 'data': sorted(\n"
        "    str(p.relative_to(p.parents[3])) for p in __import__('pathlib').Path(\n"
        "        str(root)).rglob('*') if p.suffix in ('.ttf', '.tmx', '.mo', '.wav'))}))\n"
    )
    out = subprocess.run([str(_bin(installed, "python")), "-I", "-c", probe], cwd=tmp_path,
                         capture_output=True, text=True, check=True).stdout
    found = json.loads(out)
    assert "site-packages" in found["file"]  # the installed copy, not this checkout
    names = {Path(p).as_posix() for p in found["data"]}
    assert any(n.endswith("assets/fonts/Lato-Regular.ttf") for n in names)
    assert any(n.endswith("assets/fonts/Cardo-Bold.ttf") for n in names)
    assert any(n.endswith("scenes/title.tmx") for n in names)
    assert any(n.endswith("assets/sounds/click.wav") for n in names)
    assert any("locale/" in n and n.endswith("LC_MESSAGES/ra_game.mo") for n in names)


def test_the_wheel_holds_no_test_tooling(installed: Path) -> None:
    wheel = next((installed.parent / "wheels").glob("ra_game-*.whl"))
    names = zipfile.ZipFile(wheel).namelist()
    assert "ra_game/engine/state.py" in names and "ra_game/review/why.py" in names
    assert tooling_leaks(names) == []


def test_the_installed_script_opens_the_title(installed: Path, tmp_path: Path) -> None:
    result = subprocess.run([str(_bin(installed, "ra-game")), "--exit-after-title"],
                            check=False, cwd=tmp_path, env=player_env(tmp_path),
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout.splitlines()[-1])
    assert report["scene"] == "TitleScene" and report["sound"] is True
    assert report["fonts"] == ["Cardo-Bold.ttf", "Lato-Bold.ttf", "Lato-Regular.ttf"]
    assert report["catalogs"]  # gettext finds the installed catalogs (at least the stand-in)


def test_the_installed_script_plays_a_demo_to_the_end(installed: Path, tmp_path: Path) -> None:
    home = tmp_path / "home"
    work = tmp_path / "cwd"
    work.mkdir()
    result = subprocess.run([str(_bin(installed, "ra-game")), *DEMO], check=False,
                            cwd=work, env=player_env(home), capture_output=True, text=True,
                            timeout=1200)
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    summary = json.loads(result.stdout.splitlines()[-1])
    assert summary["over"] is True
    assert len(summary["players"]) == 2
    assert not list(tmp_path.rglob("error.log"))
