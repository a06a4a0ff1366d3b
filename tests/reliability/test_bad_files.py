"""Whatever is on disk, the game starts: damaged saves and settings are moved aside with one line.

Every byte truncation, random byte flips, every malformed-JSON class, wrong shapes and types,
non-regular files and oversized files, as the save slot, as ``settings.json`` and as a replay.
"""

from __future__ import annotations

import json
import os
import random
import threading
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest
from ra_game.scenes.title import TitleScene

from ra_game.app import create_app, run_frames
from ra_game.cli import main
from ra_game.files.saves import check_document, read_slot, slot_path
from ra_game.files.settings import Settings, load_settings_checked, settings_path
from tooling.faults import (
    bad_settings,
    byte_flips,
    encode,
    malformed_json,
    sample_save,
    truncations,
    wrong_shapes,
)

SAVE = encode(sample_save())
SETTINGS = encode({"animation_speed": "fast", "hide_scores": True, "fullscreen": False,
                   "effects_volume": 0})


def put(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    for old in path.parent.iterdir():  # a fresh folder for each case
        if old.is_dir() and not old.is_symlink():
            old.rmdir()
        else:
            old.unlink()
    path.write_bytes(data)


def damaged_copies(folder: Path, stem: str) -> list[Path]:
    return sorted(p for p in folder.iterdir() if p.name.startswith(f"{stem}.damaged-"))


def check_slot_case(data: bytes) -> str:
    """Put ``data`` in slot 1 and look at it: either a good game (the document checks out) or
    an empty slot, one line saying so, and the exact bytes kept aside.  Returns the outcome."""
    path = slot_path(0)
    put(path, data)
    info = read_slot(0)
    if info.doc is not None:
        check_document(info.doc)
        assert info.problem is None and path.read_bytes() == data
        return "resumable"
    assert info.empty and info.problem and "\n" not in info.problem
    kept = damaged_copies(path.parent, "slot-1")
    assert len(kept) == 1 and kept[0].read_bytes() == data, "the bad file must be kept aside"
    assert kept[0].name in info.problem and kept[0].name.endswith(".ra.json")
    assert not path.exists()
    return "moved aside"


def check_settings_case(data: bytes) -> str:
    path = settings_path()
    put(path, data)
    settings, warning = load_settings_checked()
    if warning is None:
        return "read"
    assert settings == Settings() and "\n" not in warning
    kept = damaged_copies(path.parent, "settings")
    assert len(kept) == 1 and kept[0].read_bytes() == data and kept[0].name in warning
    return "moved aside"


# -- the save slot ----------------------------------------------------------------------------


def test_a_save_cut_at_every_byte_is_moved_aside_with_one_line() -> None:
    for _name, cut in truncations(SAVE):
        whole = cut.rstrip() == SAVE.rstrip()  # only the final newline is missing
        assert check_slot_case(cut) == ("resumable" if whole else "moved aside")
    assert check_slot_case(SAVE) == "resumable"


def test_random_byte_flips_in_a_save_never_hurt() -> None:
    outcomes = [check_slot_case(data) for _n, data in byte_flips(SAVE, 300, random.Random(8))]
    assert outcomes.count("moved aside") > 100  # most flips break the document...
    assert len(outcomes) == 300  # ...and none raised


@pytest.mark.parametrize(("name", "data"), [*malformed_json(), *wrong_shapes(sample_save())],
                         ids=lambda v: v if isinstance(v, str) else "")
def test_malformed_and_wrongly_shaped_saves(name: str, data: bytes) -> None:
    assert check_slot_case(data) == "moved aside"


def test_a_damaged_save_gives_back_the_previous_good_one() -> None:
    path = slot_path(0)
    older = sample_save(8)
    put(path.with_name("slot-1.ra.json.bak"), encode(older))
    path.write_bytes(SAVE[: len(SAVE) // 2])
    info = read_slot(0)
    assert info.doc == older and info.problem and "restored" in info.problem
    assert json.loads(path.read_text()) == older
    assert len(damaged_copies(path.parent, "slot-1")) == 1


def _never_blocks(action: Callable[[], object]) -> object:
    result: list[object] = []
    thread = threading.Thread(target=lambda: result.append(action()), daemon=True)
    thread.start()
    thread.join(10)
    assert not thread.is_alive(), "reading the file blocked"
    return result[0]


@pytest.mark.parametrize("kind", ["fifo", "folder", "device"])
def test_non_regular_files_are_never_opened(kind: str) -> None:
    for path, check in ((slot_path(0), lambda: read_slot(0)),
                        (settings_path(), load_settings_checked)):
        put(path, b"")
        path.unlink()
        if kind == "fifo":
            os.mkfifo(path)
        elif kind == "folder":
            path.mkdir()
        else:
            path.symlink_to("/dev/zero")
        result = _never_blocks(check)
        message = result.problem if hasattr(result, "problem") else result[1]  # type: ignore
        assert message and "not a regular file" in message
        assert not os.path.lexists(path)  # moved aside


def test_oversized_files_are_refused_unread() -> None:
    for path, check in ((slot_path(0), lambda: read_slot(0).problem),
                        (settings_path(), lambda: load_settings_checked()[1])):
        put(path, b"")
        with path.open("wb") as fh:
            fh.truncate(100_000_000)  # a sparse 100 MB file
        message = check()
        assert message and "too large" in message and not path.exists()


# -- settings ---------------------------------------------------------------------------------


def test_settings_cut_at_every_byte_flipped_and_malformed() -> None:
    assert check_settings_case(SETTINGS) == "read"
    for _name, data in truncations(SETTINGS):
        whole = data.rstrip() == SETTINGS.rstrip()
        assert check_settings_case(data) == ("read" if whole else "moved aside")
    flips = [check_settings_case(d) for _n, d in byte_flips(SETTINGS, 200, random.Random(3))]
    assert "moved aside" in flips
    harmless = {"huge_float_exp", "nan", "lone_surrogate"}  # no setting keys: ignored
    for name, data in [*malformed_json(), *bad_settings()]:
        assert check_settings_case(data) == ("read" if name in harmless else "moved aside")


# -- the game starts whatever is on disk --------------------------------------------------------


@pytest.mark.parametrize("case", ["deep_nesting", "huge_int", "name_nul", "fifo", "oversized"])
def test_the_game_starts_and_says_one_line(case: str) -> None:
    bad = dict([*malformed_json(), *wrong_shapes(sample_save())])
    bad_settings_too = bad | {"name_nul": encode({"animation_speed": "fa\x00st"})}
    for path, data in ((slot_path(0), bad.get(case, b"")),
                       (settings_path(), bad_settings_too.get(case, b""))):
        put(path, data)
        if case == "fifo":
            path.unlink()
            os.mkfifo(path)
        elif case == "oversized":
            with path.open("wb") as fh:
                fh.truncate(50_000_000)
    ctx, _ = _never_blocks(create_app)  # type: ignore[misc]
    run_frames(ctx, 3)
    title = ctx.scenes.top
    assert type(title) is TitleScene
    assert title.save_error and "\n" not in title.save_error and "kept as" in title.save_error
    assert len(ctx.notices) == 1 and "kept as" in ctx.notices[0]
    assert not title.buttons["continue"].enabled
    pygame.display.quit()


# -- replays on the command line ----------------------------------------------------------------


#: Bad saves that are still valid replays (names and extra fields are the save's business).
VALID_REPLAYS = {"name_nul", "name_control", "name_newline", "name_huge", "hide_scores_string",
                 "lone_surrogate"}
BAD_REPLAYS = [(n, d) for n, d in [*malformed_json(), *wrong_shapes(sample_save())]
               if n not in VALID_REPLAYS]


@pytest.mark.parametrize(("name", "data"), BAD_REPLAYS,
                         ids=lambda v: v if isinstance(v, str) else "")
def test_replay_command_says_one_line_and_exits_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str, data: bytes
) -> None:
    path = tmp_path / "bad.ra.json"
    path.write_bytes(data)
    for extra in ((), ("--summary",)):
        with pytest.raises(SystemExit) as exc:
            main(["replay", str(path), *extra])
        out, err = capsys.readouterr()
        assert exc.value.code == 2 and out == ""
        assert err.startswith("ra-game: error: ") and err.count("\n") == 1 and len(err) < 300


@pytest.mark.parametrize("kind", ["fifo", "folder", "oversized"])
def test_replay_command_refuses_non_regular_and_huge_files(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], kind: str
) -> None:
    path = tmp_path / "odd.ra.json"
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "folder":
        path.mkdir()
    else:
        with path.open("wb") as fh:
            fh.truncate(100_000_000)

    def run() -> object:
        with pytest.raises(SystemExit) as exc:
            main(["replay", str(path), "--summary"])
        return exc.value.code

    assert _never_blocks(run) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and ("regular file" in err or "too large" in err)
