"""The hard agent: information-set Monte Carlo tree search over re-dealt bags.

Ra hides nothing but the order of the bag, so every iteration re-deals the unseen tiles
(``Observation.determinize``) and descends one shared tree.  A node is a public history: the
actions taken and, after each draw, the tile that came out (which everyone sees).  Actions whose
availability depends on the deal are handled with availability counts (each child's exploration
term uses how often it could have been chosen).  Each iteration returns one reward per seat, so
every seat picks its own best action: sound for 3-5 players.  Playouts follow the fast policy of
:mod:`policy` and stop at the end of the epoch (or after ``PLAYOUT_LIMIT`` decisions early in a
long epoch), where the hand-made evaluation (scores already exact at an epoch's end, plus what
kept tiles and suns will bring) turns the position into rewards.  New nodes start with a few
virtual visits at the evaluation's verdict right after their action (a bid as if it won).

The search is anytime: ``think(seconds)`` runs iterations in slices and can be called again; the
budget counts thinking time, with a hard wall-clock cap per decision.
"""

from __future__ import annotations

import math
import time

from ra_game.ai.base import Agent
from ra_game.engine import GameState, Observation
from ra_game.engine.moves import DRAW, PASS, is_god
from ra_game.engine.state import BID, TURN

from .evaluate import BagInfo, Context, outlook, sun_cost, tiles_gain
from .policy import god_options, playout_action

#: Wall-clock cap for one decision, whatever the budget: no decision may exceed 1.5 s.
HARD_CAP = 1.4
DEFAULT_THINK = 1.0
EXPLORATION = 0.35
REWARD_SCALE = 8.0
WIN_WEIGHT = 0.7
MAX_GOD_OPTIONS = 4
PRIOR_VISITS = 3
#: Playouts stop at the end of the epoch or after this many decisions, whichever is first.
PLAYOUT_LIMIT = 48


class Node:
    """Statistics of one action from a public history, and the histories that follow it."""

    __slots__ = ("avail", "children", "outcomes", "total", "visits")

    def __init__(self) -> None:
        self.visits = 0
        self.total = 0.0
        self.avail = 0
        self.children: dict[int, Node] = {}
        self.outcomes: dict[int, Node] | None = None

    def next_after(self, action: int, tile: int) -> Node:
        """The decision node reached through this action node (after a draw: per tile)."""
        if action != DRAW:
            return self
        if self.outcomes is None:
            self.outcomes = {}
        node = self.outcomes.get(tile)
        if node is None:
            node = self.outcomes[tile] = Node()
        return node


def rewards(state: GameState) -> list[float]:
    """One reward per seat in [0, 1]: mostly how far ahead of the best rival it is expected
    to end (winning is what counts), partly how far ahead of the average rival (so a seat
    that is far behind still tells better moves from worse)."""
    if state.over:
        values = [float(s) for s in state.scores]
        values[state.winner or 0] += 0.5  # the tie-break winner
    else:
        values = outlook(state, Context(state))
    return rewards_of(values)


def rewards_of(values: list[float]) -> list[float]:
    """Rewards (see :func:`rewards`) from each seat's expected final fame."""
    n = len(values)
    total = sum(values)
    out = []
    for p, v in enumerate(values):
        rival = max(values[q] for q in range(n) if q != p)
        mean = (total - v) / (n - 1)
        out.append(
            WIN_WEIGHT / (1.0 + math.exp((rival - v) / REWARD_SCALE))
            + (1.0 - WIN_WEIGHT) / (1.0 + math.exp((mean - v) / REWARD_SCALE))
        )
    return out


def candidate_actions(state: GameState) -> list[int]:
    """The legal actions the search considers: all of them, except that God plays are cut to
    the few the evaluation rates best."""
    legal = state.legal_actions()
    if state.phase != TURN or len(legal) <= 2 + MAX_GOD_OPTIONS:
        return legal
    gods = [a for _, a in god_options(Context(state), state, MAX_GOD_OPTIONS)]
    return [a for a in legal if not is_god(a)] + gods


