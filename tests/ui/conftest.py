"""Headless UI tests: SDL dummy drivers and a private user folder, set before pygame loads."""

from __future__ import annotations

import os
import tempfile

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
os.environ["RA_GAME_HOME"] = tempfile.mkdtemp(prefix="ra-game-tests-")
os.environ["LANGUAGE"] = "en"  # the suite reads English unless a test switches the language

from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pygame
import pytest

if TYPE_CHECKING:
    from ra_game.ui.app_context import AppContext


@pytest.fixture(autouse=True)
def _own_home(ra_home: Path) -> Path:
    """Each UI test gets its own settings, autosave and error log folder."""
    return ra_home



@pytest.fixture
def ctx() -> Iterator[AppContext]:
    """The app opened headless in English, two frames run; its scenes closed afterwards."""
    from ra_game.app import create_app, run_frames
    from ra_game.text.i18n import set_language

    set_language("en")
    context, _ = create_app()
    run_frames(context, 2)
    yield context
    context.scenes.close_all()
    pygame.display.quit()
    set_language("en")
