"""Reliability tests: SDL dummy drivers and a private user folder, set before pygame loads."""

from __future__ import annotations

import os
import tempfile

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
os.environ["RA_GAME_HOME"] = tempfile.mkdtemp(prefix="ra-game-reliability-")

from collections.abc import Iterator
from pathlib import Path

import pytest

import ra_game.ui  # noqa: F401  (lets ``ra_game.scenes`` import from a source checkout too)


@pytest.fixture(autouse=True)
def ra_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """Each test gets its own settings, saves and error log folder."""
    home = tmp_path / "ra-home"
    monkeypatch.setenv("RA_GAME_HOME", str(home))
    yield home
