"""Shared by the tests of what a player installs: the wheel in a fresh virtualenv, the download."""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path, PurePosixPath

ROOT = Path(__file__).resolve().parents[2]
DEMO = ["demo", "--players", "ai:easy,ai:hard", "--speed", "max", "--exit-on-end"]


def player_env(home: Path) -> dict[str, str]:
    """An almost empty environment (like ``env -i``) with dummy SDL drivers and a private home;
    Windows additionally needs SYSTEMROOT to start any program."""
    env = {"HOME": str(home), "PATH": "/usr/bin:/bin", "RA_GAME_HOME": str(home / "ra"),
           "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    if os.environ.get("SYSTEMROOT"):
        env["SYSTEMROOT"] = os.environ["SYSTEMROOT"]
    return env


def tooling_leaks(names: Iterable[str]) -> list[str]:
    """The names among a wheel's files (``ra_game/...``) that are test tooling: a module of
    ``tests/tooling`` wherever it landed, the ``tooling`` package or anything of ``tests/``."""
    modules = {p.name for p in (ROOT / "tests" / "tooling").glob("*.py") if p.name != "__init__.py"}
    return sorted(n for n in names
                  if PurePosixPath(n).name in modules or n.startswith(("tooling/", "tests/")))