class HardAgent(Agent):
    """Search for ``think_ms`` of thinking time (default 1 s), or exactly ``iterations``."""

    level = "hard"

    def __init__(
        self,
        seed: int | None = None,
        think_ms: int | None = None,
        iterations: int | None = None,
    ) -> None:
        super().__init__(seed)
        self.budget = (think_ms if think_ms is not None else DEFAULT_THINK * 1000) / 1000.0
        self.iterations = iterations
        self._obs: Observation | None = None
        self._root = Node()
        self._root_actions: list[int] = []
        self._bag: BagInfo | None = None
        self._used = 0.0
        self._started = 0.0
        self._done = 0
        self.last_iterations = 0

    def begin(self, obs: Observation) -> None:
        self._obs = obs
        self._root = Node()
        self._root_actions = candidate_actions(obs.state)
        self._bag = BagInfo(obs.state)
        self._used = 0.0
        self._done = 0
        self._started = time.perf_counter()
        self._choice = self._root_actions[0]

    def _finished(self, slice_used: float = 0.0) -> bool:
        if len(self._root_actions) == 1:
            return True
        if self.iterations is not None:
            return self._done >= self.iterations
        if time.perf_counter() - self._started >= HARD_CAP:
            return True
        return self._used + slice_used >= self.budget

    def think(self, seconds: float) -> bool:
        if self._obs is None:
            raise RuntimeError("think() called before begin()")
        start = time.perf_counter()
        elapsed = 0.0
        while not self._finished(elapsed):
            self._iterate()
            self._done += 1
            elapsed = time.perf_counter() - start
            if elapsed >= seconds:
                break
        self._used += time.perf_counter() - start
        self.last_iterations = self._done
        self._choice = self._pick()
        return self._finished()

    def _pick(self) -> int:
        best, best_key = self._root_actions[0], (-1, -1.0)
        for a in self._root_actions:
            child = self._root.children.get(a)
            if child is not None:
                key = (child.visits, child.total)
                if key > best_key:
                    best, best_key = a, key
        return best

    def _iterate(self) -> None:
        assert self._obs is not None
        rng = self.rng
        state = self._obs.determinize(rng)
        epoch = state.epoch
        node = self._root
        path: list[tuple[Node, int]] = []
        actions = self._root_actions
        while not state.over and state.epoch == epoch:
            if node is not self._root:
                actions = candidate_actions(state)
            mover = state.current
            children = node.children
            fresh = not children
            if fresh or len(children) < len(actions):
                self._add_children(children, state, actions, mover)
            action = self._select(children, actions)
            child = children[action]
            pos = state.bag_pos
            state.apply_action(action, None)
            tile = state.bag_order[pos] if action == DRAW else -1
            path.append((child, mover))
            node = child.next_after(action, tile)
            if fresh:
                break
        bag = self._bag
        steps = PLAYOUT_LIMIT
        while steps and not state.over and state.epoch == epoch:
            state.apply_action(playout_action(state, rng, bag), None)
            steps -= 1
        result = rewards(state)
        for child, mover in path:
            child.visits += 1
            child.total += result[mover]

    @staticmethod
    def _add_children(
        children: dict[int, Node], state: GameState, actions: list[int], mover: int
    ) -> None:
        """Create the missing children, each primed with PRIOR_VISITS visits at the reward the
        evaluation gives right after the action; a bid is judged as if it won the lot (so
        nobody's search wastes its visits on bidding for junk)."""
        bidding = state.phase == BID
        if bidding:
            ctx = Context(state)
            base = outlook(state, ctx)
            lot = [t for t in state.auction if t >= 0]
            gain = tiles_gain(ctx, state, mover, lot)
        for a in actions:
            if a in children:
                continue
            if bidding:
                values = base[:]
                if a != PASS:
                    values[mover] += gain - sun_cost(ctx, state, mover, a - 2)
                prior = rewards_of(values)[mover]
            else:
                after = state.clone()
                after.apply_action(a, None)
                prior = rewards(after)[mover]
            child = children[a] = Node()
            child.visits = PRIOR_VISITS
            child.total = PRIOR_VISITS * prior

    @staticmethod
    def _select(children: dict[int, Node], actions: list[int]) -> int:
        best, best_v = actions[0], -1.0
        for a in actions:
            c = children[a]
            c.avail += 1
            v = c.total / c.visits + EXPLORATION * math.sqrt(math.log(c.avail + 1) / c.visits)
            if v > best_v:
                best, best_v = a, v
        return best
