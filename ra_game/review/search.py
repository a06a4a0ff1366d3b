"""The review's search: hard's tree search from a seat's observation, with the move that was
played always searched too, recording the seat's expected final fame per root action.

A review tree is hard's search (:class:`~ra_game.ai.mcts.HardAgent`, a
:class:`~ra_game.ai.parallel.TreeJob` the AI's worker processes run unchanged) with the
evaluation hard uses for the game's player count and one argument of its own: the root rule
:class:`EveryLegalShare`, hard's :class:`~ra_game.ai.selection.ForcedShare` whose root holds
every legal move (:func:`review_candidates`: hard's filters of its own moves leave none out
here), so the played move is a root candidate and gets at least ``FORCE_SHARE`` of the
iterations (its value is measured even when the search would barely look at it).  Every iteration records the reviewed seat's expected final fame at its end
(the evaluation's value at the end of the epoch, or the final score) under its root move.

The work is fixed (trees x iterations) and every tree's seed comes from the position
(:func:`position_seed`), so the same game gives the same review on any machine and with any
number of worker processes.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..ai.evaluate import Context
from ..ai.evaluators import Judgment, shipped
from ..ai.mcts import MAX_GOD_OPTIONS
from ..ai.parallel import FameStats, TreeJob, TreeResult
from ..ai.policy import god_options
from ..ai.selection import ForcedShare
from ..engine import GameState, Observation
from ..engine.moves import is_god

if TYPE_CHECKING:
    from ..ai.mcts import Node

#: The share of a tree's iterations the played move gets at least.
FORCE_SHARE = 0.25
#: A tree's time limit: none (the work is fixed; a slow machine only takes longer).
NO_LIMIT = 1e9


@dataclass(frozen=True)
class ReviewBudget:
    """The fixed work of one decision: ``trees`` trees of ``iterations`` each."""

    trees: int = 4
    iterations: int = 300

    @property
    def first_trees(self) -> int:
        """The trees of a decision's first round (a quarter of them, at least one): a decision
        whose played move is clearly best after them (:func:`clearly_best`) is judged by them
        alone, any other by all ``trees``."""
        return max(1, self.trees // 4)


#: The review's budget: hard's (4 trees x 300 iterations) per decision.
REVIEW_BUDGET = ReviewBudget()


def position_seed(state: GameState, seat: int, salt: int = 0, tree: int = 0) -> int:
    """A seed from the public position (never the bag's order, never the names), the seat, a
    salt and the tree's number: the same position always searches the same deals."""
    public = (
        state.n, state.epoch, state.phase, state.current, state.center_sun, state.ra_count,
        state.auction, state.drawn, state.suns_up, state.suns_down, state.tiles, state.scores,
        state.discarded, state.ra_player, state.invoked, state.high_bid, state.high_bidder,
        state.pending, seat, salt, tree,
    )
    digest = hashlib.blake2b(repr(public).encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


def review_candidates(state: GameState, played: int) -> list[int]:
    """The root moves of a review's search: every legal move (hard's filters leave none out,
    so no filter decides that the move played was best without measuring it), God plays cut
    to the few the evaluation rates best, and the move played always among them."""
    legal = state.legal_actions()
    if sum(1 for a in legal if is_god(a)) > MAX_GOD_OPTIONS:
        kept = {a for _gain, a in god_options(Context(state), state, MAX_GOD_OPTIONS)}
        legal = [a for a in legal if not is_god(a) or a in kept]
    return legal if played in legal else [*legal, played]


@dataclass(frozen=True)
class EveryLegalShare:
    """:class:`~ra_game.ai.selection.ForcedShare`'s rule with ``legal``
    (:func:`review_candidates`) as the root's moves instead of the search's own candidates.
    (It holds the compiled rule rather than extending it: pickled to a worker, a subclass of
    a compiled class would travel as its base and lose ``legal``.)"""

    forced: ForcedShare
    legal: tuple[int, ...]
    flat: bool = False
    always_searches: bool = True

    def root_moves(self, state: GameState, candidates: list[int]) -> list[int]:
        return list(self.legal)

    def choose_root(self, children: dict[int, Node], actions: list[int],
                    done: int) -> tuple[int, bool]:
        return self.forced.choose_root(children, actions, done)


def plan(obs: Observation, played: int, budget: ReviewBudget = REVIEW_BUDGET,
         salt: int = 0) -> list[TreeJob]:
    """The trees that review the decision ``played`` in ``obs``: none when it was the only
    legal move (no decision)."""
    if len(obs.state.legal_actions()) < 2:
        return []
    judgment = shipped(Judgment.SHIPPED, obs.state.n)
    root = EveryLegalShare(ForcedShare(played, FORCE_SHARE),
                           tuple(review_candidates(obs.state, played)))
    return [TreeJob(obs, position_seed(obs.state, obs.seat, salt, t), budget.iterations,
                    NO_LIMIT, evaluator=judgment, selection=root)
            for t in range(budget.trees)]


def run_here(job: TreeJob) -> TreeResult:
    """Run one review tree (or any tree job) in this process (blocking)."""
    agent = job.make_agent()
    agent.begin(job.obs)
    agent.think(NO_LIMIT)
    return job.result_of(agent)


@dataclass(frozen=True)
class Verdict:
    """What the search says of one decision: its choice, the fame of the played move and of the
    choice, and the standard error of their difference."""

    best: int
    played: int
    best_fame: float
    played_fame: float
    error: float
    visits: dict[int, int]
    #: Every root move's mean expected final fame (the moves the trees reached).
    fames: dict[int, float] = field(default_factory=dict)

    @property
    def loss(self) -> float:
        """Estimated fame lost by the played move (<= 0: as good as the search's choice)."""
        return self.best_fame - self.played_fame


def judge(results: list[TreeResult], played: int) -> Verdict:
    """Merge a decision's trees (in job order): the choice is the root action with the most
    unforced visits (then the higher total reward), as hard chooses."""
    visits: dict[int, int] = {}
    totals: dict[int, float] = {}
    fame: dict[int, FameStats] = {}
    for r in results:
        for a, (v, t) in r.stats.items():
            visits[a] = visits.get(a, 0) + v - r.forced.get(a, 0)
            totals[a] = totals.get(a, 0.0) + t
        for a, f in r.fame.items():
            fame[a] = fame.get(a, FameStats()).add(f)
    best = max(visits, key=lambda a: (visits[a], totals[a])) if visits else played
    fb, fp = fame.get(best, FameStats()), fame.get(played, FameStats())
    error = (fb.variance_of_mean + fp.variance_of_mean) ** 0.5 if best != played else 0.0
    return Verdict(best, played, fb.mean, fp.mean, error, visits,
                   {a: f.mean for a, f in fame.items() if f.count})


def clearly_best(results: list[TreeResult], played: int) -> bool:
    """True when every tree of ``results`` (a decision's first round) chose the move played
    and valued no other move above it: the rest of the trees need not be searched
    (:attr:`ReviewBudget.first_trees`)."""
    for r in results:
        mine = r.fame.get(played, FameStats()).mean
        if judge([r], played).best != played or any(
                f.count and f.mean > mine for a, f in r.fame.items() if a != played):
            return False
    return True


def judge_here(obs: Observation, played: int, budget: ReviewBudget = REVIEW_BUDGET,
               salt: int = 0) -> Verdict:
    """Review the decision ``played`` in ``obs`` in this process (blocking)."""
    return judge([run_here(job) for job in plan(obs, played, budget, salt)], played)
