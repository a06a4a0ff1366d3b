"""How long a person waits for their turn to come back, in the window's real frame loop.

    python3 tools/bench_wait.py [--seed 1] [--players ai:hard,ai:medium,ai:expert]
                                [--speed normal] [--ai-workers N] [--by keyboard]

A whole game of a person against ``--players`` (four seats by default: you, hard, medium,
expert) is played in the window (SDL dummy driver, frames paced at 60 Hz as the real loop paces
them, the chosen animation speed, the default time to undo).  The person is the test tooling's
scripted player (``tests/tooling/autopilot.py``): it answers at once, by real input events,
whenever the board offers it a decision, and continues past every scene over the board at
once (out of suns, it presses K, Skip to the end of the epoch, unless ``--no-skip``).  A
wait runs from the end of the person's decision (their move played) to their next
decision (their controls shown on an idle board).  Every frame of a wait is put down to one
cause, the first that holds:

- ``scoring screen``: a scene over the board (an epoch's scoring, a hand-over);
- ``animation: <move>``: a move being shown (``draw``, ``ra``, ``bid``, ``pass``, ``god``,
  ``discard``), the AI's thinking it hides included;
- ``thinking: <level>``: an AI seat's decision being searched on an idle board;
- ``undo book``: an AI's move ready, held while the person may still take theirs back;
- ``pause``: an AI's move ready, held for the pacing delay (a pause that shows nothing);
- ``other``: the rest (a frame's own time between the two).

Printed as JSON: the waits' count, median, p90 and mean (seconds), for each cause its total,
its share and its median per wait, the machine's load (``os.getloadavg`` at the start and the
end) and the AI's CPU share: the CPU seconds the AI's worker processes used per second of an AI
seat thinking, out of one per process at rest on an idle machine (``ai_cpu_per_think_s``,
``ai_processes``).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import tempfile
import time
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

if TYPE_CHECKING:
    from ra_game.engine import Move
    from ra_game.ui.app_context import AppContext
    from scenes.play import PlayScene  # ra_game.scenes.play, as mypy names it (ui/front.py)

FPS = 60
#: Give up after this long (a game that never ends is a bug, reported as such).
LIMIT_S = 3600.0


def worker_cpu(pids: list[int | None]) -> float:
    """CPU seconds (user + system) the processes ``pids`` have used so far (Linux /proc)."""
    total = 0.0
    tick = os.sysconf("SC_CLK_TCK")
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue
        total += (int(fields[11]) + int(fields[12])) / tick
    return total


@dataclass
class GameRun:
    """One game's waits (seconds), their causes and what the machine gave the AI."""

    waits: list[float]
    causes: list[dict[str, float]]
    wall_s: float
    thinking_s: float
    ai_cpu_s: float
    ai_processes: int
    load: tuple[float, float]
    moves: int


class WaitClock:
    """The person's waits and the cause of each of their frames."""

    def __init__(self, play: PlayScene, you: int = 0) -> None:
        self.play = play
        self.you = you
        self.started: float | None = None
        self.current: dict[str, float] = defaultdict(float)
        self.waits: list[float] = []
        self.causes: list[dict[str, float]] = []
        self.animating = ""
        #: The seat to move before the move being played (set before each frame).
        self.to_move: int | None = None
        play.match.observe(self._moved)

    def _moved(self, move: Move, events: object) -> None:
        """A move was played: the person's starts a wait (``to_move``: who played it)."""
        self.animating = move.text.split(":")[0]
        if self.to_move == self.you and self.started is None:
            self.started = time.perf_counter()
            self.current = defaultdict(float)
        self.to_move = self.play.state.to_move

    def cause(self, ctx: AppContext) -> str:
        """What the frame about to run is spent on (see the module's docstring)."""
        play = self.play
        if ctx.scenes.top is not play:
            return "scoring screen"
        if play.queue.busy:
            return f"animation: {self.animating}"
        seat = play.state.to_move
        if seat is not None and play.turns.runner.controls(seat):
            level = play.seats[seat].kind.code.removeprefix("ai:")
            if play.turns.runner.thinking:
                return f"thinking: {level}"
            return "undo book" if play.undo.available else "pause"
        return "other"

    def frame(self, cause: str, seconds: float) -> None:
        if self.started is not None:
            self.current[cause] += seconds

    def ready(self) -> None:
        """The person's decision is open: the wait (if one runs) ends."""
        if self.started is None:
            return
        self.waits.append(time.perf_counter() - self.started)
        self.causes.append(dict(self.current))
        self.started = None


