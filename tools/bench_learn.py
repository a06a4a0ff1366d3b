"""Time the new screens' heavy parts and print JSON (medians of 5 runs):

    nice -n 19 python3 tools/bench_learn.py

- opening the replay list with 50 full 3-player replays (each replayed through the engine),
- laying out one rules section (text wrapped, sprites scaled) and drawing a rules frame.
Settings and files go to a temporary folder.
"""

from __future__ import annotations

import json
import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import TYPE_CHECKING

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ["RA_GAME_HOME"] = tempfile.mkdtemp(prefix="ra-bench-")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import pygame

from ra_game.app import create_app, run_frames
from ra_game.files.replays import list_replays, replays_dir


def main() -> int:
    if TYPE_CHECKING:  # scenes/ is installed as ra_game.scenes
        from scenes.rules import _PAGES, RulesScene
    else:
        from ra_game.scenes.rules import _PAGES, RulesScene

    ctx, _window = create_app()
    run_frames(ctx, 2)
    folder = replays_dir()
    folder.mkdir(parents=True, exist_ok=True)
    for i in range(50):
        shutil.copy(ROOT / "tests" / "fixtures" / "golden_3p_full.ra.json", folder / f"g{i}.ra.json")
    listing = []
    for _ in range(5):
        start = time.perf_counter()
        list_replays()
        listing.append((time.perf_counter() - start) * 1000)
    rules = RulesScene(ctx)
    ctx.scenes.push(rules)
    surface = pygame.display.get_surface()
    assert surface is not None
    layout, draw = [], []
    for _ in range(5):
        for section in range(len(rules.sections)):
            _PAGES.clear()
            rules.show(section)
            start = time.perf_counter()
            rules.rows()
            layout.append((time.perf_counter() - start) * 1000)
            start = time.perf_counter()
            rules.draw(surface)
            draw.append((time.perf_counter() - start) * 1000)
    print(json.dumps({
        "list_50_replays_ms": round(statistics.median(listing), 1),
        "rules_section_layout_ms": round(statistics.median(layout), 2),
        "rules_frame_draw_ms": round(statistics.median(draw), 2),
    }))
    pygame.quit()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
