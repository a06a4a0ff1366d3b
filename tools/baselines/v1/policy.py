"""Decision rules built on the evaluation: used by the medium and easy agents and, in a fast
form, by the hard agent's playouts.

Every function takes a position in which it is ``state.current``'s decision and returns a legal
action code.  They read only public information.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ra_game.engine import GameState
from ra_game.engine.moves import DRAW, PASS, RA, discard_action, god_action
from ra_game.engine.state import BID, DISCARD, TURN
from ra_game.engine.tiles import CIVILIZATIONS, MONUMENTS, Tile

from .evaluate import BagInfo, Context, best_discard, sun_cost, tiles_gain

EMPTY = -1


def lot_of(state: GameState) -> list[int]:
    """The tiles on the auction track."""
    return [t for t in state.auction if t != EMPTY]


def discard_choice(ctx: Context, state: GameState) -> int:
    """The War/Earthquake discard that costs the owner the least."""
    seat = state.current
    kinds = CIVILIZATIONS if state.pending[0] == Tile.WAR else MONUMENTS
    (a, b), = best_discard(ctx, seat, state.tiles[seat][:], kinds)
    return discard_action((a, b) if a <= b else (b, a))


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
        options[god_action(tuple(chosen))] = best_g
    ranked = sorted(((g, a) for a, g in options.items()), reverse=True)
    return ranked[:limit]


# ----------------------------------------------------------------------------- auctions


def willing_sun(ctx: Context, state: GameState, seat: int, lot: Sequence[int], above: int) -> int:
    """The highest face-up sun above ``above`` that ``seat`` would still pay for ``lot`` (0: none)."""
    gain = tiles_gain(ctx, state, seat, lot)
    best = 0
    for s in state.suns_up[seat]:
        if s > above and s > best and gain - sun_cost(ctx, state, seat, s) > 0.5:
            best = s
    return best


def bidders_after(state: GameState, seat: int) -> list[int]:
    """The seats still to bid after ``seat`` in the current auction, in order."""
    out = []
    p = seat
    for _ in range(state.bidders_left):
        p = (p + 1) % state.n
        out.append(p)
    return out


def bid_choice(
    ctx: Context, state: GameState, rng: random.Random | None = None, noise: float = 0.0,
    lookahead: bool = True,
) -> int:
    """Medium bidding: the bid (or pass) with the best expected outcome, assuming the later
    bidders pay up to what the lot is worth to them."""
    seat = state.current
    lot = lot_of(state)
    legal = state.legal_actions()
    gain = tiles_gain(ctx, state, seat, lot)
    later = bidders_after(state, seat) if lookahead else []
    threats = [(q, willing_sun(ctx, state, q, lot, 0)) for q in later]
    share = 1.0 / max(1, ctx.n - 1)

    def rival_loss(winner: int, sun: int) -> float:
        if winner < 0 or sun <= 0:
            return 0.0
        return -share * (tiles_gain(ctx, state, winner, lot) - sun_cost(ctx, state, winner, sun))

    best_a, best_v = legal[0], -1e9
    for a in legal:
        if a == PASS:
            top = max(((w, q) for q, w in threats if w > state.high_bid), default=(0, -1))
            if top[0]:
                v = rival_loss(top[1], top[0])
            else:
                v = rival_loss(state.high_bidder, state.high_bid)
            v += 0.3
        else:
            s = a - 2
            beaten = max(((w, q) for q, w in threats if w > s), default=(0, -1))
            if beaten[0]:
                v = rival_loss(beaten[1], beaten[0]) - 0.1
            else:
                v = gain - sun_cost(ctx, state, seat, s)
        if noise and rng is not None:
            v += rng.gauss(0.0, noise)
        if v > best_v:
            best_a, best_v = a, v
    return best_a


def auction_value(ctx: Context, state: GameState, seat: int) -> float:
    """``seat``'s expected gain if it invokes Ra now (others bid by :func:`bid_choice`)."""
    sim = state.clone()
    sim.apply_action(RA, None)
    while sim.phase == BID and sim.ra_player == seat:
        sim.apply_action(bid_choice(ctx, sim), None)
    return _auction_result(ctx, state, sim, seat)


def _auction_result(ctx: Context, before: GameState, after: GameState, seat: int) -> float:
    """``seat``'s gain from the auction that turned ``before`` into ``after``."""
    lot = lot_of(before)
    winner = -1
    for p in range(before.n):
        if len(after.suns_up[p]) < len(before.suns_up[p]):
            winner = p
    if winner < 0:
        return 0.0
    sun = next(s for s in before.suns_up[winner] if s not in after.suns_up[winner])
    gain = tiles_gain(ctx, before, winner, lot) - sun_cost(ctx, before, winner, sun)
    return gain if winner == seat else -gain / max(1, ctx.n - 1)


