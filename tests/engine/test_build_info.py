"""Which build runs: a compiled module whose source changed never runs stale (the package
imports every compiled module's ``.py`` instead and says so), RA_GAME_PURE=1 forces the
interpreted modules, and ``ra-game --version`` says which build runs."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from ra_game.build_info import (
    PURE_ENV,
    Build,
    _SourceFinder,
    changed_sources,
    choose,
    running_compiled,
)

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    """A package ``fakegame`` with two modules and a build record of both."""
    package = tmp_path / "fakegame"
    (package / "engine").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "engine" / "__init__.py").write_text("")
    (package / "engine" / "rules.py").write_text("ANSWER = 42\n")
    (package / "tiles.py").write_text("KINDS = 3\n")
    record = {name: hashlib.sha256((tmp_path / path).read_bytes()).hexdigest()
              for name, path in (("fakegame.engine.rules", "fakegame/engine/rules.py"),
                                 ("fakegame.tiles", "fakegame/tiles.py"))}
    (package / "build_info.json").write_text(json.dumps(
        {"modules": record, "mypy": "1.0", "not_compiled": None}))
    return package


@pytest.fixture(autouse=True)
def restore_meta_path() -> Iterator[None]:
    before = list(sys.meta_path)
    yield
    sys.meta_path[:] = before


def test_an_unchanged_build_runs_compiled(tree: Path, capsys: pytest.CaptureFixture[str]) -> None:
    before = list(sys.meta_path)
    assert choose(tree / "build_info.json", {}).build is Build.COMPILED
    assert sys.meta_path == before
    assert capsys.readouterr().err == ""


def test_a_changed_source_runs_every_compiled_module_interpreted_and_says_so(
        tree: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tree / "engine" / "rules.py").write_text("ANSWER = 43\n")
    choice = choose(tree / "build_info.json", {})
    assert choice.build is Build.STALE
    assert choice.changed == ("fakegame.engine.rules",)
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "fakegame.engine.rules changed since compiled" in err
    finder = sys.meta_path[0]
    assert isinstance(finder, _SourceFinder)
    for name, path in (("fakegame.engine.rules", "engine/rules.py"), ("fakegame.tiles",
                                                                       "tiles.py")):
        spec = finder.find_spec(name, None)
        assert spec is not None and spec.origin == str(tree / path)
    assert finder.find_spec("fakegame.other", None) is None


def test_the_environment_forces_the_interpreted_modules(tree: Path) -> None:
    assert choose(tree / "build_info.json", {PURE_ENV: "1"}).build is Build.FORCED
    assert isinstance(sys.meta_path[0], _SourceFinder)
    assert choose(tree / "build_info.json", {PURE_ENV: "0"}).build is Build.COMPILED


def test_a_missing_or_damaged_record_means_nothing_compiled(tree: Path) -> None:
    assert choose(tree / "nothing.json", {}).build is Build.NOT_BUILT
    (tree / "build_info.json").write_text('{"modules": [1, 2]}')
    assert choose(tree / "build_info.json", {}).build is Build.NOT_BUILT
    (tree / "build_info.json").write_text(json.dumps(
        {"modules": {}, "mypy": None, "not_compiled": "no working C compiler"}))
    choice = choose(tree / "build_info.json", {})
    assert (choice.build, choice.reason) == (Build.NOT_BUILT, "no working C compiler")
    # RA_GAME_PURE=1 where nothing was compiled: the interpreted modules run as asked
    assert choose(tree / "build_info.json", {PURE_ENV: "1"}).build is Build.FORCED


def test_a_missing_source_is_not_a_change(tree: Path) -> None:
    (tree / "tiles.py").unlink()  # as in the standalone download, which ships no sources
    record = json.loads((tree / "build_info.json").read_text())["modules"]
    assert changed_sources(record, tree.parent) == ()


def version(env: dict[str, str]) -> list[str]:
    out = subprocess.run([sys.executable, "-m", "ra_game", "--lang", "en", "--version"], cwd=ROOT,
                         env={**os.environ, **env}, capture_output=True, text=True, timeout=60,
                         check=True)
    return out.stdout.splitlines()


def test_version_says_which_build_runs() -> None:
    forced = version({PURE_ENV: "1"})
    assert forced[0].startswith("ra-game ")
    assert forced[1] == "The engine and the AI run interpreted, as RA_GAME_PURE=1 asks."
    default = version({PURE_ENV: "0"})[1]
    if running_compiled():
        assert default == "The engine and the AI run compiled: the fast build."
    else:
        assert default.startswith("The engine and the AI run interpreted")
