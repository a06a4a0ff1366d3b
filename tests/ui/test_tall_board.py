"""A window taller than 16:9 gets a taller board, not empty bars: the seat areas (and the log)
take the extra height, four or five areas in two rows; at every window size nothing overlaps
or leaves the window."""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
import pytest

from ra_game.app import create_app
from ra_game.engine import load_replay
from ra_game.table.seats import Seat
from ra_game.ui import theme
from ra_game.ui.board.geometry import MAX_HEIGHT, board_height

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
GAMES = {2: "golden_2p_full", 3: "golden_3p_full", 4: "golden_4p_epoch2", 5: "golden_5p_discard"}
SIZES = [(1000, 900), (1280, 720), (640, 360), (1920, 1080)]
#: The parts of the board above the seat areas, always shown.
BOARD = ("ra_track", "auction_track", "center_sun", "bag", "epoch_label", "bid_area",
         "status_line", "button_draw", "button_ra", "button_god", "button_pass", "button_confirm",
         "button_cancel", "button_menu", "button_undo", "button_hint", "button_log")


def test_the_board_height_follows_a_tall_window_only() -> None:
    assert board_height((1280, 720)) == 720
    assert board_height((1920, 1080)) == 720
    assert board_height((640, 360)) == 720
    assert board_height((2560, 720)) == 720  # wider: bars left and right, as before
    assert board_height((1000, 900)) == 1152
    assert board_height((800, 2000)) == MAX_HEIGHT  # taller still: letterboxed


def late_board(n: int, size: tuple[int, int], tmp_path: Path, monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    """The play scene a few moves before the end of a recorded ``n``-player game, drawn at
    ``size`` with every piece of text recorded."""
    monkeypatch.setenv("RA_GAME_HOME", str(tmp_path))
    from ra_game.scenes.play import PlayScene

    replay = load_replay(FIXTURES / f"{GAMES[n]}.ra.json")
    upto = len(replay.moves) - 3
    seats = [Seat.of("human" if i == 0 else "ai:medium", p["name"] or f"P{i}")
             for i, p in enumerate(replay.players)]
    ctx, _w = create_app()
    play = PlayScene(ctx, seats, replay.seed, state=replay.play(upto), moves=replay.moves[:upto])
    ctx.scenes.clear_to(play)
    surface = pygame.Surface(size)
    with theme.record_text() as texts:
        play.draw(surface)
    return play, texts


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_nothing_overlaps_or_leaves_the_window(n: int, size: tuple[int, int], tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    play, texts = late_board(n, size, tmp_path, monkeypatch)
    view, geom = play.view, play.geom
    assert view is not None and geom.height == board_height(size)
    window = pygame.Rect((0, 0), size)
    areas = [view.r(a) for a in geom.seats]
    board = [view.r(geom.rect(name)) for name in BOARD]
    for i, area in enumerate(areas):
        assert window.contains(area), (i, area)
        assert not any(area.colliderect(b) for b in areas[i + 1:])
        assert area.collidelist(board) == -1
        slots = play.areas.slots(play.model, i)
        pieces = [r for _k, _c, r in slots.tiles] + [r for _s, r in slots.suns_up + slots.suns_down]
        assert all(geom.seats[i].contains(r) for r in pieces), i
    for name in (*BOARD, "log_panel", "pause_panel", "tiles_panel", "callout_low"):
        assert window.contains(view.r(geom.rect(name))), name
    outside = [t.content for t in texts if not window.contains(t.rect)]
    assert outside == []


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_a_tall_window_is_filled_not_letterboxed(n: int, tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """At 1000x900 the board reaches from the top to the bottom of the window, the seat areas
    hold larger tiles than at 720, and the log panel is taller."""
    play, _texts = late_board(n, (1000, 900), tmp_path, monkeypatch)
    view = play.view
    assert view is not None
    top = view.r(play.geom.rect("ra_track")).top
    bottom = max(view.r(a).bottom for a in play.geom.seats)
    assert top <= 16 and bottom >= 900 - 16
    assert play.geom.rect("log_panel").height > 324 + 300
    assert play.info.panel.rect == play.geom.rect("log_panel")
    rows = {a.y for a in play.geom.seats}
    assert len(rows) == (2 if n >= 4 else 1)
    tall = max(play.areas.slots(play.model, i).tile_size for i in range(n))
    play.geom.fit(720)
    assert tall > max(play.areas.slots(play.model, i).tile_size for i in range(n))
