"""Idle cost of still screens: process CPU time while the real main loop shows a screen on
which nothing moves (SDL dummy video driver).

    python3 tools/bench_idle.py [--seconds 10] [--settle 6] [--screens title,turn,pause,results]

Screens: ``title`` (after its intro glow has settled), ``turn`` (a person's turn, the board
still), ``pause`` (the pause menu over the board) and ``results`` (the final results, after the
chart has grown).  Each runs :func:`ra_game.app.main_loop` for ``--settle`` seconds, then
``--seconds`` seconds are measured: CPU time of this process / wall time, as a percentage of
one core.  Prints one JSON line (target: <= 3 % on each screen).  ``--always-draw`` redraws
every frame at 60 Hz, as the loop did before, for a comparison on the same machine.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("RA_GAME_HOME", tempfile.mkdtemp(prefix="ra-bench-idle-"))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame

from ra_game.app import create_app, main_loop
from ra_game.engine import GameState
from ra_game.table.seats import Seat

SCREENS = ("title", "turn", "pause", "results")


def person_first_seed(players: int = 4) -> int:
    """A seed whose first decision is seat 0's (the person's)."""
    seed = 1
    while GameState.new(players, seed=seed).current != 0:
        seed += 1
    return seed


def finished_state(seed: int = 3) -> GameState:
    """A complete game among random seats (for the results screen)."""
    import random

    rng = random.Random(seed)
    state = GameState.new(4, seed=seed)
    while not state.over:
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def open_screen(name: str) -> Any:
    """Open the window on the screen ``name``; returns the app context."""
    if name == "title":
        return create_app(size=(1280, 720))[0]
    seats = [Seat.of("human", "You")] + [Seat.of("ai:medium", f"AI {i}") for i in range(1, 4)]
    if name in ("turn", "pause"):
        ctx = create_app(size=(1280, 720), players=seats, seed=person_first_seed())[0]
        if name == "pause":
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE,
                                                 mod=0, unicode="\x1b", scancode=41))
        return ctx
    if TYPE_CHECKING:  # scenes/ is installed as ra_game.scenes
        from scenes.results import FinalResultsScene
    else:
        from ra_game.scenes.results import FinalResultsScene

    from ra_game.engine import events as ev

    ctx = create_app(size=(1280, 720))[0]
    state = finished_state()
    winner = state.winner or 0
    over = ev.GameOver(winner, tuple(state.scores), False)
    ctx.scenes.push(FinalResultsScene(ctx, state, over))
    return ctx


def measure(name: str, settle: float, seconds: float, always: bool = False) -> dict[str, Any]:
    """Run the real loop on ``name``; CPU share over the measured window.  ``always``: draw
    every frame at 60 Hz, as the loop did before it learned to rest (for comparison)."""
    ctx = open_screen(name)
    if always:
        from ra_game.ui import frames

        frames.request(settle + seconds + 60)
    marks: dict[str, Any] = {}

    def start() -> None:
        marks["cpu"], marks["wall"] = time.process_time(), time.perf_counter()
        marks["drawn"] = ctx.run.frames_drawn

    def stop() -> None:
        marks["cpu_end"], marks["wall_end"] = time.process_time(), time.perf_counter()
        marks["drawn_end"] = ctx.run.frames_drawn
        top = ctx.scenes.top
        marks["top"] = type(top).__name__ if top is not None else None
        marks["paused"] = getattr(top, "pause", None) is not None
        ctx.quit_requested = True

    timers = [threading.Timer(settle, start), threading.Timer(settle + seconds, stop)]
    for t in timers:
        t.start()
    try:
        asyncio.run(main_loop(ctx))
    finally:
        for t in timers:
            t.cancel()
        ctx.scenes.close_all()
        pygame.quit()
    wall = marks["wall_end"] - marks["wall"]
    cpu = marks["cpu_end"] - marks["cpu"]
    return {"cpu_pct": round(100 * cpu / wall, 2),
            "draws_per_s": round((marks["drawn_end"] - marks["drawn"]) / wall, 2),
            "top": marks["top"], "paused": marks["paused"]}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--settle", type=float, default=6.0)
    parser.add_argument("--screens", default=",".join(SCREENS))
    parser.add_argument("--always-draw", action="store_true",
                        help="redraw every frame (the loop before it rested), for comparison")
    args = parser.parse_args(argv)
    result: dict[str, Any] = {"seconds": args.seconds, "unit": "% of one core",
                              "always_draw": args.always_draw}
    draws: dict[str, float] = {}
    for name in args.screens.split(","):
        if name not in SCREENS:
            parser.error(f"unknown screen {name!r}; use {', '.join(SCREENS)}")
        m = measure(name, args.settle, args.seconds, args.always_draw)
        result[name] = m["cpu_pct"]
        draws[name] = m["draws_per_s"]
        expected = {"title": "TitleScene", "results": "FinalResultsScene"}.get(name, "PlayScene")
        if m["top"] != expected or m["paused"] != (name == "pause"):
            print(f"bench_idle: {name} showed {m['top']} (paused: {m['paused']})",
                  file=sys.stderr)
            return 1
    result["draws_per_s"] = draws
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
