"""One key press, one action in the lesson, with real key events held as a person holds them
(pygame's repeats included): the Enter that presses a note's Next is not also the next step's
bid or forced bid, the final scoring's Continue is not also "Play a real game" nor that game's
Start; a note on the opponents' moves comes after them; the jump to the end of the third epoch
is explained (step 24) before it happens."""

from __future__ import annotations

from typing import Any

import pygame
import pytest
from ra_game.scenes.play import PlayScene
from ra_game.scenes.scoring import EpochScoringScene
from ra_game.scenes.setup import SetupScene
from ra_game.scenes.tutorial import LessonGuide, load_lesson, tutorial_scene
from ra_game.scenes.tutorial_lesson import SHOWN_STEPS, STEPS, step_number

from ra_game.app import run_frames
from ra_game.ui.app_context import AppContext
from ra_game.ui.board.view import View
from tooling.autopilot import hold_key, press_key


def at_step(ctx: AppContext, step_id: str) -> tuple[PlayScene, LessonGuide]:
    """The lesson opened at ``step_id``, run until its note waits for Next or the person's
    decision opens."""
    index = [s.id for s in STEPS].index(step_id)
    play = tutorial_scene(ctx, index)
    ctx.scenes.clear_to(play)
    driver = play.overlay
    assert isinstance(driver, LessonGuide)
    run_frames(ctx, 900, until=lambda _c: driver.waiting_for_next() or play.human_ready())
    return play, driver


def ready(play: PlayScene, driver: LessonGuide) -> bool:
    return driver.waiting_for_next() or play.human_ready()


@pytest.mark.parametrize(("note", "then"), [("bids_go_round", "bid"), ("all_pass", "forced")])
def test_a_held_enter_on_a_note_is_not_also_the_next_steps_bid(ctx: AppContext, note: str,
                                                                then: str) -> None:
    play, driver = at_step(ctx, note)
    assert driver.step.id == note and driver.waiting_for_next()
    moves = len(play.moves)
    hold_key(ctx, pygame.K_RETURN, 0.6)  # Next, and the repeats of the same press
    run_frames(ctx, 30)
    assert driver.step.id == then
    assert len(play.moves) == moves  # no bid made: the step's note is there to be read
    assert play.human_ready() and play.input.mode == "bid"
    wanted = list(driver.placed.moves)
    press_key(ctx, pygame.K_RETURN)  # a new press bids
    assert play.moves[moves:] == wanted


def test_a_held_enter_on_the_final_scoring_stops_at_the_last_note(ctx: AppContext) -> None:
    play, driver = at_step(ctx, "final")
    hold_key(ctx, pygame.K_d)  # the last Ra tile: the game ends, its scoring shows
    run_frames(ctx, 600, until=lambda c: isinstance(c.scenes.top, EpochScoringScene))
    scoring = ctx.scenes.top
    assert isinstance(scoring, EpochScoringScene)
    run_frames(ctx, 600, until=lambda _c: scoring.finished)  # the table is read
    hold_key(ctx, pygame.K_RETURN, 0.7)  # Continue, held
    run_frames(ctx, 10)
    assert ctx.scenes.top is play and driver.step.kind == "end"  # step 26 is read
    hold_key(ctx, pygame.K_RETURN, 0.7)  # "Play a real game", held
    run_frames(ctx, 10)
    assert isinstance(ctx.scenes.top, SetupScene)  # the setup waits: no game started


def test_the_jump_to_the_third_epoch_is_explained_before_it_happens(ctx: AppContext) -> None:
    play, driver = at_step(ctx, "stays")
    press_key(ctx, pygame.K_RETURN)
    run_frames(ctx, 5)
    _replay, placed = load_lesson()
    assert driver.step.id == "jump" and driver.waiting_for_next()
    assert len(play.moves) == placed[driver.index].start  # nothing jumped yet
    assert driver.callout().title == f"Learn to play: step 24 of {SHOWN_STEPS}"
    assert play.state.epoch == 2
    press_key(ctx, pygame.K_RETURN)
    run_frames(ctx, 5)
    assert driver.step.id == "final" and play.state.epoch == 3


def test_a_note_on_the_opponents_moves_comes_after_them(
        ctx: AppContext, monkeypatch: pytest.MonkeyPatch) -> None:
    from ra_game.scenes import tutorial

    drawn: list[int] = []

    def note(surface: pygame.Surface, view: View, callout: Any, hover: Any) -> None:
        top = ctx.scenes.top
        assert isinstance(top, PlayScene)
        drawn.append(len(top.moves))

    monkeypatch.setattr(tutorial, "draw_callout", note)
    play, driver = at_step(ctx, "invoke")
    press_key(ctx, pygame.K_r)
    run_frames(ctx, 900, until=lambda _c: driver.step.id == "bids_go_round" and ready(
        play, driver))
    start = driver.placed.start
    moves_at_note = {n for n in drawn if n >= start}
    assert moves_at_note == {start + len(driver.placed.moves)}  # only once both bids are shown


@pytest.mark.slow
def test_the_whole_lesson_by_held_keys_shows_every_step_in_order(
        ctx: AppContext, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every step's key held as a person holds it (repeats included): every note is shown,
    numbered 1 to the last in order, and every step's move is made once, by its own press."""
    from ra_game.scenes import tutorial
    from test_tutorial import play_tutorial

    titles: list[str] = []
    draw_callout = tutorial.draw_callout

    def note(surface: pygame.Surface, view: View, callout: Any, hover: Any) -> None:
        if not titles or titles[-1] != callout.title:
            titles.append(callout.title)
        draw_callout(surface, view, callout, hover)

    monkeypatch.setattr(tutorial, "draw_callout", note)
    press_key(ctx, pygame.K_p)
    play = play_tutorial(ctx, "held")
    assert play.state.over
    run_frames(ctx, 2)
    assert titles == [f"Learn to play: step {n} of {SHOWN_STEPS}"
                      for n in range(1, SHOWN_STEPS + 1)]
    assert step_number(len(STEPS) - 1) == SHOWN_STEPS
    hold_key(ctx, pygame.K_RETURN, 0.7)
    run_frames(ctx, 10)
    assert isinstance(ctx.scenes.top, SetupScene)


@pytest.mark.parametrize("step", ["bid", "forced", "win_god", "bid_last_sun"])
def test_a_bid_steps_note_points_at_the_suns_and_leaves_the_bid_button_whole(
        ctx: AppContext, step: str) -> None:
    play, driver = at_step(ctx, step)
    assert play.human_ready() and play.input.mode == "bid"
    controls = play.current_controls()
    target = driver.target()
    assert target is not None
    assert all(target.contains(c.rect) for c in controls if c.name == "sun")
    assert not any(target.colliderect(c.rect) for c in controls if c.name != "sun")
