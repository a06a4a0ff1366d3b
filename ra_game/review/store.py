"""Reviews kept with their game: a review made once opens at once the next time, from the
results screen or the replay viewer, in whatever language is chosen then.

A review is kept as numbers and claims (:meth:`Review.to_store`), never words, in the
``reviews/`` folder under the user data folder, named by a digest of the game (its set-up and
moves), the seat and the review's settings, so the same game reviewed the same way finds it
whatever the replay file is called.  A file that cannot be read is ignored (the review is made
again), never an error; the folder keeps the newest ``MAX_KEPT``.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from ..engine import Replay
from ..files.settings import data_dir, write_json_atomic
from .job import MAX_LISTED
from .model import Review
from .search import REVIEW_BUDGET, ReviewBudget

REVIEWS_DIR = "reviews"
#: Raise when a change makes older reviews wrong (the search, the second opinion, the claims;
#: 2: a lot's worth is its bid chip's number, the empty track's own "higher sun" reason;
#: 3: the accuracy from each decision's fame lost; 4: a decision judged by its first tree
#: when that tree found the played move clearly best; 5: medium's move checked where the
#: search found no clear loss; 6: the second opinion's group-sequential boundaries).
STORE_VERSION = 6
#: The reviews kept at most (the oldest go first).
MAX_KEPT = 200
#: A kept review larger than this is ignored unread.
MAX_BYTES = 500_000


def reviews_dir() -> Path:
    return data_dir() / REVIEWS_DIR


def review_key(replay: Replay, seat: int, budget: ReviewBudget = REVIEW_BUDGET, salt: int = 0,
               confirm: bool = True, most: int | None = MAX_LISTED) -> str:
    """The kept review's name: the game's set-up and moves, the seat, the review's settings
    (``most``, the mistakes listed at most, named only when not the default, so the reviews
    kept before it was a setting keep their names)."""
    game: list[object] = [STORE_VERSION, len(replay.players), replay.seed, replay.suns,
                          replay.bag, replay.moves, seat, budget.trees, budget.iterations, salt,
                          confirm]
    if most != MAX_LISTED:
        game.append({"most": most})
    return hashlib.sha256(json.dumps(game).encode()).hexdigest()[:32]


def _path(key: str) -> Path:
    return reviews_dir() / f"{key}.json"


def load_review(replay: Replay, seat: int, budget: ReviewBudget = REVIEW_BUDGET,
                salt: int = 0, confirm: bool = True,
                most: int | None = MAX_LISTED) -> Review | None:
    """The review kept for this game and seat, or None (none kept, or unreadable)."""
    path = _path(review_key(replay, seat, budget, salt, confirm, most))
    try:
        if path.stat().st_size > MAX_BYTES:
            return None
        review = Review.from_store(json.loads(path.read_text(encoding="utf-8")))
    except (OSError, ValueError, UnicodeDecodeError):
        return None
    return review if review.seat == seat else None


def save_review(replay: Replay, review: Review, budget: ReviewBudget = REVIEW_BUDGET,
                salt: int = 0, confirm: bool = True, most: int | None = MAX_LISTED) -> bool:
    """Keep ``review`` with its game; False when the disk refuses (the review still shows)."""
    path = _path(review_key(replay, review.seat, budget, salt, confirm, most))
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_json_atomic(path, review.to_store())
        _prune(path.parent)
    except OSError:
        return False
    return True


def _prune(folder: Path) -> None:
    """Keep the newest ``MAX_KEPT`` reviews."""
    kept = sorted(folder.glob("*.json"), key=lambda p: p.stat().st_mtime, reverse=True)
    for old in kept[MAX_KEPT:]:
        old.unlink(missing_ok=True)


def kept_reviews(replay: Replay, budget: ReviewBudget = REVIEW_BUDGET, salt: int = 0,
                 confirm: bool = True) -> dict[int, Review]:
    """The seats' reviews kept for a whole-game review of this game (each listing every
    mistake), by seat: the seats missing are still to be made."""
    kept = {}
    for seat in range(len(replay.players)):
        review = load_review(replay, seat, budget, salt, confirm, most=None)
        if review is not None:
            kept[seat] = review
    return kept


def save_reviews(replay: Replay, reviews: dict[int, Review], budget: ReviewBudget = REVIEW_BUDGET,
                 salt: int = 0, confirm: bool = True) -> bool:
    """Keep a whole-game review's seat reviews (each listing every mistake) with their game."""
    saved = [save_review(replay, r, budget, salt, confirm, most=None) for r in reviews.values()]
    return all(saved)
