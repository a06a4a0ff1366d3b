"""Engine speed: play G complete games choosing uniformly among legal moves; print one JSON line.

    python3 tools/bench_engine.py --players 4 --games 2000 --seed 1 --json
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ra_game.engine import GameState


def run(players: int, games: int, seed: int) -> dict[str, float]:
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
    args = parser.parse_args()
    print(json.dumps(run(args.players, args.games, args.seed)))


if __name__ == "__main__":
    main()
