"""The hard agent: information-set Monte Carlo tree search over re-dealt bags.

Ra hides nothing but the order of the bag, so every iteration re-deals the unseen tiles
(``Observation.determinize``) and descends one shared tree.  A node is a public history: the
actions taken and, after each draw, the tile that came out (which everyone sees).  Actions whose
availability depends on the deal are handled with availability counts (each child's exploration
term uses how often it could have been chosen).  Each iteration returns one reward per seat, so
every seat picks its own best action: sound for 3-5 players.  Playouts follow the fast policy of
:mod:`policy` and stop at the end of the epoch (or after ``PLAYOUT_LIMIT`` decisions early in a
long epoch), where an evaluator (:mod:`.evaluators`: by default the hand-made evaluation, scores already
exact at an epoch's end plus what kept tiles and suns will bring; or the learned one) turns the
position into rewards.  New nodes start with a few virtual visits at the hand-made evaluation's
verdict right after their action (a bid as if it won).  The root rule is an argument too
(:mod:`.selection`: hard's UCT, the review's forced share, or every move on every deal).

The search is anytime: ``think(seconds)`` runs iterations in slices and can be called again; the
budget counts thinking time, with a hard wall-clock cap per decision.
"""

from __future__ import annotations

import time
from math import exp
from typing import Final

from mypy_extensions import mypyc_attr

from ..engine import GameState, Observation
from ..engine.moves import DRAW, PASS, RA, is_god
from ..engine.state import BID, OVER, TURN
from ..engine.tiles import Tile
from .base import Agent
from .evaluate import BagInfo, Context, outlook, sun_cost, tiles_gain
from .evaluators import HAND_MADE, Evaluator, Judgment, evaluator_for, expected_fame
from .policy import PlayoutContexts, god_options, last_chance, playout_action, turn_options
from .selection import PRIOR_VISITS, UCT, Selection, uct

#: Wall-clock cap for one decision, whatever the budget: no decision may exceed 1.5 s.
HARD_CAP: Final = 1.4
DEFAULT_THINK: Final = 1.0
REWARD_SCALE: Final = 8.0
WIN_WEIGHT: Final = 0.7
MAX_GOD_OPTIONS: Final = 4
#: Tempo filter (see ``tempo_filter``): what a small lot must be worth to invoke on it while
#: rivals hold suns, what <= 3 tiles must be worth to bid the top sun early in an epoch, and
#: what a lot must be worth to spend the last sun on while a rival keeps two or more suns
#: (with 2 players: any).
SMALL_LOT: Final = 5.0
TOP_SUN_LOT: Final = 7.0
LAST_SUN_LOT: Final = 6.0
#: Playouts stop at the end of the epoch or after this many decisions, whichever is first.
PLAYOUT_LIMIT: Final = 48


class Node:
    """Statistics of one action from a public history, and the histories that follow it.

    ``actions`` keeps the candidate actions of the decision that follows (None until the node
    is first reached): they read only public information (the position and the bag as a
    multiset), which one public history fixes whatever the deal, so they are computed once."""

    __slots__ = ("actions", "avail", "children", "outcomes", "total", "visits")

    def __init__(self) -> None:
        self.visits = 0
        self.total = 0.0
        self.avail = 0
        self.children: dict[int, Node] = {}
        self.outcomes: dict[int, Node] | None = None
        self.actions: list[int] | None = None

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


def rewards(state: GameState, bag: BagInfo | None = None) -> list[float]:
    """One reward per seat in [0, 1]: mostly how far ahead of the best rival it is expected
    to end (winning is what counts), partly how far ahead of the average rival (so a seat
    that is far behind still tells better moves from worse).  ``bag``: ``BagInfo(state)``
    if the caller has it."""
    return rewards_of(expected_fame(state, bag))


