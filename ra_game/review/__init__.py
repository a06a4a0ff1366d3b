"""Review my game: the hard search looks at each decision of one seat in a recorded game and
lists the costliest, each with the better move, the fame it cost and one sentence why.

No pygame here: the command line (``ra-game review``) and the window both use it.
"""

from __future__ import annotations

from .job import NOISE_FLOOR, NOISE_Z, ReviewJob, review_game, review_seats
from .model import Mistake, Review, SeatDecision, seat_decisions
from .search import REVIEW_BUDGET, ReviewBudget

__all__ = ["NOISE_FLOOR", "NOISE_Z", "REVIEW_BUDGET", "Mistake", "Review", "ReviewBudget",
           "ReviewJob", "SeatDecision", "review_game", "review_seats", "seat_decisions"]
