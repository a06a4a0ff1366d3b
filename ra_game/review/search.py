"""The review's search: hard's tree search from a seat's observation, with the move that was
played always searched too, recording the seat's expected final fame per root action.

A :class:`ReviewTreeJob` is a :class:`~ra_game.ai.parallel.TreeJob`, so the AI's worker
processes run it unchanged (``run_tree`` asks the job for its agent and its result).  Its
:class:`ReviewAgent` is hard's :class:`~ra_game.ai.mcts.HardAgent` with three changes: every
legal move is a root candidate (:func:`review_candidates`: hard's filters of its own moves
leave none out here), the played move gets at least ``FORCE_SHARE`` of the iterations (so its
value is measured even when the search would barely look at it), and every iteration records
the reviewed seat's expected final fame at its end (the evaluation's outlook at the end of the
epoch, or the final score) under the root action it went through.

The work is fixed (trees x iterations) and every tree's seed comes from the position
(:func:`position_seed`), so the same game gives the same review on any machine and with any
number of worker processes.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field

from ..ai.evaluate import BagInfo, Context
from ..ai.mcts import MAX_GOD_OPTIONS, PRIOR_VISITS, HardAgent, Node, expected_fame, rewards_of
from ..ai.parallel import TreeJob, TreeResult
from ..ai.policy import god_options
from ..engine import GameState, Observation
from ..engine.moves import is_god

#: The share of a tree's iterations the played move gets at least.
FORCE_SHARE = 0.25
#: A tree's time limit: none (the work is fixed; a slow machine only takes longer).
NO_LIMIT = 1e9


@dataclass(frozen=True)
class ReviewBudget:
    """The fixed work of one decision: ``trees`` trees of ``iterations`` each."""

    trees: int = 4
    iterations: int = 300


#: The review's budget: hard's (4 trees x 300 iterations) per decision.
REVIEW_BUDGET = ReviewBudget()


@dataclass(frozen=True)
class FameStats:
    """The seat's expected final fame over the iterations through one root action."""

    count: int = 0
    total: float = 0.0
    squares: float = 0.0

    def add(self, other: FameStats) -> FameStats:
        return FameStats(self.count + other.count, self.total + other.total,
                         self.squares + other.squares)

    @property
    def mean(self) -> float:
        return self.total / self.count if self.count else 0.0

    @property
    def variance_of_mean(self) -> float:
        """The variance of :attr:`mean` (one sample's variance over the count)."""
        if self.count < 2:
            return 100.0
        var = max(0.0, self.squares / self.count - self.mean ** 2)
        return var / self.count


@dataclass(frozen=True)
class ReviewTreeResult(TreeResult):
    """A review tree's root statistics, with the fame per root action and the forced visits."""

    fame: dict[int, FameStats] = field(default_factory=dict)
    forced: dict[int, int] = field(default_factory=dict)


class ReviewAgent(HardAgent):
    """Hard's search for ``obs.seat``, the ``played`` move searched in every tree."""

    level = "review"

    def __init__(self, seed: int, iterations: int, played: int) -> None:
        super().__init__(seed, iterations=iterations)
        self.played = played
        self.fame: dict[int, list[float]] = {}
        self.forced: dict[int, int] = {}
        self._root_pick = -1

    def _candidates(self, obs: Observation) -> list[int]:
        return review_candidates(obs.state, self.played)

    def _finished(self, slice_used: float = 0.0) -> bool:
        # the search runs even with one candidate: it measures the played move's value
        assert self.iterations is not None
        return self._done >= self.iterations

    def _select(self, children: dict[int, Node], actions: list[int]) -> int:  # type: ignore[override]
        if children is not self._root.children:
            return HardAgent._select(children, actions)
        played = children.get(self.played)
        if played is not None and played.visits - PRIOR_VISITS < FORCE_SHARE * (self._done + 1):
            for a in actions:
                children[a].avail += 1
            self.forced[self.played] = self.forced.get(self.played, 0) + 1
            self._root_pick = self.played
        else:
            self._root_pick = HardAgent._select(children, actions)
        return self._root_pick

    def _rewards(self, state: GameState, bag: BagInfo) -> list[float]:
        values = expected_fame(state, bag)
        seat = self._obs.seat if self._obs is not None else 0
        own = float(state.scores[seat]) if state.over else values[seat]
        sums = self.fame.setdefault(self._root_pick, [0, 0.0, 0.0])
        sums[0] += 1
        sums[1] += own
        sums[2] += own * own
        return rewards_of(values)

    def review_result(self) -> ReviewTreeResult:
        fame = {a: FameStats(int(c), t, q) for a, (c, t, q) in self.fame.items()}
        return ReviewTreeResult(self.root_stats(), self.last_iterations, fame, dict(self.forced))


@dataclass(frozen=True)
class ReviewTreeJob(TreeJob):
    """One review tree (picklable; the worker processes run it as any tree job)."""

    played: int = -1

    def make_agent(self) -> HardAgent:
        assert self.iterations is not None
        return ReviewAgent(self.seed, self.iterations, self.played)

    def result_of(self, agent: HardAgent) -> TreeResult:
        assert isinstance(agent, ReviewAgent)
        return agent.review_result()


def review_candidates(state: GameState, played: int) -> list[int]:
    """The root moves of a review's search: every legal move (hard's filters leave none out,
    so no filter decides that the move played was best without measuring it), God plays cut
    to the few the evaluation rates best, and the move played always among them."""
    legal = state.legal_actions()
    gods = [a for a in legal if is_god(a)]
    if len(gods) > MAX_GOD_OPTIONS:
        kept = {a for _gain, a in god_options(Context(state), state, MAX_GOD_OPTIONS)}
        legal = [a for a in legal if not is_god(a) or a in kept]
    return legal if played in legal else [*legal, played]


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


def plan(obs: Observation, played: int, budget: ReviewBudget = REVIEW_BUDGET,
         salt: int = 0) -> list[ReviewTreeJob]:
    """The trees that review the decision ``played`` in ``obs``: none when it was the only
    legal move (no decision)."""
    if len(obs.state.legal_actions()) < 2:
        return []
    return [ReviewTreeJob(obs, position_seed(obs.state, obs.seat, salt, t), budget.iterations,
                          NO_LIMIT, played=played) for t in range(budget.trees)]


def run_here(job: ReviewTreeJob) -> ReviewTreeResult:
    """Run one review tree in this process (blocking)."""
    agent = job.make_agent()
    agent.begin(job.obs)
    agent.think(NO_LIMIT)
    result = job.result_of(agent)
    assert isinstance(result, ReviewTreeResult)
    return result


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
        forced = r.forced if isinstance(r, ReviewTreeResult) else {}
        for a, (v, t) in r.stats.items():
            visits[a] = visits.get(a, 0) + v - forced.get(a, 0)
            totals[a] = totals.get(a, 0.0) + t
        if isinstance(r, ReviewTreeResult):
            for a, f in r.fame.items():
                fame[a] = fame.get(a, FameStats()).add(f)
    best = max(visits, key=lambda a: (visits[a], totals[a])) if visits else played
    fb, fp = fame.get(best, FameStats()), fame.get(played, FameStats())
    error = (fb.variance_of_mean + fp.variance_of_mean) ** 0.5 if best != played else 0.0
    return Verdict(best, played, fb.mean, fp.mean, error, visits)


def judge_here(obs: Observation, played: int, budget: ReviewBudget = REVIEW_BUDGET,
               salt: int = 0) -> Verdict:
    """Review the decision ``played`` in ``obs`` in this process (blocking)."""
    return judge([run_here(job) for job in plan(obs, played, budget, salt)], played)
