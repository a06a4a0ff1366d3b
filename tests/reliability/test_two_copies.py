"""Two running copies of the game and one save slot: neither copy ever overwrites the other's game.

The other copy is a real process (a sleeping Python) whose pid holds the slot's lock, exactly as
a second running copy of the game would.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator

import pytest
from ra_game.scenes.play import PlayScene

from ra_game.app import create_app, run_frames
from ra_game.files.safefile import _process_start, backup_path, write_json_atomic
from ra_game.files.saves import SLOT_COUNT, SlotWriter, read_slot, slot_path
from tooling.faults import sample_save


class OtherCopy:
    """Another running copy: holds a slot's lock while it lives, writes its game, quits."""

    def __init__(self) -> None:
        self.proc = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(120)"])

    def take(self, index: int) -> None:
        start = _process_start(self.proc.pid)
        text = f"{self.proc.pid} {start}\n" if start else f"{self.proc.pid}\n"
        lock = slot_path(index).with_name(slot_path(index).name + ".lock")
        lock.parent.mkdir(parents=True, exist_ok=True)
        lock.write_text(text)

    def save_and_quit(self, index: int, doc: dict[str, object]) -> None:
        write_json_atomic(slot_path(index), doc, keep_backup=True)
        slot_path(index).with_name(slot_path(index).name + ".lock").unlink()

    def stop(self) -> None:
        self.proc.kill()
        self.proc.wait()


@pytest.fixture
def other() -> Iterator[OtherCopy]:
    copy = OtherCopy()
    yield copy
    copy.stop()


def on_disk(index: int) -> object:
    return json.loads(slot_path(index).read_bytes())


def test_a_copy_that_lost_the_lock_never_writes_the_slot_again(other: OtherCopy) -> None:
    first, theirs, mine = sample_save(4), sample_save(14, seed=3), sample_save(9, seed=5)
    write_json_atomic(slot_path(0), first)
    other.take(0)  # copy A resumed the game
    writer = SlotWriter(0, background=False)  # copy B opens the same game
    assert writer.claim() and "not being saved" in writer.claim()  # type: ignore[operator]
    assert writer.write(mine) and on_disk(0) == first
    other.save_and_quit(0, theirs)  # A saves and quits: the lock is free again
    message = writer.write(mine)  # B's next autosave
    assert message and "\n" not in message
    assert on_disk(0) == theirs and json.loads(backup_path(slot_path(0)).read_bytes()) == first
    writer.clear()  # B's game ends: A's save stays
    assert on_disk(0) == theirs


def test_a_slot_changed_since_it_was_read_is_not_overwritten(other: OtherCopy) -> None:
    first, theirs, mine = sample_save(4), sample_save(14, seed=3), sample_save(9, seed=5)
    write_json_atomic(slot_path(0), first)
    seen = read_slot(0).doc  # copy B's title shows the game
    other.take(0)
    other.save_and_quit(0, theirs)  # A played on and quit meanwhile
    writer = SlotWriter(0, background=False)
    assert writer.claim() is None
    message = writer.check_unchanged(seen)  # type: ignore[arg-type]
    assert message and "\n" not in message and "slot 1" in message
    assert writer.write(mine) == message and on_disk(0) == theirs
    writer.release()


def test_an_unchanged_slot_is_saved_as_before() -> None:
    first, mine = sample_save(4), sample_save(9, seed=5)
    write_json_atomic(slot_path(0), first)
    writer = SlotWriter(0, background=False)
    assert writer.claim() is None and writer.check_unchanged(first) is None
    assert writer.write(mine) is None and on_disk(0) == mine
    writer.release()


def test_continue_on_a_stale_title_opens_the_newer_game(other: OtherCopy) -> None:
    """B's title was drawn before A played on and quit: Continue in B opens A's newer game."""
    first, theirs = sample_save(4), sample_save(14, seed=3)
    write_json_atomic(slot_path(0), first)
    ctx, _ = create_app()
    run_frames(ctx, 2)
    title = ctx.scenes.top
    other.take(0)
    other.save_and_quit(0, theirs)
    title.menu_continue()  # type: ignore[attr-defined]
    run_frames(ctx, 2)
    play = ctx.scenes.top
    assert type(play) is PlayScene
    assert play.moves == theirs["moves"]  # type: ignore[attr-defined]
    assert play.notice == ""  # type: ignore[attr-defined]


def test_continue_on_a_stale_title_does_not_open_a_game_being_played(other: OtherCopy) -> None:
    """A resumed the game after B's title was drawn: B stays on the title and says so."""
    write_json_atomic(slot_path(0), sample_save(4))
    ctx, _ = create_app()
    run_frames(ctx, 2)
    title = ctx.scenes.top
    other.take(0)
    title.menu_continue()  # type: ignore[attr-defined]
    run_frames(ctx, 2)
    assert ctx.scenes.top is title
    assert "slot 1" in (title.save_error or "")  # type: ignore[attr-defined]
    assert not title.buttons["continue"].enabled  # type: ignore[attr-defined]


def test_a_new_game_that_loses_its_slot_takes_the_next_free_one(other: OtherCopy) -> None:
    """Two copies start a new game at the same instant and both chose slot 1: the one that
    loses the claim saves in slot 2 instead of not saving at all."""
    write_json_atomic(slot_path(2), sample_save(4))  # slot 3 holds a game: never taken
    other.take(0)
    writer = SlotWriter(0, background=False)
    assert writer.claim() is None and writer.index == 1
    assert writer.write(sample_save(9, seed=5)) is None and on_disk(1) == sample_save(9, seed=5)
    assert not slot_path(0).exists() and on_disk(2) == sample_save(4)
    writer.release()


def test_a_resumed_game_never_moves_to_another_slot(other: OtherCopy) -> None:
    write_json_atomic(slot_path(0), sample_save(4))
    other.take(0)
    writer = SlotWriter(0, background=False)
    assert writer.claim() and writer.index == 0
    assert not slot_path(1).exists()


def test_with_every_other_slot_used_the_new_game_says_it_is_not_saved(other: OtherCopy) -> None:
    for index in range(1, SLOT_COUNT):
        write_json_atomic(slot_path(index), sample_save(4))
    other.take(0)
    writer = SlotWriter(0, background=False)
    message = writer.claim()
    assert message and "not being saved" in message and writer.index == 0
