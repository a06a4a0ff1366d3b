"""Saving under fire: writers killed mid-write, two copies of the game, a full disk."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from ra_game.files.safefile import SlotLock, clean_temporary_files, write_json_atomic
from ra_game.files.saves import SlotWriter, list_slots, read_slot, slot_path
from ra_game.files.settings import Settings, save_settings
from tooling.faults import sample_save

KILL_TRIALS = 60


def _fork(work: object) -> int:
    """Run ``work()`` in a child process that never returns into pytest."""
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child
        code = 0
        try:
            work()  # type: ignore[operator]
        except BaseException:  # noqa: BLE001
            code = 1
        os._exit(code)
    return pid


def _kill(pid: int) -> None:
    try:
        os.kill(pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    os.waitpid(pid, 0)


@pytest.mark.slow
def test_two_writers_killed_while_saving_leave_a_whole_old_or_new_document(
    tmp_path: Path,
) -> None:
    path = tmp_path / "slot-1.ra.json"
    old, doc_a, doc_b = sample_save(4), sample_save(20, seed=3), sample_save(60, seed=5)
    allowed = [old, doc_a, doc_b]
    write_json_atomic(path, old)
    write_json_atomic(path, old, keep_backup=True)  # so a .bak exists from the start
    rng = random.Random(1)
    reads = 0

    def writer(doc: dict[str, object]) -> None:
        while True:
            write_json_atomic(path, doc, keep_backup=True)

    for _ in range(KILL_TRIALS):
        pids = [_fork(lambda: writer(doc_a)), _fork(lambda: writer(doc_b))]
        deadline = time.monotonic() + rng.uniform(0.002, 0.04)
        while time.monotonic() < deadline:  # a third copy reads meanwhile
            assert json.loads(path.read_bytes()) in allowed
            reads += 1
        for pid in pids:
            _kill(pid)
        assert json.loads(path.read_bytes()) in allowed
        assert json.loads(path.with_name(path.name + ".bak").read_bytes()) in allowed
    assert reads > KILL_TRIALS
    leftovers = [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]
    clean_temporary_files(tmp_path, max_age_s=0)
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]
    assert len(leftovers) <= 4 * KILL_TRIALS  # at most a draft and a .bak link per writer


def test_a_crashed_writers_temporary_files_are_cleaned_when_slots_are_listed() -> None:
    folder = slot_path(0).parent
    folder.mkdir(parents=True)
    stale = folder / ".slot-1.ra.json.abc123.tmp"
    stale.write_text("{half a docu")
    os.utime(stale, (time.time() - 3600, time.time() - 3600))
    fresh = folder / ".slot-2.ra.json.def456.tmp"  # perhaps another copy writing right now
    fresh.write_text("{")
    list_slots()
    assert not stale.exists() and fresh.exists()


def _hold_lock(path: Path, ready_w: int) -> None:
    lock = SlotLock(path)
    assert lock.acquire()
    os.write(ready_w, b"1")
    time.sleep(60)


def test_a_second_copy_cannot_write_a_slot_in_use_and_a_crashed_copys_lock_is_recovered(
) -> None:
    path = slot_path(0)
    path.parent.mkdir(parents=True)
    first = SlotWriter(0, background=False)
    assert first.write(sample_save(6)) is None and first.release() is None
    assert not path.with_name(path.name + ".lock").exists()
    ready_r, ready_w = os.pipe()
    pid = _fork(lambda: _hold_lock(path, ready_w))
    assert os.read(ready_r, 1) == b"1"
    writer = SlotWriter(0, background=False)
    message = writer.write(sample_save(9))
    assert message and "Another copy" in message and "\n" not in message
    assert json.loads(path.read_text()) == sample_save(6)  # untouched
    info = read_slot(0)
    assert info.locked and not info.resumable and not info.empty
    _kill(pid)  # the other copy crashes: its lock is stale now
    # this game lost the slot once and never writes it again (the other copy's game may have
    # moved on: see test_two_copies.py); the next game that opens the slot takes the lock over
    assert writer.write(sample_save(9)) == message
    assert json.loads(path.read_text()) == sample_save(6)
    writer.release()
    writer = SlotWriter(0, background=False)
    assert writer.write(sample_save(9)) is None
    assert json.loads(path.read_text()) == sample_save(9)
    writer.release()
    assert not path.with_name(path.name + ".lock").exists()


def test_two_copies_racing_for_a_stale_lock_never_both_win(tmp_path: Path) -> None:
    target = tmp_path / "slot-1.ra.json"
    lock_path = target.with_name(target.name + ".lock")
    for _ in range(20):
        lock_path.write_text("999999999\n")  # a process that does not exist
        r, w = os.pipe()

        def contender(w: int = w) -> None:
            os.write(w, b"1" if SlotLock(target).acquire() else b"0")
            time.sleep(5)

        pids = [_fork(contender), _fork(contender)]
        answers = os.read(r, 1) + os.read(r, 1)
        for pid in pids:
            _kill(pid)
        assert sorted(answers) == sorted(b"01"), answers
        lock_path.unlink()


# -- a full disk --------------------------------------------------------------------------------


@pytest.fixture
def small_disk(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A 256 KiB tmpfs as the game's home (needs root and a system that allows mounting)."""
    mount = tmp_path / "tiny"
    mount.mkdir()
    result = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=256k", "tmpfs", str(mount)],
                            capture_output=True, text=True, check=False)
    if result.returncode != 0:
        pytest.skip(f"cannot mount a small tmpfs here: {result.stderr.strip() or 'refused'}")
    monkeypatch.setenv("RA_GAME_HOME", str(mount))
    try:
        yield mount
    finally:
        subprocess.run(["umount", "-l", str(mount)], check=False)


