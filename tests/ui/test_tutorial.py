"""The guided first game: its script is a legal game, and a person finishes it with real input
events (by mouse only and by keyboard only), leaves it and resumes at the same step."""

from __future__ import annotations

from typing import Any

import pygame
import pytest
from ra_game.scenes.play import PlayScene
from ra_game.scenes.setup import SetupScene
from ra_game.scenes.title import TitleScene
from ra_game.scenes.tutorial import LessonGuide, load_lesson, saved_step
from ra_game.scenes.tutorial_lesson import SHOWN_STEPS, STEPS, step_number

from ra_game.app import run_frames
from ra_game.engine import Move
from ra_game.engine.tiles import TILE_BY_ID
from ra_game.ui.app_context import AppContext
from ra_game.ui.board.widgets.callout import button_rects
from tooling.autopilot import click_events, hold_key, post_events, press_key

FRAME_LIMIT = 60 * 60 * 3


def click_base(ctx: AppContext, play: PlayScene, rect: pygame.Rect) -> None:
    """Click the centre of a base-pixel rect of the board, where it is in the window."""
    assert play.view is not None
    post_events(ctx, click_events(play.view.r(rect).center))


# -- the script ---------------------------------------------------------------------------------


def test_every_scripted_step_is_a_legal_engine_move_and_the_game_ends() -> None:
    replay, placed = load_lesson()
    state = replay.initial_state()
    for item in placed:
        for text in item.moves:
            assert Move.parse(text).action in state.legal_actions(), (item.step.id, text)
            if item.step.kind == "you":
                assert state.current == 0 and item.step.how
            state.apply(text)
    assert state.over
    assert sum(len(p.moves) for p in placed) == len(replay.moves)


def test_the_lesson_covers_every_topic_of_the_guided_game() -> None:
    replay, placed = load_lesson()
    state = replay.initial_state()
    seen: set[str] = set()
    for item in placed:
        for text in item.moves:
            if item.step.kind == "you":
                if text == "draw" and state.next_tile() == TILE_BY_ID["ra"]:
                    seen.add("ra tile from the bag")
                elif text == "draw":
                    seen.add("draw")
                elif text == "ra":
                    seen.add("invoke")
                elif text.startswith("bid") and state.forced_bid():
                    seen.add("forced bid")
                elif text.startswith("bid"):
                    seen.add("bid")
                elif text.startswith("god"):
                    seen.add("god")
                elif text.startswith("discard"):
                    seen.add("disaster discard")
            epoch = state.epoch
            state.apply(text)
            if state.epoch != epoch or state.over:
                seen.add(f"epoch end in step {item.step.kind}")
    assert {"draw", "invoke", "bid", "forced bid", "ra tile from the bag", "god",
            "disaster discard"} <= seen
    ids = [s.id for s in STEPS]
    for topic in ("track", "exchange", "ra_track", "epoch_end", "stays", "final", "the_end"):
        assert topic in ids
    assert state.over


# -- playing it through -------------------------------------------------------------------------


def _do_move_by_keys(ctx: AppContext, play: PlayScene, move: str,
                     press_key: Any = press_key) -> None:
    if move in ("draw", "ra"):
        press_key(ctx, pygame.K_d if move == "draw" else pygame.K_r)
    elif move.startswith("bid:"):
        suns = play.input.bid_suns()
        press_key(ctx, getattr(pygame, f"K_{suns.index(int(move[4:])) + 1}"))
        press_key(ctx, pygame.K_RETURN)
    elif move.startswith("god:"):
        press_key(ctx, pygame.K_g)
        for tile in move[4:].split(","):
            slot = play.state.auction.index(TILE_BY_ID[tile])
            press_key(ctx, getattr(pygame, f"K_{slot + 1}"))
        press_key(ctx, pygame.K_RETURN)
    elif move.startswith("discard:"):
        kinds = play.input.discard_kinds()
        for tile in move[8:].split(","):
            press_key(ctx, getattr(pygame, f"K_{kinds.index(TILE_BY_ID[tile]) + 1}"))
        press_key(ctx, pygame.K_RETURN)


def _control(play: PlayScene, name: str, value: int | None = None) -> Any:
    return next(c for c in play.input.controls()
                if c.name == name and (value is None or c.value == value))


def _do_move_by_mouse(ctx: AppContext, play: PlayScene, move: str) -> None:
    if move in ("draw", "ra"):
        click_base(ctx, play, _control(play, move).rect)
    elif move.startswith("bid:"):
        click_base(ctx, play, _control(play, "sun", int(move[4:])).rect)
    elif move.startswith("god:"):
        click_base(ctx, play, _control(play, "god").rect)
        for tile in move[4:].split(","):
            slot = play.state.auction.index(TILE_BY_ID[tile])
            click_base(ctx, play, _control(play, "slot", slot).rect)
        click_base(ctx, play, _control(play, "confirm").rect)
    elif move.startswith("discard:"):
        for tile in move[8:].split(","):
            click_base(ctx, play, _control(play, "kind", TILE_BY_ID[tile]).rect)
        click_base(ctx, play, _control(play, "confirm").rect)


