"""Measure AI agents against each other on identical bags.

    python3 tools/tournament.py --seats hard,medium,medium,medium --games 50 --seed 1 --json
    python3 tools/tournament.py --seats hard,hard-v2 --games 60 --seed 48000 --workers 2 --json

A seat is a kind of the agent table (``ra_game.ai.AGENTS``: the game's levels, ``hard-learned``
and ``hard-hand-made``), a frozen version named in ``tools/frozen_versions.json`` (``hard-v2``:
a commit of main's history, played from its own checkout in its own process over the line
protocol of docs/player-protocol.md), or a program given with ``--program NAME=COMMAND`` that
speaks that protocol.  ``hard@N`` (or ``hard-learned@N``...) searches one tree of exactly N
iterations per decision instead of the level's budget.  Searches of a fixed iteration count run
without their time cap (``--cap`` keeps the game's), so every side does its full work whatever
the load; trees that did fewer iterations than asked anyway are counted (``cut_short``).

Every game seed is played once per seating rotation, so each agent sits in every seat on the same
bag and sun deal (luck cancels).  One JSON line goes to stdout; progress goes to stderr.  A shared
top score counts as a win for the tie-break winner only (R-WIN-2).  ``win_share`` is wins per
seat played (fair share 1/players for everyone); ``ci95`` is its Wilson interval.
``mean_margin`` is a seat's final fame minus the mean of its rivals' (0 in expectation for a seat
as strong as the others, whatever the number of players), averaged over a seed's rotations
first (the rotations of one seed are one paired sample), then over the seeds; ``margin_ci95`` is
the 95 % t interval over the seeds.  Times are per decision with a real choice (more than one
legal action).

``--record FILE`` appends each finished game to FILE as a JSON line; run again with the same
options, it plays only the games FILE lacks, so a long tournament can be stopped and resumed in
chunks, on any machine (``--report``: only print the summary of what it holds).  FILE is tied
to the code it was played with (the last commit touching :data:`PLAYING_CODE`) and refuses games
of other code, except the codes given with ``--same-code`` (code shown to make the same
decisions, docs/ai.md says how): a run can then go on with today's faster build.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import multiprocessing
import shlex
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ra_game.ai import AGENTS, Agent, RootParallelAgent
from ra_game.ai.base import SearchingAgent
from ra_game.ai.workers import WorkerPool
from ra_game.engine import GameState, Move
from tools.frozen import LinePlayer, PlayerError, checkout, frozen_command, versions
from tools.ra_player import trees_cut_short, uncap

Job = tuple[int, int, tuple[str, ...], int | None]


#: Programs given with ``--program NAME=COMMAND`` (set by :func:`main`): name -> command.
PROGRAMS: dict[str, list[str]] = {}


def agent_kind(name: str) -> str:
    """The kind for a seat name such as ``hard``, ``ai:hard``, ``hard-v2`` or ``hard@200``."""
    name = name.strip().lower()
    base, at, count = name.partition("@")
    if at and not (count.isdigit() and int(count) > 0):
        raise ValueError(f"bad iteration count in {name!r}; write e.g. hard@200")
    if base in PROGRAMS or base in versions():
        if at:
            raise ValueError(f"{base!r} takes no iteration count (it plays in its own process)")
        return base
    for kind in (base, f"ai:{base}"):
        if kind in AGENTS:
            if at and AGENTS[kind].tree is None:
                raise ValueError(f"{base!r} takes no iteration count (it does not search)")
            return kind + at + count
    known = ", ".join([k.split(":")[-1] for k in AGENTS] + list(versions()) + list(PROGRAMS))
    raise ValueError(f"unknown agent {name!r}; use one of: {known}")


def build_agent(kind: str, seed: int, think_ms: int | None, capped: bool = False) -> Agent:
    """A new agent for a kind returned by :func:`agent_kind` (``capped``: keep a search's
    wall-clock cap; a player process is told by its command)."""
    base, _, count = kind.partition("@")
    if base in PROGRAMS:
        return LinePlayer(PROGRAMS[base], base, seed)
    frozen = versions()
    if base in frozen:
        command = frozen_command(frozen[base]) + (["--cap"] if capped else [])
        return LinePlayer(command, frozen[base].kind, seed)
    level = AGENTS[base]
    if count:
        assert level.tree is not None
        return level.tree(seed, int(count))
    agent = level.factory(seed, think_ms)
    if not capped:
        uncap(agent)
    return agent


def seat_agents(kinds: Sequence[str], seed: int, rotation: int, think_ms: int | None,
                moves: list[str], capped: bool = False) -> list[Agent]:
    """The agents of one game (seeded by game, rotation and seat); player processes follow the
    list ``moves``, which the game appends each move to (in notation)."""
    agents = [build_agent(k, seed * 100 + rotation * 10 + i, think_ms, capped)
              for i, k in enumerate(kinds)]
    for agent in agents:
        if isinstance(agent, LinePlayer):
            agent.follow(moves)
    return agents


def close_agents(agents: Sequence[Agent]) -> None:
    """End the player processes of a game's agents."""
    for agent in agents:
        if isinstance(agent, LinePlayer):
            agent.close()


