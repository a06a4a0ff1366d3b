"""Which build of the engine and the AI runs: compiled by mypyc, or the interpreted ``.py``.

The build (setup.py) compiles some modules to C and writes ``build_info.json`` beside this file:
a hash of each compiled module's source.  :func:`choose`, run once when the package is first
imported, keeps the compiled modules only while every compiled source still has that hash;
otherwise, or when ``RA_GAME_PURE=1`` is set, it makes Python import the ``.py`` of every
compiled module instead (all of them, since the compiled ones call each other directly), and
says why in one line on stderr when a source changed.  So an edited ``.py`` never runs as its
stale compiled copy.  In the standalone download the sources are not shipped: the compiled
modules run.
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from types import ModuleType

#: Set to 1 to run the interpreted modules though compiled ones are built.
PURE_ENV = "RA_GAME_PURE"
HERE = Path(__file__).resolve().parent
INFO_FILE = HERE / "build_info.json"
#: A module that every build compiles, to tell which build is running.
PROBE = "ra_game.engine.state"


class Build(Enum):
    """Which modules run, and why."""

    COMPILED = "compiled"
    NOT_BUILT = "not-built"  # no compiled modules (no compiler, or a pure build)
    FORCED = "forced"  # RA_GAME_PURE=1
    STALE = "stale"  # a compiled module's source changed since it was compiled


@dataclass(frozen=True)
class Choice:
    """What :func:`choose` decided: the build and, for a stale one, the changed sources."""

    build: Build
    changed: tuple[str, ...] = ()
    reason: str | None = None  # why the build did not compile (from build_info.json)


def _read_info(path: Path) -> tuple[dict[str, str], str | None]:
    """The compiled modules (module -> source hash) and the reason none were; empty if no
    record."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        modules = data["modules"]
        reason = data.get("not_compiled")
    except (OSError, ValueError, KeyError, TypeError):
        return {}, None
    if not isinstance(modules, dict) or not all(
            isinstance(k, str) and isinstance(v, str) for k, v in modules.items()):
        return {}, None
    return modules, reason if isinstance(reason, str) else None


def source_of(module: str, root: Path = HERE.parent) -> Path:
    """Where the ``.py`` of a module of this package lies (a package: its ``__init__.py``)."""
    base = root.joinpath(*module.split("."))
    return base / "__init__.py" if base.is_dir() else base.with_suffix(".py")


def changed_sources(modules: dict[str, str], root: Path = HERE.parent) -> tuple[str, ...]:
    """The compiled modules whose ``.py`` beside them differs from what was compiled (a missing
    ``.py``, as in the standalone download, is not a change)."""
    changed = []
    for module, digest in sorted(modules.items()):
        path = source_of(module, root)
        try:
            data = path.read_bytes()
        except FileNotFoundError:
            continue
        if hashlib.sha256(data).hexdigest() != digest:
            changed.append(module)
    return tuple(changed)


class _SourceFinder(importlib.abc.MetaPathFinder):
    """Imports the named modules from their ``.py`` files, before any compiled copy."""

    def __init__(self, modules: Sequence[str], root: Path) -> None:
        self.modules = frozenset(modules)
        self.root = root

    def find_spec(self, fullname: str, path: Sequence[str] | None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        if fullname not in self.modules:
            return None
        source = source_of(fullname, self.root)
        if not source.is_file():
            return None
        package = [str(source.parent)] if source.name == "__init__.py" else None
        return importlib.util.spec_from_file_location(fullname, source,
                                                      submodule_search_locations=package)


def choose(info_file: Path = INFO_FILE, environ: dict[str, str] | None = None) -> Choice:
    """Decide which modules run, and make imports follow (call before importing them)."""
    env = os.environ if environ is None else environ
    modules, reason = _read_info(info_file)
    forced = env.get(PURE_ENV, "") not in ("", "0")
    if not modules:
        return Choice(Build.FORCED if forced else Build.NOT_BUILT, reason=reason)
    root = info_file.parent.parent
    changed = changed_sources(modules, root)
    if forced:
        build = Build.FORCED
    elif changed:
        build = Build.STALE
        print(f"ra-game: {', '.join(changed)} changed since compiled: running the interpreted "
              "modules (pip install -e . compiles them again)", file=sys.stderr, flush=True)
    else:
        return Choice(Build.COMPILED)
    sys.meta_path.insert(0, _SourceFinder(list(modules), root))
    return Choice(build, changed)


def running_compiled() -> bool:
    """Whether the engine imported in this process is the compiled one."""
    module = sys.modules.get(PROBE) or importlib.import_module(PROBE)
    return str(getattr(module, "__file__", "")).endswith(
        tuple(importlib.machinery.EXTENSION_SUFFIXES))


def describe(choice: Choice) -> str:
    """One sentence for a player (``ra-game --version``): which build runs and why."""
    from .text.i18n import _

    if running_compiled():
        return _("The engine and the AI run compiled: the fast build.")
    if choice.build is Build.FORCED:
        return _("The engine and the AI run interpreted, as {variable} asks.").format(
            variable=f"{PURE_ENV}=1")
    if choice.build is Build.STALE:
        return _("The engine and the AI run interpreted: {modules} changed since they were "
                 "compiled.").format(modules=", ".join(choice.changed))
    return _("The engine and the AI run interpreted: this installation did not compile "
             "them.")
