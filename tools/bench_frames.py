"""Frame-time benchmark of the play scene: a demo game drawn at 1280x720, animations at normal
speed, on the real display surface (SDL dummy video driver).

    python3 tools/bench_frames.py --json [--frames 3000] [--seed 1] [--players SPEC]
                                  [--open log,tiles]

Each frame runs the scene's event handling, ``update(dt)`` and ``draw`` (dt = 1/60 s of game
time; no sleeping).  The AI's think slice inside ``update`` is timed separately and subtracted
(it has its own budget): ``p50_ms`` / ``p99_ms`` are update + draw without it, ``ai_slice_ms``
the AI's 99th percentile per frame.  Only frames where the play scene is on top are counted.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return 0.0
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def run(frames: int, seed: int, players: str, panels: str = "") -> dict[str, object]:
    os.environ.setdefault("RA_GAME_HOME", tempfile.mkdtemp(prefix="ra-bench-"))
    import pygame

    from ra_game.app import create_app
    from ra_game.seats import parse_seats
    from ra_game.ui.app_context import DemoOptions

    seats = parse_seats(players, allow_human=False)
    ctx, window = create_app(size=(1280, 720), demo=DemoOptions(speed="normal"), players=seats,
                             seed=seed)
    play = ctx.scenes.top
    keys = {"log": pygame.K_l, "tiles": pygame.K_t}
    for name in filter(None, panels.split(",")):  # opened by their keys, as a player would
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=keys[name], mod=0, unicode=""))
    times: list[float] = []
    ai: list[float] = []
    dt = 1 / 60
    for _ in range(frames):
        top = ctx.scenes.top
        if top is None or ctx.quit_requested:
            break
        start = time.perf_counter()
        for event in pygame.event.get():
            top.handle_event(event)
        top.update(dt)
        top = ctx.scenes.top
        if top is not None:
            top.draw(window)
        elapsed = (time.perf_counter() - start) * 1000
        pygame.display.flip()
        if top is play:
            slice_ms = play.runner.last_slice_ms
            ai.append(slice_ms)
            times.append(elapsed - slice_ms)
    return {
        "frames": len(times),
        "p50_ms": round(percentile(times, 0.50), 3),
        "p99_ms": round(percentile(times, 0.99), 3),
        "max_ms": round(max(times, default=0.0), 3),
        "ai_slice_ms": round(percentile(ai, 0.99), 3),
        "moves": len(play.moves),
        "size": list(window.get_size()),
        "speed": "normal",
        "open": panels,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print one JSON line")
    parser.add_argument("--frames", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", default="ai:easy,ai:easy,ai:easy,ai:easy")
    parser.add_argument("--open", default="", help="panels open during the game: log,tiles")
    args = parser.parse_args(argv)
    result = run(args.frames, args.seed, args.players, args.open)
    if args.json:
        print(json.dumps(result))
    else:
        for key, value in result.items():
            print(f"{key:>12}: {value}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
