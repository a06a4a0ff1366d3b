"""Fit the learned evaluation (``ra_game/ai/learned.py``) to games written by
``tools/selfplay_data.py``, and write its weights file.  Needs numpy (``pip install -e ".[train]"``).

    python3 tools/train_eval.py --data DIR/selfplay-v1.jsonl.gz \\
        --out ra_game/ai/learned_eval.json

Only whole seeds are used (a seed whose every rotation is in the file), so the weights depend
only on the data command.  Seeds divisible by ``--holdout`` (5: a fifth) are held out; the
weights are fitted on the others by ridge regression (closed form, deterministic) of each
seat's fame to come (its final fame minus its score at the position) on its features.  Printed
(one JSON line) and stored in the weights file: the held-out figures of three predictors of the
fame to come, today's hand-made evaluation, the same recalibrated (a Texel-style fit of one
scale and offset per epoch and progress) and the full model: root mean square error, and how
often the seat it ranks first is the game's winner.  The file also keeps a few held-out
positions with the values this tool computed for them, which the game's pure-Python inference
must reproduce (``tests/ai/test_learned.py``).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

try:
    import numpy as np
except ImportError:  # pragma: no cover - the message is the point
    print("train_eval: numpy is needed: pip install -e \".[train]\"", file=sys.stderr)
    raise SystemExit(2) from None

from ra_game.ai.learned import (
    FEATURE_NAMES,
    FEATURE_VERSION,
    SHARED_BLOCKS,
    expand,
    seat_features,
    state_of,
)
from ra_game.engine.tiles import NUM_EPOCHS
from tools.selfplay_data import read_games

#: Bumped with every change of what the weights file holds.
WEIGHTS_VERSION = 2
EVALUATION = FEATURE_NAMES.index("evaluation")
CHECKS = 4


def whole_seeds(games: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The games of the seeds whose every rotation is present."""
    count = Counter(g["seed"] for g in games)
    return [g for g in games if count[g["seed"]] == len(g["kinds"])]


def table(games: list[dict[str, Any]]) -> dict[str, Any]:
    """Rows of the model's inputs (one per seat and position), the fame to come, and per
    position which rows belong to it and which seat won the game."""
    rows: list[list[float]] = []
    targets: list[float] = []
    evals: list[float] = []
    epochs: list[int] = []
    progress: list[float] = []
    groups: list[tuple[int, int]] = []
    winners: list[int] = []
    records: list[list[int]] = []
    for g in games:
        final = g["fame"][-1]
        for record in g["positions"]:
            state = state_of(record)
            feats = seat_features(state)
            prog = state.ra_count / state.ra_length
            start = len(rows)
            for p, f in enumerate(feats):
                rows.append(expand(f, state.n, state.epoch, prog))
                targets.append(final[p] - state.scores[p])
                evals.append(f[EVALUATION])
                epochs.append(state.epoch)
                progress.append(prog)
            groups.append((start, len(rows)))
            winners.append(g["winner"])
            records.append(record)
    return {"x": np.array(rows), "y": np.array(targets), "eval": np.array(evals),
            "epoch": np.array(epochs), "progress": np.array(progress), "groups": groups,
            "winners": winners, "records": records}


def ridge(x: np.ndarray, y: np.ndarray, lam: float | np.ndarray) -> np.ndarray:
    """Weights minimizing |x w - y|^2 + sum(lam w^2) (``lam``: one penalty, or one per
    weight)."""
    a = x.T @ x + np.diag(np.broadcast_to(lam, (x.shape[1],)).astype(float))
    return np.linalg.solve(a, x.T @ y)


def penalties(shared: float, two: float) -> np.ndarray:
    """The ridge penalty of each weight: ``shared`` for the blocks every position uses, ``two``
    for the 2-player blocks (fitted as deviations from them, so held close)."""
    k = len(FEATURE_NAMES)
    return np.array([shared] * (SHARED_BLOCKS * k) + [two] * (SHARED_BLOCKS * k))


