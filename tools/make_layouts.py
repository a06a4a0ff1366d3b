"""Write the Tiled layouts (``scenes/NAME.tmx``) of the menu and result scenes.

Each layout is an orthogonal 80x45 map of 16 px tiles (1280x720) holding one object group of
named rectangles; open them in Tiled to adjust by hand, or edit the tables here and rerun:

    python3 tools/make_layouts.py            # writes title, slots, setup, rules, settings,
                                             # scoring, results, handover, replays, stats
                                             # and the review's (never play.tmx)
"""

from __future__ import annotations

import sys
from pathlib import Path
from xml.sax.saxutils import quoteattr

Rect = tuple[int, int, int, int]
Obj = tuple[str, str, Rect]  # name, class, (x, y, w, h)

SCENES_DIR = Path(__file__).resolve().parent.parent / "scenes"

COMMON: list[Obj] = [
    ("frieze_top", "decor", (0, 0, 1280, 18)),
    ("frieze_bottom", "decor", (0, 702, 1280, 18)),
    ("heading", "label", (140, 34, 1000, 60)),
]


def _title() -> list[Obj]:
    """The title: the scene places its menu buttons inside ``menu_area`` (one column, or two
    for more than seven entries of ``scenes/title.py``'s MENU) and draws the panel around
    them, so adding an entry needs no layout change."""
    return [
        ("frieze_top", "decor", (0, 0, 1280, 18)),
        ("frieze_bottom", "decor", (0, 702, 1280, 18)),
        ("title_sun", "decor", (540, 28, 200, 200)),
        ("title_text", "label", (340, 50, 600, 150)),
        ("subtitle", "label", (290, 222, 700, 34)),
        ("menu_area", "menu", (360, 280, 560, 350)),
        ("notice", "label", (40, 640, 1200, 38)),
        ("credit", "label", (20, 678, 400, 22)),
        ("deco_left", "decor", (40, 340, 270, 270)),
        ("deco_right", "decor", (970, 340, 270, 270)),
    ]


def _slots() -> list[Obj]:
    objs = [*COMMON, ("slots_panel", "panel", (120, 104, 1040, 458))]
    for i in range(5):
        objs.append((f"slot_{i}", "button", (146, 124 + 84 * i, 988, 72)))
    objs += [
        ("notice", "label", (120, 572, 1040, 56)),
        ("button_back", "button", (120, 640, 220, 54)),
        ("button_delete", "button", (530, 640, 220, 54)),
        ("button_open", "button", (900, 640, 260, 54)),
        ("confirm_panel", "panel", (290, 230, 700, 250)),
        ("confirm_text", "label", (320, 256, 640, 120)),
        ("button_yes", "button", (340, 396, 280, 56)),
        ("button_no", "button", (660, 396, 280, 56)),
    ]
    return objs


def _setup() -> list[Obj]:
    objs = [*COMMON, ("seats_panel", "panel", (150, 104, 980, 420))]
    for i in range(5):
        y = 128 + 74 * i
        objs += [
            (f"seat_{i}_label", "label", (180, y, 120, 52)),
            (f"seat_{i}_name", "input", (310, y + 2, 360, 48)),
            (f"seat_{i}_kind", "choice", (700, y + 2, 400, 48)),
        ]
    objs += [
        ("button_add", "button", (150, 544, 230, 50)),
        ("button_remove", "button", (396, 544, 230, 50)),
        ("toggle_hide", "choice", (700, 544, 430, 50)),
        ("hint", "label", (150, 604, 980, 28)),
        ("button_back", "button", (150, 640, 220, 54)),
        ("toggle_hints", "choice", (400, 642, 460, 50)),
        ("button_start", "button", (890, 640, 240, 54)),
    ]
    return objs


def _rules() -> list[Obj]:
    objs = [
        *COMMON,
        ("toc_panel", "panel", (40, 104, 364, 520)),  # wide enough for the longest
        ("text_panel", "panel", (420, 104, 820, 520)),  # section and its key cap at 640x360
        ("text_area", "text", (446, 122, 750, 484)),
        ("scrollbar", "scroll", (1208, 130, 14, 468)),
        ("button_back", "button", (530, 640, 220, 54)),
    ]
    objs += [(f"section_{i}", "button", (56, 120 + 49 * i, 332, 42)) for i in range(10)]
    return objs


