"""Scratch fit (fourteenth session): from recorded 2-player games, what a seat holding face-up
suns and k civilization types can expect of the epoch's civilization points, in the form of
hard's evaluation: points(k) * progress + hope(k) * (1 - progress), hope fitted by least squares.

    python3 civ_hope_fit.py RECORD.jsonl ...     (from the repository root)
"""

from __future__ import annotations

import json
import sys
from collections import defaultdict

sys.path.insert(0, ".")

from ra_game.ai.evaluate import CIV_HOPE, Context
from ra_game.engine import GameState
from ra_game.engine import events as ev
from ra_game.engine.moves import Move
from ra_game.engine.scoring import CIV_POINTS
from ra_game.engine.tiles import CIVILIZATIONS


def main() -> None:
    first, kinds_n = int(CIVILIZATIONS[0]), len(CIVILIZATIONS)
    num: dict[int, float] = defaultdict(float)
    den: dict[int, float] = defaultdict(float)
    for path in sys.argv[1:]:
        with open(path) as f:
            records = [json.loads(line) for line in f]
        for rec in records:
            state = GameState.new(2, seed=rec["seed"])
            pending: list[tuple[int, int, float]] = []  # (seat, kinds, progress)
            for text in rec["moves"]:
                progress = Context(state).progress
                for seat in range(2):
                    if state.suns_up[seat]:
                        kinds = sum(1 for i in range(kinds_n) if state.tiles[seat][first + i])
                        pending.append((seat, kinds, progress))
                events: list[object] = []
                state.apply_action(Move.parse(text).action, events)
                for e in events:
                    if isinstance(e, ev.EpochScored):
                        final = {s.player: s.points.get("civilization", 0) for s in e.scores}
                        for seat, kinds, p in pending:
                            num[kinds] += (final[seat] - CIV_POINTS[kinds] * p) * (1 - p)
                            den[kinds] += (1 - p) ** 2
                        pending = []
    for k in range(len(CIV_HOPE)):
        fitted = f"{num[k] / den[k]:.2f}" if den[k] else "-"
        print(f"{k} kinds: CIV_HOPE {CIV_HOPE[k]}, fitted {fitted}")


if __name__ == "__main__":
    main()