def turn_options(ctx: Context, state: GameState) -> list[tuple[float, int]]:
    """(value, action) for the turn actions a careful player weighs: invoke, draw, God plays."""
    seat = state.current
    legal = state.legal_actions()
    invoke = auction_value(ctx, state, seat)
    options = [(invoke, RA)]
    if DRAW in legal:
        bag = state.bag_counts()
        left = max(1, sum(bag))
        p_ra = bag[Tile.RA] / left
        ends = state.ra_count + 1 >= state.ra_length
        if ends:
            mine = state.suns_up[seat]
            waste = ctx.use_prob * (3.0 + 2.0) * len(mine)
            others = sum(len(s) for s in state.suns_up) - len(mine)
            waste -= ctx.use_prob * 5.0 * others / max(1, ctx.n - 1)
            ra_v = -waste
        else:
            ra_v = max(invoke, 0.0) + 0.5
        grow = _mean_tile_gain(ctx, state, seat, bag)
        keep = 0.55 if ctx.n > 2 else 0.7
        lot_size = len(lot_of(state))
        if lot_size == 0:
            keep = 1.0
        draw_v = p_ra * ra_v + (1 - p_ra) * keep * (max(invoke, 0.0) + grow)
        options.append((draw_v, DRAW))
    options.extend((g - 0.5, a) for g, a in god_options(ctx, state, 8))
    return options


def _mean_tile_gain(ctx: Context, state: GameState, seat: int, bag: Sequence[int]) -> float:
    """The average gain of one more non-Ra tile on the lot for ``seat``."""
    total = 0.0
    count = 0
    for k in range(1, len(bag)):
        if bag[k]:
            total += bag[k] * tiles_gain(ctx, state, seat, (k,))
            count += bag[k]
    return total / max(1, count)


def medium_action(
    state: GameState, rng: random.Random | None = None, noise: float = 0.0
) -> int:
    """The medium agent's decision (with ``noise``: the easy agent's)."""
    ctx = Context(state)
    phase = state.phase
    if phase == DISCARD:
        if noise and rng is not None and rng.random() < 0.2:
            return rng.choice(state.legal_actions())
        return discard_choice(ctx, state)
    if phase == BID:
        return bid_choice(ctx, state, rng, noise, lookahead=not noise)
    options = turn_options(ctx, state)
    if noise and rng is not None:
        options = [(v + rng.gauss(0.0, noise), a) for v, a in options]
    legal = set(state.legal_actions())
    return max((o for o in options if o[1] in legal), key=lambda o: o[0])[1]


# ----------------------------------------------------------------------------- playouts


def playout_action(state: GameState, rng: random.Random, bag: BagInfo | None = None) -> int:
    """A fast, slightly noisy decision for simulations (``bag``: the bag's contents as seen
    when the simulation began, close enough and much cheaper than recounting)."""
    ctx = Context(state, bag)
    phase = state.phase
    seat = state.current
    if phase == DISCARD:
        return discard_choice(ctx, state)
    lot = lot_of(state)
    if phase == BID:
        legal = state.legal_actions()
        gain = tiles_gain(ctx, state, seat, lot)
        best_a, best_v = PASS, 0.5 + rng.gauss(0.0, 1.0)
        if state.forced_bid():
            best_v = -1e9
        for a in legal:
            if a != PASS:
                v = gain - sun_cost(ctx, state, seat, a - 2)
                if v > best_v:
                    best_a, best_v = a, v
        return best_a
    if phase != TURN:
        raise ValueError("no decision in this state")
    can_draw = state.can_draw()
    if state.tiles[seat][Tile.GOD] and lot:
        kinds = {t for t in lot if t != Tile.GOD}
        if kinds:
            g, k = max((tiles_gain(ctx, state, seat, (k,), 1), k) for k in kinds)
            if g > 2.5 or (g > 0 and not can_draw):
                return god_action((k,))
    if not can_draw:
        return RA
    if not lot or not state.suns_up[seat]:
        return DRAW
    gain = tiles_gain(ctx, state, seat, lot)
    mine = state.suns_up[seat]
    rival_top = max((state.suns_up[q][0] for q in range(state.n) if q != seat and state.suns_up[q]),
                    default=0)
    if mine[0] > rival_top:
        pay = min(s for s in mine if s > rival_top)
        net = gain - sun_cost(ctx, state, seat, pay)
    else:
        return DRAW  # someone holds a higher sun: invoking would only hand them the lot
    threshold = 5.0 - 0.5 * len(lot) - 3.0 * ctx.progress + rng.gauss(0.0, 1.5)
    return RA if net > threshold else DRAW