def _settings() -> list[Obj]:
    objs = [*COMMON, ("settings_panel", "panel", (190, 100, 900, 484))]
    rows = ["language", "speed", "undo", "hide", "fullscreen", "effects", "workers"]
    for i, name in enumerate(rows):
        width = 385 if name == "effects" else 780  # the music's volume shares the row
        objs.append((f"setting_{name}", "choice", (250, 112 + 66 * i, width, 38)))
        objs.append((f"setting_{name}_help", "label", (250, 153 + 66 * i, 780, 22)))
        if name == "effects":
            objs.append(("setting_music", "choice", (645, 112 + 66 * i, 385, 38)))
    objs += [
        ("notice", "label", (140, 590, 1000, 30)),
        ("button_back", "button", (530, 640, 220, 54)),
    ]
    return objs


def _scoring() -> list[Obj]:
    return [
        *COMMON,
        ("table", "panel", (60, 110, 1160, 500)),
        ("footnote", "label", (60, 616, 1160, 24)),
        ("button_continue", "button", (510, 644, 260, 52)),
    ]


def _results() -> list[Obj]:
    return [
        *COMMON,
        ("ranking", "panel", (50, 110, 560, 450)),
        ("chart", "panel", (640, 110, 590, 450)),
        ("tiebreak", "label", (50, 566, 1180, 36)),
        ("save_note", "label", (50, 604, 1180, 30)),
        ("button_again", "button", (104, 644, 250, 52)),
        ("button_save", "button", (378, 644, 250, 52)),
        ("button_title", "button", (926, 644, 250, 52)),
        ("button_review", "button", (652, 644, 250, 52)),
    ]


def _handover() -> list[Obj]:
    return [
        ("frieze_top", "decor", (0, 0, 1280, 18)),
        ("frieze_bottom", "decor", (0, 702, 1280, 18)),
        ("panel", "panel", (300, 170, 680, 380)),
        ("sun", "decor", (590, 200, 100, 100)),
        ("message", "label", (330, 304, 620, 84)),
        ("detail", "label", (330, 394, 620, 30)),
        ("button_continue", "button", (510, 450, 260, 56)),
    ]


def _replays() -> list[Obj]:
    objs = [
        *COMMON,
        ("list_panel", "panel", (140, 104, 1000, 480)),
        ("folder_note", "label", (140, 592, 1000, 30)),
        ("button_back", "button", (240, 640, 240, 54)),
        ("button_watch", "button", (800, 640, 240, 54)),
    ]
    objs += [(f"row_{i}", "row", (164, 124 + 56 * i, 952, 50)) for i in range(8)]
    objs.append(("button_delete", "button", (520, 640, 240, 54)))
    return objs


def _stats() -> list[Obj]:
    return [
        *COMMON,
        ("summary_panel", "panel", (60, 104, 420, 480)),
        ("players_panel", "panel", (500, 104, 720, 230)),
        ("levels_panel", "panel", (500, 354, 720, 230)),
        ("notice", "label", (60, 596, 1160, 30)),
        ("button_back", "button", (300, 640, 220, 54)),
        ("button_reset", "button", (740, 640, 260, 54)),  # its label and key cap at 640x360
    ]


def _review_seat() -> list[Obj]:
    """Over the results or a replay: whose decisions the AI reviews (a button per seat)."""
    objs: list[Obj] = [
        ("panel", "panel", (340, 120, 600, 480)),
        ("title", "label", (370, 140, 540, 48)),
        ("prompt", "label", (370, 190, 540, 36)),
    ]
    objs += [(f"seat_{i}", "button", (420, 236 + 58 * i, 440, 50)) for i in range(5)]
    objs.append(("button_cancel", "button", (510, 530, 260, 52)))
    return objs


def _review_progress() -> list[Obj]:
    """The AI looks at each decision: a progress bar and Cancel."""
    return [
        ("panel", "panel", (340, 220, 600, 280)),
        ("title", "label", (370, 240, 540, 48)),
        ("detail", "label", (370, 290, 540, 36)),
        ("bar", "bar", (380, 338, 520, 32)),
        ("count", "label", (370, 376, 540, 30)),
        ("button_cancel", "button", (510, 424, 260, 52)),
    ]


