"""What the title says about damaged saves: every damaged slot named, the right file named, and
the line inside its box at the smallest window, whatever the paths."""

from __future__ import annotations

import os
from pathlib import Path

import pygame
import pytest
from ra_game.scenes.title import TitleScene

from ra_game.app import create_app, run_frames
from ra_game.files.safefile import write_json_atomic
from ra_game.files.saves import read_slot, saves_dir, slot_path
from ra_game.ui import theme
from tooling.faults import sample_save


def damage(*indexes: int) -> None:
    for index in indexes:
        slot_path(index).parent.mkdir(parents=True, exist_ok=True)
        slot_path(index).write_bytes(b"{not json")


def title_lines(size: tuple[int, int] = (1280, 720)) -> tuple[object, list[theme.TextRecord]]:
    ctx, _window = create_app(size=size)
    with theme.record_text() as records:
        run_frames(ctx, 2)
    return ctx.scenes.top, list(records)


def test_every_damaged_slot_is_named() -> None:
    damage(0, 2, 3)
    title, _records = title_lines()
    line = title.save_error  # type: ignore[attr-defined]
    kept = sorted(p.name for p in saves_dir().iterdir() if ".damaged-" in p.name)
    assert len(kept) == 3 and line and "\n" not in line
    assert all(name in line for name in kept), line


@pytest.mark.parametrize("size", [(640, 360), (800, 450)])
@pytest.mark.parametrize("case", ["two damaged", "long home"])
def test_the_notice_stays_in_its_box(case: str, size: tuple[int, int], tmp_path: Path,
                                     monkeypatch: pytest.MonkeyPatch) -> None:
    if case == "long home":
        home = tmp_path
        for _ in range(14):  # a 300-odd character path to the saves
            home = home / ("folder-" + "x" * 14)
        monkeypatch.setenv("RA_GAME_HOME", str(home))
        damage(0)
    else:
        damage(0, 1)
    title, records = title_lines(size)
    problem = title.save_error  # type: ignore[attr-defined]
    assert problem
    notice = [r for r in records if r.box is not None and r.box == title.rects["notice"]]
    assert notice, "the notice was not drawn"
    for record in notice:
        assert record.box.contains(record.rect), (record.content, record.rect, record.box)
        assert not record.rect.colliderect(title.menu_panel)  # type: ignore[attr-defined]


@pytest.mark.parametrize("length", [274, 300, 4051])
def test_a_very_long_path_in_the_notice_is_cut_to_fit(length: int) -> None:
    ctx, _window = create_app(size=(640, 360))
    run_frames(ctx, 1)
    title = ctx.scenes.top
    title.save_problem = "The file is not valid JSON (line 1). It was kept as /" + "p" * length  # type: ignore[attr-defined]
    with theme.record_text() as records:
        run_frames(ctx, 2)
    notice = [r for r in records if r.box == title.rects["notice"]]  # type: ignore[attr-defined]
    assert notice
    assert all(r.box.contains(r.rect) for r in notice)  # type: ignore[union-attr]


def test_an_unreadable_saves_folder_names_no_file_that_does_not_exist() -> None:
    write_json_atomic(slot_path(0), sample_save(4))
    folder = saves_dir()
    os.chmod(folder, 0)
    try:
        if os.access(folder, os.R_OK):  # root reads it anyway: make it a file instead
            os.chmod(folder, 0o755)
            for p in folder.iterdir():
                p.unlink()
            folder.rmdir()
            folder.write_text("not a folder")
        info = read_slot(4)
        title, _records = title_lines()
        line = title.save_error  # type: ignore[attr-defined]
        assert line and "\n" not in line and "slot-5" not in line and "kept as" not in line
        assert info.problem is None or "slot-5" not in info.problem
    finally:
        os.chmod(folder, 0o755)


@pytest.mark.parametrize("home", ["file", "/dev/null"])
def test_a_home_that_is_a_file_is_one_plain_line(home: str, tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "home-file"
    if home == "file":
        path.write_text("x")
    monkeypatch.setenv("RA_GAME_HOME", str(path) if home == "file" else home)
    title, _records = title_lines()
    assert type(title) is TitleScene
    line = title.save_error  # type: ignore[attr-defined]
    assert line and "\n" not in line and "kept as" not in line and "slot-5" not in line
    assert pygame.display.get_surface() is not None


class CountingFont:
    """A stand-in font: every character is 7 pixels wide; counts the measurements."""

    def __init__(self) -> None:
        self.calls = 0

    def size(self, text: str) -> tuple[int, int]:
        self.calls += 1
        return 7 * len(text), 12


def test_fitting_a_100000_character_text_takes_a_few_measurements() -> None:
    font = CountingFont()
    text = "n" * 100_000
    assert theme.longest_prefix(font, text, 700) == 100  # type: ignore[arg-type]
    assert theme.longest_prefix(font, text, 700, "\u2026") == 99  # type: ignore[arg-type]
    assert font.calls <= 40


def test_clipped_lines_break_inside_words_and_end_with_an_ellipsis() -> None:
    font = CountingFont()
    lines = theme.clipped(font, ["It was kept as /" + "p" * 300], 70, 2)  # type: ignore[arg-type]
    assert len(lines) == 2 and all(len(line) <= 10 for line in lines)
    assert lines[-1].endswith("\u2026")
