"""Fault injection, the long version of ``tests/reliability``: bad files, killed writers, locks,
a full disk, tiny windows and random input over whole games, for as long as you like.

    python3 tools/fault_run.py --minutes 5          # prints one JSON line and exits
    python3 tools/fault_run.py --rounds 1           # one pass over every class (a smoke run)

The line holds, per class, how many faults were ``tried`` and how many the game ``handled``
(started anyway, said one line, kept the bad file aside, lost no save), and the first few
failures if any.  Exit status 0 when everything was handled, 1 otherwise.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import traceback
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))  # the test tooling (tests/tooling)

import pygame

from ra_game.engine import RaError, load_replay
from ra_game.files.safefile import write_json_atomic
from ra_game.files.saves import check_document, read_slot, slot_path
from ra_game.files.settings import load_settings_checked, settings_path
from ra_game.table.seat_kinds import kind_of
from tooling import faults

Check = Callable[[], None]
T = TypeVar("T")


class Tally:
    """Counts per class, and the first failures."""

    def __init__(self) -> None:
        self.classes: dict[str, dict[str, int]] = {}
        self.failures: list[str] = []
        self.skipped: dict[str, str] = {}

    def run(self, name: str, check: Check) -> None:
        entry = self.classes.setdefault(name, {"tried": 0, "handled": 0})
        entry["tried"] += 1
        try:
            check()
        except Exception as exc:  # noqa: BLE001 - every failure is counted and reported
            if len(self.failures) < 10:
                where = traceback.extract_tb(exc.__traceback__)[-1]
                self.failures.append(f"{name}: {exc.__class__.__name__}: {str(exc)[:200]} "
                                     f"({Path(where.filename).name}:{where.lineno})")
            return
        entry["handled"] += 1


def fresh_home() -> Path:
    home = Path(tempfile.mkdtemp(prefix="ra-fault-"))
    os.environ["RA_GAME_HOME"] = str(home)
    return home


def _put(path: Path, data: bytes) -> None:
    if path.parent.exists():
        shutil.rmtree(path.parent)
    path.parent.mkdir(parents=True)
    path.write_bytes(data)


def slot_case(data: bytes) -> Check:
    def check() -> None:
        path = slot_path(0)
        _put(path, data)
        info = _bounded(lambda: read_slot(0))
        if info.doc is not None:
            check_document(info.doc)
            assert path.read_bytes() == data
            return
        assert info.problem and "\n" not in info.problem, "no one-line message"
        kept = [p for p in path.parent.iterdir() if ".damaged-" in p.name]
        assert len(kept) == 1 and kept[0].read_bytes() == data, "bad file not kept aside"
    return check


def settings_case(data: bytes) -> Check:
    def check() -> None:
        path = settings_path()
        _put(path, data)
        _settings, warning = _bounded(load_settings_checked)
        if warning is not None:
            assert "\n" not in warning
            kept = [p for p in path.parent.iterdir() if ".damaged-" in p.name]
            assert len(kept) == 1 and kept[0].read_bytes() == data
    return check


def replay_case(data: bytes) -> Check:
    def check() -> None:
        path = Path(os.environ["RA_GAME_HOME"]) / "r.ra.json"
        path.write_bytes(data)
        try:
            load_replay(path).play()
        except RaError as exc:
            assert "\n" not in str(exc)
    return check


def many_replays(count: int) -> Check:
    """A replays folder of ``count`` files (each with a large unknown field): the list opens
    reading only the rows it shows, holds a bounded number and none of the unknown field."""
    def check() -> None:
        from ra_game.files import replays

        folder = replays.replays_dir()
        folder.mkdir(parents=True, exist_ok=True)
        doc = faults.sample_save(12)
        doc["notes"] = "x" * 50_000
        text = json.dumps(doc)
        for i in range(count):
            (folder / f"many-{i:05d}.ra.json").write_text(text)
        listing = replays.ReplayList(folder)
        shown = [listing[i] for i in range(min(8, len(listing)))]
        assert len(listing) >= count and len(listing._read) == len(shown)
        assert all(e.replay is None or e.replay.extra == {} for e in shown)
        shutil.rmtree(folder)
    return check


def _bounded(action: Callable[[], T], seconds: float = 10) -> T:
    """``action()`` in a thread; fails if it blocks (a FIFO opened for reading would)."""
    out: list[T] = []
    errors: list[BaseException] = []

    def target() -> None:
        try:
            out.append(action())
        except BaseException as exc:  # noqa: BLE001
            errors.append(exc)

    thread = threading.Thread(target=target, daemon=True)
    thread.start()
    thread.join(seconds)
    if thread.is_alive():
        raise AssertionError("blocked")
    if errors:
        raise errors[0]
    return out[0]


def non_regular(kind: str) -> Iterator[Check]:
    for path_of, reader in ((slot_path, lambda: read_slot(0).problem),
                            (lambda _i: settings_path(), lambda: load_settings_checked()[1])):
        def check(path_of: Callable[[int], Path] = path_of,
                  reader: Callable[[], object] = reader) -> None:
            path = path_of(0)
            _special(path, kind)
            message = _bounded(reader)
            assert isinstance(message, str) and "\n" not in message
            assert not os.path.lexists(path)
        yield check


def _special(path: Path, kind: str) -> None:
    _put(path, b"")
    path.unlink()
    faults.make_special(path, kind)


def stats_case(kind: str) -> Check:
    """A bad ``stats.json``: set aside with one line, and the end of a game still counts."""
    from ra_game.files.stats import load_stats, record_game, stats_path

    def check() -> None:
        fresh_home()
        _special(stats_path(), kind)
        state = load_replay_state(faults.sample_save(10_000, seed=2))
        notice = _bounded(lambda: record_game(state, [kind_of(k) for k in ("human", "ai:easy", "ai:easy")]))
        assert isinstance(notice, str) and "\n" not in notice
        stats, again = load_stats()
        assert stats.games == 1 and again is None
    return check


def tutorial_case(kind: str) -> Check:
    """A bad ``tutorial.json``: the lesson starts over."""
    if TYPE_CHECKING:  # scenes/ is installed as ra_game.scenes
        from scenes.tutorial_lesson import progress_path, saved_step
    else:
        from ra_game.scenes.tutorial_lesson import progress_path, saved_step

    def check() -> None:
        fresh_home()
        _special(Path(progress_path()), kind)
        assert _bounded(saved_step) == 0
    return check


def catalog_case(kind: str, data: bytes | None) -> Check:
    """A damaged Spanish catalog: English for it (or for the bad entry), said once, no crash;
    also the game starting in that language."""
    from ra_game.text import i18n

    def check() -> None:
        fresh_home()
        folder = Path(tempfile.mkdtemp(prefix="ra-locale-"))
        shutil.copytree(i18n.LOCALE_DIR, folder / "locale")
        mo = folder / "locale" / "es" / "LC_MESSAGES" / "ra_game.mo"
        mo.unlink()
        mo.mkdir() if data is None else mo.write_bytes(data)
        real, i18n.LOCALE_DIR = i18n.LOCALE_DIR, folder / "locale"
        i18n._said.clear()
        try:
            i18n.set_language("es")
            line = i18n._("{player} draws {tile}.").format(player="A", tile="B")
            assert line == "A draws B.", line
            i18n.ngettext("Take {n} tile", "Take {n} tiles", 3).format(n=3)
            notices = i18n.catalog_notices()
            assert len(notices) == 1 and "\n" not in notices[0], notices
        finally:
            i18n.LOCALE_DIR = real
            i18n.set_language("en")
            shutil.rmtree(folder)
    return check


CLI_GAME = ["play", "--headless", "--players", "random,random", "--seed", "3"]


def _cli_target(kind: str, folder: Path) -> str:
    """A ``--save-replay`` target of ``kind`` in ``folder`` (never a node of the real /dev)."""
    path = folder / kind
    if kind == "device":
        return str(faults.null_device(path))
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "folder":
        path.mkdir()
    elif kind == "read_only":
        path.write_text("mine\n")
        path.chmod(0o444)
    elif kind == "empty_name":
        return ""
    elif kind == "newline":
        return str(folder / "no such\nfolder" / "g.ra.json")
    return str(path)


def cli_case(kind: str) -> Check:
    """One command-line mistake: one line on stderr, exit 2, the target untouched."""
    import contextlib
    import io

    from ra_game.cli import main as cli_main

    def check() -> None:
        folder = Path(tempfile.mkdtemp(prefix="ra-cli-"))
        try:
            if kind == "think_ms":
                argv = [*CLI_GAME, "--think-ms", "-5"]
            else:
                target = _cli_target(kind, folder)
                before = os.stat(target) if target and os.path.lexists(target) else None
                argv = [*CLI_GAME, "--save-replay", target]
            err = io.StringIO()
            with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
                try:
                    cli_main(argv)
                    code: object = 0
                except SystemExit as exc:
                    code = exc.code
            assert code == 2 and err.getvalue().count("\n") == 1, (code, err.getvalue())
            if kind != "think_ms" and before is not None:
                after = os.stat(target)
                assert (after.st_ino, after.st_mode) == (before.st_ino, before.st_mode)
        finally:
            shutil.rmtree(folder, ignore_errors=True)
    return check


CLI_KINDS = ("device", "fifo", "folder", "read_only", "empty_name", "newline", "think_ms")


def load_replay_state(doc: dict[str, object]) -> Any:
    from ra_game.engine import parse_replay

    return parse_replay(doc).play()


def kill_writers(rng: random.Random) -> Check:
    def check() -> None:
        folder = Path(tempfile.mkdtemp(prefix="ra-kill-"))
        path = folder / "slot-1.ra.json"
        docs = [faults.sample_save(4), faults.sample_save(20, seed=3),
                faults.sample_save(60, seed=5)]
        write_json_atomic(path, docs[0])
        write_json_atomic(path, docs[0], keep_backup=True)  # so a .bak exists from the start
        pids = []
        for doc in docs[1:]:
            pid = os.fork()
            if pid == 0:  # the child writes until it is killed
                try:
                    while True:
                        write_json_atomic(path, doc, keep_backup=True)
                finally:
                    os._exit(0)
            pids.append(pid)
        deadline = time.monotonic() + rng.uniform(0.002, 0.05)
        while time.monotonic() < deadline:
            assert json.loads(path.read_bytes()) in docs
        for pid in pids:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
        assert json.loads(path.read_bytes()) in docs
        assert json.loads(path.with_name(path.name + ".bak").read_bytes()) in docs
        shutil.rmtree(folder)
    return check


def lock_race() -> Check:
    """Two copies find a stale lock at once: exactly one of them may take it."""
    from ra_game.files.safefile import SlotLock

    def check() -> None:
        folder = Path(tempfile.mkdtemp(prefix="ra-lock-"))
        target = folder / "slot-1.ra.json"
        (folder / "slot-1.ra.json.lock").write_text("999999999\n")
        r, w = os.pipe()
        pids = []
        for _ in range(2):
            pid = os.fork()
            if pid == 0:
                try:
                    os.write(w, b"1" if SlotLock(target).acquire() else b"0")
                    time.sleep(5)
                finally:
                    os._exit(0)
            pids.append(pid)
        answers = os.read(r, 1) + os.read(r, 1)
        for pid in pids:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
        os.close(r)
        os.close(w)
        shutil.rmtree(folder)
        assert sorted(answers) == sorted(b"01"), answers
    return check


def _other_copy(index: int) -> int:
    """A live process holding slot ``index``'s lock, as a second running copy would; its pid."""
    from ra_game.files.safefile import _process_start

    pid = os.fork()
    if pid == 0:
        time.sleep(60)
        os._exit(0)
    start = _process_start(pid)
    lock = slot_path(index).with_name(slot_path(index).name + ".lock")
    lock.parent.mkdir(parents=True, exist_ok=True)
    lock.write_text(f"{pid} {start}\n" if start else f"{pid}\n")
    return pid


