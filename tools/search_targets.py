"""Search-backed targets for the learned evaluation: at every position of a self-play data file
(``tools/selfplay_data.py``), the value hard's search backs up, and where its play-outs stopped.

    python3 tools/search_targets.py --data DIR/selfplay-v3.jsonl.gz --out DIR/targets-v3.jsonl.gz

For each position one tree of hard's search (``--iterations``, UCT, all of them even where
hard's filters leave one move; the seat to move observing) is run from the position's observation; every play-out's stopping position is
valued by ``--leaf`` (the learned evaluation by default, the scores once the game is over) and
the mean of those values over the tree's iterations is the position's backed-up value: every
seat's expected final fame under the search's play, on the search's re-deals of the bag (never
the real one).  The trainer mixes it with the game's final fame (``tools/train_eval.py
--targets``).  Each play-out's stop is also counted by where it fell (players, epoch, Ra tiles
drawn, or the game's end), which the trainer uses to weight positions towards where the search
asks the evaluation.

One gzip member of JSON lines per game (seed, rotation, the values per position, the stops);
a stopped run resumes (``--minutes M`` bounds it), and the file is tied to the AI code, as the
data file is.
"""

from __future__ import annotations

import argparse
import gzip
import json
import sys
import time
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ra_game.ai.evaluate import BagInfo
from ra_game.ai.evaluators import Evaluator, Judgment, evaluator_for
from ra_game.ai.learned import state_of
from ra_game.ai.mcts import HardAgent
from ra_game.ai.selection import Uct
from ra_game.engine import GameState
from tools.selfplay_data import go_on, read_games


def stop_bin(state: GameState) -> str:
    """Where a play-out stopped: ``over``, or players, epoch and Ra tiles drawn (``4:2:0``)."""
    return "over" if state.over else f"{state.n}:{state.epoch}:{state.ra_count}"


class BackingUp:
    """An evaluator that passes ``inner``'s values on and keeps their sum per seat and where
    each play-out stopped."""

    def __init__(self, inner: Evaluator, players: int) -> None:
        self.inner = inner
        self.sums = [0.0] * players
        self.count = 0
        self.stops: Counter[str] = Counter()

    def values(self, state: GameState, bag: BagInfo) -> list[float]:
        values = self.inner.values(state, bag)
        self.sums = [s + v for s, v in zip(self.sums, values)]
        self.count += 1
        self.stops[stop_bin(state)] += 1
        return values


def backed_up(record: Sequence[int], leaf: Judgment, iterations: int, seed: int
              ) -> tuple[list[float], Counter[str]]:
    """The mean of a tree's play-out values for every seat at ``record``'s position, and where
    its play-outs stopped."""
    state = state_of(record)
    seat = state.current
    recorder = BackingUp(evaluator_for(leaf, seat, state.n), state.n)
    HardAgent(seed, iterations=iterations, evaluator=recorder,
              selection=Uct(always_searches=True)).choose(state.observation(seat))
    return [round(s / max(1, recorder.count), 4) for s in recorder.sums], recorder.stops


def targets_of(game: dict[str, Any], leaf: Judgment, iterations: int) -> dict[str, Any]:
    """The backed-up values of every position of ``game`` and where the play-outs stopped."""
    values, stops = [], Counter[str]()
    for i, record in enumerate(game["positions"]):
        value, where = backed_up(record, leaf, iterations, game["seed"] * 1000 + i)
        values.append(value)
        stops.update(where)
    return {"seed": game["seed"], "rotation": game["rotation"], "values": values,
            "stops": dict(stops)}


def read_targets(path: Path) -> list[dict[str, Any]]:
    """The whole games of a targets file (a member cut short at its end is left out)."""
    return read_games(path)[0]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, required=True, help="a selfplay data file")
    parser.add_argument("--out", type=Path, required=True, help="the targets file (.jsonl.gz)")
    parser.add_argument("--iterations", type=int, default=100, help="a tree's iterations")
    parser.add_argument("--leaf", type=Judgment, default=Judgment.LEARNED,
                        choices=[Judgment.LEARNED, Judgment.HAND_MADE],
                        help="the evaluation at the play-outs' stops")
    parser.add_argument("--minutes", type=float, default=None,
                        help="start no new game after this many minutes")
    args = parser.parse_args(argv)
    if args.iterations < 1 or not args.data.exists():
        print("search_targets: error: --iterations must be at least 1 and --data must exist",
              file=sys.stderr)
        return 2
    resumed = go_on(args.out, "search_targets")
    if resumed is None:
        return 2
    code, have = resumed
    games = [g for g in read_games(args.data)[0] if (g["seed"], g["rotation"]) not in have]
    print(f"search_targets: {len(have)} game(s) in {args.out}, {len(games)} to do",
          file=sys.stderr)
    start = time.time()
    made = 0
    for game in games:
        if args.minutes is not None and time.time() - start > 60 * args.minutes:
            break
        targets = targets_of(game, args.leaf, args.iterations)
        with gzip.open(args.out, "at", encoding="utf-8") as f:  # (one member per game)
            f.write(json.dumps({**targets, "code": code}, separators=(",", ":")) + "\n")
        made += 1
        print(f"[{made}/{len(games)}] {time.time() - start:.0f}s seed {game['seed']} rotation "
              f"{game['rotation']}: {len(targets['values'])} positions", file=sys.stderr,
              flush=True)
    print(json.dumps({"games": made, "left": len(games) - made,
                      "seconds": round(time.time() - start, 1)}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
