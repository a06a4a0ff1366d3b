"""The small files beside the saves (``stats.json``, ``tutorial.json``): whatever they hold or are,
reading them never blocks, never runs out of memory and never crashes the end of a game."""

from __future__ import annotations

import os
import random
import threading
from collections.abc import Callable
from pathlib import Path

import pytest
from ra_game.scenes.play import PlayScene
from ra_game.scenes.stats import StatsScene

from ra_game.app import create_app, run_frames
from ra_game.engine import GameState
from ra_game.files.stats import load_stats, record_game, stats_path
from ra_game.table.seat_kinds import kind_of
from tooling.faults import SPECIAL_KINDS, make_special, null_device


def tutorial_path() -> Path:
    from ra_game.scenes.tutorial_lesson import progress_path

    return Path(progress_path())


def within(seconds: float, action: Callable[[], object]) -> object:
    """``action()``, failing (not hanging) if it has not returned after ``seconds``."""
    out: list[object] = []
    thread = threading.Thread(target=lambda: out.append(action()), daemon=True)
    thread.start()
    thread.join(seconds)
    assert not thread.is_alive(), "blocked"
    assert out, "raised"
    return out[0]


KINDS = SPECIAL_KINDS


def finished_game() -> GameState:
    state = GameState.new(3, seed=4, names=["Ana", "Bo", "Cy"])
    rng = random.Random(4)
    while not state.over:
        state.apply(rng.choice(state.legal_moves()).text)
    return state


@pytest.mark.parametrize("kind", KINDS)
def test_a_bad_stats_file_is_set_aside_with_one_line(kind: str) -> None:
    make_special(stats_path(), kind)
    stats, notice = within(10, load_stats)  # type: ignore[misc]
    assert stats.games == 0 and notice and "\n" not in notice
    assert not os.path.lexists(stats_path())
    kept = [p for p in stats_path().parent.iterdir() if p.name.startswith("stats.damaged-")]
    assert len(kept) == 1 and kept[0].name in notice


@pytest.mark.parametrize("kind", KINDS)
def test_the_end_of_a_game_survives_a_bad_stats_file(kind: str) -> None:
    make_special(stats_path(), kind)
    notice = within(10, lambda: record_game(finished_game(), [kind_of(k) for k in ("human", "ai:easy", "ai:easy")]))
    assert isinstance(notice, str) and "\n" not in notice
    assert load_stats()[0].games == 1  # counted in fresh statistics


@pytest.mark.parametrize("kind", KINDS)
def test_a_bad_tutorial_bookmark_starts_the_lesson_over(kind: str) -> None:
    from ra_game.scenes.tutorial import saved_step

    make_special(tutorial_path(), kind)
    assert within(10, saved_step) == 0


def test_learn_to_play_and_statistics_open_over_bad_files() -> None:
    make_special(tutorial_path(), "deep")
    make_special(stats_path(), "deep")
    ctx, _ = create_app()
    run_frames(ctx, 2)
    title = ctx.scenes.top
    title.menu_learn()  # type: ignore[attr-defined]
    run_frames(ctx, 3)
    assert type(ctx.scenes.top) is PlayScene
    ctx.scenes.pop()
    title.menu_stats()  # type: ignore[attr-defined]
    run_frames(ctx, 3)
    scene = ctx.scenes.top
    assert type(scene) is StatsScene and scene.notice


def test_no_write_replaces_a_device_a_fifo_or_a_folder(tmp_path: Path) -> None:
    """A small file the game writes, linked to a device (as /dev/zero would be): the device
    stays; the bookmark and the statistics are simply not written there."""
    import stat

    from ra_game.scenes.tutorial import save_step

    from ra_game.files.safefile import write_json_atomic
    from ra_game.files.stats import Stats, save_stats

    device = null_device(tmp_path / "zero")
    for kind, target in (("device", device), ("fifo", tmp_path / "fifo"),
                         ("folder", tmp_path / "folder")):
        if kind == "fifo":
            os.mkfifo(target)
        elif kind == "folder":
            target.mkdir()
        for path in (tutorial_path(), stats_path()):
            path.parent.mkdir(parents=True, exist_ok=True)
            path.unlink(missing_ok=True)
            path.symlink_to(target)
        mode = os.stat(target).st_mode
        save_step(3)
        assert save_stats(Stats(games=1))
        with pytest.raises(OSError):
            write_json_atomic(target, {"x": 1})
        assert os.stat(target).st_mode == mode and not stat.S_ISREG(mode)
