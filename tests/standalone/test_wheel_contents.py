"""The wheel holds the game and nothing of its tests: no test tooling, no test dependency.

The file list is what setuptools packs, read from ``pyproject.toml`` (every file under each
declared package's folder, as the ``"**/*"`` package data says), so this runs without a build;
``test_wheel_install.py`` (slow) checks a real wheel with the same rule.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path, PurePosixPath

from standalone_env import ROOT, tooling_leaks

if sys.version_info >= (3, 11):
    import tomllib
else:  # pytest depends on tomli before Python 3.11
    import tomli as tomllib

#: Imported by tests only: the game must run without them.
TEST_ONLY_IMPORTS = {"tooling", "pytest", "hypothesis", "babel"}


def _wheel_files() -> dict[str, Path]:
    """The wheel's file names (``ra_game/...``) and the source file each comes from."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]
    packages: list[str] = config["setuptools"]["packages"]
    mapped: dict[str, str] = config["setuptools"]["package-dir"]
    assert config["setuptools"]["package-data"] == {"*": ["**/*"]}  # the rule read below
    files: dict[str, Path] = {}
    for package in packages:
        parts = package.split(".")
        prefix = max((p for p in mapped if package == p or package.startswith(p + ".")),
                     key=len, default=None)
        base = ROOT / mapped[prefix] if prefix else ROOT
        rest = parts[len(prefix.split(".")):] if prefix else parts
        folder = base.joinpath(*rest)
        for path in folder.rglob("*"):
            if path.is_file() and "__pycache__" not in path.parts:
                name = PurePosixPath(*parts, *path.relative_to(folder).parts)
                files[name.as_posix()] = path
    return files


def _imported_roots(path: Path) -> set[str]:
    tree = ast.parse(path.read_bytes(), filename=str(path))
    roots: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            roots.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            roots.add(node.module.split(".")[0])
    return roots


def test_the_wheel_holds_no_test_tooling() -> None:
    files = _wheel_files()
    assert "ra_game/engine/state.py" in files and "ra_game/scenes/play.py" in files
    assert "ra_game/assets/fonts/Lato-Regular.ttf" in files
    assert tooling_leaks(files) == []


def test_no_module_of_the_game_imports_test_tooling_or_a_test_dependency() -> None:
    leaks = {name: sorted(roots & TEST_ONLY_IMPORTS)
             for name, path in _wheel_files().items() if name.endswith(".py")
             for roots in [_imported_roots(path)] if roots & TEST_ONLY_IMPORTS}
    assert leaks == {}


def test_every_folder_of_game_modules_is_a_declared_package() -> None:
    # A folder left out of ``packages`` ships only as package data: no byte-compiling, and a
    # tool reading the declared packages would miss it.
    files = _wheel_files()
    declared = {name.rpartition("/")[0] for name in files if name.endswith("/__init__.py")}
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]
    packages = {p.replace(".", "/") for p in config["setuptools"]["packages"]}
    assert declared <= packages, sorted(declared - packages)


def test_the_rule_finds_test_tooling_where_it_would_leak() -> None:
    leaked = ["ra_game/faults.py", "ra_game/ui/board/autopilot.py", "tooling/__init__.py",
              "tests/conftest.py"]
    assert tooling_leaks(["ra_game/engine/state.py", *leaked]) == sorted(leaked)