def rewards_of(values: list[float]) -> list[float]:
    """Rewards (see :func:`rewards`) from each seat's expected final fame."""
    n = len(values)
    total = sum(values)
    ranked = sorted(values)
    high, second = ranked[-1], ranked[-2]
    top = values.index(high)
    out = []
    for p, v in enumerate(values):
        rival = second if p == top else high  # the best of the other seats
        mean = (total - v) / (n - 1)
        out.append(
            WIN_WEIGHT / (1.0 + exp((rival - v) / REWARD_SCALE))
            + (1.0 - WIN_WEIGHT) / (1.0 + exp((mean - v) / REWARD_SCALE))
        )
    return out


class LazyContext:
    """The evaluation context of one position, built on first use (``bag``: its bag if the
    caller has it).  Tempo is on; the lot gains read through it do not depend on tempo."""

    __slots__ = ("_ctx", "bag", "state")

    def __init__(self, state: GameState, bag: BagInfo | None = None) -> None:
        self.state = state
        self.bag = bag
        self._ctx: Context | None = None

    def get(self) -> Context:
        if self._ctx is None:
            self._ctx = Context(self.state, self.bag, tempo=True)
        return self._ctx


def spends_last_sun_early(
    state: GameState, seat: int, lot: list[int], ctx: LazyContext | None = None
) -> bool:
    """True when ``seat`` is down to one face-up sun, a rival still holds two or more (with 2
    players: any), and the lot is worth less than LAST_SUN_LOT to it: spending that sun now
    would leave the rival the rest of the epoch's tiles."""
    suns = state.suns_up
    rival_keeps = 1 if state.n == 2 else 2
    if len(suns[seat]) != 1 or not any(
        len(suns[q]) >= rival_keeps for q in range(state.n) if q != seat
    ):
        return False
    ctx = ctx or LazyContext(state)
    return tiles_gain(ctx.get(), state, seat, lot) < LAST_SUN_LOT


def candidate_actions(state: GameState, bag: BagInfo | None = None) -> list[int]:
    """The legal actions the search considers: all of them, except that God plays are cut to
    the few the evaluation rates best, two tempo mistakes are left out (see
    :func:`tempo_filter`), and a last-chance God is played (see :func:`uses_god_now`).
    ``bag``: ``BagInfo(state)`` if the caller has it."""
    legal = state.legal_actions()
    ctx = LazyContext(state, bag)
    if len(legal) > 1 and state.phase in (TURN, BID):
        legal = tempo_filter(state, legal, ctx)
    if state.phase != TURN:
        return legal
    if uses_god_now(state, legal, ctx):
        legal = [a for a in legal if is_god(a)]
    if len(legal) <= 2 + MAX_GOD_OPTIONS:
        return legal
    gods = [a for _, a in god_options(ctx.get(), state, MAX_GOD_OPTIONS)]
    return [a for a in legal if not is_god(a)] + gods


def uses_god_now(state: GameState, legal: list[int], ctx: LazyContext) -> bool:
    """True on a last chance to play a God (see :func:`policy.last_chance`) when medium's
    judgement would play one: an unused God only scores its 2 fame, while a tile taken is of
    use and is kept from the rival who buys the lot.  The search then picks which God play."""
    seat = state.current
    if not state.tiles[seat][Tile.GOD] or not last_chance(state, seat):
        return False
    if not any(is_god(a) for a in legal):
        return False
    options = [o for o in turn_options(Context(state, ctx.bag), state) if o[1] in legal]
    return bool(options) and is_god(max(options, key=lambda o: o[0])[1])


