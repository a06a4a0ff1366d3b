"""Save slots through real input (mouse and keyboard), seedless saves, and hotseat fame."""

from __future__ import annotations

import json
import os
import random

import pygame
import pytest
from ra_game.scenes.play import PlayScene
from ra_game.scenes.results import FinalResultsScene
from ra_game.scenes.slots import SlotsScene
from ra_game.scenes.title import TitleScene

from ra_game.app import create_app, run_frames, step_frame
from ra_game.files.saves import SLOT_COUNT, SlotWriter, list_slots, read_slot, slot_path
from ra_game.table.seats import Seat
from ra_game.ui.app_context import AppContext
from tooling.autopilot import (
    Autopilot,
    click_at,
    press_key,
)
from tooling.faults import sample_save


def top(ctx: AppContext) -> object:
    return ctx.scenes.top


def scene_type(ctx: AppContext) -> type[object]:
    return type(ctx.scenes.top)


def save(index: int, moves: int, seed: int = 11) -> dict[str, object]:
    doc = sample_save(moves, seed=seed)
    writer = SlotWriter(index, background=False)
    assert writer.write(doc) is None and writer.release() is None
    return doc


def until_human_turn(ctx: AppContext, play: object, frames: int = 3000) -> None:
    """Run frames until the person at the screen may start a turn (AIs and animations done);
    bids and other decisions before that are answered by the autopilot."""
    pilot = Autopilot(ctx, play, random.Random(1), by="keyboard")  # type: ignore[arg-type]
    for _ in range(frames):
        if ctx.scenes.top is play and not play.queue.busy and play.human_to_move() \
                and play.input.mode != "idle":  # type: ignore[attr-defined]
            if play.input.mode == "turn":  # type: ignore[attr-defined]
                return
            for event in pilot.events():
                pygame.event.post(event)
        run_frames(ctx, 1)
    pytest.fail("the person never got a turn")


def draw_then_save_and_quit(ctx: AppContext) -> None:
    play = top(ctx)
    assert scene_type(ctx) is PlayScene
    until_human_turn(ctx, play)
    before = len(play.moves)  # type: ignore[attr-defined]
    press_key(ctx, pygame.K_d)
    assert play.moves[before] == "draw"  # type: ignore[attr-defined]
    press_key(ctx, pygame.K_ESCAPE)
    press_key(ctx, pygame.K_q)  # Save & quit to title
    assert scene_type(ctx) is TitleScene


# -- never overwrite a game without asking ------------------------------------------------------


def test_enter_enter_after_save_and_quit_keeps_the_saved_game(ctx: AppContext) -> None:
    press_key(ctx, pygame.K_RETURN)  # New game
    press_key(ctx, pygame.K_RETURN)  # Start
    draw_then_save_and_quit(ctx)
    first = read_slot(0)
    assert first.resumable and top(ctx).buttons["continue"].enabled  # type: ignore[attr-defined]
    press_key(ctx, pygame.K_RETURN)  # the README's Enter, Enter: a second game...
    press_key(ctx, pygame.K_RETURN)
    draw_then_save_and_quit(ctx)
    slots = list_slots()
    assert slots[0].doc == first.doc  # ...went into its own slot
    assert slots[1].resumable and sum(s.resumable for s in slots) == 2
    title = top(ctx)
    assert title.save_info.startswith("Continue: ")  # type: ignore[attr-defined]


