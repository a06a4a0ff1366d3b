"""The whole game at a glance in the window: reached from the review list (G), made on the
progress overlay and kept with the game; its graph, key moments, table and full list reached
by keys and by clicks, each opening its position on the board."""

from __future__ import annotations

import json
from pathlib import Path

import pygame
from ra_game.scenes.play import PlayScene
from ra_game.scenes.replay_viewer import ReplayViewer
from ra_game.scenes.review_game import Area, GameProgressScene, GameReviewScene
from ra_game.scenes.review_list import ReviewListScene
from ra_game.scenes.review_position import ReviewViewer

from ra_game.app import run_frames
from ra_game.engine import Move, Replay, load_replay, replay_dict
from ra_game.review import Mistake, Review, ReviewBudget
from ra_game.review.game import GameReview
from ra_game.review.game_job import GameReviewJob
from ra_game.review.store import kept_reviews
from ra_game.ui.app_context import AppContext

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
GAME = FIXTURES / "golden_3p_full.ra.json"
TINY = ReviewBudget(trees=1, iterations=12)



def click(ctx: AppContext, pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    run_frames(ctx, 1)


def press(ctx: AppContext, key: int, mod: int = 0) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=""))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode=""))
    run_frames(ctx, 1)


def made(replay: Replay, seat: int, losses: list[float]) -> list[Mistake]:
    state = replay.initial_state()
    out: list[Mistake] = []
    for index, text in enumerate(replay.moves):
        legal, played = state.legal_actions(), Move.parse(text).action
        if state.current == seat and len(legal) > 1 and len(out) < len(losses):
            better = next(a for a in legal if a != played)
            out.append(Mistake.at(index, state, seat, played, better, losses[len(out)],
                                  values={"second_opinion": 2.0}))
        state.apply(Move.parse(text))
    return out


def game_of(replay: Replay) -> GameReview:
    losses = {0: [1.7, 9.5, 3.5, 2.5, 7.0, 4.4, 1.6], 1: [2.2], 2: []}
    return GameReview.of(replay, {s: Review(s, 40, 40 - len(v), sum(v), made(replay, s, v))
                                  for s, v in losses.items()})


def opened(ctx: AppContext) -> PlayScene:
    top = ctx.scenes.top
    assert isinstance(top, PlayScene)
    return top


def back(ctx: AppContext, scene: GameReviewScene) -> None:
    ctx.scenes.pop()
    run_frames(ctx, 1)
    assert ctx.scenes.top is scene


def test_the_graph_moments_and_mistakes_by_keys(ctx: AppContext) -> None:
    replay = load_replay(GAME)
    game = game_of(replay)
    scene = GameReviewScene(ctx, replay, game, 0)
    ctx.scenes.clear_to(scene)
    run_frames(ctx, 2)
    assert scene.area is Area.GRAPH
    for _ in range(4):
        press(ctx, pygame.K_RIGHT)
    press(ctx, pygame.K_RIGHT, pygame.KMOD_SHIFT)
    assert scene.cursor == 14 and scene.cursor_note().startswith("Next: Epoch 1, ")
    press(ctx, pygame.K_RETURN)
    board = opened(ctx)
    assert isinstance(board.overlay, ReplayViewer) and board.overlay.index == 14
    back(ctx, scene)
    press(ctx, pygame.K_END)
    assert scene.cursor_note() == "End of the game: Ana 12.0, Bruno 18.0, Chiara 11.0"
    press(ctx, pygame.K_TAB)
    assert scene.area is Area.MOMENTS and len(game.moments) >= 2
    press(ctx, pygame.K_DOWN)
    press(ctx, pygame.K_RETURN)
    assert opened(ctx).overlay.index == game.moments[1].move  # type: ignore[union-attr]
    back(ctx, scene)
    press(ctx, pygame.K_TAB)
    assert scene.area is Area.MISTAKES and [m.loss for m in scene.mistakes] == [
        9.5, 7.0, 4.4, 3.5, 2.5, 1.7, 1.6]  # every one, the costliest first
    for _ in range(5):
        press(ctx, pygame.K_DOWN)
    press(ctx, pygame.K_RETURN)
    driver = opened(ctx).overlay
    assert isinstance(driver, ReviewViewer) and driver.mistake.loss == 1.7
    assert driver.at_decision
    back(ctx, scene)
    press(ctx, pygame.K_2)  # Bruno's mistakes
    assert scene.seat == 1 and [m.loss for m in scene.mistakes] == [2.2]
    press(ctx, pygame.K_TAB, pygame.KMOD_SHIFT)
    assert scene.area is Area.MOMENTS
    press(ctx, pygame.K_ESCAPE)
    assert ctx.scenes.top is not scene


