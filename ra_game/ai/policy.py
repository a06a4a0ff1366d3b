"""Decision rules built on the evaluation: used by the medium and easy agents and, in a fast
form, by the hard agent's playouts.

Every function takes a position in which it is ``state.current``'s decision and returns a legal
action code.  They read only public information.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Final

from ..engine import GameState
from ..engine.disasters import disaster_discards
from ..engine.events import AuctionWon
from ..engine.moves import DRAW, PASS, RA, discard_action, god_action, unpack_tiles
from ..engine.state import BID, DISCARD, TURN
from ..engine.tiles import DISASTERS, Tile
from .evaluate import (
    BagInfo,
    Context,
    best_discard,
    god_hope,
    sun_cost,
    tile_value,
    tiles_gain,
)

EMPTY: Final = -1
GOD: Final = int(Tile.GOD)
DROUGHT, FUNERAL, WAR, EARTHQUAKE = (int(k) for k in DISASTERS)


def lot_of(state: GameState) -> list[int]:
    """The tiles on the auction track."""
    return [t for t in state.auction if t != EMPTY]


def discard_choice(ctx: Context, state: GameState) -> int:
    """The War/Earthquake discard that costs the owner the least."""
    seat = state.current
    held = state.tiles[seat]
    return discard_action(best_discard(ctx, seat, held, disaster_discards(held, state.pending[0])))


def god_options(ctx: Context, state: GameState, limit: int = 40) -> list[tuple[float, int]]:
    """(gain, action) for God plays worth considering, best first: each greedy prefix of the
    most valuable tiles, and every single tile."""
    seat = state.current
    gods = state.tiles[seat][Tile.GOD]
    kinds = sorted({t for t in lot_of(state) if t != Tile.GOD})
    if not gods or not kinds:
        return []
    singles = [(tiles_gain(ctx, state, seat, (k,), 1), k) for k in kinds]
    singles.sort(reverse=True)
    options = {god_action((k,)): g for g, k in singles}
    chosen: list[int] = []
    avail = [t for t in lot_of(state) if t != Tile.GOD]
    for _ in range(min(gods, len(avail))):
        best_g, best_k = -1e9, -1
        for k in set(avail):
            g = tiles_gain(ctx, state, seat, (*chosen, k), len(chosen) + 1)
            if g > best_g:
                best_g, best_k = g, k
        chosen.append(best_k)
        avail.remove(best_k)
        options[god_action(tuple(sorted(chosen)))] = best_g  # the legal (sorted) form
    ranked = sorted(((g, a) for a, g in options.items()), reverse=True)
    return ranked[:limit]


# ----------------------------------------------------------------------------- auctions


def bidders_after(state: GameState, seat: int) -> list[int]:
    """The seats still to bid after ``seat`` in the current auction, in order."""
    out = []
    p = seat
    for _ in range(state.bidders_left):
        p = (p + 1) % state.n
        out.append(p)
    return out


def outbid_chance(
    ctx: Context, state: GameState, seat: int, lot: Sequence[int], above: int
) -> tuple[float, int]:
    """How likely ``seat`` is to bid over ``above`` for ``lot``, and the sun it would bid: its
    best net gain among the suns that beat ``above``, turned into a probability (people pass
    lots that are only just worth it, and sometimes take ones that are not)."""
    gain = tiles_gain(ctx, state, seat, lot)
    best_net, best_sun = -1e9, 0
    for s in state.suns_up[seat]:
        if s > above:
            net = gain - sun_cost(ctx, state, seat, s)
            if net > best_net:
                best_net, best_sun = net, s
    if not best_sun:
        return 0.0, 0
    return 1.0 / (1.0 + math.exp(-(best_net - 1.0) / 1.5)), best_sun


def bid_values(ctx: Context, state: GameState, lookahead: bool = True) -> list[tuple[float, int]]:
    """(value, action) for every bid and the pass, by the expected outcome.  Each later bidder
    outbids with a probability from the lot's value to it and its suns (it may well pass);
    without ``lookahead`` nobody else is expected to bid (a beginner's view)."""
    seat = state.current
    lot = lot_of(state)
    gain = tiles_gain(ctx, state, seat, lot)
    later = bidders_after(state, seat) if lookahead else []
    share = 1.0 / max(1, ctx.n - 1)

    def rival_loss(winner: int, sun: int) -> float:
        return -share * (tiles_gain(ctx, state, winner, lot) - sun_cost(ctx, state, winner, sun))

    def expected(top: int, holder: int, held_value: float) -> float:
        """The outcome if the bid stands at ``top`` by ``holder`` when the later bidders act."""
        value, survive = 0.0, 1.0
        for q in later:
            p, sun = outbid_chance(ctx, state, q, lot, top)
            if p:
                value += survive * p * rival_loss(q, sun)
                survive *= 1.0 - p
        return value + survive * held_value

    legal = state.legal_actions()
    if state.invoked and state.ra_player == seat and len(lot) <= 1:
        # its own invoke on <= 1 tile: never pay more than the centre sun it would take
        cheap = [a for a in legal if a == PASS or a - 2 <= state.center_sun]
        legal = cheap or legal
    out = []
    for a in legal:
        if a == PASS:
            holder = state.high_bidder
            held = rival_loss(holder, state.high_bid) if holder >= 0 else 0.0
            out.append((expected(state.high_bid, holder, held) + 0.2, a))
        else:
            s = a - 2
            out.append((expected(s, seat, gain - sun_cost(ctx, state, seat, s)), a))
    return out


def bid_choice(ctx: Context, state: GameState) -> int:
    """Medium bidding: the bid (or pass) of :func:`bid_values` with the best value."""
    return max(bid_values(ctx, state), key=lambda o: o[0])[1]


def auction_value(ctx: Context, state: GameState, seat: int) -> float:
    """``seat``'s expected gain if it invokes Ra now (others bid by :func:`bid_choice`)."""
    sim = state.clone()
    events: list[object] = []
    sim.apply_action(RA, events)
    while sim.phase == BID and sim.ra_player == seat:
        sim.apply_action(bid_choice(ctx, sim), events)
    return _auction_result(ctx, state, events, seat)


def _auction_result(
    ctx: Context, before: GameState, events: Sequence[object], seat: int
) -> float:
    """``seat``'s gain from an auction, read from its events (who won which tiles with which
    sun), judged in the position ``before`` it (an auction that ends the epoch flips every sun
    face up, so the suns after it tell nothing)."""
    won = next((e for e in events if isinstance(e, AuctionWon)), None)
    if won is None:
        return 0.0
    gain = tiles_gain(ctx, before, won.player, won.tiles) - sun_cost(ctx, before, won.player, won.sun)
    return gain if won.player == seat else -gain / max(1, ctx.n - 1)


def lone_holder(state: GameState, seat: int) -> bool:
    """True when no rival of ``seat`` holds a face-up sun (it may draw on undisturbed)."""
    return not any(state.suns_up[q] for q in range(state.n) if q != seat)


def turn_options(ctx: Context, state: GameState) -> list[tuple[float, int]]:
    """(value, action) for the turn actions a careful player weighs: invoke, draw, God plays.
    A Ra that ends the epoch wastes no suns (they all come back next epoch): it only loses
    the lot on the track."""
    seat = state.current
    legal = state.legal_actions()
    invoke, draw_v = play_values(ctx, state)
    options = [(invoke, RA)]
    if draw_v is not None:
        options.append((draw_v, DRAW))
    options.extend(god_play_options(ctx, state, 0.9 * max(0.0, invoke, draw_v or 0.0)))
    if DRAW in legal and not tiny_invoke_ok(state, seat):
        options = [o for o in options if o[1] != RA]
    return options


def play_values(ctx: Context, state: GameState) -> tuple[float, float | None]:
    """What invoking and drawing (None: the track is full) are worth to the seat to move."""
    seat = state.current
    invoke = auction_value(ctx, state, seat)
    if not state.can_draw():
        return invoke, None
    bag = state.bag_counts()
    left = max(1, sum(bag))
    p_ra = bag[Tile.RA] / left
    ends = state.ra_count + 1 >= state.ra_length
    grow = _mean_tile_gain(ctx, state, seat, bag)
    lot_size = len(lot_of(state))
    if lone_holder(state, seat):
        return invoke, _lone_draw_value(invoke, grow, p_ra, ends, 8 - lot_size)
    ra_v = 0.0 if ends else max(invoke, 0.0) + 0.5
    keep = 1.0 if lot_size == 0 else 0.55 if ctx.n > 2 else 0.7
    return invoke, p_ra * ra_v + (1 - p_ra) * keep * (max(invoke, 0.0) + grow)


def god_play_options(ctx: Context, state: GameState, after: float) -> list[tuple[float, int]]:
    """(value, action) for the God plays worth weighing, ``after`` being what the seat's
    later turns are still worth once it has played.  A God scores 2 at the epoch's end, so
    a play gains the tiles it takes less those 2 fame (and less the God's hope of a better
    use).  On a last chance (see :func:`last_chance`) a God is used or lost: the tiles it
    takes are also kept from the rival who will buy the lot, and it is played a little
    more readily (:data:`GOD_LAST_CHANCE`)."""
    seat = state.current
    hope = god_hope(ctx, seat)
    last = last_chance(state, seat)
    out = []
    for g, a in god_options(ctx, state, 8):
        taken = unpack_tiles(a)
        value = g + hope * len(taken) + after
        if last:
            value += GOD_LAST_CHANCE + denial(ctx, state, seat, taken)
        out.append((value, a))
    return out


#: How readily a God is played on a last chance: on a tile worth this much less than the
#: 2 fame it would score unused (tiles of real use, such as a Nile, a monument or a
#: Pharaoh, rather than leaving the God to score its 2 fame in a hand that has no turns).
GOD_LAST_CHANCE: Final = 0.75


def last_chance(state: GameState, seat: int) -> bool:
    """True when ``seat``'s Gods may have no later turn to be played in: it holds its last
    face-up sun (once spent, it takes no more turns this epoch), or the next Ra ends the
    epoch."""
    return len(state.suns_up[seat]) == 1 or state.ra_count + 1 >= state.ra_length


def denial(ctx: Context, state: GameState, seat: int, taken: Sequence[int]) -> float:
    """What taking ``taken`` off the track is worth to ``seat`` by keeping them from its
    rivals: the most they are worth to a rival who can still buy the lot, shared among the
    rivals as in :func:`bid_values`."""
    best = 0.0
    for q in range(state.n):
        if q != seat and state.suns_up[q]:
            best = max(best, tiles_gain(ctx, state, q, taken))
    return best / max(1, ctx.n - 1)


def tiny_invoke_ok(state: GameState, seat: int) -> bool:
    """Invoking on at most one tile is only worth it if buying it need not cost sun total:
    ``seat`` must hold a sun no higher than the centre sun (see :func:`bid_values`)."""
    return len(lot_of(state)) > 1 or state.suns_up[seat][-1] <= state.center_sun


def _lone_draw_value(invoke: float, grow: float, p_ra: float, ends: bool, slots: int) -> float:
    """What drawing on is worth to the only seat with suns: it stops when invoking beats
    drawing again, a Ra that does not end the epoch lets it buy (or leave) the lot, and one
    that does loses it.  The lot is assumed to grow by ``grow`` per tile."""
    value = invoke + slots * grow  # a full track must be invoked
    for k in range(slots - 1, -1, -1):
        lot_value = invoke + k * grow
        cont = p_ra * (0.0 if ends else max(lot_value, 0.0)) + (1 - p_ra) * value
        value = max(lot_value, cont) if k else cont
    return value


def _mean_tile_gain(ctx: Context, state: GameState, seat: int, bag: Sequence[int]) -> float:
    """The average gain of one more non-Ra tile on the lot for ``seat``."""
    total = 0.0
    count = 0
    for k in range(1, len(bag)):
        if bag[k]:
            total += bag[k] * tiles_gain(ctx, state, seat, (k,))
            count += bag[k]
    return total / max(1, count)


def medium_action(state: GameState) -> int:
    """The medium agent's decision."""
    ctx = Context(state)
    if state.phase == DISCARD:
        return discard_choice(ctx, state)
    if state.phase == BID:
        return bid_choice(ctx, state)
    legal = set(state.legal_actions())
    return max((o for o in turn_options(ctx, state) if o[1] in legal), key=lambda o: o[0])[1]


#: Easy drops moves this far below the best one (or this far below zero): the blunders
#: people don't make.  What is left is blurred by noise and by the agent's bidding temper.
EASY_GAP: Final = 4.0
EASY_LOSS: Final = 2.5
EASY_NOISE: Final = 2.5


def sensible(options: Sequence[tuple[float, int]]) -> list[tuple[float, int]]:
    """The options that are not clearly losing: near the best and not far below zero."""
    best = max(v for v, _ in options)
    return [o for o in options if o[0] >= best - EASY_GAP and (o[0] >= -EASY_LOSS or o[0] == best)]


def easy_action(state: GameState, rng: random.Random, temper: float) -> int:
    """A beginner's decision: the medium's options without clearly losing moves, then
    misjudged by noise; ``temper`` > 0 likes to bid (greedy), < 0 likes to pass (timid).
    Easy bids as if nobody after it would bid."""
    ctx = Context(state)
    if state.phase == DISCARD:
        pairs = [(-_discard_cost(ctx, state, a), a) for a in state.legal_actions()]
        return rng.choice(sensible(pairs))[1] if rng.random() < 0.3 else discard_choice(ctx, state)
    if state.phase == BID:
        options = bid_values(ctx, state, lookahead=False)
        options = [(v + (temper if a != PASS else 0.0), a) for v, a in sensible(options)]
    else:
        legal = set(state.legal_actions())
        options = sensible([o for o in turn_options(ctx, state) if o[1] in legal])
    return max((v + rng.gauss(0.0, EASY_NOISE), a) for v, a in options)[1]


def _discard_cost(ctx: Context, state: GameState, action: int) -> float:
    """How much tile value a War/Earthquake discard costs its owner."""
    seat = state.current
    held = state.tiles[seat]
    after = held[:]
    for k in unpack_tiles(action):
        after[k] -= 1
    return tile_value(ctx, seat, held) - tile_value(ctx, seat, after)


# ----------------------------------------------------------------------------- playouts


class PlayoutContexts:
    """The evaluation context of a play-out's position (tempo on, the bag as seen when the
    play-out began) and the lot gains and sun costs judged in it, all kept until a number they
    read changes: a Ra drawn, an auction won (the centre sun changes), a God played, a disaster
    resolved, or a new epoch.  (Between those, players only draw tiles onto the track, invoke
    and bid: the evaluation of a lot or a sun stays the same.)"""

    __slots__ = ("bag", "costs", "ctx", "gains", "key", "ra_count")

    def __init__(self, bag: BagInfo | None) -> None:
        self.bag = bag
        self.ctx: Context | None = None
        self.key: tuple[int, ...] | None = None
        self.ra_count = -1
        self.gains: dict[tuple[int, tuple[int, ...] | int], float] = {}
        self.costs: dict[tuple[int, int], float] = {}

    def get(self, state: GameState) -> Context:
        """The context for ``state``.  After a Ra drawn (and nothing else), it is derived from
        the last one (:meth:`Context.after_ra`), and the lot gains stay if the epoch's progress
        did not move (nothing else they read changes with the Ra tiles; sun costs do)."""
        d = state.discarded
        key = (state.epoch, state.center_sun, d[GOD],
               d[DROUGHT] + d[FUNERAL] + d[WAR] + d[EARTHQUAKE])
        ra_count = state.ra_count
        ctx = self.ctx
        if ctx is not None and key == self.key:
            if ra_count == self.ra_count:
                return ctx
            self.ctx = ctx.after_ra(state)
            if self.ctx.progress != ctx.progress:
                self.gains.clear()
        else:
            self.ctx = Context(state, self.bag, tempo=True)
            self.key = key
            self.gains.clear()
        self.ra_count = ra_count
        self.costs.clear()
        return self.ctx

    def gain(self, state: GameState, seat: int, lot: list[int]) -> float:
        """:func:`tiles_gain` of ``lot`` for ``seat`` (call :meth:`get` first)."""
        key = (seat, tuple(lot))
        value = self.gains.get(key)
        if value is None:
            assert self.ctx is not None
            value = self.gains[key] = tiles_gain(self.ctx, state, seat, lot)
        return value

    def god_gain(self, state: GameState, seat: int, kind: int) -> float:
        """:func:`tiles_gain` of taking one tile of ``kind`` with a God for ``seat`` (call
        :meth:`get` first); kept with the lot gains (under the key (seat, kind))."""
        key = (seat, kind)
        value = self.gains.get(key)
        if value is None:
            assert self.ctx is not None
            value = self.gains[key] = tiles_gain(self.ctx, state, seat, (kind,), 1)
        return value

    def cost(self, state: GameState, seat: int, sun: int) -> float:
        """:func:`sun_cost` of paying ``sun`` for ``seat`` (call :meth:`get` first)."""
        key = (seat, sun)
        value = self.costs.get(key)
        if value is None:
            assert self.ctx is not None
            value = self.costs[key] = sun_cost(self.ctx, state, seat, sun)
        return value


def playout_action(
    state: GameState, rng: random.Random, bag: BagInfo | None = None,
    contexts: PlayoutContexts | None = None,
) -> int:
    """A fast, slightly noisy decision for the hard level's simulations (``bag``: the bag's
    contents as seen when the simulation began, close enough and much cheaper than recounting;
    ``contexts``: the play-out's evaluation contexts, kept between its decisions).
    Suns are valued by tempo (see :class:`Context`); a player invokes when the lot is worth
    more to it than to any rival who could still bid, and a lone sun holder draws on to a full
    track (a Ra that does not end the epoch still lets it buy the lot)."""
    if contexts is None:
        contexts = PlayoutContexts(bag)
    phase = state.phase
    seat = state.current
    if phase == DISCARD:
        return discard_choice(contexts.get(state), state)
    lot = [t for t in state.auction if t != EMPTY]  # (lot_of, inline: the hottest path)
    if phase == BID:
        contexts.get(state)
        gain = contexts.gain(state, seat, lot)
        best_a, best_v = PASS, 0.5 + rng.gauss(0.0, 1.0)
        if state.forced_bid():
            best_v = -1e9
        high = state.high_bid
        for sun in state.suns_up[seat]:  # the legal bids, in legal_actions' order
            if sun > high:
                v = gain - contexts.cost(state, seat, sun)
                if v > best_v:
                    best_a, best_v = sun + 2, v  # (bid_action(sun))
        return best_a
    if phase != TURN:
        raise ValueError("no decision in this state")
    can_draw = state.can_draw()
    if state.tiles[seat][GOD] and lot:
        kinds = {t for t in lot if t != GOD}
        if kinds:
            ctx = contexts.get(state)
            g, k = max((contexts.god_gain(state, seat, k), k) for k in kinds)
            g += god_hope(ctx, seat)  # the gain over the 2 fame the God would score
            if g > 0.5 or (g > 0 and not can_draw):
                return god_action((k,))
    if not can_draw:
        return RA
    suns_up = state.suns_up
    mine = suns_up[seat]
    if not lot or not mine:
        return DRAW
    rivals = [q for q in range(state.n) if q != seat and suns_up[q]]
    if not rivals and state.ra_count + 1 < state.ra_length:
        return DRAW
    ctx = contexts.get(state)
    if not rivals:
        # the next Ra ends the epoch and loses the lot: weigh that against one more tile
        p_ra = ra_chance(state, bag)
        net = contexts.gain(state, seat, lot) - contexts.cost(state, seat, mine[-1])
        return RA if net > 0 and p_ra * net > (1.0 - p_ra) else DRAW
    pay = mine[-1]
    top = max([state.suns_up[q][0] for q in rivals])
    theirs = -1e9
    for q in rivals:
        above = [s for s in state.suns_up[q] if s > pay]
        if above:
            theirs = max(theirs, contexts.gain(state, q, lot) - contexts.cost(state, q, above[-1]))
            if theirs > 0.0 and mine[0] <= top:
                return DRAW  # a rival would outbid: invoking would only hand it the lot
    gain = contexts.gain(state, seat, lot)
    # (with a rival that would outbid the low sun, it takes a sun that beats theirs)
    pay = pay if theirs <= 0.0 else min(s for s in mine if s > top)
    net = gain - contexts.cost(state, seat, pay)
    threshold = 5.0 - 0.5 * len(lot) - 3.0 * ctx.progress + rng.gauss(0.0, 1.5)
    return RA if net > threshold and net > theirs else DRAW


def ra_chance(state: GameState, bag: BagInfo | None) -> float:
    """The chance that the next tile drawn is a Ra (from ``bag`` if given)."""
    if bag is None:
        bag = BagInfo(state)
    return bag.ra / max(1, bag.ra + bag.tiles)
