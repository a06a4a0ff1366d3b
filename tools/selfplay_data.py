"""Play seeded, seat-rotated games and write their positions with what followed, for training
the learned evaluation (``tools/train_eval.py``).

    python3 tools/selfplay_data.py --seeds 60 --seed 1 --out DIR/selfplay.jsonl.gz

Game seed ``S + g`` (g < ``--seeds``) is played by ``players[g % len(players)]`` players, a
lineup drawn from ``--mix`` by that seed, in every rotation of the seats (the same bags, each
kind in every seat).  Levels play at fixed iteration budgets, so the data depend only on the
command, never on the machine's speed or load.

Each game is one JSON line of a gzip file: its seed, rotation, kinds, the fame of every seat at
the end of each epoch (the last is the final score) and the winner, and ``positions``: every
position where a seat had a real turn decision (more than one legal move, no auction running),
as a record of ``ra_game.ai.learned.record_of`` -- what an observation holds (the public
position, the bag as counts by kind), never the bag's order.

Why JSON lines in gzip: a run appends one gzip member per game, so a stopped run loses at most
the game it was playing and resumes by skipping the games already in the file (a member cut
short is dropped and the file rewritten from the whole ones); the records compress about ten
to one; and writing it needs no numpy (the trainer reads it into numpy arrays).

``--minutes M`` starts no new game after M minutes (a bounded run); run the same command again
to go on.  The file is tied to the AI code it was played with, as tournament records are.
"""

from __future__ import annotations

import argparse
import gzip
import json
import multiprocessing
import random
import sys
import time
import zlib
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ra_game.ai.learned import record_of
from ra_game.engine import GameState
from ra_game.engine.state import TURN
from tools.tournament import agent_kind, build_agent, code_version

#: A game to play: seed, rotation, kinds by seat.
Job = tuple[int, int, tuple[str, ...]]
DEFAULT_MIX = "hard@100,hard@50,medium,easy"


def lineup(seed: int, players: int, mix: Sequence[str]) -> tuple[str, ...]:
    """The kinds of a game seed's seats, drawn from ``mix`` by the seed."""
    rng = random.Random(f"lineup-{seed}")
    return tuple(rng.choice(list(mix)) for _ in range(players))


def jobs_for(seeds: int, seed: int, players: Sequence[int], mix: Sequence[str]) -> list[Job]:
    """Every game of the command: each seed's lineup in every rotation of the seats."""
    out = []
    for g in range(seeds):
        n = players[g % len(players)]
        kinds = lineup(seed + g, n, mix)
        for r in range(n):
            out.append((seed + g, r, tuple(kinds[(i - r) % n] for i in range(n))))
    return out


def play(job: Job) -> dict[str, Any]:
    """Play one game; its positions (records) and what followed them."""
    seed, rotation, kinds = job
    state = GameState.new(len(kinds), seed=seed)
    agents = [build_agent(k, seed * 100 + rotation * 10 + i, None) for i, k in enumerate(kinds)]
    positions = []
    while not state.over:
        seat = state.current
        if state.phase == TURN and len(state.legal_actions()) > 1:
            positions.append(record_of(state))
        state.apply_action(agents[seat].choose(state.observation(seat)))
    return {"seed": seed, "rotation": rotation, "kinds": list(kinds),
            "fame": [list(s) for s in state.score_history], "winner": state.winner,
            "positions": [list(p) for p in positions]}


def read_games(path: Path) -> tuple[list[dict[str, Any]], bool]:
    """The whole games in ``path`` and whether a cut-short end was dropped."""
    games: list[dict[str, Any]] = []
    if not path.exists():
        return games, False
    try:
        with gzip.open(path, "rt", encoding="utf-8") as f:
            for line in f:
                games.append(json.loads(line))
    except (EOFError, OSError, zlib.error, ValueError):
        return games, True
    return games, False


def go_on(path: Path, tool: str) -> tuple[str, set[tuple[int, int]]] | None:
    """The AI code this run ties its games to and the (seed, rotation) of the whole games
    already in ``path``: a member cut short at its end is dropped (the file rewritten from the
    whole ones).  None, said on stderr with ``tool``'s name, when ``path`` holds games of other
    AI code."""
    code = code_version()
    games, cut = read_games(path)
    if any(g.get("code") != code for g in games):
        print(f"{tool}: error: {path} holds games of other AI code; write another file",
              file=sys.stderr)
        return None
    if cut:
        print(f"{tool}: {path} ended in a cut-short game: kept the {len(games)} whole ones",
              file=sys.stderr)
        with gzip.open(path, "wt", encoding="utf-8") as f:
            for g in games:
                f.write(json.dumps(g, separators=(",", ":")) + "\n")
    return code, {(g["seed"], g["rotation"]) for g in games}


def iter_games(path: Path) -> Iterator[dict[str, Any]]:
    """The whole games of a data file (for the trainer)."""
    yield from read_games(path)[0]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=60, help="game seeds (each in every rotation)")
    parser.add_argument("--seed", type=int, default=1, help="the first game seed")
    parser.add_argument("--players", default="2,3,4,5", help="comma list, by seed in turn")
    parser.add_argument("--mix", default=DEFAULT_MIX, help="the kinds a lineup is drawn from")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--minutes", type=float, default=None,
                        help="start no new game after this many minutes")
    parser.add_argument("--out", type=Path, required=True, help="the data file (.jsonl.gz)")
    args = parser.parse_args(argv)
    try:
        players = [int(p) for p in args.players.split(",")]
        if not players or any(not 2 <= p <= 5 for p in players):
            raise ValueError("--players takes counts from 2 to 5")
        mix = [agent_kind(k) for k in args.mix.split(",") if k.strip()]
        if not mix or args.seeds < 1 or args.workers < 1:
            raise ValueError("--mix needs a kind; --seeds and --workers must be at least 1")
    except ValueError as exc:
        print(f"selfplay_data: error: {exc}", file=sys.stderr)
        return 2
    resumed = go_on(args.out, "selfplay_data")
    if resumed is None:
        return 2
    code, done = resumed
    jobs = [j for j in jobs_for(args.seeds, args.seed, players, mix) if j[:2] not in done]
    print(f"selfplay_data: {len(done)} game(s) in {args.out}, {len(jobs)} to play",
          file=sys.stderr)
    start = time.time()
    positions = 0

    def deadline() -> bool:
        return args.minutes is not None and time.time() - start > 60 * args.minutes

    def write(game: dict[str, Any], index: int) -> None:
        nonlocal positions
        positions += len(game["positions"])
        with gzip.open(args.out, "at", encoding="utf-8") as f:  # (one member per game)
            f.write(json.dumps({**game, "code": code}, separators=(",", ":")) + "\n")
        print(f"[{index}/{len(jobs)}] {time.time() - start:.0f}s seed {game['seed']} "
              f"rotation {game['rotation']}: {len(game['positions'])} positions",
              file=sys.stderr, flush=True)

    played = 0
    if args.workers == 1:
        for job in jobs:
            if deadline():
                break
            played += 1
            write(play(job), played)
    else:
        with multiprocessing.Pool(args.workers) as pool:
            for at in range(0, len(jobs), 2 * args.workers):  # (a chunk, then the clock)
                if deadline():
                    break
                for game in pool.imap_unordered(play, jobs[at:at + 2 * args.workers]):
                    played += 1
                    write(game, played)
    elapsed = time.time() - start
    print(json.dumps({"games": played, "positions": positions, "seconds": round(elapsed, 1),
                      "left": len(jobs) - played}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
