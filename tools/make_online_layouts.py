"""Write the Tiled layouts of the online-play scenes (``scenes/online*.tmx``, ``host.tmx``).

The same 80x45 maps of 16 px tiles as ``tools/make_layouts.py`` (whose ``tmx`` writes them);
edit the tables here and rerun:

    python3 tools/make_online_layouts.py     # writes online, host, join and lobby
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the checkout: tools.x

from tools.make_layouts import COMMON, SCENES_DIR, Obj, tmx


def _online() -> list[Obj]:
    """Title > Play online: Host, Join, Rejoin the last room, Back."""
    return [
        *COMMON,
        ("menu_panel", "panel", (390, 150, 500, 380)),
        ("button_host", "button", (430, 180, 420, 62)),
        ("button_join", "button", (430, 262, 420, 62)),
        ("button_rejoin", "button", (430, 344, 420, 62)),
        ("button_back", "button", (430, 446, 420, 56)),
        ("hint", "label", (140, 548, 1000, 56)),
        ("notice", "label", (140, 610, 1000, 40)),
    ]


def _host() -> list[Obj]:
    """The host's seats (the setup scene's names) and the room's rules."""
    objs = [*COMMON, ("seats_panel", "panel", (150, 100, 980, 360))]
    for i in range(5):
        y = 116 + 68 * i
        objs += [
            (f"seat_{i}_label", "label", (180, y, 120, 52)),
            (f"seat_{i}_name", "input", (310, y + 2, 360, 48)),
            (f"seat_{i}_kind", "choice", (700, y + 2, 400, 48)),
        ]
    objs += [
        ("button_add", "button", (150, 474, 230, 50)),
        ("button_remove", "button", (396, 474, 230, 50)),
        ("toggle_hide", "choice", (650, 474, 480, 50)),
        ("toggle_undo", "choice", (150, 536, 476, 50)),
        ("toggle_hints", "choice", (650, 536, 480, 50)),
        ("hint", "label", (150, 594, 980, 40)),
        ("button_back", "button", (150, 640, 220, 54)),
        ("notice", "label", (390, 640, 480, 54)),
        ("button_start", "button", (890, 640, 240, 54)),
    ]
    return objs


def _join() -> list[Obj]:
    """Join: the server's address (or a remembered one), the room code, a name."""
    objs = [*COMMON, ("form_panel", "panel", (190, 104, 900, 420))]
    for i, name in enumerate(("address", "recent", "room", "name")):
        y = 128 + 96 * i
        objs += [(f"{name}_label", "label", (230, y, 260, 48)),
                 (f"field_{name}", "input", (500, y, 550, 48)),
                 (f"{name}_help", "label", (500, y + 52, 550, 30))]
    objs += [
        ("notice", "label", (140, 540, 1000, 84)),
        ("button_back", "button", (190, 640, 220, 54)),
        ("button_join", "button", (850, 640, 240, 54)),
    ]
    return objs


def _lobby() -> list[Obj]:
    """The lobby: the room code big, the addresses to give friends, who has joined."""
    objs = [
        *COMMON,
        ("code_panel", "panel", (60, 104, 460, 456)),
        ("code_label", "label", (80, 120, 420, 36)),
        ("code", "label", (80, 160, 420, 110)),
        ("button_copy", "button", (150, 282, 280, 48)),
        ("address_label", "label", (80, 346, 420, 30)),
        ("addresses", "label", (80, 380, 420, 96)),
        ("address_help", "label", (80, 484, 420, 60)),
        ("seats_panel", "panel", (540, 104, 680, 456)),
    ]
    for i in range(5):
        y = 124 + 84 * i
        objs += [(f"seat_{i}_row", "label", (566, y, 430, 70)),
                 (f"seat_{i}_hand", "button", (1006, y + 10, 194, 50))]
    objs += [
        ("notice", "label", (60, 570, 1160, 60)),
        ("button_leave", "button", (60, 640, 260, 54)),
        ("button_start", "button", (960, 640, 260, 54)),
        ("seed_note", "label", (340, 640, 600, 54)),  # only when the room's seed is fixed
    ]
    return objs


LAYOUTS = {"online": _online, "host": _host, "join": _join, "lobby": _lobby}


def main(argv: list[str]) -> int:
    for name in argv or list(LAYOUTS):
        if name not in LAYOUTS:
            print(f"make_online_layouts: unknown layout {name!r}", file=sys.stderr)
            return 2
        objects = LAYOUTS[name]()
        (SCENES_DIR / f"{name}.tmx").write_text(tmx(name, objects), encoding="utf-8")
        print(f"wrote scenes/{name}.tmx ({len(objects)} objects)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
