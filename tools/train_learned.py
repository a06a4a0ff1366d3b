"""The learned evaluation for 3-5 players, from nothing: self-play data, search-backed targets,
the fit, in one command (docs/ai.md, "Retraining").  Needs numpy for the fit
(``pip install -e ".[train]"``).

    python3 tools/train_learned.py all --dir DIR              # data, targets, fit
    python3 tools/train_learned.py all --dir DIR --minutes 60 # bounded; run again to go on
    python3 tools/train_learned.py fit --dir DIR              # only the fit, on what DIR holds

``data`` plays :data:`SEEDS` game seeds from :data:`FIRST_SEED` (3, 4 and 5 players by seed in
turn, every rotation, lineups drawn from :data:`MIX`) into ``DIR/selfplay-v3.jsonl.gz``;
``targets`` runs a tree of :data:`TARGET_ITERATIONS` iterations at every position of those
games (``tools/search_targets.py``) into ``DIR/targets-v3.jsonl.gz``; ``fit`` fits feature
version 3 (the features against several rivals) on the 3-5-player games
(``tools/train_eval.py``: targets :data:`TARGET_MIX` search-backed, positions weighted towards
where play-outs stop, rows holding it calibrated across the epoch's end) into
``DIR/learned-v3.json``, and prints its held-out figures beside the shipped weights' on the
same games.  Each step resumes where a stopped run left it.  The result is a candidate: the game
reads only ``ra_game/ai/learned_eval.json``.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tools import search_targets, selfplay_data

ROOT = Path(__file__).resolve().parent.parent
#: The data's game seeds (1401-1443: after the seeds of the shipped weights' data; 1444-1800
#: are kept for more data): those of the candidate ``ra_game/ai/learned_candidate.json``.
FIRST_SEED, SEEDS = 1401, 43
PLAYERS = "3,4,5"
#: Stronger play than the shipped weights' data: hard's search at 100-200 iterations only.
MIX = "hard@200,hard@100,hard-learned@100"
TARGET_ITERATIONS = 100
TARGET_MIX = 0.5
CALIBRATION = 5.0
#: The figures also cross-validated over this many folds of the seeds (every game held out once).
FOLDS = 5
SHIPPED = ROOT / "ra_game" / "ai" / "learned_eval.json"


def files(folder: Path) -> tuple[Path, Path, Path]:
    """The data, targets and weights files in ``folder``."""
    return (folder / "selfplay-v3.jsonl.gz", folder / "targets-v3.jsonl.gz",
            folder / "learned-v3.json")


def data(folder: Path, workers: int, minutes: float | None) -> int:
    out = files(folder)[0]
    return selfplay_data.main([
        "--seeds", str(SEEDS), "--seed", str(FIRST_SEED), "--players", PLAYERS, "--mix", MIX,
        "--workers", str(workers), "--out", str(out),
        *(["--minutes", str(minutes)] if minutes is not None else [])])


def targets(folder: Path, minutes: float | None) -> int:
    source, out, _ = files(folder)
    return search_targets.main([
        "--data", str(source), "--out", str(out), "--iterations", str(TARGET_ITERATIONS),
        *(["--minutes", str(minutes)] if minutes is not None else [])])


def fit(folder: Path) -> int:
    from tools import train_eval  # (numpy)

    source, backed, out = files(folder)
    return train_eval.main([
        "--data", str(source), "--targets", str(backed), "--out", str(out), "--features", "3",
        "--players", PLAYERS, "--target-mix", str(TARGET_MIX), "--stop-weighting",
        "--calibration", str(CALIBRATION), "--folds", str(FOLDS), "--compare", str(SHIPPED)])


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("step", choices=["data", "targets", "fit", "all"])
    parser.add_argument("--dir", type=Path, required=True, help="the folder of the files")
    parser.add_argument("--workers", type=int, default=1, help="processes playing the data")
    parser.add_argument("--minutes", type=float, default=None,
                        help="data and targets start no new game after this many minutes")
    args = parser.parse_args(argv)
    args.dir.mkdir(parents=True, exist_ok=True)
    start = time.time()

    def left() -> float | None:
        return None if args.minutes is None else max(0.0, args.minutes - (time.time() - start) / 60)

    if args.step in ("data", "all") and data(args.dir, args.workers, left()):
        return 2
    if args.step in ("targets", "all") and targets(args.dir, left()):
        return 2
    if args.step in ("fit", "all"):
        return fit(args.dir)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
