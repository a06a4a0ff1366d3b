"""A replays folder of thousands of files opens at once: the list reads a file only when its row
is drawn or chosen, holds a bounded number of them, and never keeps fields it does not know."""

from __future__ import annotations

import json
import os

import pygame
import pytest
from ra_game.scenes.replays import ROWS, ReplayListScene

from ra_game.app import create_app, run_frames
from ra_game.files import replays
from ra_game.files.replays import ReplayList, replays_dir
from ra_game.ui.app_context import AppContext
from tooling.faults import sample_save

FILES = 2_000


def fill(count: int) -> None:
    folder = replays_dir()
    folder.mkdir(parents=True, exist_ok=True)
    doc = sample_save(12)
    doc["notes"] = "x" * 50_000  # a field this game does not know
    text = json.dumps(doc)
    for i in range(count):
        path = folder / f"game-{i:05d}.ra.json"
        path.write_text(text)
        os.utime(path, (1_700_000_000 + i, 1_700_000_000 + i))


def open_list() -> tuple[AppContext, ReplayListScene]:
    """A window showing the replay list, after its first frames."""
    ctx, _window = create_app(size=(1280, 720))
    ctx.scenes.push(ReplayListScene(ctx))
    run_frames(ctx, 3)
    listing = ctx.scenes.top
    assert type(listing) is ReplayListScene
    return ctx, listing


def test_the_list_reads_only_the_rows_it_shows(monkeypatch: pytest.MonkeyPatch) -> None:
    fill(FILES)
    reads: list[str] = []
    real = replays.read_entry
    monkeypatch.setattr(replays, "read_entry", lambda path: reads.append(path.name) or
                        real(path))
    ctx, listing = open_list()
    try:
        assert len(listing.entries) == FILES
        assert 0 < len(reads) <= ROWS  # the rows on screen, each read once
        assert listing.entries[0].path.name == f"game-{FILES - 1:05d}.ra.json"  # newest first
        for _ in range(300):  # scroll down through many rows
            listing.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN,
                                                    mod=0, unicode=""))
        run_frames(ctx, 1)
        assert listing.selected == 300 and listing.watch.enabled
        assert len(reads) < 400
    finally:
        pygame.display.quit()


def test_the_list_holds_a_bounded_number_of_replays_without_unknown_fields() -> None:
    fill(ReplayList.CACHED * 3)
    listing = ReplayList()
    entries = [listing[i] for i in range(len(listing))]
    assert all(e.replay is not None and e.replay.extra == {} for e in entries)
    assert len(listing._read) == ReplayList.CACHED
    del listing[0]
    assert len(listing) == ReplayList.CACHED * 3 - 1


def test_a_broken_row_keeps_watch_off_while_it_is_chosen() -> None:
    fill(1)
    (replays_dir() / "broken.ra.json").write_text("{")
    os.utime(replays_dir() / "broken.ra.json", (1_800_000_000, 1_800_000_000))
    _ctx, listing = open_list()
    try:
        assert listing.entries[0].replay is None  # the newest file is the broken one
        assert listing.selected == 1 and listing.watch.enabled  # the first watchable row
        listing.select(0)
        assert not listing.watch.enabled
    finally:
        pygame.display.quit()
