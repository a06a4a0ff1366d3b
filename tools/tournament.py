"""Measure AI levels against each other on identical bags.

    python3 tools/tournament.py --seats hard,medium,medium,medium --games 50 --seed 1 --json
    python3 tools/tournament.py --seats hard@200,hard-v1@200,hard-v1@200,hard-v1@200 --games 30

A seat ``hard@N`` (or ``hard-v1@N``, ``hard-v2@N``) searches one tree of exactly N iterations per
decision instead of a time budget, so results do not depend on the machine's load.  ``medium-v1``
and ``hard-v1`` are the frozen levels of before issue 12 (``tools/baselines/v1``); ``hard-v2`` is
hard as it was when issue 47 began (``tools/baselines/v2``: 4 trees x 300 iterations, always
in this process).  Baselines are offered here only, never in the game.

Every game seed is played once per seating rotation, so each agent sits in every seat on the same
bag and sun deal (luck cancels).  One JSON line goes to stdout; progress goes to stderr.  A shared
top score counts as a win for the tie-break winner only (R-WIN-2).  ``win_share`` is wins per
seat played (fair share 1/players for everyone); ``ci95`` is its Wilson interval.
``mean_margin`` is a seat's final fame minus the best rival's, averaged over a seed's rotations
first (the rotations of one seed are one paired sample), then over the seeds; ``margin_ci95`` is
the 95 % t interval over the seeds.  Times are per decision with a real choice (more than one
legal action).

``--record FILE`` appends each finished game to FILE as a JSON line; run again with the same
options, it plays only the games FILE lacks, so a long tournament can be stopped and resumed in
chunks.  FILE is tied to the AI code it was played with (the last commit touching
``ra_game/ai``, ``ra_game/engine`` or the baselines in ``tools/baselines``) and refuses games of
other code.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import multiprocessing
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ra_game.ai import AGENTS, Agent
from ra_game.ai.base import SearchingAgent
from ra_game.ai.workers import WorkerPool
from ra_game.engine import GameState
from tools.baselines.v1 import HardV1Agent, MediumV1Agent
from tools.baselines.v2 import HardV2Agent, RootParallelV2Agent

Job = tuple[int, int, tuple[str, ...], int | None]


#: Frozen baselines, for measuring only (never offered in the game).
BASELINES: dict[str, type[Agent]] = {
    "medium-v1": MediumV1Agent, "hard-v1": HardV1Agent, "hard-v2": RootParallelV2Agent,
}
#: The baselines that take ``@N``: one tree of exactly N iterations.
BASELINE_TREES: dict[str, type[HardV1Agent | HardV2Agent]] = {
    "hard-v1": HardV1Agent, "hard-v2": HardV2Agent,
}


def agent_kind(name: str) -> str:
    """The kind for a seat name such as ``hard``, ``ai:hard``, ``medium-v1`` or ``hard@200``."""
    name = name.strip().lower()
    base, at, count = name.partition("@")
    if at and not (count.isdigit() and int(count) > 0):
        raise ValueError(f"bad iteration count in {name!r}; write e.g. hard@200")
    for kind in (base, f"ai:{base}"):
        if kind in AGENTS or kind in BASELINES:
            if at and not (kind in BASELINE_TREES or (kind in AGENTS and AGENTS[kind].tree)):
                raise ValueError(f"{base!r} takes no iteration count (it does not search)")
            return kind + at + count
    known = ", ".join([k.split(":")[-1] for k in AGENTS] + list(BASELINES))
    raise ValueError(f"unknown agent {name!r}; use one of: {known}")


def build_agent(kind: str, seed: int, think_ms: int | None) -> Agent:
    """A new agent for a kind returned by :func:`agent_kind`."""
    base, _, count = kind.partition("@")
    if base in BASELINES:
        if count:
            return BASELINE_TREES[base](seed, iterations=int(count))
        if base == "hard-v1":
            return HardV1Agent(seed, think_ms=think_ms)
        return BASELINES[base](seed)  # (hard-v2: fixed work, 4 trees x 300 iterations)
    level = AGENTS[base]
    if count:
        assert level.tree is not None
        return level.tree(seed, int(count))
    return level.factory(seed, think_ms)


def short(kind: str) -> str:
    return kind.split(":")[-1]


def play_one(job: Job, pool: WorkerPool | None = None) -> dict[str, Any]:
    """Play one game; returns the kinds by seat, final scores, winner and decision times.
    Searching agents run their trees on ``pool`` when one is given."""
    seed, rotation, kinds, think_ms = job
    state = GameState.new(len(kinds), seed=seed)
    agents = [build_agent(k, seed * 100 + rotation * 10 + i, think_ms) for i, k in enumerate(kinds)]
    for agent in agents:
        if pool is not None and isinstance(agent, SearchingAgent):
            agent.use_pool(pool)
    times: list[list[float]] = [[] for _ in kinds]
    while not state.over:
        seat = state.current
        obs = state.observation(seat)
        real = len(obs.state.legal_actions()) > 1
        start = time.perf_counter()
        action = agents[seat].choose(obs)
        if real:
            times[seat].append(time.perf_counter() - start)
        state.apply_action(action)
    return {"seed": seed, "rotation": rotation, "think_ms": think_ms, "kinds": list(kinds),
            "scores": list(state.scores), "winner": state.winner, "times": times}


def wilson(wins: int, n: int, z: float = 1.96) -> list[float]:
    """The Wilson score interval of a proportion."""
    if n == 0:
        return [0.0, 1.0]
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return [round(max(0.0, centre - half), 4), round(min(1.0, centre + half), 4)]


#: The 97.5th percentile of Student's t by degrees of freedom 1..30 (a two-sided 95 % interval).
T975 = (12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179,
        2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064,
        2.060, 2.056, 2.052, 2.048, 2.045, 2.042)


def t975(df: int) -> float:
    """Student's t at 97.5 % for ``df`` degrees of freedom (beyond the table, the Cornish-Fisher
    expansion around the normal quantile, within 1e-3 of the exact value)."""
    if df <= len(T975):
        return T975[df - 1]
    z = 1.959964
    return z + (z ** 3 + z) / (4 * df) + (5 * z ** 5 + 16 * z ** 3 + 3 * z) / (96 * df * df)


def margin(scores: Sequence[int], seat: int) -> int:
    """A seat's fame margin: its final fame minus the best rival's."""
    return scores[seat] - max(s for p, s in enumerate(scores) if p != seat)


def clustered_mean(by_seed: dict[int, list[float]]) -> tuple[float, list[float] | None]:
    """The mean over seeds of each seed's mean (a seed's rotations are one paired sample), and
    its 95 % t interval over the seeds (None with fewer than two seeds)."""
    means = [sum(v) / len(v) for v in by_seed.values()]
    k = len(means)
    mean = sum(means) / k
    if k < 2:
        return mean, None
    sd = math.sqrt(sum((m - mean) ** 2 for m in means) / (k - 1))
    half = t975(k - 1) * sd / math.sqrt(k)
    return mean, [round(mean - half, 2), round(mean + half, 2)]


def jobs_for(seats: Sequence[str], games: int, seed: int, think_ms: int | None) -> list[Job]:
    """Every game seed in every seating rotation."""
    n = len(seats)
    out = []
    for g in range(games):
        for r in range(n):
            kinds = tuple(seats[(i - r) % n] for i in range(n))
            out.append((seed + g, r, kinds, think_ms))
    return out


#: The code an AI decision depends on: a record of games is tied to its last commit.
PLAYING_CODE = ("ra_game/ai", "ra_game/engine", "tools/baselines")


def code_version() -> str:
    """The last commit that changed :data:`PLAYING_CODE`, followed by "+changes-" and a hash of
    the edits when the checkout edits it (so two scratch variants never share a record), or
    "unknown" outside a git checkout."""
    root = Path(__file__).resolve().parent.parent

    def git(*args: str) -> str:
        return subprocess.run(["git", *args, "--", *PLAYING_CODE], cwd=root, capture_output=True,
                              text=True, timeout=30, check=True).stdout.strip()

    try:
        commit, changes = git("log", "-1", "--format=%H"), git("status", "--porcelain")
        if changes:
            edits = changes + git("diff", "HEAD")
            changes = hashlib.sha256(edits.encode("utf-8")).hexdigest()[:12]
    except (OSError, subprocess.SubprocessError):
        return "unknown"
    return (commit + (f"+changes-{changes}" if changes else "")) if commit else "unknown"


def job_key(job: Job) -> tuple[int, int, tuple[str, ...], int | None]:
    seed, rotation, kinds, think_ms = job
    return seed, rotation, tuple(kinds), think_ms


def load_record(path: Path, code: str) -> tuple[dict[tuple[Any, ...], dict[str, Any]], int]:
    """The games already in ``path`` by job key, and how many lines could not be read (a line
    cut short by a stopped run: its game is played again).  ValueError for games of other code."""
    games: dict[tuple[Any, ...], dict[str, Any]] = {}
    unreadable = 0
    if not path.exists():
        return games, 0
    for line in path.read_text(encoding="utf-8").splitlines():
        try:
            rec = json.loads(line)
            key = (rec["seed"], rec["rotation"], tuple(rec["kinds"]), rec["think_ms"])
            rec_code = rec["code"]
        except (ValueError, KeyError, TypeError):
            unreadable += bool(line.strip())
            continue
        if rec_code != code:
            raise ValueError(f"{path} holds games of AI code {rec_code}, this checkout is "
                             f"{code}; record into another file")
        games[key] = rec
    return games, unreadable


def resume(
    path: Path, jobs: list[Job], code: str, tool: str = "tournament"
) -> tuple[list[dict[str, Any]], list[Job]]:
    """The games of ``jobs`` already recorded in ``path``, and the jobs still to play
    (``tool``: the name the messages on stderr start with)."""
    done, unreadable = load_record(path, code)
    if unreadable:
        print(f"{tool}: {unreadable} unreadable line(s) in {path}: those games are played "
              "again", file=sys.stderr)
    if path.exists() and path.stat().st_size and not path.read_bytes().endswith(b"\n"):
        with path.open("a", encoding="utf-8") as f:
            f.write("\n")  # close a line cut short, so the next game starts a line of its own
    records = [done[job_key(j)] for j in jobs if job_key(j) in done]
    if records:
        print(f"{tool}: {len(records)} game(s) from {path}", file=sys.stderr)
    return records, [j for j in jobs if job_key(j) not in done]


def summarize(records: list[dict[str, Any]]) -> dict[str, Any]:
    """Aggregate game records per agent kind: wins per seat played with a Wilson interval, and
    the mean fame margin (a seat's final fame minus the best rival's), clustered by seed: each
    seed's margins (every seat of the kind in every rotation) are averaged first, then a t
    interval is taken over the seeds."""
    stats: dict[str, dict[str, Any]] = {}
    winner_scores: dict[str, list[int]] = {}
    margins: dict[str, dict[int, list[float]]] = {}
    for rec in records:
        for seat, kind in enumerate(rec["kinds"]):
            s = stats.setdefault(kind, {"wins": 0, "seats": 0, "score": 0, "times": []})
            margins.setdefault(kind, {}).setdefault(rec.get("seed", 0), []).append(
                margin(rec["scores"], seat))
            s["seats"] += 1
            s["score"] += rec["scores"][seat]
            s["times"].extend(rec["times"][seat])
            if seat == rec["winner"]:
                s["wins"] += 1
                winner_scores.setdefault(kind, []).append(rec["scores"][seat])
    results = []
    for kind, s in stats.items():
        times = s["times"]
        wins_scores = winner_scores.get(kind, [])
        mean_margin, margin_ci = clustered_mean(margins[kind])
        results.append({
            "agent": short(kind),
            "seats": s["seats"],
            "wins": s["wins"],
            "win_share": round(s["wins"] / s["seats"], 4),
            "ci95": wilson(s["wins"], s["seats"]),
            "mean_score": round(s["score"] / s["seats"], 2),
            "mean_margin": round(mean_margin, 2),
            "margin_ci95": margin_ci,
            "margin_seeds": len(margins[kind]),
            "mean_winning_score": round(sum(wins_scores) / len(wins_scores), 2)
            if wins_scores else None,
            "mean_ms_per_decision": round(1000 * sum(times) / len(times), 2) if times else 0.0,
            "max_ms_per_decision": round(1000 * max(times), 2) if times else 0.0,
        })
    return {"games": len(records), "results": results}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seats", required=True,
                        help="comma list: hard,medium,easy,random,medium-v1,hard-v1,hard-v2 "
                        "(hard@N: N iterations)")
    parser.add_argument("--games", type=int, default=10, help="game seeds (each in every rotation)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--think-ms", type=int, default=None, help="hard agent's budget")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--ai-workers", type=int, default=1,
                        help="processes for each searching AI's trees (with --workers 1)")
    parser.add_argument("--json", action="store_true", help="print the result as one JSON line")
    parser.add_argument("--record", type=Path, default=None,
                        help="append each game to this file and skip the games already in it")
    args = parser.parse_args(argv)
    try:
        seats = [agent_kind(s) for s in args.seats.split(",") if s.strip()]
        if not 2 <= len(seats) <= 5:
            raise ValueError(f"--seats needs 2 to 5 agents, got {len(seats)}")
        if args.games < 1 or args.workers < 1:
            raise ValueError("--games and --workers must be at least 1")
    except ValueError as exc:
        print(f"tournament: error: {exc}", file=sys.stderr)
        return 2
    jobs = jobs_for(seats, args.games, args.seed, args.think_ms)
    records: list[dict[str, Any]] = []
    code = code_version() if args.record is not None else ""
    if args.record is not None:
        try:
            records, jobs = resume(args.record, jobs, code)
        except (OSError, ValueError) as exc:
            print(f"tournament: error: {exc}", file=sys.stderr)
            return 2
    start = time.time()
    total = len(records) + len(jobs)

    def progress(rec: dict[str, Any]) -> None:
        records.append(rec)
        if args.record is not None:
            with args.record.open("a", encoding="utf-8") as f:
                f.write(json.dumps({**rec, "code": code}) + "\n")
        winner = short(rec["kinds"][rec["winner"]])
        print(f"[{len(records)}/{total}] {time.time() - start:.0f}s winner {winner} "
              f"scores {rec['scores']} seats {[short(k) for k in rec['kinds']]}",
              file=sys.stderr, flush=True)

    if args.workers == 1:
        trees = WorkerPool(args.ai_workers) if args.ai_workers > 1 else None
        try:
            for job in jobs:
                progress(play_one(job, trees))
        finally:
            if trees is not None:
                trees.close()
    else:
        with multiprocessing.Pool(args.workers) as pool:
            for rec in pool.imap_unordered(play_one, jobs):
                progress(rec)
    result = summarize(records)
    if args.json:
        print(json.dumps(result))
    else:
        print(json.dumps(result, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
