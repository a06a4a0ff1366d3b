"""Shoot the Settings screen (the two volumes) in each language, and the pause menu's sound row,
for ``docs/settings.md``; each picture is written at half size and 64 colours (pngquant if it is
installed) to stay small.

    python3 tools/settings_screenshots.py [--out docs/screenshots]

Settings and saves go to a temporary folder, never the user's.  With ``--cvd`` the board is
also shot and simulated with ``tools/colour_vision.py`` (protanopia, deuteranopia, tritanopia).
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

os.environ["RA_GAME_HOME"] = tempfile.mkdtemp(prefix="ra-shots-")
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame

from ra_game.app import create_app, run_frames
from ra_game.table.seats import Seat
from ra_game.text.i18n import LANGUAGES, set_language
from ra_game.ui.app_context import AppContext

ROOT = Path(__file__).resolve().parent.parent


def press(ctx: AppContext, key: int, times: int = 1) -> None:
    for _ in range(times):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode=""))
        run_frames(ctx, 2)


def save(path: Path) -> None:
    """The window at half size, reduced to few colours."""
    surface = pygame.display.get_surface()
    assert surface is not None
    width, height = surface.get_size()
    pygame.image.save(pygame.transform.smoothscale(surface, (width // 2, height // 2)), str(path))
    if shutil.which("pngquant"):
        subprocess.run(["pngquant", "--force", "--ext", ".png", "64", str(path)], check=True)
    print(f"wrote {path} ({path.stat().st_size // 1024} KB)")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots")
    parser.add_argument("--cvd", action="store_true", help="also the board as the three "
                        "colour-vision deficiencies see it")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    ctx, _ = create_app()
    ctx.settings.animation_speed = "max"
    run_frames(ctx, 4)
    press(ctx, pygame.K_s)
    press(ctx, pygame.K_DOWN, 5)  # the effects' volume has the focus
    for code in LANGUAGES:
        set_language(code)
        run_frames(ctx, 2)
        save(args.out / ("settings.png" if code == "en" else f"settings_{code}.png"))
    set_language("en")
    if TYPE_CHECKING:  # scenes/ is installed as ra_game.scenes
        from scenes.play import PlayScene
    else:
        from ra_game.scenes.play import PlayScene

    play = PlayScene(ctx, [Seat.of("human", "Ana"), Seat.of("ai:easy", "Bo"), Seat.of("ai:easy", "Cy"),
                           Seat.of("ai:easy", "Di"), Seat.of("ai:easy", "Ed")], seed=4, slot=1)
    ctx.scenes.clear_to(play)
    run_frames(ctx, 30)
    if args.cvd:
        board = args.out / "board_colours.png"
        save(board)
        from tools.colour_vision import main as simulate

        simulate([str(board), "--out", str(args.out)])
    press(ctx, pygame.K_ESCAPE)
    press(ctx, pygame.K_DOWN, len(play.pause.items) if play.pause else 4)
    save(args.out / "pause_sound.png")
    play.keeper.release()
    pygame.quit()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
