"""The window: every scene at the minimum size, resizes below it, and a random-input run of the
real app loop over whole games."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

import pygame
import pytest

from ra_game.app import MIN_SIZE, create_app, run_frames, step_frame
from ra_game.engine import GameState, Move
from ra_game.engine.events import EpochScored, GameOver
from ra_game.files.saves import list_slots
from ra_game.table.seats import Seat
from ra_game.ui.app_context import AppContext
from tooling.faults import ChaosMonkey, sample_save


@pytest.fixture
def ctx() -> Iterator[AppContext]:
    context, _ = create_app(size=(100, 56))  # asked too small: opened at the minimum
    yield context
    pygame.display.quit()


def _finished() -> tuple[GameState, EpochScored, GameOver]:
    from ra_game.ai import make_agent

    state = GameState.new(3, seed=4)
    agents = [make_agent("random", 4 + i) for i in range(3)]
    scored: EpochScored | None = None
    over: GameOver | None = None
    while not state.over:
        action = agents[state.current].choose(state.observation(state.current))
        for event in state.apply(Move.from_action(action)):
            if isinstance(event, EpochScored):
                scored = event
            elif isinstance(event, GameOver):
                over = event
    assert scored is not None and over is not None
    return state, scored, over


def _scenes() -> dict[str, Callable[[AppContext], Any]]:
    from ra_game.scenes.handover import HandOverScene
    from ra_game.scenes.play import PlayScene
    from ra_game.scenes.results import FinalResultsScene
    from ra_game.scenes.rules import RulesScene
    from ra_game.scenes.scoring import EpochScoringScene
    from ra_game.scenes.settings import SettingsScene
    from ra_game.scenes.setup import SetupScene
    from ra_game.scenes.slots import SlotsScene
    from ra_game.scenes.title import TitleScene

    from ra_game.ui.error_scene import ErrorScene

    state, scored, over = _finished()
    seats = [Seat.of("human", "Ana"), Seat.of("human", "Bo"), Seat.of("random", "Cy")]
    return {
        "title": TitleScene, "setup": SetupScene, "rules": RulesScene,
        "settings": SettingsScene, "slots": SlotsScene,
        "play": lambda c: PlayScene(c, seats, seed=3, hide_scores=True),
        "scoring": lambda c: EpochScoringScene(c, scored, state),
        "results": lambda c: FinalResultsScene(c, state, over),
        "handover": lambda c: HandOverScene(c, "Ana"),
        "error": lambda c: ErrorScene(c, "Something went wrong (Test)."),
    }


SCENE_NAMES = ["title", "setup", "rules", "settings", "slots", "play", "scoring", "results",
               "handover", "error"]


def _resize(size: tuple[int, int]) -> None:
    """What a window manager does: the window takes ``size`` and the app hears of it."""
    pygame.display.set_mode(size, pygame.RESIZABLE)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))


@pytest.mark.parametrize("name", SCENE_NAMES)
def test_every_scene_works_at_the_minimum_window_size(ctx: AppContext, name: str) -> None:
    from tooling.autopilot import click_events, key_events

    assert ctx.window_size == MIN_SIZE == pygame.display.get_surface().get_size()
    from ra_game.files.saves import SlotWriter

    writer = SlotWriter(0, background=False)  # a saved game, so the slot list has a row
    assert writer.write(sample_save()) is None and writer.release() is None
    ctx.scenes.clear_to(_scenes()[name](ctx))
    run_frames(ctx, 3)
    for size in ((100, 56), (1, 1), (639, 359), (MIN_SIZE[0], 2000)):
        _resize(size)
        run_frames(ctx, 2)
        window = pygame.display.get_surface().get_size()
        assert window[0] >= MIN_SIZE[0] and window[1] >= MIN_SIZE[1]
        assert ctx.window_size == window
    _resize(MIN_SIZE)
    for event in [*click_events((MIN_SIZE[0] // 2, MIN_SIZE[1] // 2)),
                  *key_events(pygame.K_TAB), *key_events(pygame.K_DOWN)]:
        pygame.event.post(event)
    run_frames(ctx, 3)  # errors propagate: input at the minimum size never raises


@pytest.mark.parametrize("name", SCENE_NAMES)
def test_every_scene_draws_even_onto_a_tiny_surface(ctx: AppContext, name: str) -> None:
    """If a window manager ignores the minimum, drawing still never raises."""
    scene = _scenes()[name](ctx)
    ctx.scenes.clear_to(scene)
    for size in ((1, 1), (60, 30), (100, 56)):
        ctx.window_size = size
        scene.update(1 / 60)
        scene.draw(pygame.Surface(size))


def test_caches_stay_bounded_over_many_window_sizes(ctx: AppContext) -> None:
    from ra_game.scenes import rules, title

    from ra_game.ui import layout_scene

    ctx.scenes.clear_to(title.TitleScene(ctx))
    rng = random.Random(4)
    for _ in range(60):
        _resize((rng.randrange(640, 2400), rng.randrange(360, 1400)))
        run_frames(ctx, 1)
    assert len(title._ROTATED) <= title.ROTATED_CACHE_LIMIT
    assert len(layout_scene._BACKDROPS) <= 5 and len(rules._PAGES) <= rules.CACHE_LIMIT
    from ra_game.ui.assets import FONT_LIMIT, SCALED_LIMIT

    assert len(ctx.assets._fonts) <= FONT_LIMIT and len(ctx.assets._scaled) <= SCALED_LIMIT


@pytest.mark.slow
def test_random_input_over_whole_games_never_crashes() -> None:
    """Junk clicks, keys, text and resizes mixed with a purposeful player, through the real
    frame function (errors propagate: no crash screen hides them)."""
    ctx, _ = create_app()
    ctx.settings.animation_speed = "max"
    monkey = ChaosMonkey(ctx, random.Random(1))
    stats = monkey.run(1500, step_frame)
    # The AIs answer from their own thread, so on a busy machine fewer of their moves land in
    # the first 1,500 frames: go on, a bounded number of frames, until two games are over.
    while stats.games_finished < 2 and stats.frames < 9000 and ctx.scenes.top is not None:
        monkey.run(500, step_frame)
    assert stats.frames >= 1500 and ctx.run.crashes == 0
    assert stats.games_finished >= 2 and stats.resizes >= 5 and stats.resumed >= 1
    assert min(w for w, _ in stats.sizes) >= MIN_SIZE[0]
    assert min(h for _, h in stats.sizes) >= MIN_SIZE[1]
    for slot in list_slots():
        assert slot.problem is None  # every save the run left behind is whole
    pygame.display.quit()


def test_the_title_menu_takes_more_entries_in_two_columns() -> None:
    from ra_game.scenes.title import MENU_MAX_ROWS, menu_rects

    area = pygame.Rect(390, 280, 500, 350)
    for count in range(1, 13):
        rects = menu_rects(area, count, 50, 312, 24)
        assert len(rects) == count
        assert all(area.contains(r) for r in rects)
        assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:])
        assert len({r.x for r in rects}) == (1 if count <= MENU_MAX_ROWS else 2)