def _fill(folder: Path) -> None:
    with (folder / "filler").open("wb", buffering=0) as fh:
        try:
            while True:
                fh.write(b"\0" * 4096)
        except OSError:
            pass


def test_a_full_disk_costs_no_save_and_says_one_line(small_disk: Path) -> None:
    old = sample_save(10)
    writer = SlotWriter(0, background=False)
    assert writer.write(old) is None
    assert save_settings(Settings(effects_volume=0)) is None
    _fill(small_disk)
    big = sample_save(200, seed=9)
    message = writer.write(big)
    assert message and "could not be saved" in message and "\n" not in message
    assert json.loads(slot_path(0).read_text()) == old  # the old save is whole
    assert read_slot(0).doc == old
    warning = save_settings(Settings(animation_speed="fast"))
    assert warning and "\n" not in warning
    every = [p.name for p in small_disk.rglob("*")]
    assert not [n for n in every if n.endswith(".tmp")], every
    (small_disk / "filler").unlink()
    assert writer.write(big) is None and read_slot(0).doc == big
    writer.release()


def test_the_background_writer_reports_a_full_disk_to_the_board(small_disk: Path) -> None:
    writer = SlotWriter(0)
    assert writer.write(sample_save(5)) is None and writer.flush() is None
    _fill(small_disk)
    writer.write(sample_save(200, seed=9))
    message = writer.flush()
    assert message and "could not be saved" in message
    assert read_slot(0).doc == sample_save(5)
    writer.release()


def test_a_lock_naming_a_reused_pid_is_stale(tmp_path: Path) -> None:
    target = tmp_path / "slot-1.ra.json"
    lock_path = target.with_name(target.name + ".lock")
    lock_path.write_text(f"{os.getppid()} 1\n")  # alive, but it started at another time
    if not Path(f"/proc/{os.getppid()}/stat").exists():
        pytest.skip("this system does not tell when a process started")
    lock = SlotLock(target)
    assert lock.owner() is None and lock.acquire()
    assert lock_path.read_text().split()[0] == str(os.getpid())
    lock.release()
    assert not lock_path.exists()
