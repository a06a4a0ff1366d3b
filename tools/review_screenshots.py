"""Drive the real app through Review my game and save its screenshots (into build/screenshots/
unless ``--out`` says otherwise).

    xvfb-run -a python3 tools/review_screenshots.py [--lang es] [--out DIR]

From the results of a recorded three-player game (tests/fixtures/golden_3p_full.ra.json, the
person in the first seat against two AIs), by the keys a player would press: R (Review my game) while the
AI reviews on its worker processes (review_progress.png), the review list (review_list.png),
Enter on the costliest decision (review_position.png) and Enter again to try the better move
(review_tried.png); from the list, G (The whole game) while the AI reviews every seat, then
the whole game at a glance (review_game.png).  With ``--lang`` only the list, the whole game
and the position are shot, named ``review_list_<lang>.png``, ``review_game_<lang>.png`` and
``review_position_<lang>.png``.  The review uses the game's own budget (the same list in every
language); ``--quick`` a small one, for a try-out.  The reviews are kept with the game in
``build/review-shots-home/`` (``--home`` to choose), so the other languages open them at once.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the checkout: tools.x

import pygame

from ra_game.app import create_app, run_frames
from ra_game.engine import load_replay, replay_dict
from ra_game.engine.events import GameOver
from ra_game.table.seats import AI_NAMES, Seat
from ra_game.ui.app_context import AppContext
from tools import screenshots  # the window, keys and file names
from tools.screenshots import press, save, wait_for

GAME = Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "golden_3p_full.ra.json"
KINDS = ["human", "ai:medium", "ai:hard"]
HOME = Path(__file__).resolve().parent.parent / "build" / "review-shots-home"


def results(ctx: AppContext) -> None:
    """The final results of the recorded game, the person at seat 1."""
    if TYPE_CHECKING:  # scenes/ is installed as ra_game.scenes
        from scenes.results import FinalResultsScene
    else:
        from ra_game.scenes.results import FinalResultsScene

    replay = load_replay(GAME)
    replay.players = [{"name": "You" if i == 0 else AI_NAMES[i], "kind": kind}
                      for i, kind in enumerate(KINDS)]
    state = replay.play()
    doc = replay_dict(state, replay.moves, KINDS, None)
    seats = [Seat.of(p["kind"], p["name"]) for p in replay.players]
    over = GameOver(state.winner or 0, tuple(state.scores), False)
    ctx.scenes.clear_to(FinalResultsScene(ctx, state, over, seats=seats, replay=doc))
    run_frames(ctx, 120)


def review(ctx: AppContext, out: Path, quick: bool) -> None:
    """Review my game, the list, the costliest decision on the board, the better move tried."""
    if TYPE_CHECKING:  # scenes/ is installed as ra_game.scenes
        from scenes.play import PlayScene
        from scenes.review_list import ReviewListScene
        from scenes.review_progress import ReviewProgressScene
    else:
        from ra_game.scenes.play import PlayScene
        from ra_game.scenes.review_list import ReviewListScene
        from ra_game.scenes.review_progress import ReviewProgressScene

    if quick:  # the window makes its job from ra_game.review.ReviewJob
        from functools import partial

        import ra_game.review
        import ra_game.review.game_job

        budget = ra_game.review.ReviewBudget(trees=2, iterations=60)
        ra_game.review.ReviewJob = partial(  # type: ignore[misc,assignment]
            ra_game.review.ReviewJob, budget=budget)
        ra_game.review.game_job.GameReviewJob = partial(  # type: ignore[misc,assignment]
            ra_game.review.game_job.GameReviewJob, budget=budget)  # (it hands each seat's job
        # its budget, by position: a ReviewJob with a budget of its own would get two)
    press(ctx, pygame.K_r, 1)
    progress = ctx.scenes.top
    if isinstance(progress, ReviewProgressScene):  # else kept with the game: the list at once
        wait_for(ctx, "a third of the review",
                 lambda c: c.scenes.top is not progress or
                 progress.progress[0] * 3 >= max(1, progress.progress[1]))
        if not screenshots.LANG:
            save(out, "review_progress")
    wait_for(ctx, "the review list", lambda c: isinstance(c.scenes.top, ReviewListScene))
    run_frames(ctx, 10)
    save(out, "review_list")
    whole_game(ctx, out)
    press(ctx, pygame.K_RETURN, 60)
    assert isinstance(ctx.scenes.top, PlayScene)
    save(out, "review_position")
    if screenshots.LANG:
        return
    press(ctx, pygame.K_RETURN, 1)
    play = ctx.scenes.top
    assert isinstance(play, PlayScene)
    driver = play.overlay
    wait_for(ctx, "the AIs' answers to the better move",
             lambda c: not play.queue.busy
             and getattr(getattr(driver, "play_on", None), "finished", True))
    run_frames(ctx, 10)
    save(out, "review_tried")


def wait_while_thinking(ctx: AppContext, what: str, done: Callable[[AppContext], bool],
                        limit: float = 900.0) -> None:
    """Run frames until ``done``, giving the AI's worker processes real time (the whole
    game's review takes minutes of their thinking, far more than the frames count for)."""
    give_up = time.monotonic() + limit
    while not done(ctx) and time.monotonic() < give_up:
        run_frames(ctx, 30, until=done)
        time.sleep(0.05)
    wait_for(ctx, what, done)


def whole_game(ctx: AppContext, out: Path) -> None:
    """From the list, the whole game: every seat reviewed (or kept), the graph's cursor on
    the second epoch, then back to the list."""
    if TYPE_CHECKING:  # scenes/ is installed as ra_game.scenes
        from scenes.review_game import GameReviewScene
        from scenes.review_list import ReviewListScene
    else:
        from ra_game.scenes.review_game import GameReviewScene
        from ra_game.scenes.review_list import ReviewListScene

    listing = ctx.scenes.top
    assert isinstance(listing, ReviewListScene)
    press(ctx, pygame.K_g, 1)
    wait_while_thinking(ctx, "the whole game",
                        lambda c: isinstance(c.scenes.top, GameReviewScene))
    scene = ctx.scenes.top
    assert isinstance(scene, GameReviewScene)
    scene.cursor = len(scene.game.curve.steps) // 2
    run_frames(ctx, 10)
    save(out, "review_game")
    press(ctx, pygame.K_ESCAPE, 10)
    assert ctx.scenes.top is listing


def main() -> int:
    parser = argparse.ArgumentParser(description="Save the screenshots of Review my game.")
    parser.add_argument("--out", default=str(screenshots.OUT),
                        help=f"folder (default: {screenshots.OUT})")
    parser.add_argument("--lang", default=None, help="language code (es, pt, tr...)")
    parser.add_argument("--quick", action="store_true", help="a small review budget")
    parser.add_argument("--home", default=str(HOME),
                        help=f"the game's data folder, where reviews are kept (default: {HOME})")
    args = parser.parse_args()
    os.environ["RA_GAME_HOME"] = args.home
    if args.lang:
        from ra_game.text.i18n import override_language

        screenshots.LANG = args.lang
        override_language(args.lang)
    if not os.environ.get("DISPLAY"):
        print("review_screenshots: no display; run it as: xvfb-run -a python3 "
              "tools/review_screenshots.py", file=sys.stderr)
        return 2
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    ctx, _ = create_app((1280, 720))
    ctx.run.ai_workers = 2
    results(ctx)
    review(ctx, out, args.quick)
    ctx.scenes.close_all()
    pygame.quit()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