def play_tutorial(ctx: AppContext, by: str, stop_at: str | None = None) -> PlayScene:
    """From the tutorial's play scene on top, do every step by ``by`` (``keys``, ``held``:
    keys held half a second with their repeats, or ``mouse``) until the end (or the step
    ``stop_at``); returns the play scene."""
    press = hold_key if by == "held" else press_key
    if by == "held":
        by = "keys"
    play = ctx.scenes.top
    assert isinstance(play, PlayScene) and isinstance(play.overlay, LessonGuide)
    driver = play.overlay
    for _ in range(FRAME_LIMIT):
        run_frames(ctx, 1)
        top = ctx.scenes.top
        if top is not play:  # the epoch scoring scene
            if by == "keys":
                press(ctx, pygame.K_RETURN)
            else:
                post_events(ctx, click_events(top.cont.rect.center))  # type: ignore[union-attr]
            continue
        step = driver.step
        if step.id == stop_at or step.kind == "end":
            return play
        if driver.waiting_for_next() and not play.queue.busy:
            if by == "keys":
                press(ctx, pygame.K_RETURN)
            else:
                assert play.view is not None
                click_base(ctx, play, button_rects(play.view, driver.callout())[0])
        elif step.kind == "you" and play.input.mode != "idle" and not play.queue.busy:
            before = len(play.moves)
            if by == "keys":
                _do_move_by_keys(ctx, play, step.moves[0], press)
            else:
                _do_move_by_mouse(ctx, play, step.moves[0])
            assert play.moves[before:before + len(step.moves)] == list(step.moves), play.notice
    raise AssertionError(f"the tutorial stalled at step {driver.step.id}")


@pytest.mark.slow
def test_tutorial_by_keyboard_only_from_the_title_to_a_real_game(ctx: AppContext) -> None:
    press_key(ctx, pygame.K_p)
    play = play_tutorial(ctx, "keys")
    assert play.state.over and play.overlay.step.kind == "end"  # type: ignore[union-attr]
    assert saved_step() == 0  # finished: the next "Learn to play" starts over
    press_key(ctx, pygame.K_RETURN)  # "Play a real game"
    assert isinstance(ctx.scenes.top, SetupScene)


@pytest.mark.slow
def test_tutorial_by_mouse_only_from_the_title_and_back_to_it(ctx: AppContext) -> None:
    title = ctx.scenes.top
    assert isinstance(title, TitleScene)
    post_events(ctx, click_events(title.buttons["learn"].rect.center))
    play = play_tutorial(ctx, "mouse")
    assert play.state.over
    assert play.view is not None and isinstance(play.overlay, LessonGuide)
    click_base(ctx, play, button_rects(play.view, play.overlay.callout())[1])  # Back to title
    assert isinstance(ctx.scenes.top, TitleScene)


def test_only_the_step_move_is_accepted_with_a_gentle_message(ctx: AppContext) -> None:
    press_key(ctx, pygame.K_p)
    play = play_tutorial(ctx, "keys", stop_at="invoke")
    for _ in range(200):
        run_frames(ctx, 1)
        if play.input.mode == "turn":
            break
    press_key(ctx, pygame.K_d)  # a legal move of the engine, but not this step's
    assert len(play.moves) == 3
    assert "Not this one yet" in play.notice
    press_key(ctx, pygame.K_r)
    assert play.moves[-1] == "ra"


@pytest.mark.slow
def test_leave_at_a_step_and_resume_there(ctx: AppContext) -> None:
    press_key(ctx, pygame.K_p)
    play = play_tutorial(ctx, "keys", stop_at="play_god")
    driver = play.overlay
    assert isinstance(driver, LessonGuide)
    index, start = driver.index, driver.placed.start
    press_key(ctx, pygame.K_ESCAPE)
    press_key(ctx, pygame.K_q)  # the pause menu's "Save & quit to title"
    title = ctx.scenes.top
    assert isinstance(title, TitleScene)
    assert saved_step() == index
    label = title.buttons["learn"].label
    assert callable(label) and label() == (
        f"Lesson: step {step_number(index)}/{SHOWN_STEPS}")
    press_key(ctx, pygame.K_p)
    again = ctx.scenes.top
    assert isinstance(again, PlayScene) and isinstance(again.overlay, LessonGuide)
    assert again.overlay.index == index and again.overlay.resumed
    replay, _placed = load_lesson()
    assert again.state.summary() == replay.play(upto=start).summary()
    assert again.moves == replay.moves[:start]
    play_tutorial(ctx, "keys")


