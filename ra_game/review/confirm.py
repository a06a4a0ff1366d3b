"""The review's second opinion: before a mistake is listed, its better move is checked by
play-outs to the end of the game that share none of the search's habits.

The search judges a move by hard's play-outs to the end of the epoch and the evaluation's
outlook there; where hard plays badly (a lone sun holder spending its last sun and losing the
final sun race), the review would repeat it.  The second opinion deals the unseen bag
``CONFIRM_DEALS`` times and, on every deal, plays both moves (the one played and the better
one) to the end of the game with the medium level's policy for every seat, and scores the
reviewed seat's final fame exactly.  In epoch 3 the reviewed seat may also follow a second
plan, :attr:`Plan.KEEP_SUNS` (never bid unless forced, never invoke Ra unless the track is
full): a move is worth the better of its plans' means.  The same deals serve both moves, so
their difference is measured, not their luck.

Its jobs are the AI's one search with two arguments (:class:`~ra_game.ai.parallel.TreeJob`, so
the AI's worker processes run them unchanged): the root rule
:class:`~ra_game.ai.selection.EveryMove` (no tree: both moves on every deal) and a play-on
evaluator (:attr:`~ra_game.ai.evaluators.Judgment.MEDIUM_TO_END` or
:attr:`~ra_game.ai.evaluators.Judgment.KEEP_SUNS_TO_END`), one job per plan; the jobs of a
plan and the same seed deal the same bags.

The second opinion is a group-sequential test of the gain against the bar (``CONFIRM_FLOOR``):
it looks after every ``CONFIRM_DEALS`` deals, up to ``CONFIRM_CAP``, and stops when the bar
lies beyond the look's boundary (:func:`boundary`), confirming or contradicting; at the cap it
stays unsure (:class:`Outcome`).  The boundaries are O'Brien and Fleming's, set so that a move
exactly at the bar is confirmed in at most ``CONFIRM_ALPHA`` of reviews over all looks, and
contradicted in as few: wide at the first looks, where 12 deals estimate their own spread
poorly, and Student's t of each look's deals, not the normal law.  A listed
move's gain is then measured on ``MEASURE_DEALS`` fresh deals (:func:`measure_plan`), since a
figure measured on the deals that selected it runs high.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from enum import Enum, IntEnum

from ..ai.evaluate import BagInfo
from ..ai.evaluators import Judgment, PlayOn
from ..ai.parallel import TreeJob, TreeResult
from ..ai.selection import EveryMove
from ..engine import GameState, Observation
from .search import NO_LIMIT, position_seed, run_here

#: Deals of the unseen bag in a second opinion's first round, and in each round added while
#: it is unsure; how many a job plays.
CONFIRM_DEALS = 12
DEALS_PER_JOB = 3
#: The most deals a second opinion plays (then it stays unsure).
CONFIRM_CAP = 48
#: The bar: a better move keeps at least this many fame more than the move played.
CONFIRM_FLOOR = 1.0
#: The chance, over all looks, that a move exactly at the bar is confirmed (and, as much, that
#: it is contradicted): one-sided 5 %.
CONFIRM_ALPHA = 0.05
#: O'Brien and Fleming's constant for 4 equally spaced looks at one-sided ``CONFIRM_ALPHA``
#: (the final look's boundary in standard errors; look ``k`` of ``K``: this times
#: sqrt(K / k)); 400,000 simulated Brownian paths give 1.734.
OBF_CONSTANT = 1.734
#: Fresh deals that measure a listed better move's gain (none of them chose it).
MEASURE_DEALS = 24
#: Salt of the second opinion's seeds (apart from the search's trees), and of the measure's.
CONFIRM_SALT = 7919
MEASURE_SALT = 104729


class Outcome(Enum):
    """What a second opinion says of a better move against the bar (``CONFIRM_FLOOR``)."""

    CONFIRMED = "confirmed"
    CONTRADICTED = "contradicted"
    UNSURE = "unsure"


class Plan(IntEnum):
    """How the reviewed seat plays on after the move, in the second opinion's play-outs."""

    MEDIUM = 0
    KEEP_SUNS = 1


def plans_for(state: GameState) -> tuple[Plan, ...]:
    """The plans worth trying from ``state``: keeping the suns matters in the last epoch
    (the final sun race), where a sun kept is fame."""
    return (Plan.MEDIUM, Plan.KEEP_SUNS) if state.epoch == 3 else (Plan.MEDIUM,)


#: The play-on evaluator of each plan.
PLAN_JUDGMENT = {Plan.MEDIUM: Judgment.MEDIUM_TO_END, Plan.KEEP_SUNS: Judgment.KEEP_SUNS_TO_END}


def final_fame(state: GameState, seat: int, plan: Plan) -> float:
    """``seat``'s final fame when every seat plays on with medium's policy, ``seat`` with
    ``plan`` (``state`` is played to its end)."""
    play_on = PlayOn(seat, keeps_suns=plan == Plan.KEEP_SUNS)
    return play_on.values(state, BagInfo(state))[seat]