def cut_so_far(agent: Agent) -> int:
    """Trees of ``agent``'s last decision cut short (a player process: all its decisions)."""
    if isinstance(agent, LinePlayer):
        return agent.cut_short
    return trees_cut_short(agent) if isinstance(agent, RootParallelAgent) else 0


def short(kind: str) -> str:
    return kind.split(":")[-1]


def play_one(job: Job, pool: WorkerPool | None = None, capped: bool = False) -> dict[str, Any]:
    """Play one game; returns the kinds by seat, final scores, winner, decision times and the
    trees each seat's searches cut short.  Searching agents run their trees on ``pool`` when
    one is given."""
    seed, rotation, kinds, think_ms = job
    state = GameState.new(len(kinds), seed=seed)
    moves: list[str] = []
    agents = seat_agents(kinds, seed, rotation, think_ms, moves, capped)
    for agent in agents:
        if pool is not None and isinstance(agent, SearchingAgent):
            agent.use_pool(pool)
    times: list[list[float]] = [[] for _ in kinds]
    cut = [0] * len(kinds)
    try:
        while not state.over:
            seat = state.current
            obs = state.observation(seat)
            real = len(obs.state.legal_actions()) > 1
            start = time.perf_counter()
            action = agents[seat].choose(obs)
            if real:
                times[seat].append(time.perf_counter() - start)
            if not isinstance(agents[seat], LinePlayer):
                cut[seat] += cut_so_far(agents[seat])
            state.apply_action(action)
            moves.append(Move.from_action(action).text)
        for seat, agent in enumerate(agents):
            if isinstance(agent, LinePlayer):
                cut[seat] = agent.cut_short
    finally:
        close_agents(agents)
    return {"seed": seed, "rotation": rotation, "think_ms": think_ms, "kinds": list(kinds),
            "scores": list(state.scores), "winner": state.winner,
            "ms": [time_summary(t) for t in times], "cut": cut}


def time_summary(seconds: list[float]) -> list[float]:
    """A seat's decision times as [decisions, total ms, longest ms] (a record stays small)."""
    return [len(seconds), round(1000 * sum(seconds), 1), round(1000 * max(seconds, default=0), 1)]


def play_uncapped(job: Job) -> dict[str, Any]:
    """:func:`play_one` in a pool process (no time cap)."""
    return play_one(job)


def play_capped(job: Job) -> dict[str, Any]:
    """:func:`play_one` in a pool process (with the game's time caps)."""
    return play_one(job, capped=True)


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


def margin(scores: Sequence[int], seat: int) -> float:
    """A seat's fame margin: its final fame minus the mean of its rivals' (with 2 players the
    rival's).  The margins of one game sum to 0, so a seat as strong as its rivals has a margin of
    0 in expectation whatever the number of players (against the best rival it would not: the
    best of 2-4 rivals is above their mean)."""
    rivals = [s for p, s in enumerate(scores) if p != seat]
    return scores[seat] - sum(rivals) / len(rivals)


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
PLAYING_CODE = ("ra_game/ai", "ra_game/engine", "tools/frozen_versions.json", "tools/frozen.py",
                "tools/ra_player.py")


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


def load_record(
    path: Path, code: str | None, same: frozenset[str] = frozenset()
) -> tuple[dict[tuple[Any, ...], dict[str, Any]], int]:
    """The games already in ``path`` by job key, and how many lines could not be read (a line
    cut short by a stopped run: its game is played again).  ValueError for games of a code
    other than ``code`` and ``same`` (``code`` None: games of any code, to report on them)."""
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
        if code is not None and rec_code != code and rec_code not in same:
            raise ValueError(f"{path} holds games of AI code {rec_code}, this checkout is "
                             f"{code}; record into another file")
        games[key] = rec
    return games, unreadable