def tempo_filter(state: GameState, legal: list[int], ctx: LazyContext | None = None) -> list[int]:
    """Leave out invoking Ra on <= 2 tiles while a rival holds suns (unless the tiles are worth
    SMALL_LOT to the invoker: suns left at the epoch's end come back, so waiting costs nothing),
    bidding the highest sun in play on <= 3 tiles in the first half of an epoch (unless
    they are worth TOP_SUN_LOT), and invoking or bidding with the last sun on a lot worth less
    than LAST_SUN_LOT while a rival keeps two or more suns, with 2 players any (see
    :func:`spends_last_sun_early`)."""
    lot = [t for t in state.auction if t >= 0]
    seat = state.current
    ctx = ctx or LazyContext(state)
    if spends_last_sun_early(state, seat, lot, ctx):
        if state.phase == TURN and DRAW in legal:
            return [a for a in legal if a != RA]
        if state.phase == BID and PASS in legal:
            return [PASS]
    if state.phase == TURN:
        if (
            RA not in legal or DRAW not in legal or len(lot) > 2
            or not any(state.suns_up[q] for q in range(state.n) if q != seat)
        ):
            return legal
        if tiles_gain(ctx.get(), state, seat, lot) >= SMALL_LOT:
            return legal
        return [a for a in legal if a != RA]
    top = max(s[0] for s in state.suns_up if s)
    if (
        len(lot) > 3 or 2 * state.ra_count >= state.ra_length or top + 2 not in legal
        or state.suns_up[seat][0] != top
    ):
        return legal
    if tiles_gain(ctx.get(), state, seat, lot) >= TOP_SUN_LOT:
        return legal
    kept = [a for a in legal if a != top + 2]
    return kept or legal


