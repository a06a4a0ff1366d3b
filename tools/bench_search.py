"""Search speed of the hard AI: iterations per second on a fixed set of positions (2-5 players,
in the first, second and third epoch), per worker and in total on N worker processes.

    python3 tools/bench_search.py [--iterations 300] [--workers N] [--repeats 3]

``per_worker_its``: one search tree in this process (``HardAgent`` with a fixed iteration
count), total iterations / total time over all positions, the median of ``--repeats`` runs;
``by_players`` the same per player count.  ``total_its``: the hard level's trees spread over
``--workers`` spawned processes (default: all cores), iterations / wall time including the
pipes.  ``--decisions`` adds ``hard_decision_s``: the median wall time of a hard decision (its
real budget) with 1 worker process and with ``--workers``, and ``decision_cpu_s``: the median
CPU time of one decision at hard's budget with the hand-made evaluation (``hard``), the learned
one (``hard-learned``; what hard uses with 2 players) and the 3-5-player candidate (``hard-v3``),
its trees run one after another in this process: one core, what a loaded machine cannot blur.  Prints one JSON line;
``compiled`` says which build ran.

``--builds`` measures both builds of this checkout in one run (tools/build_compare.py): per
repeat, one tree per position and a hard decision's CPU time in each build, the builds taking
turns; it prints their medians and ``its_cpu_ratio``, compiled over interpreted.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ra_game.ai.heuristic import MediumAgent
from ra_game.ai.mcts import HardAgent
from ra_game.build_info import running_compiled
from ra_game.engine import GameState
from tools.build_compare import median_of, run_builds


def positions() -> list[GameState]:
    """Medium self-play, a position in the middle of epochs 1, 2 and 3, for 2-5 players."""
    out = []
    for players in (2, 3, 4, 5):
        state = GameState.new(players, seed=100 + players)
        agent = MediumAgent(players)
        seen: dict[int, int] = {}
        while not state.over:
            epoch = state.epoch
            seen[epoch] = seen.get(epoch, 0) + 1
            if seen[epoch] == 12 * players and len(state.legal_actions()) > 1:
                out.append(state.clone())
            state.apply_action(agent.choose(state.observation(state.current)))
    return out


def per_worker(states: list[GameState], iterations: int, agent_class: type = HardAgent
               ) -> tuple[float, dict[int, float], float]:
    """Iterations/s of one tree in this process, overall and by player count; and per second
    of CPU time (what a shared, loaded machine cannot blur)."""
    done: dict[int, int] = {}
    spent: dict[int, float] = {}
    cpu = time.process_time()
    for i, state in enumerate(states):
        agent = agent_class(i, iterations=iterations)
        start = time.perf_counter()
        agent.begin(state.observation(state.current))
        agent.think(1e9)
        spent[state.n] = spent.get(state.n, 0.0) + time.perf_counter() - start
        done[state.n] = done.get(state.n, 0) + agent.last_iterations
    cpu = time.process_time() - cpu
    by = {n: done[n] / spent[n] for n in done}
    return sum(done.values()) / sum(spent.values()), by, sum(done.values()) / cpu


def total(states: list[GameState], iterations: int, workers: int) -> float:
    """Iterations/s of the hard level's root-parallel search on ``workers`` processes."""
    from ra_game.ai.parallel import HARD_BUDGET, RootParallelAgent, SearchBudget
    from ra_game.ai.workers import WorkerPool

    budget = SearchBudget(max(HARD_BUDGET.trees, workers), iterations, 0.0, 1e9)
    pool = WorkerPool(workers)
    try:
        pool.run(RootParallelAgent(0, budget, "hard").plan(states[0].observation(0)))  # warm up
        done, start = 0, time.perf_counter()
        for i, state in enumerate(states):
            agent = RootParallelAgent(i, budget, "hard")
            jobs = agent.plan(state.observation(state.current))
            agent.decide(pool.run(jobs))
            done += agent.last_iterations
        return done / (time.perf_counter() - start)
    finally:
        pool.close()