def confirm_plan(obs: Observation, played: int, better: int,
                 deals: int = CONFIRM_DEALS, salt: int = 0, first: int = 0) -> list[TreeJob]:
    """The jobs of the second opinion on ``better`` against ``played`` in ``obs``: ``deals``
    deals from its ``first`` (a round added to the deals before it); for each chunk of deals,
    one job per plan on the same seed (so on the same deals)."""
    jobs = []
    for start in range(first, first + deals, DEALS_PER_JOB):
        seed = position_seed(obs.state, obs.seat, CONFIRM_SALT + salt, start)
        jobs += [TreeJob(obs, seed, min(DEALS_PER_JOB, first + deals - start), NO_LIMIT,
                         evaluator=PLAN_JUDGMENT[plan], selection=EveryMove((played, better)))
                 for plan in plans_for(obs.state)]
    return jobs


def measure_plan(obs: Observation, played: int, better: int,
                 salt: int = 0) -> list[TreeJob]:
    """The jobs that measure a listed better move on ``MEASURE_DEALS`` deals of their own
    (seeds apart from the second opinion's, so the deals that chose it do not measure it)."""
    return confirm_plan(obs, played, better, MEASURE_DEALS, MEASURE_SALT + salt)


def deals_of(results: list[TreeResult]) -> int:
    """The deals a second opinion's results played (each deal once, whatever its plans)."""
    plans = {r.evaluator for r in results}
    return sum(r.iterations for r in results) // max(1, len(plans))


def t_quantile(z: float, df: int) -> float:
    """Student's t quantile with ``df`` degrees of freedom at the normal quantile ``z``'s level
    (the Cornish-Fisher expansion; within 1 % for ``df`` >= 11 up to z = 3.5)."""
    return (z + (z ** 3 + z) / (4 * df) + (5 * z ** 5 + 16 * z ** 3 + 3 * z) / (96 * df ** 2)
            + (3 * z ** 7 + 19 * z ** 5 + 17 * z ** 3 - 15 * z) / (384 * df ** 3))


def boundary(deals: int) -> float:
    """How many standard errors the bar must lie from the gain after ``deals`` deals for the
    second opinion to be sure: O'Brien and Fleming's boundary at that look, in Student's t of
    ``deals - 1`` degrees of freedom."""
    z = OBF_CONSTANT * math.sqrt(CONFIRM_CAP / max(1, deals))
    return t_quantile(z, max(1, deals - 1))


@dataclass(frozen=True)
class SecondOpinion:
    """The second opinion on a better move: how much more final fame it kept on average than
    the move played (each with its better plan), the standard error of that, the deals."""

    gain: float
    error: float
    deals: int

    @property
    def outcome(self) -> Outcome:
        """Confirmed when the gain is above the bar by the look's :func:`boundary` in
        standard errors, contradicted when below it by as many, else unsure."""
        z = boundary(self.deals)
        if self.gain - z * self.error >= CONFIRM_FLOOR:
            return Outcome.CONFIRMED
        if self.gain + z * self.error < CONFIRM_FLOOR:
            return Outcome.CONTRADICTED
        return Outcome.UNSURE

    @property
    def confirmed(self) -> bool:
        """True when the better move is clearly better by the second opinion too."""
        return self.outcome is Outcome.CONFIRMED

    @property
    def settled(self) -> bool:
        """True when no more deals are to be played: sure either way, or at the cap."""
        return self.outcome is not Outcome.UNSURE or self.deals >= CONFIRM_CAP


def _mean(values: list[float]) -> float:
    return sum(values) / len(values) if values else 0.0


def second_opinion(results: list[TreeResult], played: int, better: int) -> SecondOpinion:
    """Merge a decision's confirm jobs (in job order) into the second opinion."""
    fame: dict[tuple[int, Judgment], list[float]] = {}
    for r in results:
        for move, values in r.samples.items():
            fame.setdefault((move, r.evaluator), []).extend(values)

    def best_plan(move: int) -> list[float]:
        options = [v for (m, _p), v in fame.items() if m == move]
        return max(options, key=_mean) if options else []

    ours, theirs = best_plan(better), best_plan(played)
    diffs = [a - b for a, b in zip(ours, theirs)]
    if not diffs:
        return SecondOpinion(0.0, 0.0, 0)
    gain = _mean(diffs)
    spread = sum((d - gain) ** 2 for d in diffs) / max(1, len(diffs) - 1)
    return SecondOpinion(gain, math.sqrt(spread / len(diffs)), len(diffs))


def run_all_here(jobs: list[TreeJob]) -> list[TreeResult]:
    """Play ``jobs`` in this process (blocking)."""
    return [run_here(job) for job in jobs]


def second_opinion_here(obs: Observation, played: int, better: int,
                        deals: int = CONFIRM_DEALS, salt: int = 0) -> SecondOpinion:
    """The second opinion on ``deals`` deals computed in this process (blocking)."""
    return second_opinion(run_all_here(confirm_plan(obs, played, better, deals, salt)), played,
                          better)


def settled_opinion_here(obs: Observation, played: int, better: int,
                         salt: int = 0) -> SecondOpinion:
    """The sequential second opinion, round after round until it is settled, as a review
    plays it, in this process (blocking)."""
    results: list[TreeResult] = []
    while True:
        results += run_all_here(confirm_plan(obs, played, better, salt=salt,
                                             first=deals_of(results)))
        opinion = second_opinion(results, played, better)
        if opinion.settled:
            return opinion


def measure_here(obs: Observation, played: int, better: int, salt: int = 0) -> SecondOpinion:
    """A listed better move's gain on the measure's own deals, in this process (blocking)."""
    return second_opinion(run_all_here(measure_plan(obs, played, better, salt)), played, better)
