"""A fixed-seed fingerprint of what the game thinks: the same in the compiled and the
interpreted build, byte for byte (tests/ai/test_fingerprint.py compares the two).

    python3 tools/fingerprint.py            # one JSON line: the build that ran, sha256, lines
    python3 tools/fingerprint.py --lines    # the fingerprint itself, one fact a line
    RA_GAME_PURE=1 python3 tools/fingerprint.py   # the same, interpreted

What it holds: hard's root statistics (every tree's visits and total reward of every root
action, and its choice) on positions of 2, 4 and 5 players; whole games of easy and medium
(every move and the final fame); a review's search of one decision (its choice, the fame
estimates and the visits).  Floats are written with ``repr`` (exact).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from dataclasses import replace
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import ra_game
from ra_game.ai.levels import make_agent
from ra_game.ai.parallel import run_tree
from ra_game.build_info import running_compiled
from ra_game.engine import GameState
from ra_game.review.search import ReviewBudget, judge_here


def mid_epoch(players: int, seed: int, moves: int) -> GameState:
    """A position after ``moves`` moves of medium self-play from ``seed``."""
    state = GameState.new(players, seed=seed)
    agent = make_agent("ai:medium", seed)
    for _ in range(moves):
        state.apply_action(agent.choose(state.observation(state.current)))
    return state


def hard_lines(state: GameState, seed: int) -> list[str]:
    """Every tree of a hard decision (its real budget, run here one after another, each to its
    full iteration count: no wall-clock safety net, which a busy machine would reach)."""
    agent = make_agent("ai:hard", seed)
    obs = state.observation(state.current)
    jobs = agent.plan(obs)  # type: ignore[attr-defined]
    results = [run_tree(replace(job, seconds=1e9)) for job in jobs]
    lines = [f"hard {state.n}p tree {i}: {sorted(r.stats.items())!r} it={r.iterations}"
             for i, r in enumerate(results)]
    return [*lines, f"hard {state.n}p choice: {agent.decide(results)}"]  # type: ignore[attr-defined]


def game_lines(kinds: list[str], seed: int) -> list[str]:
    """A whole game among ``kinds`` (easy and medium decide at once): every move and the fame."""
    state = GameState.new(len(kinds), seed=seed)
    agents = [make_agent(kind, seed * 10 + i) for i, kind in enumerate(kinds)]
    moves = []
    while not state.over:
        action = agents[state.current].choose(state.observation(state.current))
        moves.append(action)
        state.apply_action(action)
    return [f"game {','.join(kinds)} seed {seed}: moves {moves!r}",
            f"game {','.join(kinds)} seed {seed}: fame {state.scores!r}"]


def review_lines(state: GameState) -> list[str]:
    """The review's search of medium's move in ``state``."""
    obs = state.observation(state.current)
    played = make_agent("ai:medium", 5).choose(obs)
    verdict = judge_here(obs, played, ReviewBudget(trees=2, iterations=200), salt=3)
    return [(f"review: best {verdict.best} played {verdict.played} best_fame "
            f"{verdict.best_fame!r} played_fame {verdict.played_fame!r} error {verdict.error!r} "
            f"visits {sorted(verdict.visits.items())!r}")]


def fingerprint() -> list[str]:
    lines: list[str] = []
    for players, seed, moves in ((2, 21, 14), (4, 41, 30), (5, 51, 44)):
        lines += hard_lines(mid_epoch(players, seed, moves), seed)
    lines += game_lines(["ai:easy", "ai:medium", "ai:easy", "ai:medium"], 7)
    lines += game_lines(["ai:medium", "ai:medium", "ai:medium"], 8)
    lines += game_lines(["ai:easy", "ai:easy"], 9)
    lines += review_lines(mid_epoch(3, 31, 25))
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lines", action="store_true", help="print the fingerprint itself")
    args = parser.parse_args(argv)
    lines = fingerprint()
    if args.lines:
        print("\n".join(lines))
        return 0
    digest = hashlib.sha256("\n".join(lines).encode()).hexdigest()
    print(json.dumps({"compiled": running_compiled(), "build": ra_game.BUILD.build.value,
                      "sha256": digest, "lines": len(lines)}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
