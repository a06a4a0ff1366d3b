"""Player names and paths the font cannot draw: checked the same way in saves, replays, the setup
and ``ra-game watch``, and drawn safely wherever they still appear."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pygame
import pytest
from ra_game.scenes.replays import ReplayListScene
from ra_game.scenes.title import TitleScene

from ra_game.app import create_app, run_frames
from ra_game.cli import main
from ra_game.files.replays import list_replays, replays_dir
from ra_game.files.saves import read_slot, slot_path, valid_name
from ra_game.ui.assets import Assets
from tooling.faults import encode, sample_save

INVISIBLE = ["\ufe0f", "\u034f", "\u17b4", "\U000e0100", "\u200b\ufe0f"]
UNSHOWABLE = [*INVISIBLE, "A\0B", "A\ud800", "n" * 100_000]


@pytest.mark.parametrize("name", UNSHOWABLE)
def test_unshowable_names_are_not_valid(name: str) -> None:
    assert not valid_name(name)


@pytest.mark.parametrize("name", ["Ana", "José", "Ana\ufe0f", "Öykü", "李"])
def test_ordinary_names_are_valid(name: str) -> None:
    assert valid_name(name)


@pytest.mark.parametrize("name", INVISIBLE)
def test_a_save_with_an_invisible_name_is_set_aside_not_offered(name: str) -> None:
    doc = sample_save(6)
    doc["players"][0]["name"] = name  # type: ignore[index]
    slot_path(0).parent.mkdir(parents=True)
    slot_path(0).write_bytes(encode(doc))
    info = read_slot(0)
    assert info.empty and info.problem and "\n" not in info.problem
    assert info.kept is not None and info.kept.exists()


def replay_with(name: str, file: str) -> Path:
    doc = sample_save(10)
    doc["players"][1]["name"] = name  # type: ignore[index]
    path = replays_dir() / file
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(doc))
    return path


def test_the_replay_list_stays_usable_over_bad_names() -> None:
    good = replay_with("Bo", "good.ra.json")
    for i, name in enumerate(UNSHOWABLE):
        replay_with(name, f"bad-{i}.ra.json")
    entries = {e.path.name: e for e in list_replays()}
    assert entries[good.name].replay is not None
    bad = [e for name, e in entries.items() if name.startswith("bad-")]
    assert len(bad) == len(UNSHOWABLE) and all(e.replay is None and e.error for e in bad)

    ctx, _window = create_app()
    ctx.scenes.push(ReplayListScene(ctx))
    run_frames(ctx, 3)
    assert type(ctx.scenes.top) is ReplayListScene


@pytest.mark.parametrize("name", ["A\0B", "A\ud800", "\ufe0f", "n" * 100_000])
def test_watch_refuses_a_replay_whose_name_cannot_be_shown(
        name: str, capsys: pytest.CaptureFixture[str]) -> None:
    path = replay_with(name, "w.ra.json")
    with pytest.raises(SystemExit) as exit_info:
        main(["watch", str(path)])
    err = capsys.readouterr().err
    assert exit_info.value.code == 2 and err.count("\n") == 1


@pytest.mark.parametrize("text", ["\ufe0f", "\u034f", "A\0B", "A\udcff", ""])
def test_the_fonts_draw_any_text(text: str) -> None:
    pygame.font.init()
    font = Assets().font(20)
    image = font.render(text, True, (0, 0, 0))
    assert image.get_height() > 0 and font.size(text)[1] > 0


def test_typing_an_invisible_name_in_the_setup_gives_the_automatic_name() -> None:
    from ra_game.scenes.setup import SetupScene

    ctx, _window = create_app()
    setup = SetupScene(ctx)
    ctx.scenes.push(setup)
    run_frames(ctx, 2)
    setup.set_name(0, "\ufe0f")
    run_frames(ctx, 2)
    assert ctx.scenes.top is setup
    assert all(valid_name(seat.name) for seat in setup.seats())


def test_a_home_folder_in_bytes_that_are_not_utf8_shows_its_path(tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch
                                                                  ) -> None:
    home = os.fsdecode(os.fsencode(tmp_path) + b"/ra-\xff\xfe-home")
    monkeypatch.setenv("RA_GAME_HOME", home)
    slot_path(0).parent.mkdir(parents=True)
    slot_path(0).write_bytes(b"{damaged")
    ctx, _window = create_app()
    run_frames(ctx, 3)
    title = ctx.scenes.top
    assert type(title) is TitleScene and title.save_error
    assert pygame.display.get_surface() is not None
