"""Headless UI tests: SDL dummy drivers and a private user folder, set before pygame loads."""

from __future__ import annotations

import os
import tempfile

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
os.environ["RA_GAME_HOME"] = tempfile.mkdtemp(prefix="ra-game-tests-")
os.environ["LANGUAGE"] = "en"  # the suite reads English unless a test switches the language

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def _own_home(ra_home: Path) -> Path:
    """Each UI test gets its own settings, autosave and error log folder."""
    return ra_home

