"""Scratch tally (fourteenth session): recorded hard-vs-medium games by epoch: hard's margin
over medium by scoring category in the games it won and lost, each level's civilization points,
and the lots, tiles, civilization tiles and sun numbers it bought per game.

    python3 epoch_breakdown.py RECORD.jsonl ...     (from the repository root)
"""

from __future__ import annotations

import json
import sys
from collections import Counter

sys.path.insert(0, ".")

from ra_game.engine import GameState
from ra_game.engine import events as ev
from ra_game.engine.moves import Move
from ra_game.engine.tiles import CIVILIZATIONS

CIVS = {int(t) for t in CIVILIZATIONS}


def main() -> None:
    margin: Counter[tuple[bool, int, str]] = Counter()
    civ_points: Counter[tuple[str, int, int]] = Counter()
    bought: Counter[tuple[str, int, str]] = Counter()
    games: Counter[bool] = Counter()
    for path in sys.argv[1:]:
        with open(path) as f:
            records = [json.loads(line) for line in f]
        for rec in records:
            hard = rec["kinds"].index("ai:hard")
            state = GameState.new(2, seed=rec["seed"])
            scored = []
            for text in rec["moves"]:
                epoch = state.epoch
                events: list[object] = []
                state.apply_action(Move.parse(text).action, events)
                for e in events:
                    if isinstance(e, ev.AuctionWon):
                        who = "hard" if e.player == hard else "medium"
                        bought[who, epoch, "lots"] += 1
                        bought[who, epoch, "tiles"] += len(e.tiles)
                        bought[who, epoch, "civilization tiles"] += sum(t in CIVS for t in e.tiles)
                        bought[who, epoch, "sun numbers"] += e.sun
                    elif isinstance(e, ev.EpochScored):
                        scored.append(e)
            won = state.winner == hard
            games[won] += 1
            for e in scored:
                for s in e.scores:
                    who = "hard" if s.player == hard else "medium"
                    civ_points[who, e.epoch, s.points.get("civilization", 0)] += 1
                    for cat, pts in s.points.items():
                        margin[won, e.epoch, cat] += pts if s.player == hard else -pts
    n = games[True] + games[False]
    print(f"hard's margin per game by (epoch, category): won {games[True]} / lost {games[False]}")
    for epoch, cat in sorted({(k[1], k[2]) for k in margin}):
        print(f"  {epoch} {cat}: {margin[True, epoch, cat] / games[True]:+.2f}"
              f" / {margin[False, epoch, cat] / games[False]:+.2f}")
    for who in ("hard", "medium"):
        for epoch in (1, 2, 3):
            dist = {p: civ_points[who, epoch, p] for p in (-5, 0, 5, 10, 15)}
            per_game = ", ".join(f"{k} {bought[who, epoch, k] / n:.2f}" for k in
                                 ("lots", "tiles", "civilization tiles", "sun numbers"))
            print(f"{who} epoch {epoch}: civilization points {dist}; per game {per_game}")


if __name__ == "__main__":
    main()
