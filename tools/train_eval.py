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

from ra_game.ai.evaluators import expected_fame
from ra_game.ai.learned import (
    FEATURE_VERSION,
    FEATURES,
    SHARED_BLOCKS,
    LearnedModel,
    expand,
    seat_features,
    state_of,
)
from ra_game.engine import GameState
from ra_game.engine.tiles import NUM_EPOCHS
from tools.calibration import drift, epoch_end_draws
from tools.search_targets import read_targets
from tools.selfplay_data import read_games

#: Bumped with every change of what the weights file holds.
WEIGHTS_VERSION = 2
EVALUATION = FEATURES[FEATURE_VERSION].index("evaluation")
#: A position's weight towards where play-outs stop is kept within these bounds.
STOP_WEIGHT_RANGE = (0.25, 4.0)
CHECKS = 4


def whole_seeds(games: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The games of the seeds whose every rotation is present."""
    count = Counter(g["seed"] for g in games)
    return [g for g in games if count[g["seed"]] == len(g["kinds"])]


def table(games: list[dict[str, Any]], version: int = FEATURE_VERSION,
          backed: dict[tuple[int, int], list[list[float]]] | None = None,
          mix: float = 0.0) -> dict[str, Any]:
    """Rows of the model's inputs (one per seat and position, features of ``version``), the
    fame to come, and per position which rows belong to it and which seat won the game.  With
    ``backed`` (a game's search-backed values per position, by seed and rotation), a position's
    target is ``mix`` of its backed-up value and the rest of the game's final fame."""
    rows: list[list[float]] = []
    targets: list[float] = []
    finals: list[float] = []
    evals: list[float] = []
    epochs: list[int] = []
    progress: list[float] = []
    groups: list[tuple[int, int]] = []
    winners: list[int] = []
    records: list[list[int]] = []
    seeds: list[int] = []
    for g in games:
        final = g["fame"][-1]
        values = (backed or {}).get((g["seed"], g["rotation"]))
        for i, record in enumerate(g["positions"]):
            state = state_of(record)
            feats = seat_features(state, version=version)
            prog = state.ra_count / state.ra_length
            start = len(rows)
            for p, f in enumerate(feats):
                rows.append(expand(f, state.n, state.epoch, prog))
                to_come = final[p] - state.scores[p]
                finals.append(to_come)
                if values is not None:
                    to_come += mix * (values[i][p] - final[p])
                targets.append(to_come)
                evals.append(f[EVALUATION])
                epochs.append(state.epoch)
                progress.append(prog)
            groups.append((start, len(rows)))
            winners.append(g["winner"])
            records.append(record)
            seeds.append(g["seed"])
    return {"x": np.array(rows), "y": np.array(targets), "final": np.array(finals),
            "eval": np.array(evals), "epoch": np.array(epochs), "progress": np.array(progress),
            "groups": groups, "winners": winners, "records": records, "seeds": seeds}


def stop_bin_of(record: list[int]) -> str:
    """The play-out stop bin (``tools/search_targets.stop_bin``) a position falls in."""
    return f"{record[0]}:{record[1]}:{record[2]}"


def stop_weights(data: dict[str, Any], stops: Counter[str]) -> np.ndarray:
    """A weight per row: the share of play-outs that stopped in its position's bin over the
    share of positions in that bin (so the fit leans towards where the search asks), kept within
    :data:`STOP_WEIGHT_RANGE` and averaging 1."""
    bins = [stop_bin_of(r) for r in data["records"]]
    have = Counter(bins)
    asked = sum(v for k, v in stops.items() if k != "over")
    low, high = STOP_WEIGHT_RANGE
    per_position = np.array([
        min(high, max(low, (stops.get(b, 0) / max(1, asked)) / (have[b] / len(bins))))
        for b in bins])
    per_row: np.ndarray = np.concatenate(
        [np.full(b - a, w) for (a, b), w in zip(data["groups"], per_position)])
    normalized: np.ndarray = per_row / per_row.mean()
    return normalized


def ridge(x: np.ndarray, y: np.ndarray, lam: float | np.ndarray,
          weights: np.ndarray | None = None) -> np.ndarray:
    """Weights minimizing sum(weights (x w - y)^2) + sum(lam w^2) (``lam``: one penalty, or one
    per weight; ``weights``: one per row, 1 if None)."""
    wx = x if weights is None else x * weights[:, None]
    a = wx.T @ x + np.diag(np.broadcast_to(lam, (x.shape[1],)).astype(float))
    return np.linalg.solve(a, wx.T @ y)


def penalties(shared: float, two: float, version: int = FEATURE_VERSION) -> np.ndarray:
    """The ridge penalty of each weight: ``shared`` for the blocks every position uses, ``two``
    for the 2-player blocks (fitted as deviations from them, so held close)."""
    k = len(FEATURES[version])
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


def figures(data: dict[str, Any], predicted: np.ndarray) -> dict[str, Any]:
    """Root mean square error of the fame to come (against the game's final fame), also by
    number of players, and the share of positions whose predicted leader (score plus fame to
    come) is the game's winner."""
    err = predicted - data["final"]
    hits = 0
    players = np.zeros(len(err), dtype=int)
    for (a, b), winner, record in zip(data["groups"], data["winners"], data["records"]):
        n = b - a
        players[a:b] = n
        scores = np.array(record[6:6 + n], dtype=float)
        hits += int(np.argmax(scores + predicted[a:b]) == winner)
    by_players = {str(n): round(float(np.sqrt(np.mean(err[players == n] ** 2))), 3)
                  for n in sorted(set(players.tolist()))}
    return {"rmse": round(float(np.sqrt(np.mean(err ** 2))), 3), "rmse_by_players": by_players,
            "winner_agreement": round(hits / max(1, len(data["groups"])), 4)}


def check_records(records: list[list[int]]) -> list[list[int]]:
    """A few held-out records to check the game's inference by: the middle one of each player
    count (so the 2-player weights are checked too), then more spread over the rest."""
    by_players: dict[int, list[list[int]]] = {}
    for record in records:
        by_players.setdefault(record[0], []).append(record)
    out = [group[len(group) // 2] for _, group in sorted(by_players.items())]
    return out + records[:: max(1, len(records) // CHECKS)][:CHECKS]


def model_inputs(state: GameState, k: int, version: int) -> np.ndarray:
    """The model's input rows of every seat of ``state`` (``k`` columns; zeros once over)."""
    if state.over:
        return np.zeros((state.n, k))
    prog = state.ra_count / state.ra_length
    return np.array([expand(f, state.n, state.epoch, prog)
                     for f in seat_features(state, version=version)])


def calibration_rows(data: dict[str, Any], version: int) -> tuple[np.ndarray, np.ndarray]:
    """Rows that hold the model calibrated across the epoch's end (``tools/calibration.py``):
    for each position where a draw may end the epoch and each seat, E_bag[x after] - x before,
    with the target score before - E_bag[score after] (a game over has no model's part)."""
    rows: list[list[float]] = []
    targets: list[float] = []
    k = data["x"].shape[1]
    for record in data["records"]:
        state = state_of(record)
        draws = epoch_end_draws(state)
        if not draws:
            continue
        expected_x = sum(chance * model_inputs(after, k, version) for chance, _, after in draws)
        expected_score = sum(chance * np.array(after.scores, dtype=float)
                             for chance, _, after in draws)
        rows += (expected_x - model_inputs(state, k, version)).tolist()
        targets += (np.array(state.scores, dtype=float) - expected_score).tolist()
    if not rows:
        return np.zeros((0, data["x"].shape[1])), np.zeros(0)
    return np.array(rows), np.array(targets)


def subset(data: dict[str, Any], keep: Sequence[bool]) -> dict[str, Any]:
    """The positions of ``data`` that ``keep`` marks (one flag per position), with their rows."""
    picked = [i for i, k in enumerate(keep) if k]
    rows = np.concatenate([np.arange(*data["groups"][i]) for i in picked])
    out = {key: data[key][rows] for key in ("x", "y", "final", "eval", "epoch", "progress")}
    groups, at = [], 0
    for i in picked:
        a, b = data["groups"][i]
        groups.append((at, at + b - a))
        at += b - a
    return {**out, "groups": groups, **{key: [data[key][i] for i in picked]
                                        for key in ("winners", "records", "seeds")}}


def fit_weights(fit: dict[str, Any], stops: Counter[str], args: argparse.Namespace
                ) -> np.ndarray:
    """The model's weights fitted on ``fit`` with the command's settings."""
    rows = stop_weights(fit, stops) if args.stop_weighting and stops else None
    x, y = fit["x"], fit["y"]
    if args.calibration > 0:
        cx, cy = calibration_rows(fit, args.features)
        x, y = np.vstack([x, cx]), np.concatenate([y, cy])
        extra = np.full(len(cy), args.calibration)
        rows = np.concatenate([np.ones(len(fit["y"])) if rows is None else rows, extra])
    return ridge(x, y, penalties(args.ridge, args.ridge_two, args.features), rows)


def model_of(weights: np.ndarray, features: int) -> LearnedModel:
    """The game's model of fitted weights (shared blocks and 2-player deviations)."""
    return LearnedModel.from_json(json.dumps({
        "feature_version": features, "features": list(FEATURES[features]),
        "weights": [float(w) for w in weights]}))


def cross_validated(data: dict[str, Any], folds: int, stops: Counter[str],
                    args: argparse.Namespace, other: LearnedModel | None) -> dict[str, Any]:
    """Every game predicted by a model fitted without its seed: fold f holds out the seeds
    whose remainder by ``folds`` is f.  The error (against the final fame) and the drift across
    the epoch's end over all folds, by number of players, with the games of each count; with
    ``other``, its error on the same games (``compared``)."""
    seeds = np.array(data["seeds"])
    errors: list[np.ndarray] = []
    held: list[np.ndarray] = []
    sums: dict[str, list[float]] = {}
    for f in range(folds):
        out = seeds % folds == f
        if not out.any() or out.all():
            continue
        test = subset(data, out.tolist())
        weights = fit_weights(subset(data, (~out).tolist()), stops, args)
        errors.append(test["x"] @ weights - test["final"])
        held.append(np.concatenate([np.full(b - a, b - a) for a, b in test["groups"]]))
        states = [state_of(r) for r in test["records"]]
        for n, d in drift(model_of(weights, args.features).fame, states).items():
            s = sums.setdefault(n, [0.0, 0.0, 0.0])
            s[0] += d["positions"]
            s[1] += d["positions"] * d["mean"]
            s[2] += d["positions"] * d["ra_jump"]
    err, players = np.concatenate(errors), np.concatenate(held)

    def by_players(err: np.ndarray, players: np.ndarray) -> dict[str, float]:
        return {str(n): round(float(np.sqrt(np.mean(err[players == n] ** 2))), 3)
                for n in sorted(set(players.tolist()))}

    compared = {}
    if other is not None:
        predicted = np.concatenate([np.array(other.to_come(state_of(r)))
                                    for r in data["records"]])
        everyone = np.concatenate([np.full(b - a, b - a) for a, b in data["groups"]])
        compared = {"compared_rmse_by_players": by_players(predicted - data["final"], everyone)}
    return {
        "folds": folds, "games": data["games"], "rmse_by_players": by_players(err, players),
        **compared,
        "epoch_end_drift": {n: {"positions": int(c), "mean": round(m / c, 3),
                                "ra_jump": round(j / c, 3)}
                            for n, (c, m, j) in sorted(sums.items())}}


def read_backed(paths: list[Path]) -> tuple[dict[tuple[int, int], list[list[float]]],
                                            Counter[str]]:
    """The search-backed values by game and where the play-outs stopped, from targets files."""
    backed: dict[tuple[int, int], list[list[float]]] = {}
    stops: Counter[str] = Counter()
    for path in paths:
        for t in read_targets(path):
            backed[(t["seed"], t["rotation"])] = t["values"]
            stops.update(t["stops"])
    return backed, stops


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, required=True, nargs="+", help="selfplay data files")
    parser.add_argument("--out", type=Path, required=True, help="the weights file to write")
    parser.add_argument("--holdout", type=int, default=5, help="hold out seeds divisible by this")
    parser.add_argument("--ridge", type=float, default=300.0, help="the ridge penalty")
    parser.add_argument("--ridge-two", type=float, default=30000.0,
                        help="the ridge penalty of the 2-player deviations")
    parser.add_argument("--features", type=int, default=FEATURE_VERSION, choices=sorted(FEATURES),
                        help="the feature version (3: with the features against several rivals)")
    parser.add_argument("--players", default="2,3,4,5",
                        help="comma list: fit and measure on games of these player counts")
    parser.add_argument("--targets", type=Path, nargs="*", default=[],
                        help="search-backed targets files (tools/search_targets.py)")
    parser.add_argument("--target-mix", type=float, default=0.0,
                        help="share of the search-backed value in a position's target (0-1)")
    parser.add_argument("--stop-weighting", action="store_true",
                        help="weight positions towards where the targets' play-outs stopped")
    parser.add_argument("--calibration", type=float, default=0.0,
                        help="weight of the rows holding the model calibrated across the "
                        "epoch's end (0: none)")
    parser.add_argument("--folds", type=int, default=0,
                        help="also cross-validate over this many folds of the seeds (every game "
                        "held out once; 0: not)")
    parser.add_argument("--compare", type=Path, default=None,
                        help="a weights file to measure on the same held-out games")
    args = parser.parse_args(argv)
    start = time.time()
    players = {int(p) for p in args.players.split(",") if p.strip()}
    games: list[dict[str, Any]] = []
    for path in [*args.data, *args.targets, *([args.compare] if args.compare else [])]:
        if not path.exists():
            print(f"train_eval: error: no file {path}", file=sys.stderr)
            return 2
    for path in args.data:
        games += [g for g in read_games(path)[0] if len(g["kinds"]) in players]
    games = whole_seeds(games)
    train = [g for g in games if g["seed"] % args.holdout]
    held = [g for g in games if not g["seed"] % args.holdout]
    if not train or not held:
        print("train_eval: error: too few whole seeds to fit and to hold out", file=sys.stderr)
        return 2
    backed, stops = read_backed(args.targets)
    fit = table(train, args.features, backed, args.target_mix)
    test = table(held, args.features)
    weights = fit_weights(fit, stops, args)
    calibration = ridge(calibration_inputs(fit), fit["final"], args.ridge)
    checks = []
    for record in check_records(test["records"]):
        state = state_of(record)
        xs = model_inputs(state, len(weights), args.features)
        checks.append({"record": list(record),
                       "fame": [float(s + v) for s, v in zip(state.scores, xs @ weights)]})
    document: dict[str, Any] = {
        "version": WEIGHTS_VERSION, "feature_version": args.features,
        "features": list(FEATURES[args.features]), "weights": [float(w) for w in weights],
        "checks": checks,
    }
    if 2 not in players:  # (no 2-player deviations: one group of the counts fitted)
        document["players"] = [sorted(players)]
        document["weights"] = document["weights"][:SHARED_BLOCKS * len(FEATURES[args.features])]
    model = LearnedModel.from_json(json.dumps(document))
    held_states = [state_of(r) for r in test["records"]]
    report: dict[str, Any] = {
        "seeds": {"fitted": len({g["seed"] for g in train}),
                  "held_out": len({g["seed"] for g in held})},
        "games": len(games), "positions": len(fit["groups"]) + len(test["groups"]),
        "held_out": {
            "evaluation": figures(test, test["eval"]),
            "recalibrated_evaluation": figures(test, calibration_inputs(test) @ calibration),
            "learned": figures(test, test["x"] @ weights),
        },
        "fitted": {"learned": figures(fit, fit["x"] @ weights)},
        "epoch_end_drift": {
            "evaluation": drift(expected_fame, held_states),
            "learned": drift(model.fame, held_states),
        },
    }
    other = (LearnedModel.from_json(args.compare.read_text(encoding="utf-8"))
             if args.compare is not None else None)
    if args.folds:
        everything = table(games, args.features, backed, args.target_mix)
        everything["games"] = dict(sorted(Counter(str(len(g["kinds"])) for g in games).items()))
        report["cross_validated"] = cross_validated(everything, args.folds, stops, args, other)
    if other is not None:
        predicted = np.concatenate([np.array(other.to_come(s)) for s in held_states])
        report["held_out"]["compared"] = figures(test, predicted)
        report["epoch_end_drift"]["compared"] = drift(other.fame, held_states)
    document["info"] = {
        "data": [p.name for p in args.data], "targets": [p.name for p in args.targets],
        "target_mix": args.target_mix, "stop_weighting": args.stop_weighting,
        "calibration": args.calibration, "players": sorted(players), "ridge": args.ridge,
        "ridge_two": args.ridge_two, "holdout": args.holdout, **report}
    args.out.write_text(json.dumps(document, indent=1) + "\n", encoding="utf-8")
    report["seconds"] = round(time.time() - start, 1)
    print(json.dumps(report))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
