"""Engine speed: play G complete games choosing uniformly among legal moves; print one JSON line.

    python3 tools/bench_engine.py --players 4 --games 2000 --seed 1 --json
    python3 tools/bench_engine.py --builds --repeats 3   # the compiled and interpreted builds

``compiled`` says which build ran.  ``--builds`` runs both builds of this checkout, taking turns
(tools/build_compare.py), and prints the medians of their games per second and the ratio.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ra_game.build_info import running_compiled
from ra_game.engine import GameState
from tools.build_compare import median_of, run_builds


def run(players: int, games: int, seed: int) -> dict[str, object]:
    """Play ``games`` random games; return games/s, moves/s and moves per game."""
    rng = random.Random(seed)
    choice = rng.choice
    moves = 0
    start = time.perf_counter()
    for g in range(games):
        state = GameState.new(players, seed=seed * 1_000_003 + g)
        legal = state.legal_actions
        apply = state.apply_action
        while not state.over:
            apply(choice(legal()))
            moves += 1
    elapsed = time.perf_counter() - start
    return {
        "compiled": running_compiled(),
        "games_per_s": round(games / elapsed, 1),
        "moves_per_s": round(moves / elapsed, 1),
        "moves_per_game": round(moves / games, 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=4, choices=[2, 3, 4, 5])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="print JSON (the only output format)")
    parser.add_argument("--builds", action="store_true",
                        help="measure the compiled and the interpreted build, taking turns")
    parser.add_argument("--repeats", type=int, default=3, help="runs per build with --builds")
    args = parser.parse_args()
    if not args.builds:
        print(json.dumps(run(args.players, args.games, args.seed)))
        return
    runs = run_builds(Path(__file__), ["--players", str(args.players), "--games",
                                       str(args.games), "--seed", str(args.seed)], args.repeats)
    speed = {name: round(median_of(done, "games_per_s"), 1) for name, done in runs.items()}
    print(json.dumps({"players": args.players, "games": args.games, "repeats": args.repeats,
                      "games_per_s": speed,
                      "ratio": round(speed["compiled"] / speed["interpreted"], 2)}))


if __name__ == "__main__":
    main()