def two_copies(rng: random.Random) -> Check:
    """Copy B opens the game copy A plays (or played on since B read it), A saves and quits: B
    never writes the slot (its autosaves, nor the end of its game)."""
    from ra_game.files.saves import SlotWriter

    def check() -> None:
        fresh_home()
        first, theirs = faults.sample_save(4), faults.sample_save(14, seed=rng.randrange(99))
        write_json_atomic(slot_path(0), first)
        seen = read_slot(0).doc
        pid = _other_copy(0)
        try:
            writer = SlotWriter(0, background=False)
            stale = rng.random() < 0.5  # A quits before B opens the game, or after
            if stale:
                write_json_atomic(slot_path(0), theirs, keep_backup=True)
                slot_path(0).with_name("slot-1.ra.json.lock").unlink()
            message = writer.claim() or writer.check_unchanged(seen)  # type: ignore[arg-type]
            assert message and "\n" not in message
            if not stale:
                write_json_atomic(slot_path(0), theirs, keep_backup=True)
                slot_path(0).with_name("slot-1.ra.json.lock").unlink()
            for moves in range(5, 8):
                assert writer.write(faults.sample_save(moves, seed=7)) == message
            writer.clear()
            assert read_slot(0).doc == theirs, "the other copy's game was overwritten"
        finally:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
    return check