def _review_list() -> list[Obj]:
    """The review: a summary line and the costliest decisions, one row each."""
    objs: list[Obj] = [
        *COMMON,
        ("summary", "label", (90, 98, 1100, 40)),
        ("list_panel", "panel", (60, 144, 1160, 480)),
        ("button_back", "button", (60, 644, 210, 52)),
        ("button_game", "button", (282, 644, 270, 52)),
        ("help", "label", (564, 644, 324, 52)),
        ("button_show", "button", (900, 644, 292, 52)),  # its key cap at 640x360
    ]
    objs += [(f"row_{i}", "row", (80, 160 + 92 * i, 1120, 84)) for i in range(5)]
    return objs


def _review_game() -> list[Obj]:
    """The whole game at a glance: the graph, the players side by side, the key moments and
    every mistake of one seat."""
    objs: list[Obj] = [
        *COMMON,
        ("graph_panel", "panel", (30, 92, 800, 350)),
        ("graph", "chart", (40, 100, 780, 290)),
        ("graph_note", "label", (48, 392, 764, 46)),
        ("table_panel", "panel", (846, 92, 404, 350)),
        ("legend", "label", (858, 270, 380, 168)),
        ("moments_panel", "panel", (30, 452, 600, 186)),
        ("moments_title", "label", (46, 456, 568, 30)),
        ("mistakes_panel", "panel", (650, 452, 600, 186)),
        ("mistakes_title", "label", (666, 456, 568, 30)),
        ("button_back", "button", (30, 648, 220, 52)),
        ("help", "label", (262, 648, 684, 52)),
        ("button_show", "button", (954, 648, 296, 52)),  # its key cap at 640x360
    ]
    objs += [(f"table_{i}", "row", (858, 100 + 29 * i, 380, 28)) for i in range(6)]
    objs += [(f"moment_{i}", "row", (40, 488 + 50 * i, 580, 46)) for i in range(3)]
    objs += [(f"mistake_{i}", "row", (660, 488 + 50 * i, 580, 46)) for i in range(3)]
    return objs


LAYOUTS = {
    "title": _title, "slots": _slots, "setup": _setup, "rules": _rules, "settings": _settings,
    "scoring": _scoring, "results": _results, "handover": _handover, "replays": _replays,
    "stats": _stats, "review_seat": _review_seat, "review_progress": _review_progress,
    "review_list": _review_list, "review_game": _review_game,
}


def tmx(name: str, objects: list[Obj]) -> str:
    """The Tiled XML of one layout (80x45 tiles of 16 px, one object group)."""
    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        (
            '<map version="1.10" tiledversion="1.10.2" orientation="orthogonal" '
            'renderorder="right-down" width="80" height="45" tilewidth="16" tileheight="16" '
            f'infinite="0" nextlayerid="2" nextobjectid="{len(objects) + 1}">'
        ),
        f' <objectgroup id="1" name={quoteattr(name)}>',
    ]
    for i, (obj_name, kind, (x, y, w, h)) in enumerate(objects, start=1):
        lines.append(
            f'  <object id="{i}" name={quoteattr(obj_name)} class={quoteattr(kind)} '
            f'x="{x}" y="{y}" width="{w}" height="{h}"/>'
        )
    lines += [" </objectgroup>", "</map>", ""]
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    names = argv or list(LAYOUTS)
    for name in names:
        if name not in LAYOUTS:
            print(f"make_layouts: unknown layout {name!r}", file=sys.stderr)
            return 2
        objects = LAYOUTS[name]()
        seen = [o[0] for o in objects]
        dupes = {n for n in seen if seen.count(n) > 1}
        if dupes:
            print(f"make_layouts: {name}: duplicate names {sorted(dupes)}", file=sys.stderr)
            return 2
        (SCENES_DIR / f"{name}.tmx").write_text(tmx(name, objects), encoding="utf-8")
        print(f"wrote scenes/{name}.tmx ({len(objects)} objects)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
