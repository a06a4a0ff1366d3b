"""The luck of a draw, measured without the evaluation: is the Ra tile that ends an epoch as
lucky (or unlucky) as the review's curve says?

    python3 tools/luck_truth.py --dir DIR [--games 12] [--seed 73800]
                                [--players ai:medium,ai:easy] [--deals 100] [--others 2]

Reads the games of ``tools/bench_review.py --luck`` (the same ``--dir``, ``--seed`` and
``--players``; a game missing is played).  For every draw that brought an epoch-ending Ra tile
in the first ``--games`` games, and for the ``--others`` draws of each game that the curve
finds luckiest by size among the rest, the truth: ``--deals`` deals of the unseen bag (from the
drawing seat's view: public information only), each played to the game's end with medium's
policy for every seat twice, once with the tile that came forced next and once with the
deal's own next tile (a draw of the bag's mean), and the drawing seat's fame margin against
its rivals' mean compared.  Their mean difference is the tile's true luck for the drawing seat
(with its standard error), the quantity the curve's luck estimates
(:func:`ra_game.review.curve.against_rivals`).  Prints one JSON line: each draw, then the mean
size of the curve's luck and of the truth for both groups, their correlation, and in how many
games the largest true luck was an epoch-ending Ra tile's.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
from pathlib import Path
from typing import Any

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ra_game.ai.evaluate import BagInfo
from ra_game.ai.evaluators import PlayOn
from ra_game.ai.workers import Workers
from ra_game.engine import GameState, Observation, load_replay
from ra_game.engine.moves import DRAW
from ra_game.engine.tiles import Tile
from ra_game.review.curve import StepKind, game_curve
from ra_game.review.search import position_seed
from tools.bench_review import ends_epoch, ensure_game

#: Salt of the truth's deals (apart from every seed of the review).
TRUTH_SALT = 2_750_159


def margin(state: GameState, seat: int) -> float:
    """``seat``'s final fame less its rivals' mean, ``state`` played to its end by medium's
    policy for every seat."""
    scores = PlayOn(seat, keeps_suns=False).values(state, BagInfo(state))
    return scores[seat] - (sum(scores) - scores[seat]) / (len(scores) - 1)


def true_luck(state: GameState, tile: int, deals: int) -> tuple[float, float]:
    """The mean and standard error of what ``tile`` drawn next brings the drawing seat's margin
    against the bag's own next tile, over ``deals`` deals of the unseen bag."""
    seat = state.current
    observed = Observation(state, seat)
    diffs = []
    for d in range(deals):
        deal = observed.determinize(random.Random(position_seed(state, seat, TRUTH_SALT, d)))
        forced = deal.clone()
        forced.put_next(tile)
        forced.apply_action(DRAW, None)
        deal.apply_action(DRAW, None)
        diffs.append(margin(forced, seat) - margin(deal, seat))
    return statistics.fmean(diffs), statistics.stdev(diffs) / len(diffs) ** 0.5


def truth_run(folder: Path, games: int, kinds: list[str], seed: int, deals: int,
              others: int) -> dict[str, Any]:
    rows: list[dict[str, Any]] = []
    ra_largest = 0
    workers = Workers(0, window=False)
    for game in range(games):
        replay = load_replay(ensure_game(folder, game, kinds, seed, workers))
        curve = game_curve(replay)
        draws = [n for n, s in enumerate(curve.steps) if s.kind is StepKind.DRAW]
        ending = [n for n in draws if curve.steps[n].drawn == Tile.RA and ends_epoch(curve, n)]
        rest = sorted((n for n in draws if n not in ending),
                      key=lambda n: -abs(curve.steps[n].luck[curve.steps[n].seat]))
        found = []
        for n in ending + rest[:others]:
            step = curve.steps[n]
            mean, error = true_luck(replay.play(step.move), step.drawn, deals)
            found.append({"game": game, "move": step.move, "epoch": step.epoch,
                          "tile": step.drawn, "epoch_ending_ra": n in ending,
                          "curve": round(step.luck[step.seat], 2), "truth": round(mean, 2),
                          "error": round(error, 2)})
        rows += found
        if found:
            largest = max(found, key=lambda r: abs(float(r["truth"])))
            ra_largest += 1 if largest["epoch_ending_ra"] else 0

    def sizes(group: list[dict[str, Any]]) -> dict[str, Any]:
        return {"draws": len(group),
                "mean_size_curve": round(statistics.fmean(abs(r["curve"]) for r in group), 2),
                "mean_size_truth": round(statistics.fmean(abs(r["truth"]) for r in group), 2),
                "mean_curve_less_truth": round(statistics.fmean(
                    r["curve"] - r["truth"] for r in group), 2)}

    ending_rows = [r for r in rows if r["epoch_ending_ra"]]
    return {"games": games, "players": len(kinds), "seed": seed, "deals": deals,
            "draws": rows, "epoch_ending_ra": sizes(ending_rows),
            "others": sizes([r for r in rows if not r["epoch_ending_ra"]]),
            "correlation_ending_ra": round(statistics.correlation(
                [r["curve"] for r in ending_rows], [r["truth"] for r in ending_rows]), 2),
            "games_largest_truth_ending_ra": ra_largest}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--dir", type=Path, required=True)
    parser.add_argument("--games", type=int, default=12)
    parser.add_argument("--seed", type=int, default=73800)
    parser.add_argument("--players", default="ai:medium,ai:easy")
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--others", type=int, default=2)
    args = parser.parse_args()
    args.dir.mkdir(parents=True, exist_ok=True)
    print(json.dumps(truth_run(args.dir, args.games, [k.strip() for k in args.players.split(",")],
                               args.seed, args.deals, args.others)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
