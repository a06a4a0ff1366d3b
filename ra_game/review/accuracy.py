"""Accuracy from the fame lost: each decision's accuracy falls with the fame the search says it
lost, and a seat's accuracy is the mean over its decisions (as chess sites derive a game's
accuracy from each move's expected loss, not from a count of listed moves).

A decision the search finds as good as its best scores 100; one that lost ``ACCURACY_SCALE``
fame scores about 37 (100/e); a forced move is no decision and is not counted.  The loss is the
search's estimate (:attr:`~ra_game.review.search.Verdict.loss`), small ones too: a seat that
often loses a little is told apart from one that never does.
"""

from __future__ import annotations

import math

#: The fame lost at which a decision's accuracy falls to 100/e (about 37).
ACCURACY_SCALE = 3.0


def decision_accuracy(loss: float) -> float:
    """A decision's accuracy in percent (100 for no loss) from the fame it lost."""
    return 100.0 * math.exp(-max(0.0, loss) / ACCURACY_SCALE)


def seat_accuracy(losses: list[float]) -> float:
    """A seat's accuracy in percent: the mean of its decisions' (100 with none)."""
    if not losses:
        return 100.0
    return sum(decision_accuracy(loss) for loss in losses) / len(losses)