def decision_times(states: list[GameState], workers: int) -> float:
    """Median wall time of one hard decision (its real budget) on ``workers`` processes."""
    from ra_game.ai.parallel import HARD_BUDGET, RootParallelAgent
    from ra_game.ai.workers import WorkerPool

    pool = WorkerPool(workers)
    try:
        pool.run(RootParallelAgent(0, HARD_BUDGET, "hard").plan(states[0].observation(0)))
        times = []
        for i, state in enumerate(states):
            agent = RootParallelAgent(i, HARD_BUDGET, "hard")
            start = time.perf_counter()
            agent.decide(pool.run(agent.plan(state.observation(state.current))))
            times.append(time.perf_counter() - start)
        return statistics.median(times)
    finally:
        pool.close()


def decision_cpu(states: list[GameState], kind: str) -> float:
    """Median CPU seconds of one decision at hard's budget with the evaluation of ``kind`` (a
    key of :data:`DECIDING`), its trees run in this process."""
    from ra_game.ai.evaluators import Judgment
    from ra_game.ai.parallel import HARD_BUDGET, RootParallelAgent, run_tree

    judgment = Judgment(DECIDING[kind])
    times = []
    for i, state in enumerate(states):
        agent = RootParallelAgent(i, HARD_BUDGET, "hard", evaluator=judgment)
        start = time.process_time()
        agent.decide([run_tree(job) for job in agent.plan(state.observation(state.current))])
        times.append(time.process_time() - start)
    return statistics.median(times)


#: The kinds whose decisions ``--decisions`` times, with the evaluation each searches with.
DECIDING = {"hard": "hand-made", "hard-learned": "learned", "hard-v3": "candidate"}


def compare_builds(iterations: int, repeats: int) -> int:
    """Both builds, ``repeats`` runs each, taking turns: one JSON line of their medians."""
    runs = run_builds(Path(__file__), ["--iterations", str(iterations), "--repeats", "1",
                                       "--no-total", "--decisions"], repeats)
    result: dict[str, Any] = {"iterations_per_tree": iterations, "repeats": repeats}
    for name, done in runs.items():
        result[name] = {
            "per_worker_its_cpu": round(median_of(done, "per_worker_its_cpu"), 1),
            "hard_decision_cpu_s": round(statistics.median(
                r["decision_cpu_s"]["hard"] for r in done), 3),
            "hard_learned_decision_cpu_s": round(statistics.median(
                r["decision_cpu_s"]["hard-learned"] for r in done), 3),
        }
    result["its_cpu_ratio"] = round(result["compiled"]["per_worker_its_cpu"]
                                    / result["interpreted"]["per_worker_its_cpu"], 2)
    print(json.dumps(result))
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--iterations", type=int, default=300, help="per tree")
    parser.add_argument("--workers", type=int, default=None, help="default: all cores")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--no-total", action="store_true", help="skip the worker processes")
    parser.add_argument("--decisions", action="store_true",
                        help="also time hard decisions on 1 and on --workers processes")
    parser.add_argument("--builds", action="store_true",
                        help="measure the compiled and the interpreted build, taking turns")
    args = parser.parse_args(argv)
    if args.builds:
        return compare_builds(args.iterations, args.repeats)
    states = positions()
    runs = [per_worker(states, args.iterations) for _ in range(args.repeats)]
    result: dict[str, Any] = {
        "compiled": running_compiled(),
        "positions": len(states),
        "iterations_per_tree": args.iterations,
        "per_worker_its": round(statistics.median(r[0] for r in runs), 1),
        "per_worker_its_cpu": round(statistics.median(r[2] for r in runs), 1),
        "by_players": {str(n): round(statistics.median(r[1][n] for r in runs), 1)
                       for n in sorted(runs[0][1])},
    }
    if args.decisions:
        result["decision_cpu_s"] = {
            kind: round(statistics.median(decision_cpu(states, kind)
                                          for _ in range(args.repeats)), 3)
            for kind in DECIDING}
    if not args.no_total:
        from ra_game.ai.workers import default_workers

        workers = args.workers or default_workers(window=False)
        result["workers"] = workers
        result["total_its"] = round(statistics.median(
            total(states, args.iterations, workers) for _ in range(args.repeats)), 1)
        if args.decisions:
            result["hard_decision_s"] = {
                str(w): round(statistics.median(decision_times(states, w)
                                                for _ in range(args.repeats)), 3)
                for w in sorted({1, workers})}
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