@mypyc_attr(allow_interpreted_subclasses=True)  # (the review's search is one)
class HardAgent(Agent):
    """Search for ``think_ms`` of thinking time (default 1 s), or exactly ``iterations``.

    ``evaluator`` values the positions where play-outs stop (default: the hand-made
    evaluation; a :class:`~ra_game.ai.evaluators.Judgment` is resolved for the observed seat and
    player count at ``begin``); ``selection`` is the root rule (default: UCT).  Every iteration also records
    the observing seat's expected final fame where it stopped under its root move
    (:meth:`fame_sums`), and with :class:`~ra_game.ai.selection.EveryMove` each move's value on
    every deal (:attr:`samples`)."""

    level = "hard"

    def __init__(
        self,
        seed: int | None = None,
        think_ms: int | None = None,
        iterations: int | None = None,
        evaluator: Evaluator | Judgment = HAND_MADE,
        selection: Selection = UCT,
    ) -> None:
        super().__init__(seed)
        self.budget = (think_ms if think_ms is not None else DEFAULT_THINK * 1000) / 1000.0
        self.iterations = iterations
        self.judgment = evaluator
        self.evaluator: Evaluator = HAND_MADE
        self.selection = selection
        self._obs: Observation | None = None
        self._root = Node()
        self._root_actions: list[int] = []
        self._bag: BagInfo | None = None
        self._used = 0.0
        self._started = 0.0
        self._done = 0
        self.last_iterations = 0
        #: Root move -> [iterations, total, sum of squares] of the seat's expected final fame.
        self.fame: dict[int, list[float]] = {}
        #: Root move -> iterations the root rule forced it.
        self.forced: dict[int, int] = {}
        #: Root move -> the seat's value on every deal (flat rules only), in deal order.
        self.samples: dict[int, list[float]] = {}

    def begin(self, obs: Observation) -> None:
        self._obs = obs
        judgment = self.judgment
        self.evaluator = (evaluator_for(judgment, obs.seat, obs.state.n)
                          if isinstance(judgment, Judgment) else judgment)
        self._root = Node()
        self._root_actions = self.selection.root_moves(obs.state, candidate_actions(obs.state))
        self._bag = BagInfo(obs.state)
        self._used = 0.0
        self._done = 0
        self._started = time.perf_counter()
        self._choice = self._root_actions[0]
        self.fame, self.forced, self.samples = {}, {}, {}

    def _finished(self, slice_used: float = 0.0) -> bool:
        if self.selection.always_searches:
            assert self.iterations is not None, "this root rule needs an iteration count"
            return self._done >= self.iterations
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
        iterate = self._iterate_flat if self.selection.flat else self._iterate
        while not self._finished(elapsed):
            iterate()
            self._done += 1
            elapsed = time.perf_counter() - start
            if elapsed >= seconds:
                break
        self._used += time.perf_counter() - start
        self.last_iterations = self._done
        self._choice = self._pick()
        return self._finished()

    def root_stats(self) -> dict[int, tuple[int, float]]:
        """Visits and total reward of each root action searched so far (for root-parallel
        merging, :mod:`ra_game.ai.parallel`)."""
        return {a: (c.visits, c.total) for a, c in self._root.children.items()}

    def _pick(self) -> int:
        best, best_key = self._root_actions[0], (-1, -1.0)
        for a in self._root_actions:
            child = self._root.children.get(a)
            if child is not None:
                key = (child.visits, child.total)
                if key > best_key:
                    best, best_key = a, key
        return best

    def _record(self, move: int, state: GameState, values: list[float]) -> None:
        """Record the observing seat's expected final fame (the score once the game is over)
        under the root ``move`` of this iteration."""
        assert self._obs is not None
        seat = self._obs.seat
        own = float(state.scores[seat]) if state.over else values[seat]
        sums = self.fame.get(move)
        if sums is None:
            sums = self.fame[move] = [0, 0.0, 0.0]
        sums[0] += 1
        sums[1] += own
        sums[2] += own * own

    def _iterate_flat(self) -> None:
        """One deal, every root move played on it and valued by the evaluator."""
        assert self._obs is not None and self._bag is not None
        deal = self._obs.determinize(self.rng)
        seat = self._obs.seat
        for move in self._root_actions:
            state = deal.clone()
            state.apply_action(move, None)
            values = self.evaluator.values(state, self._bag.after(state))
            self.samples.setdefault(move, []).append(values[seat])

    def _iterate(self) -> None:
        assert self._obs is not None
        rng = self.rng
        state = self._obs.determinize(rng)
        epoch = state.epoch
        node = self._root
        path: list[tuple[Node, int]] = []
        actions = self._root_actions
        root_move = -1
        while not state.over and state.epoch == epoch:
            if node is not self._root:
                actions = self._actions_at(node, state, self._bag)
            mover = state.current
            children = node.children
            fresh = not children
            if fresh or len(children) < len(actions):
                self._add_children(children, state, actions, mover, self._bag)
            if node is self._root:
                action, forced = self.selection.choose_root(children, actions, self._done)
                root_move = action
                if forced:
                    self.forced[action] = self.forced.get(action, 0) + 1
            else:
                action = uct(children, actions)
            child = children[action]
            drawn = state.next_tile() if action == DRAW else None
            tile = -1 if drawn is None else drawn
            state.apply_action(action, None)
            path.append((child, mover))
            node = child.next_after(action, tile)
            if fresh:
                break
        bag = self._bag
        assert bag is not None
        contexts = PlayoutContexts(bag)
        steps = PLAYOUT_LIMIT
        while steps and state.phase != OVER and state.epoch == epoch:
            state.apply_action(playout_action(state, rng, bag, contexts), None)
            steps -= 1
        values = self.evaluator.values(state, bag.after(state))
        self._record(root_move, state, values)
        result = rewards_of(values)
        for child, mover in path:
            child.visits += 1
            child.total += result[mover]

    def _actions_at(self, node: Node, state: GameState, bag: BagInfo | None = None
                    ) -> list[int]:
        """The candidate actions at ``node`` (whose public history led to ``state``), kept in
        the node (see :class:`Node`); ``bag``: the bag where the search began."""
        actions = node.actions
        if actions is None:
            actions = node.actions = candidate_actions(state, bag and bag.after(state))
        return actions

    @staticmethod
    def _add_children(
        children: dict[int, Node], state: GameState, actions: list[int], mover: int,
        root_bag: BagInfo | None = None,
    ) -> None:
        """Create the missing children, each primed with PRIOR_VISITS visits at the reward the
        evaluation gives right after the action; a bid is judged as if it won the lot (so
        nobody's search wastes its visits on bidding for junk).  ``root_bag``: the bag where
        the search began (of this deal), to count the bag from."""
        bidding = state.phase == BID
        if bidding:
            ctx = Context(state, root_bag and root_bag.after(state), tempo=True)
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
                prior = rewards(after, root_bag and root_bag.after(after))[mover]
            child = children[a] = Node()
            child.visits = PRIOR_VISITS
            child.total = PRIOR_VISITS * prior