def test_with_every_slot_used_a_new_game_asks_which_to_replace_by_keyboard(
    ctx: AppContext,
) -> None:
    docs = [save(i, 4 + i) for i in range(SLOT_COUNT)]
    press_key(ctx, pygame.K_n)
    press_key(ctx, pygame.K_RETURN)  # Start: no free slot, so the list opens
    slots = top(ctx)
    assert scene_type(ctx) is SlotsScene and slots.new_game is not None  # type: ignore
    press_key(ctx, pygame.K_DOWN)  # slot 2
    press_key(ctx, pygame.K_RETURN)  # ...asks
    assert slots.on_yes is not None and "Replace" in slots.question  # type: ignore
    press_key(ctx, pygame.K_RETURN)  # Enter alone answers No
    assert slots.on_yes is None and scene_type(ctx) is SlotsScene  # type: ignore
    press_key(ctx, pygame.K_RETURN)
    press_key(ctx, pygame.K_ESCAPE)  # Esc answers No too
    assert slots.on_yes is None and scene_type(ctx) is SlotsScene  # type: ignore
    assert [s.doc for s in list_slots()] == docs  # nothing replaced
    press_key(ctx, pygame.K_RETURN)
    press_key(ctx, pygame.K_y)  # Yes
    assert [type(s) for s in ctx.scenes.stack] == [TitleScene, PlayScene]
    play = top(ctx)
    assert play.keeper.saver.index == 1  # type: ignore[attr-defined]
    until_human_turn(ctx, play)
    press_key(ctx, pygame.K_d)
    assert play.keeper.saver.flush() is None  # type: ignore[attr-defined]
    now = read_slot(1).doc
    assert now is not None and now != docs[1]
    bak = slot_path(1).with_name("slot-2.ra.json.bak")
    assert bak.exists()  # the replaced game's last save stays as the backup


def test_with_every_slot_used_a_new_game_asks_which_to_replace_by_mouse(
    ctx: AppContext,
) -> None:
    docs = [save(i, 4 + i) for i in range(SLOT_COUNT)]
    title = top(ctx)
    click_at(ctx, title.buttons["new"].rect.center)  # type: ignore[attr-defined]
    setup = top(ctx)
    click_at(ctx, setup.buttons["start"].rect.center)  # type: ignore[attr-defined]
    slots = top(ctx)
    click_at(ctx, slots.rows[3].rect.center)  # type: ignore[attr-defined]  # select slot 4
    click_at(ctx, slots.buttons["open"].rect.center)  # type: ignore[attr-defined]
    assert slots.on_yes is not None  # type: ignore[attr-defined]
    click_at(ctx, slots.no.rect.center)  # type: ignore[attr-defined]
    assert [s.doc for s in list_slots()] == docs
    click_at(ctx, slots.rows[3].rect.center)  # type: ignore[attr-defined]  # a second click opens
    click_at(ctx, slots.yes.rect.center)  # type: ignore[attr-defined]
    assert scene_type(ctx) is PlayScene and top(ctx).keeper.saver.index == 3  # type: ignore


def test_load_a_game_by_mouse(ctx: AppContext) -> None:
    save(0, 5)
    second = save(2, 9, seed=4)
    title = top(ctx)
    title.refresh_save()  # type: ignore[attr-defined]
    click_at(ctx, title.buttons["load"].rect.center)  # type: ignore[attr-defined]
    slots = top(ctx)
    assert scene_type(ctx) is SlotsScene
    assert not slots.rows[1].enabled  # type: ignore[attr-defined]  # an empty slot
    click_at(ctx, slots.rows[2].rect.center)  # type: ignore[attr-defined]
    click_at(ctx, slots.buttons["open"].rect.center)  # type: ignore[attr-defined]
    play = top(ctx)
    assert scene_type(ctx) is PlayScene and play.keeper.saver.index == 2  # type: ignore
    assert play.moves[: len(second["moves"])] == second["moves"]  # type: ignore


def test_load_and_delete_by_keyboard(ctx: AppContext) -> None:
    first = save(0, 5)
    save(1, 7)
    top(ctx).refresh_save()  # type: ignore[attr-defined]
    press_key(ctx, pygame.K_l)
    slots = top(ctx)
    press_key(ctx, pygame.K_DOWN)
    assert slots.selected == 1  # type: ignore[attr-defined]
    press_key(ctx, pygame.K_DELETE)
    assert slots.on_yes is not None and "Delete" in slots.question  # type: ignore
    press_key(ctx, pygame.K_n)
    assert read_slot(1).resumable
    press_key(ctx, pygame.K_DELETE)
    press_key(ctx, pygame.K_y)
    assert read_slot(1).empty and "deleted" in slots.message  # type: ignore[attr-defined]
    assert slots.selected == 0  # type: ignore[attr-defined]  # the remaining game
    press_key(ctx, pygame.K_RETURN)
    play = top(ctx)
    assert scene_type(ctx) is PlayScene
    assert play.moves[: len(first["moves"])] == first["moves"]  # type: ignore


