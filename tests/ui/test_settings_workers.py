"""The Settings screen's AI processes row, driven by real keys and clicks: the choices it offers,
settings.json, the worker pool of a game paused below, ``--ai-workers`` and damaged values."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any

import pygame
import pytest
from ra_game.scenes import settings as settings_scene
from ra_game.scenes.play import PlayScene
from ra_game.scenes.settings import ROWS, SettingsScene
from ra_game.scenes.title import TitleScene

from ra_game.ai import workers
from ra_game.ai.parallel import TreeJob, TreeResult
from ra_game.app import create_app, step_frame
from ra_game.engine import Move
from ra_game.files.settings import settings_path
from ra_game.table.seats import Seat
from ra_game.ui.app_context import AppContext
from tooling.autopilot import click_events, key_events

WORKERS_ROW = [key for key, *_ in ROWS].index("workers")  # Down presses from Language
SLOW_SECONDS = 0.6


def slow_tree(job: TreeJob) -> TreeResult:
    """A fake search in a worker: takes its time, then votes for the first legal action."""
    time.sleep(SLOW_SECONDS)
    return TreeResult({job.obs.state.legal_actions()[0]: (1, 0.5)}, 1)


def post(ctx: AppContext, events: list[pygame.event.Event], frames: int = 1) -> None:
    for e in events:
        pygame.event.post(e)
    for _ in range(frames):
        step_frame(ctx, 1 / 60)


def press(ctx: AppContext, key: int) -> None:
    post(ctx, key_events(key))


def click(ctx: AppContext, pos: tuple[int, int], button: int = 1) -> None:
    """A real click: motion, press and release at ``pos`` (button 3: the right button)."""
    events = click_events(pos)
    for e in events[1:]:
        e.button = button
    post(ctx, events)


def saved_workers() -> Any:
    return json.loads(settings_path().read_text(encoding="utf-8"))["ai_workers"]


def open_settings_on_workers(ctx: AppContext) -> SettingsScene:
    press(ctx, pygame.K_s)
    scene = ctx.scenes.top
    assert isinstance(scene, SettingsScene)
    for _ in range(WORKERS_ROW):
        press(ctx, pygame.K_DOWN)
    assert scene.choices["workers"].focused
    return scene


@pytest.fixture
def four_cores(monkeypatch: pytest.MonkeyPatch) -> None:
    """A machine with four cores (whatever this one has)."""
    monkeypatch.setattr(workers, "cpu_count", lambda: 4)
    monkeypatch.setattr(settings_scene, "cpu_count", lambda: 4)
    monkeypatch.setattr(settings_scene.os, "cpu_count", lambda: 4)


def test_automatic_then_one_process_per_core(four_cores: None) -> None:
    ctx, _w = create_app()
    scene = open_settings_on_workers(ctx)
    choice = scene.choices["workers"]
    assert [v for v, _t in choice.options] == [0, 1, 2, 3, 4]
    # automatic in the window: all cores but one
    assert choice.label == "AI processes: Automatic (3 processes)"
    press(ctx, pygame.K_RIGHT)
    assert choice.label == "AI processes: 1 process"
    assert saved_workers() == 1 and ctx.settings.ai_workers == 1
    press(ctx, pygame.K_RIGHT)
    assert saved_workers() == 2
    press(ctx, pygame.K_LEFT)
    press(ctx, pygame.K_LEFT)
    assert saved_workers() == 0 and choice.label.endswith("Automatic (3 processes)")
    press(ctx, pygame.K_LEFT)  # wraps to the most
    assert saved_workers() == 4 and choice.label == "AI processes: 4 processes"
    rect = choice.rect
    click(ctx, (rect.right - rect.height - 4, rect.centery))  # right half: forward (wraps)
    assert saved_workers() == 0
    click(ctx, (rect.left + rect.height // 2, rect.centery))  # the left arrow: back
    assert saved_workers() == 4
    click(ctx, rect.center, button=3)  # the right button: back
    assert saved_workers() == 3
    assert "this computer has 4 cores" in settings_scene.workers_help(None)
    press(ctx, pygame.K_ESCAPE)
    assert isinstance(ctx.scenes.top, TitleScene)
    pygame.display.quit()
    fresh, _w = create_app()
    assert fresh.settings.ai_workers == 3


def test_a_saved_count_beyond_the_cores_is_kept_and_shown(four_cores: None) -> None:
    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('{"ai_workers": 12}', encoding="utf-8")
    ctx, _w = create_app()
    assert not ctx.notices
    scene = open_settings_on_workers(ctx)
    choice = scene.choices["workers"]
    assert [v for v, _t in choice.options] == [0, 1, 2, 3, 4, 12]
    assert choice.label == "AI processes: 12 processes"
    press(ctx, pygame.K_LEFT)
    assert saved_workers() == 4
    press(ctx, pygame.K_RIGHT)  # still offered while this screen is open
    assert saved_workers() == 12


@pytest.mark.parametrize(("content", "why"), [
    ('{"ai_workers": 999}', "from 0 to 256"),
    ('{"ai_workers": -1}', "from 0 to 256"),
    ('{"ai_workers": "all"}', "must be a number"),
    ('{"ai_workers": 2.5}', "must be a number"),
])
def test_a_damaged_count_gives_the_defaults_and_one_line(content: str, why: str) -> None:
    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(content, encoding="utf-8")
    ctx, _w = create_app()
    assert ctx.settings.ai_workers == 0
    assert len(ctx.notices) == 1 and "\n" not in ctx.notices[0]
    assert "ai_workers" in ctx.notices[0] and why in ctx.notices[0]
    scene = open_settings_on_workers(ctx)
    assert scene.choices["workers"].value == 0


def hard_game(monkeypatch: pytest.MonkeyPatch, **app: Any) -> tuple[AppContext, PlayScene]:
    """The window on a 2-player game where a hard AI (seat 0) is to move, vs a person; its
    workers run the slow fake search."""
    from test_ai_workers import searched_position

    monkeypatch.setattr(workers, "DEFAULT_RUNNER", slow_tree)
    ctx, _w = create_app(**app)
    ctx.settings.animation_speed = "max"
    ctx.settings.ai_workers = 1
    play = PlayScene(ctx, [Seat.of("ai:hard", "Hard"), Seat.of("human", "You")], seed=1,
                     state=searched_position())
    ctx.scenes.clear_to(play)
    return ctx, play


def settings_from_pause(ctx: AppContext, play: PlayScene) -> SettingsScene:
    press(ctx, pygame.K_ESCAPE)
    assert play.pause is not None
    press(ctx, pygame.K_s)
    scene = ctx.scenes.top
    assert isinstance(scene, SettingsScene)
    for _ in range(WORKERS_ROW):
        press(ctx, pygame.K_DOWN)
    return scene


def frames_until(ctx: AppContext, done: Callable[[], bool], limit: float = 60.0) -> None:
    deadline = time.monotonic() + limit
    while not done() and time.monotonic() < deadline:
        step_frame(ctx, 1 / 60)
        time.sleep(1 / 60)
    assert done(), "timed out"


@pytest.mark.slow
def test_a_change_mid_game_resizes_the_pool_for_the_decision_under_way(
    monkeypatch: pytest.MonkeyPatch
) -> None:
    ctx, play = hard_game(monkeypatch)
    vote = Move.from_action(play.state.legal_actions()[0]).text
    step_frame(ctx, 1 / 60)
    old = play.turns.runner.pool
    assert old is not None and old.size == 1 and play.turns.runner.thinking
    old_processes = [w.process for w in old._workers]
    jobs = list(play.turns.runner.batch.jobs)
    settings = settings_from_pause(ctx, play)
    press(ctx, pygame.K_RIGHT)  # 1 -> 2 processes
    assert saved_workers() == 2
    assert play.turns.runner.pool is old  # nothing restarts while the screen is open
    press(ctx, pygame.K_ESCAPE)  # back to the paused game
    assert ctx.scenes.top is play and settings not in ctx.scenes.stack
    new = play.turns.runner.pool
    assert new is not None and new is not old and new.size == 2 and new.alive() == 2
    assert old.closed and not any(p.is_alive() for p in old_processes)  # no orphans
    assert play.turns.runner.batch is not None and play.turns.runner.batch.jobs == jobs  # same trees
    assert all(agent.workers == 2 for agent in play.turns.runner.agents.values())
    press(ctx, pygame.K_ESCAPE)  # resume
    assert play.pause is None
    frames_until(ctx, lambda: bool(play.moves))
    assert play.moves[-1] == vote
    new_processes = [w.process for w in new._workers]
    play.close()
    assert not any(p.is_alive() for p in new_processes)


def test_the_command_line_count_wins_for_the_session(monkeypatch: pytest.MonkeyPatch) -> None:
    ctx, play = hard_game(monkeypatch, ai_workers=1)
    step_frame(ctx, 1 / 60)
    pool = play.turns.runner.pool
    assert pool is not None and pool.size == 1
    settings = settings_from_pause(ctx, play)
    press(ctx, pygame.K_RIGHT)
    assert saved_workers() == 2  # saved for the next start...
    help_line = settings_scene.workers_help(ctx.run.ai_workers)
    assert help_line == ("This session uses 1 process (--ai-workers); your choice here applies "
                         "from the next start.")
    with_records = pygame.Surface(ctx.window_size)
    from ra_game.ui import theme

    with theme.record_text() as records:
        settings.draw(with_records)
    assert help_line in [r.content for r in records]
    press(ctx, pygame.K_ESCAPE)
    assert play.turns.runner.pool is pool and pool.size == 1 and not pool.closed  # ...not now
    play.close()