def calibration_inputs(data: dict[str, Any]) -> np.ndarray:
    """The recalibrated evaluation's inputs: per epoch, offset and scale, each also times the
    epoch's progress."""
    cols = []
    for e in range(1, NUM_EPOCHS + 1):
        on = (data["epoch"] == e).astype(float)
        for base in (on, on * data["eval"]):
            cols += [base, base * data["progress"]]
    return np.stack(cols, axis=1)


def figures(data: dict[str, Any], predicted: np.ndarray) -> dict[str, float]:
    """Root mean square error of the fame to come, and the share of positions whose predicted
    leader (score plus fame to come) is the game's winner."""
    err = predicted - data["y"]
    hits = 0
    for (a, b), winner, record in zip(data["groups"], data["winners"], data["records"]):
        n = b - a
        scores = np.array(record[6:6 + n], dtype=float)
        hits += int(np.argmax(scores + predicted[a:b]) == winner)
    return {"rmse": round(float(np.sqrt(np.mean(err ** 2))), 3),
            "winner_agreement": round(hits / max(1, len(data["groups"])), 4)}


def check_records(records: list[list[int]]) -> list[list[int]]:
    """A few held-out records to check the game's inference by: the middle one of each player
    count (so the 2-player weights are checked too), then more spread over the rest."""
    by_players: dict[int, list[list[int]]] = {}
    for record in records:
        by_players.setdefault(record[0], []).append(record)
    out = [group[len(group) // 2] for _, group in sorted(by_players.items())]
    return out + records[:: max(1, len(records) // CHECKS)][:CHECKS]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, required=True, nargs="+", help="selfplay data files")
    parser.add_argument("--out", type=Path, required=True, help="the weights file to write")
    parser.add_argument("--holdout", type=int, default=5, help="hold out seeds divisible by this")
    parser.add_argument("--ridge", type=float, default=300.0, help="the ridge penalty")
    parser.add_argument("--ridge-two", type=float, default=30000.0,
                        help="the ridge penalty of the 2-player deviations")
    args = parser.parse_args(argv)
    start = time.time()
    games: list[dict[str, Any]] = []
    for path in args.data:
        if not path.exists():
            print(f"train_eval: error: no data file {path}", file=sys.stderr)
            return 2
        games += read_games(path)[0]
    games = whole_seeds(games)
    train = [g for g in games if g["seed"] % args.holdout]
    held = [g for g in games if not g["seed"] % args.holdout]
    if not train or not held:
        print("train_eval: error: too few whole seeds to fit and to hold out", file=sys.stderr)
        return 2
    fit, test = table(train), table(held)
    weights = ridge(fit["x"], fit["y"], penalties(args.ridge, args.ridge_two))
    calibration = ridge(calibration_inputs(fit), fit["y"], args.ridge)
    report = {
        "seeds": {"fitted": len({g["seed"] for g in train}), "held_out": len({g["seed"] for g in held})},
        "games": len(games), "positions": len(fit["groups"]) + len(test["groups"]),
        "held_out": {
            "evaluation": figures(test, test["eval"]),
            "recalibrated_evaluation": figures(test, calibration_inputs(test) @ calibration),
            "learned": figures(test, test["x"] @ weights),
        },
        "fitted": {"learned": figures(fit, fit["x"] @ weights)},
    }
    checks = []
    for record in check_records(test["records"]):
        state = state_of(record)
        prog = state.ra_count / state.ra_length
        x = np.array([expand(f, state.n, state.epoch, prog) for f in seat_features(state)])
        checks.append({"record": list(record),
                       "fame": [float(s + v) for s, v in zip(state.scores, x @ weights)]})
    document = {
        "version": WEIGHTS_VERSION, "feature_version": FEATURE_VERSION,
        "features": list(FEATURE_NAMES), "weights": [float(w) for w in weights],
        "info": {"data": [p.name for p in args.data], "ridge": args.ridge, "ridge_two": args.ridge_two,
                 "holdout": args.holdout, **report},
        "checks": checks,
    }
    args.out.write_text(json.dumps(document, indent=1) + "\n", encoding="utf-8")
    report["seconds"] = round(time.time() - start, 1)
    print(json.dumps(report))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