def new_game_race() -> Check:
    """Two copies start a new game at the same instant (both see slot 1 free): both are saved,
    in two different slots."""
    from ra_game.files.saves import SlotWriter, first_free_slot, list_slots

    def check() -> None:
        fresh_home()
        slot_path(0).parent.mkdir(parents=True)
        r, w = os.pipe()
        go_r, go_w = os.pipe()
        pids = []
        for _ in range(2):
            pid = os.fork()
            if pid == 0:
                try:
                    index = first_free_slot(list_slots())
                    os.read(go_r, 1)
                    writer = SlotWriter(index or 0, background=False)
                    ok = writer.claim() is None
                    os.write(w, bytes([writer.index if ok else 99]))
                    time.sleep(5)
                finally:
                    os._exit(0)
            pids.append(pid)
        os.write(go_w, b"11")
        answers = os.read(r, 1) + os.read(r, 1)
        for pid in pids:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
        for fd in (r, w, go_r, go_w):
            os.close(fd)
        assert 99 not in answers and answers[0] != answers[1], list(answers)
    return check


def app_start(data: bytes, fifo: bool) -> Check:
    """The game starts with ``data`` (or a FIFO) as both the save and the settings."""
    def check() -> None:
        from ra_game.app import create_app, run_frames

        fresh_home()
        for path in (slot_path(0), settings_path()):
            _put(path, data)
            if fifo:
                path.unlink()
                os.mkfifo(path)
        ctx, _ = _bounded(create_app)
        run_frames(ctx, 2)
        title = ctx.scenes.top
        if TYPE_CHECKING:  # scenes/ is installed as ra_game.scenes
            from scenes.title import TitleScene
        else:
            from ra_game.scenes.title import TitleScene

        assert type(title) is TitleScene
        lines = [*ctx.notices, *([title.save_error] if title.save_error else [])]
        assert lines and all("\n" not in line for line in lines)
        pygame.display.quit()
    return check


