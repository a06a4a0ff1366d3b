"""The setup screen describes each seat kind in one line (issue 12)."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest
from ra_game.scenes import setup as scene_module
from ra_game.scenes.setup import SetupScene, kind_description

from ra_game.app import create_app, run_frames
from ra_game.table.seat_kinds import kind_of
from ra_game.table.seats import seat_kinds
from ra_game.ui.app_context import AppContext


@pytest.fixture
def shown(monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[AppContext, list[str]]]:
    """The app, and every text the setup scene draws from now on."""
    context, _ = create_app()
    run_frames(context, 2)
    texts: list[str] = []
    real = scene_module.theme.text

    def record(surface, font, text, *args, **kwargs):  # type: ignore[no-untyped-def]
        texts.append(text)
        return real(surface, font, text, *args, **kwargs)

    monkeypatch.setattr(scene_module.theme, "text", record)
    yield context, texts
    pygame.display.quit()


def move_to(ctx: AppContext, pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    run_frames(ctx, 1)


def test_every_level_offered_has_a_one_line_description() -> None:
    for kind in seat_kinds():
        text = kind_description(kind_of(kind))
        assert text and "\n" not in text and len(text) <= 100


def test_pointing_at_a_seat_level_describes_it(shown: tuple[AppContext, list[str]]) -> None:
    ctx, texts = shown
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_n, mod=0, unicode="n"))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_n, mod=0, unicode="n"))
    run_frames(ctx, 1)
    setup = ctx.scenes.stack[-1]
    assert isinstance(setup, SetupScene)
    move_to(ctx, setup.kinds[1].rect.center)  # seat 2: medium by default
    assert kind_description(kind_of("ai:medium")) in texts
    texts.clear()
    pos = (setup.kinds[1].rect.right - 5, setup.kinds[1].rect.centery)
    for kind_event in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind_event, pos=pos, button=1))
    run_frames(ctx, 1)
    assert kind_description(setup.rows[1].kind) in texts
    texts.clear()
    move_to(ctx, (5, 5))  # away from every seat, the clicked (focused) level stays described
    assert setup.kinds[1].focused and kind_description(setup.rows[1].kind) in texts
    texts.clear()
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=0, unicode="\t"))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_TAB, mod=0, unicode="\t"))
    run_frames(ctx, 1)  # focus on the next name field: the usual hint comes back
    assert not any(t in texts for t in (kind_description(kind_of(k)) for k in seat_kinds()))
    assert any("players" in t for t in texts)


def _setup(ctx: AppContext) -> SetupScene:
    from tooling.autopilot import press_key

    press_key(ctx, pygame.K_n)
    setup = ctx.scenes.top
    assert isinstance(setup, SetupScene)
    return setup


@pytest.mark.parametrize("leave", ["esc", "start"])
def test_the_setup_remembers_seats_and_hidden_scores_however_it_is_left(
        ctx: AppContext, leave: str) -> None:
    from ra_game.scenes.play import PlayScene
    from ra_game.scenes.title import TitleScene

    from tooling.autopilot import press_key

    setup = _setup(ctx)
    setup.set_kind(1, kind_of("human"))
    setup.set_kind(2, kind_of("ai:hard"))
    setup.set_hide(True)
    assert setup.hide_applies
    kinds = [r.kind.code for r in setup.rows]
    if leave == "esc":
        press_key(ctx, pygame.K_ESCAPE)
    else:
        setup.start()  # a hidden-score game, left for the title
        play = ctx.scenes.top
        assert isinstance(play, PlayScene) and play.hide_scores
        play.close()
        ctx.scenes.clear_to(TitleScene(ctx))
    assert isinstance(ctx.scenes.top, TitleScene)
    again = _setup(ctx)
    assert [r.kind.code for r in again.rows] == kinds
    assert again.hide_scores and again.hide_applies
