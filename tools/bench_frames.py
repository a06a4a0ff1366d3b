"""Frame-time benchmark of the play scene: a demo game drawn at 1280x720, animations at normal
speed, on the real display surface (SDL dummy video driver).

    python3 tools/bench_frames.py --json [--frames 3000] [--seed 1] [--players SPEC]
                                  [--open log,tiles]
    python3 tools/bench_frames.py --json --hard [--frames 1800] [--ai-workers N]

Each frame runs the scene's event handling, ``update(dt)`` and ``draw`` (dt = 1/60 s of game
time; no sleeping).  The AI's share of ``update`` is timed separately: ``p50_ms`` / ``p99_ms`` are
update + draw without it, ``ai_slice_ms`` the AI's 99th percentile per frame.  Only frames where
the play scene is on top are counted.

``--hard`` seats one hard AI (``ai:hard,ai:medium,ai:medium,ai:medium`` unless ``--players``
says otherwise) and paces frames at 60 Hz in real time, so its search runs in the worker
processes while the window draws: ``think_p99_ms`` is the p99 of whole frames (AI share
included) while a hard seat thinks (wall clock: on a loaded machine it includes time the window
process waited for a core), ``think_cpu_p99_ms`` the same in CPU time of the window's thread,
``decision_s`` the median wall time from a hard decision's
start to its move being ready.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import TYPE_CHECKING

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return 0.0
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def run(frames: int, seed: int, players: str, paced: bool = False,
        ai_workers: int | None = None, panels: str = "") -> dict[str, object]:
    os.environ.setdefault("RA_GAME_HOME", tempfile.mkdtemp(prefix="ra-bench-"))
    import pygame

    from ra_game.app import create_app
    from ra_game.table.seats import parse_seats
    from ra_game.ui.app_context import DemoOptions

    if TYPE_CHECKING:  # scenes/ is installed as ra_game.scenes
        from scenes.play import PlayScene
    else:
        from ra_game.scenes.play import PlayScene

    seats = parse_seats(players, allow_human=False)
    ctx, window = create_app(size=(1280, 720), demo=DemoOptions(speed="normal"), players=seats,
                             seed=seed, ai_workers=ai_workers)
    play = ctx.scenes.top
    assert isinstance(play, PlayScene), "the demo opens on the play scene"
    keys = {"log": pygame.K_l, "tiles": pygame.K_t}
    for name in filter(None, panels.split(",")):  # opened by their keys, as a player would
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=keys[name], mod=0, unicode=""))
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=keys[name], mod=0, unicode=""))
    times: list[float] = []
    ai: list[float] = []
    thinking: list[float] = []
    thinking_cpu: list[float] = []
    cpu_times: list[float] = []
    decisions: list[float] = []
    think_start: float | None = None
    dt = 1 / 60
    next_frame = time.perf_counter()
    for _ in range(frames):
        top = ctx.scenes.top
        if top is None or ctx.quit_requested:
            break
        if paced:
            next_frame += dt
            time.sleep(max(0.0, next_frame - time.perf_counter()))
        start = time.perf_counter()
        cpu_start = time.thread_time()
        for event in pygame.event.get():
            top.handle_event(event)
        top.update(dt)
        top = ctx.scenes.top
        if top is not None:
            top.draw(window)
        elapsed = (time.perf_counter() - start) * 1000
        pygame.display.flip()
        if top is play:
            slice_ms = play.turns.runner.last_slice_ms
            ai.append(slice_ms)
            times.append(elapsed - slice_ms)
            cpu_ms = (time.thread_time() - cpu_start) * 1000
            cpu_times.append(cpu_ms)
            if os.environ.get("RA_BENCH_DEBUG") and elapsed > 30:
                print(f"slow frame {elapsed:.1f} ms (cpu {cpu_ms:.1f}, ai {slice_ms:.1f})",
                      file=sys.stderr)
            hard = play.turns.runner.thinking and play.seats[play.turns.runner.seat].kind.code == "ai:hard"
            if hard:
                thinking.append(elapsed)
                thinking_cpu.append((time.thread_time() - cpu_start) * 1000)
                if think_start is None:
                    think_start = start
            elif think_start is not None:
                decisions.append(start - think_start)
                think_start = None
    workers = play.turns.runner.pool.size if play.turns.runner.pool else 0
    ctx.scenes.close_all()
    return {
        "frames": len(times),
        "p50_ms": round(percentile(times, 0.50), 3),
        "p99_ms": round(percentile(times, 0.99), 3),
        "max_ms": round(max(times, default=0.0), 3),
        "cpu_p99_ms": round(percentile(cpu_times, 0.99), 3),
        "ai_slice_ms": round(percentile(ai, 0.99), 3),
        "moves": len(play.moves),
        "size": list(window.get_size()),
        "speed": "normal",
        "open": panels,
        **({"think_frames": len(thinking),
            "think_p50_ms": round(percentile(thinking, 0.50), 3),
            "think_p99_ms": round(percentile(thinking, 0.99), 3),
            "think_cpu_p99_ms": round(percentile(thinking_cpu, 0.99), 3),
            "decisions": len(decisions),
            "decision_s": round(percentile(decisions, 0.5), 3),
            "ai_workers": workers} if paced else {}),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print one JSON line")
    parser.add_argument("--frames", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", default=None)
    parser.add_argument("--hard", action="store_true",
                        help="a hard AI seat, frames paced at 60 Hz in real time")
    parser.add_argument("--ai-workers", type=int, default=None)
    parser.add_argument("--open", default="", help="panels open during the game: log,tiles")
    args = parser.parse_args(argv)
    players = args.players or ("ai:hard,ai:medium,ai:medium,ai:medium" if args.hard
                               else "ai:easy,ai:easy,ai:easy,ai:easy")
    result = run(args.frames, args.seed, players, args.hard, args.ai_workers, args.open)
    if args.json:
        print(json.dumps(result))
    else:
        for key, value in result.items():
            print(f"{key:>12}: {value}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