#: Player names the font draws with no width, or cannot draw at all (issue: names).
BAD_NAMES = {"variation_selector": "\ufe0f", "grapheme_joiner": "\u034f",
             "khmer_vowel": "\u17b4", "tag_selector": "\U000e0100", "nul": "A\0B",
             "lone_surrogate": "A\ud800", "very_long": "n" * 100_000}


def name_case(name: str) -> Check:
    """A save and a replay whose player is named ``name``: the save is set aside with one line,
    the replay is listed with its reason, and the title and the replay list draw."""
    def check() -> None:
        if TYPE_CHECKING:  # scenes/ is installed as ra_game.scenes
            from scenes.replays import ReplayListScene
        else:
            from ra_game.scenes.replays import ReplayListScene

        from ra_game.app import create_app, run_frames
        from ra_game.files.replays import list_replays, replays_dir

        fresh_home()
        doc = faults.sample_save(8)
        doc["players"][1]["name"] = name
        _put(slot_path(0), faults.encode(doc))
        (replays_dir()).mkdir(parents=True)
        (replays_dir() / "bad.ra.json").write_text(json.dumps(doc))
        info = read_slot(0)
        assert info.empty and info.problem and "\n" not in info.problem
        assert [e.replay for e in list_replays()] == [None]
        ctx, _ = create_app()
        ctx.scenes.push(ReplayListScene(ctx))
        run_frames(ctx, 2)
        pygame.display.quit()
    return check


def odd_home() -> Check:
    """``RA_GAME_HOME`` with bytes that are not UTF-8, over a damaged save: the title starts and
    says so in one line; a replay saved and read there works."""
    def check() -> None:
        from ra_game.app import create_app, run_frames

        home = Path(os.fsdecode(os.fsencode(str(fresh_home())) + b"/\xff\xfe-home"))
        os.environ["RA_GAME_HOME"] = str(home)
        _put(slot_path(0), b"{")
        ctx, _ = create_app()
        run_frames(ctx, 2)
        save_error: str = getattr(ctx.scenes.top, "save_error", "")
        lines = [*ctx.notices, *([save_error] if save_error else [])]
        assert lines and all("\n" not in line for line in lines)
        pygame.display.quit()
    return check


