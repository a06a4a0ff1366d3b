"""How long "Skip to the end of the epoch" (K) takes, in the window's real frame loop.

    python3 tools/bench_skip.py [--seed 4] [--players ai:hard,ai:medium,ai:expert]
                                [--epoch 2] [--ai-workers N]

A game of a person against ``--players`` is played (every seat by medium, quickly, without a
window) until the person has spent the last sun of epoch ``--epoch``; the window then opens on
that position (SDL dummy driver, frames paced at 60 Hz as the real loop paces them, animation
speed normal), K is pressed and the clock runs until the epoch's scoring is shown.  Printed as
JSON: ``skip_s`` (wall clock from K to the scoring), ``ai_moves`` (moves played meanwhile),
``think_s`` (the time an AI seat's decision was being searched), ``other_s`` (the rest: frames,
animations, waits), ``frames`` and ``window_cpu_s`` (the CPU time the window's process took
meanwhile, drawing and polling, which the AI's worker processes share the cores with).
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

if TYPE_CHECKING:
    from ra_game.engine import GameState

FPS = 60
#: Give up after this long (a skip that never ends is a bug, reported as such).
LIMIT_S = 900.0


def position(seed: int, players: int, epoch: int) -> GameState:
    """The first position of ``epoch`` where seat 0 has no face-up sun left and no decision."""
    from ra_game.ai import make_agent
    from ra_game.engine import GameState

    state = GameState.new(players, seed=seed)
    agents = [make_agent("ai:medium", seed * 10 + i) for i in range(players)]
    while not state.over:
        if (state.epoch == epoch and not state.suns_up[0] and state.current != 0):
            return state
        seat = state.current
        state.apply_action(agents[seat].choose(state.observation(seat)))
    raise SystemExit(f"seed {seed}: the game ended before epoch {epoch} had such a position")


def run(seed: int, players: str, epoch: int, ai_workers: int | None) -> dict[str, object]:
    os.environ.setdefault("RA_GAME_HOME", tempfile.mkdtemp(prefix="ra-bench-"))
    import pygame
    if TYPE_CHECKING:  # scenes/ is installed as ra_game.scenes
        from scenes.play import PlayScene
        from scenes.scoring import EpochScoringScene
    else:
        from ra_game.scenes.play import PlayScene
        from ra_game.scenes.scoring import EpochScoringScene

    from ra_game.app import create_app, guarded_step
    from ra_game.table.seats import Seat, parse_seats

    seats = [Seat.of("human", "You"), *parse_seats(players, allow_human=False)]
    state = position(seed, len(seats), epoch)
    ctx, _window = create_app(size=(1280, 720), ai_workers=ai_workers)
    ctx.settings.animation_speed = "normal"
    play = PlayScene(ctx, seats, seed=seed, state=state)
    ctx.scenes.clear_to(play)
    clock = pygame.time.Clock()
    guarded_step(ctx, 1 / FPS)
    moves = len(play.moves)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_k, mod=0, unicode="k"))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_k, mod=0, unicode="k"))
    start, cpu = time.perf_counter(), time.process_time()
    think = 0.0
    frames = 0
    while not isinstance(ctx.scenes.top, EpochScoringScene):
        if time.perf_counter() - start > LIMIT_S:
            raise SystemExit(f"the skip did not reach the scoring in {LIMIT_S:.0f} s")
        dt = min(0.1, clock.tick(FPS) / 1000)
        before = time.perf_counter()
        thinking = play.turns.runner.thinking
        guarded_step(ctx, dt)
        frames += 1
        if thinking:
            think += time.perf_counter() - before + dt
    total = time.perf_counter() - start
    cpu = time.process_time() - cpu
    play.close()
    return {"seed": seed, "players": players, "epoch": epoch, "skip_s": round(total, 2),
            "ai_moves": len(play.moves) - moves, "think_s": round(min(think, total), 2),
            "other_s": round(max(0.0, total - think), 2), "frames": frames,
            "window_cpu_s": round(cpu, 2)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=4)
    parser.add_argument("--players", default="ai:hard,ai:medium,ai:expert")
    parser.add_argument("--epoch", type=int, default=2, choices=(1, 2, 3))
    parser.add_argument("--ai-workers", type=int, default=None)
    args = parser.parse_args(argv)
    print(json.dumps(run(args.seed, args.players, args.epoch, args.ai_workers)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
