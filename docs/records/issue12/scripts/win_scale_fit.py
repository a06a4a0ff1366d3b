"""Scratch fit (fourteenth session): how surely hard's 2-player outlook margin (seat 0 less
seat 1, every sixth decision) predicts the winner, by epoch and third of the epoch: the scale s
of P(seat 0 wins) = 1 / (1 + exp(-margin / s)) of least log loss (the search uses 8 throughout).

    python3 win_scale_fit.py RECORD.jsonl ...     (from the repository root)
"""

from __future__ import annotations

import json
import math
import sys
from collections import defaultdict

sys.path.insert(0, ".")

from ra_game.ai.evaluate import Context, outlook
from ra_game.engine import GameState
from ra_game.engine.moves import Move
from ra_game.engine.state import DISCARD


def log_loss(points: list[tuple[float, int]], scale: float) -> float:
    total = 0.0
    for margin, won in points:
        p = 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, margin / scale))))
        total -= math.log(p if won else 1.0 - p)
    return total / len(points)


def main() -> None:
    groups: dict[tuple[int, int], list[tuple[float, int]]] = defaultdict(list)
    for path in sys.argv[1:]:
        with open(path) as f:
            records = [json.loads(line) for line in f]
        for rec in records:
            state = GameState.new(2, seed=rec["seed"])
            seen = []
            for k, text in enumerate(rec["moves"]):
                if k % 6 == 0 and state.phase != DISCARD:
                    values = outlook(state, Context(state, None, tempo=True))
                    third = min(2, int(3 * state.ra_count / state.ra_length))
                    seen.append(((state.epoch, third), values[0] - values[1]))
                state.apply_action(Move.parse(text).action)
            for key, margin in seen:
                groups[key].append((margin, int(state.winner == 0)))
    for key in sorted(groups):
        points = groups[key]
        best = min((x / 2 for x in range(1, 60)), key=lambda s: log_loss(points, s))
        print(f"epoch {key[0]}, third {key[1] + 1}: {len(points)} positions, s = {best:.1f}")


if __name__ == "__main__":
    main()