def title_case(kind: str, size: tuple[int, int]) -> Check:
    """The title over several damaged slots, a very long home path, or a saves folder that is a
    file: every damaged slot named, no file named that is not there, the line in its box."""
    from ra_game.app import create_app, run_frames
    from ra_game.files.saves import saves_dir
    from ra_game.ui import theme

    def check() -> None:
        home = fresh_home()
        if kind == "long_home":
            for _ in range(16):
                home = home / ("folder-" + "x" * 14)
            os.environ["RA_GAME_HOME"] = str(home)
        if kind == "folder_is_a_file":
            saves_dir().parent.mkdir(parents=True)
            saves_dir().write_text("not a folder")
        else:
            _put(slot_path(0), b"{not json")
            for index in range(1, 3 if kind == "several_damaged" else 1):
                slot_path(index).write_bytes(b"[1")
        ctx, _window = create_app(size=size)
        with theme.record_text() as records:
            run_frames(ctx, 2)
        title = ctx.scenes.top
        line = title.save_error  # type: ignore[union-attr]
        assert line and "\n" not in line
        if kind == "several_damaged":
            kept = [p.name for p in saves_dir().iterdir() if ".damaged-" in p.name]
            assert len(kept) == 3 and all(name in line for name in kept), line
        if kind == "folder_is_a_file":
            assert "slot-" not in line, line
        box = title.rects["notice"]  # type: ignore[union-attr]
        drawn = [r for r in records if r.box == box]
        assert drawn and all(box.contains(r.rect) for r in drawn), "the notice leaves its box"
        pygame.display.quit()
    return check


def disk_full(tally: Tally) -> None:
    from ra_game.files.saves import SlotWriter
    from ra_game.files.settings import Settings, save_settings

    home = fresh_home()
    mount = home / "tiny"
    mount.mkdir()
    result = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=256k", "tmpfs", str(mount)],
                            capture_output=True, text=True, check=False)
    if result.returncode != 0:
        tally.skipped["disk_full"] = result.stderr.strip() or "mount refused"
        return
    os.environ["RA_GAME_HOME"] = str(mount)

    def check() -> None:
        writer = SlotWriter(0, background=False)
        old = faults.sample_save(10)
        assert writer.write(old) is None
        with (mount / "filler").open("wb", buffering=0) as fh:
            try:
                while True:
                    fh.write(b"\0" * 4096)
            except OSError:
                pass
        message = writer.write(faults.sample_save(200, seed=9))
        assert message and "\n" not in message
        assert read_slot(0).doc == old
        warning = save_settings(Settings(effects_volume=0))
        assert warning and "\n" not in warning
        assert not [p for p in mount.rglob("*.tmp")]
        (mount / "filler").unlink()
        writer.release()

    try:
        tally.run("disk_full", check)
    finally:
        subprocess.run(["umount", "-l", str(mount)], check=False)


def window_round(tally: Tally, rng: random.Random, frames: int) -> dict[str, int]:
    """Tiny windows for every scene, then a random-input run over whole games."""
    from ra_game.app import MIN_SIZE, create_app, step_frame

    fresh_home()
    ctx, _ = create_app(size=(rng.randrange(1, 300), rng.randrange(1, 200)))
    ctx.settings.animation_speed = "max"

    def sizes_ok() -> None:
        surface = pygame.display.get_surface()
        assert surface is not None
        w, h = surface.get_size()
        assert w >= MIN_SIZE[0] and h >= MIN_SIZE[1]

    tally.run("min_window", sizes_ok)
    monkey = faults.ChaosMonkey(ctx, rng)
    stats = faults.ChaosStats()

    def chaos() -> None:
        nonlocal stats
        stats = monkey.run(frames, step_frame)
        small = [s for s in stats.sizes if s != (max(s[0], MIN_SIZE[0]), max(s[1], MIN_SIZE[1]))]
        assert not small, f"window below the minimum: {small}"

    tally.run("random_input", chaos)
    pygame.display.quit()
    return {"frames": stats.frames, "games_finished": stats.games_finished,
            "resizes": stats.resizes, "resumed": stats.resumed}


