"""Junk input (random keys, clicks, wheel, resizes) on the tutorial, the replay viewer, the
rules, the replay list and the statistics never raises (errors propagate: no crash screen)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from ra_game.scenes.title import TitleScene

from ra_game.app import create_app, run_frames
from ra_game.files.replays import replays_dir
from ra_game.ui.app_context import AppContext

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
KEYS = [pygame.K_RETURN, pygame.K_SPACE, pygame.K_ESCAPE, pygame.K_BACKSPACE, pygame.K_HOME,
        pygame.K_END, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_TAB,
        pygame.K_PAGEUP, pygame.K_PAGEDOWN, pygame.K_d, pygame.K_r, pygame.K_g, pygame.K_p,
        pygame.K_s, pygame.K_h, pygame.K_q, pygame.K_t, pygame.K_w, pygame.K_a,
        *(getattr(pygame, f"K_{i}") for i in range(10))]


@pytest.fixture
def ctx() -> Iterator[AppContext]:
    folder = replays_dir()
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "a.ra.json").write_text((FIXTURES / "golden_3p_full.ra.json").read_text())
    (folder / "b.ra.json").write_text("[]")
    context, _ = create_app()
    context.settings.animation_speed = "fast"
    yield context
    pygame.display.quit()


def junk(rng: random.Random, size: tuple[int, int]) -> list[pygame.event.Event]:
    roll = rng.random()
    pos = (rng.randrange(size[0]), rng.randrange(size[1]))
    if roll < 0.5:
        key = rng.choice(KEYS)
        return [pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0)]
    if roll < 0.9:
        return [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
                pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
                pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)]
    return [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=rng.choice((-2, -1, 1, 2)),
                               flipped=False)]


@pytest.mark.slow
@pytest.mark.parametrize("start", [pygame.K_p, pygame.K_w, pygame.K_r, pygame.K_t])
def test_junk_input_on_the_new_screens_never_raises(ctx: AppContext, start: int) -> None:
    rng = random.Random(start)
    for _round in range(4):
        ctx.scenes.clear_to(TitleScene(ctx))
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=start, mod=0, unicode=""))
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=start, mod=0, unicode=""))
        run_frames(ctx, 2)
        for _ in range(40):
            for event in junk(rng, ctx.window_size):
                pygame.event.post(event)
            run_frames(ctx, rng.choice((1, 2, 5)))
            if ctx.quit_requested:
                ctx.quit_requested = False
                ctx.scenes.clear_to(TitleScene(ctx))