def test_a_slot_in_use_by_another_copy_cannot_be_loaded_replaced_or_deleted(
    ctx: AppContext,
) -> None:
    save(0, 5)
    lock = slot_path(0).with_name("slot-1.ra.json.lock")
    lock.write_text(f"{os.getppid()}\n")  # a live process that is not us
    title = top(ctx)
    title.refresh_save()  # type: ignore[attr-defined]
    assert not title.buttons["continue"].enabled  # type: ignore[attr-defined]
    info = read_slot(0)
    assert info.locked and not info.empty and not info.resumable
    from ra_game.scenes.slots import SlotsScene, slot_detail

    scene = SlotsScene(ctx, list_slots())
    assert not scene.rows[0].enabled and "another copy" in slot_detail(info)
    assert SlotWriter(0, background=False).write(sample_save(9)) is not None
    lock.unlink()


def test_the_title_reads_each_save_once(ctx: AppContext, monkeypatch: pytest.MonkeyPatch
                                        ) -> None:
    import ra_game.files.saves as saves_module

    save(0, 5)
    save(1, 6)
    reads: list[str] = []
    real = saves_module.read_json_bounded

    def counting(path: object, *args: object) -> object:
        reads.append(str(path))
        return real(path, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(saves_module, "read_json_bounded", counting)
    ctx2, _ = create_app()
    run_frames(ctx2, 2)
    assert sorted(reads) == sorted(str(slot_path(i)) for i in range(SLOT_COUNT))
    press_key(ctx2, pygame.K_c)
    assert type(ctx2.scenes.top) is PlayScene
    # Continue used what the title had read, and read the slot it opened once more, to be sure
    # no other copy of the game saved it meanwhile (see test_two_copies.py)
    assert reads[SLOT_COUNT:] == [str(slot_path(1))]


def test_an_old_single_autosave_moves_into_a_slot(ctx: AppContext) -> None:
    from ra_game.files.settings import data_dir

    doc = sample_save(7)
    legacy = data_dir() / "autosave.ra.json"
    legacy.parent.mkdir(parents=True, exist_ok=True)
    legacy.write_text(json.dumps(doc))
    assert list_slots()[0].doc == doc and not legacy.exists()


# -- a save reveals nothing the table does not show ---------------------------------------------


def test_a_save_holds_no_seed_and_resuming_deals_the_bag_afresh(ctx: AppContext) -> None:

    seats = [Seat.of("human", "Ana"), Seat.of("random", "Bo")]
    play = PlayScene(ctx, seats, seed=77, slot=0)
    ctx.scenes.clear_to(play)
    until_human_turn(ctx, play)
    press_key(ctx, pygame.K_d)
    assert play.keeper.saver is not None and play.keeper.saver.flush() is None
    text = slot_path(0).read_text()
    doc = json.loads(text)
    assert "seed" not in doc and "77" not in text
    assert len(doc["bag"]) == play.state.draw_count  # only the tiles the table has seen
    orders = set()
    for _ in range(4):
        resumed = PlayScene.from_save(ctx, doc)
        assert resumed.state.summary() == play.state.summary()
        assert resumed.state.drawn == play.state.drawn
        assert resumed.seed != 77 or resumed.turns.runner is not None
        orders.add(resumed.state.draw_order()[resumed.state.draw_count:])
    assert len(orders) > 1  # the undrawn tiles come from fresh randomness


# -- hotseat fame -------------------------------------------------------------------------------


def _fame_shown(play: object) -> list[bool]:
    """Which seats' fame the board drew face up in the last frame."""
    return [score is not None for score in play.areas.shown_scores]  # type: ignore[attr-defined]


def test_hidden_scores_show_the_person_at_the_screen_their_own_fame_only() -> None:

    ctx, _ = create_app()
    ctx.settings.animation_speed = "max"
    seats = [Seat.of("human", "Ana"), Seat.of("human", "Ben"), Seat.of("random", "Cy")]
    play = PlayScene(ctx, seats, seed=5, hide_scores=True)
    ctx.scenes.clear_to(play)
    pilot = Autopilot(ctx, play, random.Random(5), by="keyboard")
    checked = 0
    for _ in range(20000):
        if play.state.over:
            break
        top_scene = ctx.scenes.top
        if top_scene is play and not play.queue.busy and play.human_to_move() \
                and play.input.mode != "idle" and play.areas.shown_scores:
            seat = play.state.to_move
            assert play.hotseat.viewer(play.state, play.seats) == seat
            assert _fame_shown(play) == [s == seat for s in range(3)]
            checked += 1
        for event in pilot.events():
            pygame.event.post(event)
        step_frame(ctx, 1 / 60)
    assert checked > 20 and play.state.over
    for _ in range(600):  # through the final scoring
        if scene_type(ctx) is FinalResultsScene:
            break
        for event in pilot.events():
            pygame.event.post(event)
        step_frame(ctx, 1 / 60)
    assert scene_type(ctx) is FinalResultsScene  # the results show everyone's fame
    play.model.sync(play.state)  # and so would the board, now that the game is over
    play.draw(pygame.display.get_surface())
    assert _fame_shown(play) == [True, True, True]
    pygame.display.quit()


def test_hidden_scores_never_apply_to_a_game_with_one_person(ctx: AppContext) -> None:
    from ra_game.app import first_scene

    ctx.settings.hide_scores = True
    play = first_scene(ctx, [Seat.of("human", "You"), Seat.of("random", "Bot")], seed=3)
    assert not play.hide_scores  # type: ignore[attr-defined]
    two = first_scene(ctx, [Seat.of("human", "A"), Seat.of("human", "B")], seed=3)
    assert two.hide_scores  # type: ignore[attr-defined]


def test_name_fields_take_printable_text_of_bounded_length(ctx: AppContext) -> None:
    press_key(ctx, pygame.K_n)
    setup = top(ctx)
    press_key(ctx, pygame.K_TAB)  # the first name field
    for _ in range(5):
        press_key(ctx, pygame.K_BACKSPACE)
    for text in ("A\x00n\x1ba", "\u202e", "x" * 40):
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
        run_frames(ctx, 1)
    name = setup.rows[0].name  # type: ignore[attr-defined]
    assert name.isprintable() and len(name) <= 16 and name.startswith("Ana")
    press_key(ctx, pygame.K_TAB)
    setup.group.focus(setup.buttons["start"])  # type: ignore[attr-defined]
    press_key(ctx, pygame.K_RETURN)
    assert top(ctx).seats[0].name == name  # type: ignore[attr-defined]


def test_a_new_game_claims_its_slot_at_once_so_another_copy_picks_another(
    ctx: AppContext,
) -> None:
    press_key(ctx, pygame.K_RETURN)  # New game
    press_key(ctx, pygame.K_RETURN)  # Start: slot 1, claimed before any move
    lock = slot_path(0).with_name("slot-1.ra.json.lock")
    assert lock.read_text().split()[0] == str(os.getpid())
    lock.write_text(f"{os.getppid()}\n")  # as another running copy would see it: taken
    assert list_slots()[0].locked
    from ra_game.files.saves import first_free_slot

    assert first_free_slot(list_slots()) == 1
    lock.unlink()


def test_the_writer_thread_ends_when_the_game_lets_its_slot_go() -> None:
    import threading

    before = threading.active_count()
    writers = [SlotWriter(i) for i in range(3)]
    for writer in writers:
        assert writer.write(sample_save(4)) is None
    for writer in writers:
        assert writer.release() is None
    for _ in range(200):
        if threading.active_count() <= before:
            break
        threading.Event().wait(0.01)
    assert threading.active_count() <= before
    assert all(read_slot(i).resumable for i in range(3))


def test_a_game_started_from_the_command_line_with_every_slot_used_says_so(
    ctx: AppContext,
) -> None:
    from ra_game.app import first_scene

    docs = [save(i, 4 + i) for i in range(SLOT_COUNT)]
    play = first_scene(ctx, [Seat.of("human", "You"), Seat.of("random", "Bot")], seed=3)
    assert play.keeper.saver is None and "not being saved" in play.notice  # type: ignore[attr-defined]
    assert [s.doc for s in list_slots()] == docs
