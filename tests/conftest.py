"""The CPU budget of the quick loop (``tooling/cpu_budget.py``: unmarked tests over 2 s of CPU
are named at the end of the run), and fixtures shared by the window tests (``tests/ui``,
``tests/reliability``).

pygame is imported inside the fixtures: each folder's own conftest sets the SDL dummy drivers
and a private user folder before pygame loads, and gives every test its own :func:`ra_home`.
A test module may define its own ``ctx`` (a different start: another window size, other files in
place), which then takes precedence.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tooling import cpu_budget


def pytest_addoption(parser: pytest.Parser) -> None:
    cpu_budget.add_options(parser)


def pytest_configure(config: pytest.Config) -> None:
    config.pluginmanager.register(cpu_budget.CpuBudget.from_config(config), "cpu-budget")


@pytest.fixture
def ra_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A private user folder (settings, saves, replays, statistics, error log) for one test;
    afterwards the language is English again."""
    from ra_game.text.i18n import override_language, set_language

    home = tmp_path / "ra-home"
    monkeypatch.setenv("RA_GAME_HOME", str(home))
    yield home
    override_language(None)
    set_language("en")


@pytest.fixture
def ctx() -> Iterator[Any]:
    """The app at its title screen, animations at full speed, after its first two frames."""
    import pygame

    from ra_game.app import create_app, run_frames

    context, _ = create_app()
    context.settings.animation_speed = "max"
    run_frames(context, 2)
    yield context
    pygame.display.quit()