def resume(
    path: Path, jobs: list[Job], code: str | None, tool: str = "tournament",
    same: frozenset[str] = frozenset(),
) -> tuple[list[dict[str, Any]], list[Job]]:
    """The games of ``jobs`` already recorded in ``path``, and the jobs still to play
    (``tool``: the name the messages on stderr start with; ``same``: other codes accepted)."""
    done, unreadable = load_record(path, code, same)
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
    the mean fame margin (a seat's final fame minus the mean of its rivals'), clustered by seed: each
    seed's margins (every seat of the kind in every rotation) are averaged first, then a t
    interval is taken over the seeds."""
    stats: dict[str, dict[str, Any]] = {}
    winner_scores: dict[str, list[int]] = {}
    margins: dict[str, dict[int, list[float]]] = {}
    for rec in records:
        for seat, kind in enumerate(rec["kinds"]):
            s = stats.setdefault(kind, {"wins": 0, "seats": 0, "score": 0, "cut": 0,
                                        "decisions": 0, "ms": 0.0, "max_ms": 0.0})
            s["cut"] += rec.get("cut", [0] * len(rec["kinds"]))[seat]
            margins.setdefault(kind, {}).setdefault(rec.get("seed", 0), []).append(
                margin(rec["scores"], seat))
            s["seats"] += 1
            s["score"] += rec["scores"][seat]
            count, total_ms, max_ms = rec["ms"][seat]
            s["decisions"] += count
            s["ms"] += total_ms
            s["max_ms"] = max(s["max_ms"], max_ms)
            if seat == rec["winner"]:
                s["wins"] += 1
                winner_scores.setdefault(kind, []).append(rec["scores"][seat])
    results = []
    for kind, s in stats.items():
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
            "mean_ms_per_decision": round(s["ms"] / s["decisions"], 2) if s["decisions"] else 0.0,
            "max_ms_per_decision": s["max_ms"],
            "cut_short": s["cut"],
        })
    return {"games": len(records), "results": results}


def play_all(jobs: list[Job], workers: int, ai_workers: int, capped: bool,
             progress: Callable[[dict[str, Any]], None]) -> None:
    """Play ``jobs`` on ``workers`` processes (1: here, searches on ``ai_workers`` processes),
    each finished game handed to ``progress``."""
    if workers == 1:
        trees = WorkerPool(ai_workers) if ai_workers > 1 else None
        try:
            for job in jobs:
                progress(play_one(job, trees, capped))
        finally:
            if trees is not None:
                trees.close()
        return
    with multiprocessing.Pool(workers) as pool:
        for rec in pool.imap_unordered(play_capped if capped else play_uncapped, jobs):
            progress(rec)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seats", required=True,
                        help="comma list: hard,medium,easy,random,expert,hard-learned,"
                        "hard-hand-made, a frozen version (hard-v2) or a --program name "
                        "(hard@N: one tree of N iterations)")
    parser.add_argument("--games", type=int, default=10, help="game seeds (each in every rotation)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--think-ms", type=int, default=None, help="hard agent's budget")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--ai-workers", type=int, default=1,
                        help="processes for each searching AI's trees (with --workers 1)")
    parser.add_argument("--program", action="append", default=[], metavar="NAME=COMMAND",
                        help="a program speaking the line protocol (docs/player-protocol.md), "
                        "seated as NAME")
    parser.add_argument("--cap", action="store_true",
                        help="keep the game's wall-clock cap of fixed-iteration searches")
    parser.add_argument("--json", action="store_true", help="print the result as one JSON line")
    parser.add_argument("--record", type=Path, default=None,
                        help="append each game to this file and skip the games already in it")
    parser.add_argument("--report", action="store_true",
                        help="with --record: print the summary of the games recorded so far, "
                        "play none")
    parser.add_argument("--same-code", action="append", default=[], metavar="COMMIT",
                        help="with --record: accept the games of this code too (only for code "
                        "shown to make the same decisions as this checkout)")
    args = parser.parse_args(argv)
    try:
        for program in args.program:
            name, eq, command = program.partition("=")
            if not (eq and name.strip() and shlex.split(command)):
                raise ValueError(f"--program needs NAME=COMMAND, got {program!r}")
            PROGRAMS[name.strip().lower()] = shlex.split(command)
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
            records, jobs = resume(args.record, jobs, None if args.report else code,
                                   same=frozenset(args.same_code))
        except (OSError, ValueError) as exc:
            print(f"tournament: error: {exc}", file=sys.stderr)
            return 2
    if args.report:
        if args.record is None:
            print("tournament: error: --report needs --record FILE", file=sys.stderr)
            return 2
        codes = sorted({str(r.get("code")) for r in records})
        print(f"tournament: {len(records)} game(s) recorded (code {', '.join(codes)}), "
              f"{len(jobs)} still to play", file=sys.stderr)
        jobs = []
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

    try:
        frozen = versions()
        for kind in {seat for seat in seats if seat in frozen}:
            checkout(frozen[kind])  # made once here, before any process needs it
    except (PlayerError, OSError, subprocess.SubprocessError) as exc:
        print(f"tournament: error: {exc}", file=sys.stderr)
        return 2
    if args.program and args.workers > 1:
        print("tournament: error: --program needs --workers 1", file=sys.stderr)
        return 2
    try:
        play_all(jobs, args.workers, args.ai_workers, args.cap, progress)
    except PlayerError as exc:
        print(f"tournament: error: {exc} (the games before it are kept)", file=sys.stderr)
        return 2
    result = summarize(records)
    if args.json:
        print(json.dumps(result))
    else:
        print(json.dumps(result, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
