"""The lesson's order as the player sees it: the epoch's end is explained before its scoring
table, the step numbers count the notes shown (no jumps), the God step points at what to click
next, step 23 says what the chips show, and the finished game's board has no Ra tile "to go"."""

from __future__ import annotations

from typing import Any

import pygame
import pytest
from ra_game.scenes.play import PlayScene
from ra_game.scenes.scoring import EpochScoringScene
from ra_game.scenes.title import TitleScene
from ra_game.scenes.tutorial import LessonGuide, load_lesson, save_step, tutorial_scene
from ra_game.scenes.tutorial_lesson import NUMBERS, SHOWN_STEPS, STEPS, step_number
from test_tutorial import play_tutorial

from ra_game.app import run_frames
from ra_game.engine.tiles import Tile
from ra_game.ui.app_context import AppContext
from ra_game.ui.board.score_preview import ScorePreview
from ra_game.ui.board.view import View
from tooling.autopilot import press_key


def ids() -> list[str]:
    return [step.id for step in STEPS]


def test_the_epochs_end_is_explained_before_the_move_that_ends_it() -> None:
    replay, placed = load_lesson()
    state = replay.initial_state()
    ends = []
    for at, item in enumerate(placed):
        epoch = state.epoch
        for text in item.moves:
            state.apply(text)
        if state.epoch != epoch and not state.over:
            ends.append(at)
    first = ends[0]
    # the move that fills the Ra track is played without a note of its own (which would be
    # shown after the scoring, on the next epoch's board): the note before it explains
    assert not placed[first].step.text and placed[first].step.kind == "them"
    before = placed[first - 1].step
    assert before.id == "epoch_end" and before.kind == "note"
    assert "epoch ends" in before.text and "scores" in before.text


def test_step_numbers_count_only_the_steps_shown() -> None:
    shown = [step_number(i) for i, step in enumerate(STEPS) if step.text]
    assert shown == list(range(1, SHOWN_STEPS + 1))
    assert step_number(len(STEPS) - 1) == SHOWN_STEPS  # the last step: "N of N"
    silent = ids().index("more_tiles")  # resumed at a silent step: the next note's number
    assert step_number(silent) == step_number(silent + 1)


def test_the_title_counts_the_steps_shown(ctx: AppContext) -> None:
    index = ids().index("play_god")
    save_step(index)
    label = TitleScene.learn_label()
    assert callable(label)
    assert label() == f"Lesson: step {step_number(index)}/{SHOWN_STEPS}"
    assert step_number(index) < index + 1  # silent steps before it are not counted


def test_the_god_step_points_at_the_tile_then_at_the_take_button(ctx: AppContext) -> None:
    play = tutorial_scene(ctx, ids().index("play_god"))
    ctx.scenes.clear_to(play)
    driver = play.overlay
    assert isinstance(driver, LessonGuide)
    run_frames(ctx, 30)
    assert driver.target() == play.geom.rect("button_god")
    press_key(ctx, pygame.K_g)
    pyramid = play.state.auction.index(Tile.PYRAMID)
    assert driver.target() == play.geom.auction_slots[pyramid]  # not the Play God button gone
    press_key(ctx, getattr(pygame, f"K_{pyramid + 1}"))
    confirm = next(c for c in play.current_controls() if c.name == "confirm")
    assert driver.target() == confirm.rect and confirm.label == "Take 1 tile"


def test_the_last_sun_step_says_what_the_chips_show() -> None:
    replay, placed = load_lesson()
    at = ids().index("bid_last_sun")
    preview = ScorePreview()
    preview.update(replay.play(upto=placed[at].start), 0)
    assert preview.lasting_lots == [1, 1, 1]  # every chip reads "lot +1"
    text = STEPS[at].text.format(**NUMBERS)
    assert "only +1 here, the Temple" in text and "worth the War" not in text


def _texts_drawn(ctx: AppContext, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    drawn: list[str] = []
    fit_text = View.fit_text

    def spy(self: View, surface: pygame.Surface, content: str, *args: Any, **kw: Any) -> Any:
        drawn.append(content)
        return fit_text(self, surface, content, *args, **kw)

    monkeypatch.setattr(View, "fit_text", spy)
    run_frames(ctx, 1)
    return drawn


def test_the_last_steps_board_has_no_ra_tile_to_go(ctx: AppContext,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    play = tutorial_scene(ctx, len(STEPS) - 1)
    ctx.scenes.clear_to(play)
    run_frames(ctx, 3)
    assert play.state.over
    drawn = _texts_drawn(ctx, monkeypatch)
    assert not [t for t in drawn if "to go" in t]
    play.model.over = False  # the same board in a game going on shows the count
    assert any("to go" in t for t in _texts_drawn(ctx, monkeypatch))


@pytest.mark.slow
def test_the_whole_lesson_in_the_order_the_player_sees_it(
        ctx: AppContext, monkeypatch: pytest.MonkeyPatch) -> None:
    """Played through by keys: every note's number follows the one before, and the first
    epoch's scoring table comes after the note that explains it, never before."""
    from ra_game.scenes import tutorial

    seen: list[tuple[str, str]] = []
    draw_callout = tutorial.draw_callout

    def note(surface: pygame.Surface, view: View, callout: Any, hover: Any) -> None:
        if not seen or seen[-1] != ("note", callout.title):
            seen.append(("note", callout.title))
        draw_callout(surface, view, callout, hover)

    scoring_init = EpochScoringScene.__init__

    def scoring(self: EpochScoringScene, *args: Any, **kw: Any) -> None:
        seen.append(("scoring", ""))
        scoring_init(self, *args, **kw)

    monkeypatch.setattr(tutorial, "draw_callout", note)
    monkeypatch.setattr(EpochScoringScene, "__init__", scoring)
    press_key(ctx, pygame.K_p)
    play = play_tutorial(ctx, "keys")
    assert isinstance(play, PlayScene) and play.state.over
    run_frames(ctx, 2)
    titles = [title for kind, title in seen if kind == "note"]
    assert titles == [f"Learn to play: step {n} of {SHOWN_STEPS}"
                      for n in range(1, SHOWN_STEPS + 1)]
    first_scoring = seen.index(("scoring", ""))
    explained = f"Learn to play: step {step_number(ids().index('epoch_end'))} of {SHOWN_STEPS}"
    assert seen.index(("note", explained)) < first_scoring
    after = f"Learn to play: step {step_number(ids().index('stays'))} of {SHOWN_STEPS}"
    assert seen[first_scoring + 1] == ("note", after)  # next: what stays for the next epoch