def one_round(tally: Tally, rng: random.Random, flips: int, frames: int) -> dict[str, int]:
    home = fresh_home()
    save = faults.encode(faults.sample_save(rng.randrange(1, 80), seed=rng.randrange(1000)))
    settings = faults.encode({"animation_speed": "fast", "effects_volume": 0,
                               "hide_scores": True})
    step = max(1, len(save) // 400)
    for _name, data in faults.truncations(save, step):
        tally.run("save_truncated", slot_case(data))
    for _name, data in faults.truncations(settings):
        tally.run("settings_truncated", settings_case(data))
    for _name, data in faults.byte_flips(save, flips, rng):
        tally.run("save_byte_flip", slot_case(data))
    for _name, data in faults.byte_flips(settings, flips // 2, rng):
        tally.run("settings_byte_flip", settings_case(data))
    for name, data in [*faults.malformed_json(), *faults.wrong_shapes(faults.sample_save())]:
        tally.run(f"save_{name}", slot_case(data))
        tally.run(f"replay_{name}", replay_case(data))
    for name, data in [*faults.malformed_json(), *faults.bad_settings()]:
        tally.run(f"settings_{name}" if not name.startswith("settings_") else name,
                  settings_case(data))
    for kind in ("fifo", "folder", "device", "oversized"):
        for check in non_regular(kind):
            tally.run(f"non_regular_{kind}" if kind != "oversized" else "oversized", check)
    for kind in faults.SPECIAL_KINDS:
        tally.run(f"stats_{kind}", stats_case(kind))
        tally.run(f"tutorial_{kind}", tutorial_case(kind))
    good_mo = ROOT / "ra_game" / "locale" / "es" / "LC_MESSAGES" / "ra_game.mo"
    for name, catalog in faults.damaged_catalogs(good_mo.read_bytes()):
        tally.run(f"catalog_{name.replace(' ', '_')}", catalog_case(name, catalog))
    for kind in CLI_KINDS:
        tally.run(f"cli_{kind}", cli_case(kind))
    for _ in range(10):
        tally.run("killed_writers", kill_writers(rng))
        tally.run("stale_lock_race", lock_race())
        tally.run("two_copies_one_slot", two_copies(rng))
        tally.run("new_game_race", new_game_race())
    for name, data in [*faults.malformed_json(), ("fifo", b"")]:
        tally.run(f"app_start_{name}", app_start(data, name == "fifo"))
    for kind in ("several_damaged", "long_home", "folder_is_a_file"):
        for size in ((640, 360), (800, 450), (1280, 720)):
            tally.run(f"title_{kind}", title_case(kind, size))
    tally.run("many_replays", many_replays(2_000))
    for kind, name in BAD_NAMES.items():
        tally.run(f"name_{kind}", name_case(name))
    tally.run("odd_home", odd_home())
    disk_full(tally)
    shutil.rmtree(home, ignore_errors=True)
    return window_round(tally, rng, frames)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=None, help="run for this long")
    parser.add_argument("--rounds", type=int, default=None, help="or this many rounds")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--frames", type=int, default=1500, help="random-input frames a round")
    args = parser.parse_args(argv)
    rounds = args.rounds if args.rounds is not None else (None if args.minutes else 1)
    deadline = time.monotonic() + 60 * args.minutes if args.minutes else None
    rng = random.Random(args.seed)
    tally = Tally()
    totals = {"frames": 0, "games_finished": 0, "resizes": 0, "resumed": 0}
    started = time.monotonic()
    done = 0
    while (rounds is None or done < rounds) and (deadline is None or time.monotonic() < deadline):
        for key, value in one_round(tally, rng, 200, args.frames).items():
            totals[key] += value
        done += 1
    tried = sum(c["tried"] for c in tally.classes.values())
    handled = sum(c["handled"] for c in tally.classes.values())
    print(json.dumps({
        "rounds": done, "seconds": round(time.monotonic() - started, 1), "tried": tried,
        "handled": handled, "random_input": totals, "classes": tally.classes,
        "skipped": tally.skipped, "failures": tally.failures,
    }), flush=True)
    return 0 if tried == handled else 1


if __name__ == "__main__":
    raise SystemExit(main())