def test_the_graph_table_and_rows_by_clicks(ctx: AppContext) -> None:
    replay = load_replay(GAME)
    game = game_of(replay)
    scene = GameReviewScene(ctx, replay, game, 0)
    ctx.scenes.clear_to(scene)
    run_frames(ctx, 2)
    plot = scene.chart.plot
    click(ctx, (plot.x + plot.w // 2, plot.centery))
    middle = round(len(replay.moves) / 2)
    assert abs(opened(ctx).overlay.index - middle) <= 1  # type: ignore[union-attr]
    back(ctx, scene)
    assert scene.area is Area.GRAPH and abs(scene.cursor - middle) <= 1
    click(ctx, scene.rects["table_2"].center)  # Bruno's row
    assert scene.seat == 1 and scene.area is Area.MISTAKES
    click(ctx, scene.rects["mistake_0"].center)
    driver = opened(ctx).overlay
    assert isinstance(driver, ReviewViewer) and driver.mistake.loss == 2.2
    back(ctx, scene)
    click(ctx, scene.rects["moment_0"].center)
    assert opened(ctx).overlay.index == game.moments[0].move  # type: ignore[union-attr]
    back(ctx, scene)
    click(ctx, scene.back.rect.center)
    assert ctx.scenes.top is not scene


def short(tmp_path: Path, moves: int = 12) -> Replay:
    replay = load_replay(FIXTURES / "golden_4p_epoch2.ra.json")
    state = replay.play(moves)
    path = tmp_path / "short.ra.json"
    path.write_text(json.dumps(replay_dict(state, replay.moves[:moves], ["random"] * state.n)))
    return load_replay(path)


def test_the_whole_game_is_made_kept_and_opened_from_the_list(ctx: AppContext,
                                                              tmp_path: Path) -> None:
    replay = short(tmp_path)
    options = {"budget": TINY, "confirm": False}
    job = GameReviewJob(replay, None, **options)  # type: ignore[arg-type]
    progress = GameProgressScene(ctx, replay, 2, whole=job, **options)
    ctx.scenes.clear_to(progress)
    run_frames(ctx, 2000, until=lambda c: c.scenes.top is not progress)
    scene = ctx.scenes.top
    assert isinstance(scene, GameReviewScene) and scene.seat == 2
    assert sorted(scene.game.reviews) == [0, 1, 2, 3]
    assert sorted(kept_reviews(replay, **options)) == [0, 1, 2, 3]  # type: ignore[arg-type]
    listing = ReviewListScene(ctx, replay, scene.game.reviews[1])
    ctx.scenes.clear_to(listing)
    run_frames(ctx, 1)
    press(ctx, pygame.K_g)  # the list's way in: the default settings, none kept yet
    assert isinstance(ctx.scenes.top, GameProgressScene)
    press(ctx, pygame.K_ESCAPE)
    assert ctx.scenes.top is listing
    from ra_game.scenes.review_game import game_review_scene

    ctx.scenes.push(game_review_scene(ctx, replay, 1, **options))  # kept: opens at once
    top = ctx.scenes.top
    assert isinstance(top, GameReviewScene) and top.seat == 1
    assert top.game.reviews == scene.game.reviews