def play_game(seed: int, players: str, speed: str, ai_workers: int | None,
              by: str, skip: bool) -> GameRun:
    os.environ.setdefault("RA_GAME_HOME", tempfile.mkdtemp(prefix="ra-bench-"))
    import pygame
    if not TYPE_CHECKING:  # scenes/ is installed as ra_game.scenes
        from ra_game.scenes.play import PlayScene

    from ra_game.app import create_app, guarded_step
    from ra_game.table.seats import Seat, parse_seats
    from tooling.autopilot import Autopilot, key_events

    seats = [Seat.of("human", "You"), *parse_seats(players, allow_human=False)]
    ctx, _window = create_app(size=(1280, 720), ai_workers=ai_workers)
    ctx.settings.animation_speed = speed
    play = PlayScene(ctx, seats, seed=seed)
    ctx.scenes.clear_to(play)
    clock = WaitClock(play)
    pilot = Autopilot(ctx, play, random.Random(seed), by=by)
    pool = play.workers.get()
    pids = list(pool.pids) if pool is not None else []
    load_start = os.getloadavg()
    cpu_before = worker_cpu(pids)
    start = time.perf_counter()
    tick = pygame.time.Clock()
    thinking = 0.0
    was_ready = False
    while not play.state.over or ctx.scenes.top is play:
        if time.perf_counter() - start > LIMIT_S:
            raise SystemExit(f"the game did not end in {LIMIT_S:.0f} s")
        if play.state.over and not play.queue.busy and ctx.scenes.top is not play:
            break
        dt = min(0.1, tick.tick(FPS) / 1000)
        ready = play.human_ready()
        if ready and not was_ready:
            clock.ready()
        was_ready = ready
        cause = clock.cause(ctx)
        events = pilot.events()
        if skip and not events and ctx.scenes.top is play and play.skip_offered():
            events = key_events(pygame.K_k)  # out of suns: Skip to the end of the epoch
        for event in events:
            pygame.event.post(event)
        before = time.perf_counter()
        clock.to_move = play.state.to_move
        guarded_step(ctx, dt)
        spent = time.perf_counter() - before + dt
        clock.frame(cause, spent)
        if play.turns.runner.thinking:
            thinking += spent
        if ctx.scenes.top is not play and play.state.over:
            break
    wall = time.perf_counter() - start
    cpu = worker_cpu(pids) - cpu_before
    load_end = os.getloadavg()
    play.close()
    return GameRun(clock.waits, clock.causes, wall, thinking, cpu, len(pids),
                   (round(load_start[0], 2), round(load_end[0], 2)), len(play.moves))


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(share * (len(ordered) - 1))))
    return ordered[index]


def summary(runs: list[GameRun], seeds: list[int], args: argparse.Namespace) -> dict[
        str, object]:
    waits = [wait for run in runs for wait in run.waits]
    causes = [cause for run in runs for cause in run.causes]
    names = sorted({name for cause in causes for name in cause})
    total = sum(waits) or 1.0
    split = {name: {"total_s": round(sum(c.get(name, 0.0) for c in causes), 2),
                    "share": round(sum(c.get(name, 0.0) for c in causes) / total, 3),
                    "median_per_wait_s": round(statistics.median(
                        c.get(name, 0.0) for c in causes), 2)}
             for name in names}
    thinking = sum(run.thinking_s for run in runs)
    cpu = sum(run.ai_cpu_s for run in runs)
    return {
        "seeds": seeds, "players": args.players, "speed": args.speed, "by": args.by,
        "skip": not args.no_skip,
        "waits": len(waits), "median_s": round(statistics.median(waits), 2),
        "p90_s": round(percentile(waits, 0.9), 2), "mean_s": round(statistics.mean(waits), 2),
        "max_s": round(max(waits), 2), "by_cause": split,
        "game_wall_s": [round(run.wall_s, 1) for run in runs],
        "moves": [run.moves for run in runs],
        "load_1min": [list(run.load) for run in runs],
        "ai_processes": runs[0].ai_processes,
        "ai_cpu_per_think_s": round(cpu / thinking, 2) if thinking else None,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1, help="the first game's seed")
    parser.add_argument("--games", type=int, default=1, help="games, seeds from --seed on")
    parser.add_argument("--players", default="ai:hard,ai:medium,ai:expert")
    parser.add_argument("--speed", default="normal")
    parser.add_argument("--ai-workers", type=int, default=None)
    parser.add_argument("--by", default="keyboard", choices=("keyboard", "mouse"))
    parser.add_argument("--no-skip", action="store_true",
                        help="out of suns, wait for the AIs instead of pressing K (Skip)")
    args = parser.parse_args(argv)
    seeds = list(range(args.seed, args.seed + args.games))
    runs = [play_game(seed, args.players, args.speed, args.ai_workers, args.by,
                      not args.no_skip) for seed in seeds]
    print(json.dumps(summary(runs, seeds, args)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