def test_the_tutorial_leaves_the_saved_games_alone(ctx: AppContext) -> None:
    from ra_game.files.saves import SlotWriter, list_slots

    doc = {"format": "ra-replay/1", "players": [{"name": "A", "kind": "human"},
                                                {"name": "B", "kind": "random"}],
           "seed": 3, "moves": ["draw"], "hide_scores": False}
    writer = SlotWriter(0, background=False)
    writer.write(doc)
    writer.release()
    before = [(s.index, s.empty) for s in list_slots()]
    press_key(ctx, pygame.K_p)
    play_tutorial(ctx, "keys", stop_at="forced")
    assert [(s.index, s.empty) for s in list_slots()] == before
    saved = list_slots()[0].doc
    assert saved is not None and saved["moves"] == ["draw"]


@pytest.mark.slow
def test_every_step_can_be_resumed_and_shows_its_callout(ctx: AppContext) -> None:
    from ra_game.scenes.tutorial import tutorial_scene

    replay, placed = load_lesson()
    for index, item in enumerate(placed):
        play = tutorial_scene(ctx, index)
        ctx.scenes.push(play)
        assert play.moves == replay.moves[:item.start]
        run_frames(ctx, 3)
        driver = play.overlay
        assert isinstance(driver, LessonGuide)
        quick = item.step.kind == "skip" or (item.step.kind == "them" and not item.step.text)
        if not quick:  # (a skip, or moves without a note, go on by themselves at max speed)
            assert driver.index == index, item.step.id
        if item.step.text and driver.step is item.step and play.view is not None:
            assert driver.callout().text
        ctx.scenes.pop()


def test_the_packaged_game_is_what_the_generator_writes() -> None:
    import importlib.util
    import json
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    spec = importlib.util.spec_from_file_location("make_tutorial", root / "tools/make_tutorial.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["make_tutorial"] = module
    spec.loader.exec_module(module)
    packaged = json.loads((root / "scenes" / "tutorial.ra.json").read_text(encoding="utf-8"))
    assert module.build() == packaged


def test_callout_numbers_come_from_the_engine_tables() -> None:
    from ra_game.scenes.tutorial_lesson import NUMBERS

    from ra_game.engine.scoring import CIV_POINTS, SUN_MOST
    from ra_game.engine.tiles import AUCTION_TRACK_SIZE

    texts = [s.text.format(**NUMBERS) for s in STEPS] + [s.how.format(**NUMBERS) for s in STEPS]
    assert not any("{" in t or "}" in t for t in texts)
    joined = " ".join(texts)
    assert f"up to {AUCTION_TRACK_SIZE}," in joined and f"worth {CIV_POINTS[3]} fame" in joined
    assert f"gains {SUN_MOST}." in joined


def test_the_last_step_names_the_winner_with_the_games_own_final_fame() -> None:
    from ra_game.scenes.tutorial_lesson import FINAL_FAME, NUMBERS

    replay, _placed = load_lesson()
    assert tuple(replay.play().scores) == FINAL_FAME
    assert max(FINAL_FAME) == FINAL_FAME[0] and sorted(FINAL_FAME)[-2] == NUMBERS["second"]
    assert "You won with 33 fame, ahead of Hatshepsut's 31." in STEPS[-1].text.format(**NUMBERS)


def test_a_lesson_started_later_knows_the_moves_before_it(ctx: AppContext) -> None:
    """Resumed at a later step, or past a step whose moves are skipped, the tile counter
    (from the game log) counts the bag as it is, and the log holds the earlier moves."""
    from ra_game.scenes.tutorial import tutorial_scene

    ids = [step.id for step in STEPS]
    for start in (ids.index("invoke_again"), ids.index("sit_out")):
        play = tutorial_scene(ctx, start)
        ctx.scenes.clear_to(play)
        run_frames(ctx, 2)
        assert play.info.tiles_left() == play.state.bag_counts(), STEPS[start].id
        assert len(play.info.log.moves) == len(play.moves) > 0
        driver = play.overlay
        assert isinstance(driver, LessonGuide)
        if STEPS[start].id == "sit_out":
            before = play.state.bag_left
            press_key(ctx, pygame.K_RETURN)  # Next: the rest of the epoch is skipped
            run_frames(ctx, 5)
            assert driver.step.id != "sit_out" and play.state.bag_left < before
            assert play.info.tiles_left() == play.state.bag_counts()
            assert len(play.info.log.moves) == len(play.moves)
        play.close()
