"""Write ``scenes/play.tmx``: the play scene's layout as a Tiled map of named rectangles.

Run ``python3 tools/make_play_layout.py`` after changing the numbers below; the file opens in
Tiled for hand tweaks (the loader reads object names, not this script).  Base size 1280x720.

Seat areas exist for every player count: ``seat_<n>p_<i>_area`` for n = 2..5, i < n.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the checkout: tools.x

from tools.make_layouts import tmx

WIDTH, HEIGHT, TILE = 1280, 720, 16
Rect = tuple[int, int, int, int]


def board_objects() -> list[tuple[str, str, Rect]]:
    """(name, class, rect) of everything but the seat areas."""
    objs: list[tuple[str, str, Rect]] = [
        ("ra_track", "frame", (24, 8, 690, 66)),
        ("epoch_label", "label", (730, 14, 200, 52)),
        ("bag", "bag", (1096, 8, 148, 140)),
        ("button_menu", "button", (1096, 156, 148, 40)),
        ("auction_track", "frame", (24, 82, 820, 120)),
        ("center_sun", "sun", (884, 80, 128, 128)),
        ("bid_area", "frame", (24, 212, 1220, 50)),
        ("status_line", "label", (24, 268, 1220, 34)),
        ("button_undo", "button", (920, 266, 104, 40)),
        ("button_hint", "button", (1030, 266, 104, 40)),
        ("button_log", "button", (1140, 266, 104, 40)),
        ("log_panel", "panel", (832, 384, 424, 324)),
        ("tiles_panel", "panel", (848, 8, 400, 256)),
        ("button_draw", "button", (24, 308, 190, 60)),
        ("button_ra", "button", (226, 308, 190, 60)),
        ("button_god", "button", (428, 308, 190, 60)),
        ("bid_panel", "panel", (24, 308, 594, 60)),
        # confirm is wide (to the left, clear of six bid suns): "Bid sun 13" and its Enter
        # key cap on one line at 640x360 in every language
        ("button_confirm", "button", (540, 308, 290, 60)),
        ("button_cancel", "button", (842, 308, 190, 60)),
        ("button_pass", "button", (1054, 308, 190, 60)),
        ("discard_panel", "panel", (200, 84, 880, 176)),
        ("pause_panel", "panel", (440, 130, 400, 400)),
        # the guided first game: where a callout goes before its place is worked out (the
        # lesson places each note clear of what its step shows: ra_game/ui/board/callout_place)
        ("callout_low", "panel", (446, 446, 798, 258)),
        # the replay viewer's controls, in the action bar row
        # (Play, Speed and the review's Back to the list: label and key cap on one line at
        # 640x360 in every language)
        ("replay_start", "button", (24, 308, 76, 60)),
        ("replay_back", "button", (106, 308, 76, 60)),
        ("replay_play", "button", (188, 308, 224, 60)),
        ("replay_forward", "button", (418, 308, 76, 60)),
        ("replay_end", "button", (500, 308, 76, 60)),
        ("replay_speed", "button", (588, 308, 226, 60)),
        ("replay_info", "label", (1064, 308, 180, 60)),
    ]
    objs += [(f"ra_track_slot_{i}", "slot", (150 + 56 * i, 16, 50, 50)) for i in range(10)]
    objs += [(f"auction_slot_{i}", "slot", (38 + 100 * i, 96, 92, 92)) for i in range(8)]
    return objs


def seat_objects() -> list[tuple[str, str, Rect]]:
    """One row of seat areas along the bottom for each player count."""
    objs: list[tuple[str, str, Rect]] = []
    left, right, top, bottom, gap = 24, 1256, 380, 712, 12
    for n in range(2, 6):
        width = (right - left - gap * (n - 1)) // n
        for i in range(n):
            x = left + i * (width + gap)
            objs.append((f"seat_{n}p_{i}_area", "seat", (x, top, width, bottom - top)))
    return objs


def review_objects() -> list[tuple[str, str, Rect]]:
    """The review of a game: the viewer's Review button, and the note on a reviewed decision
    (over the lower part of the seat areas)."""
    return [("replay_review", "button", (824, 308, 230, 60)),
            ("review_note", "panel", (24, 446, 1220, 258))]


def tmx_text() -> str:
    """The whole map as Tiled XML (one object layer), written like the other scenes' layouts."""
    return tmx("play", board_objects() + seat_objects() + review_objects())


def main() -> None:
    target = Path(__file__).resolve().parent.parent / "scenes" / "play.tmx"
    target.write_text(tmx_text(), encoding="utf-8")
    print(f"wrote {target}")


if __name__ == "__main__":
    main()
