"""The hand-made evaluation shared by every AI level: what tiles and suns are worth to a seat.

Everything here reads only public information (tile counts, suns, scores, the bag as a
multiset).  ``Context`` gathers the per-position numbers once; ``tile_value`` estimates the fame
a seat's tiles will still bring (this epoch and later ones), ``sun_value`` what its suns are
worth, and ``lot_gain`` the net change for a seat if it wins the auction track with a given sun.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence

from ra_game.engine import GameState
from ra_game.engine.scoring import CIV_POINTS
from ra_game.engine.scoring import MONUMENT_SET_POINTS as SET_POINTS
from ra_game.engine.tiles import CIVILIZATIONS, MONUMENTS, NUM_EPOCHS, SUN_SETS, Tile

GOD, GOLD, PHARAOH, NILE, FLOOD = Tile.GOD, Tile.GOLD, Tile.PHARAOH, Tile.NILE, Tile.FLOOD
DROUGHT, FUNERAL, WAR, EARTHQUAKE = Tile.DROUGHT, Tile.FUNERAL, Tile.WAR, Tile.EARTHQUAKE
#: What a number of civilization types is expected to be worth when much of the epoch is left.
CIV_HOPE = (-1.5, 0.8, 2.5, 6.0, 10.5, 15.0)
EMPTY = -1
MON0 = MONUMENTS[0]


class BagInfo:
    """What the evaluation needs from the bag's contents (a multiset; never its order)."""

    __slots__ = ("floods", "monuments", "tiles")

    def __init__(self, state: GameState) -> None:
        rest = state.bag_order[state.bag_pos:]
        self.tiles = max(1, len(rest) - rest.count(Tile.RA))
        self.floods = rest.count(FLOOD)
        self.monuments = [rest.count(k) for k in MONUMENTS]


class Context:
    """Numbers about one position that every evaluation in it needs."""

    __slots__ = (
        "epoch",
        "final",
        "flood_hope",
        "future",
        "mon_left",
        "n",
        "pharaohs",
        "progress",
        "sun_sums",
        "sun_weight",
        "up_suns",
        "use_prob",
    )

    def __init__(self, state: GameState, bag: BagInfo | None = None) -> None:
        n = state.n
        self.n = n
        self.epoch = state.epoch
        self.final = state.epoch >= NUM_EPOCHS
        self.future = NUM_EPOCHS - state.epoch
        start_suns = n * len(SUN_SETS[n][0])
        up_total = sum(len(s) for s in state.suns_up)
        ra_left = state.ra_length - state.ra_count
        self.progress = max(state.ra_count / state.ra_length, 1.0 - up_total / start_suns)
        self.pharaohs = [t[PHARAOH] for t in state.tiles]
        bag = bag or BagInfo(state)
        self.flood_hope = min(0.7, 6.0 * bag.floods / bag.tiles) * (1.0 - self.progress)
        self.mon_left = bag.monuments
        self.use_prob = min(1.0, (1.6 * (ra_left - 1) + 1.0) / max(1, up_total))
        self.sun_sums = [sum(state.suns_up[p]) + sum(state.suns_down[p]) for p in range(n)]
        self.up_suns = sorted(s for p in range(n) for s in state.suns_up[p])
        self.sun_weight = (0.35, 0.6, 1.0)[min(state.epoch, NUM_EPOCHS) - 1]


def _race(mine: int, values: Sequence[int], most: float, fewest: float) -> float:
    """Points of a 'most gains, fewest loses' race for ``mine`` among all ``values``."""
    high, low = max(values), min(values)
    if high == low:
        return 0.0
    return most if mine == high else fewest if mine == low else 0.0


def tile_value(ctx: Context, seat: int, t: Sequence[int], pharaohs: int | None = None) -> float:
    """The fame the tiles ``t`` (counts by kind) are expected to bring ``seat`` from now on."""
    prog = ctx.progress
    v = 2.0 * t[GOD] + 3.0 * t[GOLD]
    if t[GOD]:
        v += 0.8 * t[GOD] * (1.0 - prog)
    # pharaoh race: exact now, smoothed while the epoch is young, and again in later epochs
    ph = t[PHARAOH] if pharaohs is None else pharaohs
    counts = ctx.pharaohs[:]
    counts[seat] = ph
    exact = _race(ph, counts, 5.0, -2.0)
    others = (sum(counts) - ph) / max(1, ctx.n - 1)
    smooth = max(-2.5, min(4.0, (ph - others) * 1.6))
    v += exact * prog + smooth * (1.0 - prog)
    v += ctx.future * 0.7 * (0.5 * exact + 0.5 * smooth)
    # the Nile: scores only with a Flood; Niles stay for later epochs
    niles, floods = t[NILE], t[FLOOD]
    if floods:
        v += floods + niles
    else:
        v += niles * ctx.flood_hope
    v += ctx.future * 0.45 * niles
    # civilizations: by different types, with hope while the epoch goes on
    kinds = 0
    dupes = 0
    for k in CIVILIZATIONS:
        c = t[k]
        if c:
            kinds += 1
            dupes += c - 1
    v += CIV_POINTS[kinds] * prog + CIV_HOPE[kinds] * (1.0 - prog) + 0.3 * dupes
    # monuments: scored at the end of the game, kept until then
    types = 0
    bonus = 0.0
    mon_left = ctx.mon_left
    for i in range(8):
        c = t[MON0 + i]
        if c:
            types += 1
            if c >= 3:
                v += SET_POINTS[c]
                if c < 5 and mon_left[i]:
                    bonus += 1.0
            elif c == 2 and mon_left[i]:
                bonus += 2.0
    v += types if types <= 6 else (10 if types == 7 else 15)
    v += bonus * (ctx.future + 1.0 - prog) / NUM_EPOCHS
    return v


def sun_value(ctx: Context, seat: int, up: Sequence[int], down_sum: int) -> float:
    """What a seat's suns are worth: lots still to win this epoch, later bidding power and
    the final sun race."""
    v = 0.0
    ups = ctx.up_suns
    total_up = len(ups)
    spread = 4.0 / max(1, total_up - 1)
    for s in up:
        v += ctx.use_prob * (3.0 + spread * bisect_left(ups, s))
    total = sum(up) + down_sum
    v += ctx.future * 0.12 * total
    sums = ctx.sun_sums[:]
    sums[seat] = total
    v += ctx.sun_weight * _race(total, sums, 5.0, -5.0)
    return v


def resolve_disasters(ctx: Context, seat: int, t: list[int], disasters: Sequence[int]) -> None:
    """Apply disasters to the counts ``t`` in place, choosing the least harmful discards."""
    for d in disasters:
        if d == FUNERAL:
            t[PHARAOH] = max(0, t[PHARAOH] - 2)
        elif d == DROUGHT:
            lost = min(2, t[FLOOD])
            t[FLOOD] -= lost
            t[NILE] = max(0, t[NILE] - (2 - lost))
        else:
            kinds = CIVILIZATIONS if d == WAR else MONUMENTS
            for k1, k2 in best_discard(ctx, seat, t, kinds):
                t[k1] -= 1
                if k2 >= 0:
                    t[k2] -= 1


def discard_pairs(t: Sequence[int], kinds: Sequence[int]) -> list[tuple[int, int]]:
    """Possible ways to lose up to two tiles of ``kinds`` (pairs; -1 marks nothing)."""
    present = [k for k in kinds if t[k]]
    if sum(t[k] for k in present) <= 2:
        lost = [k for k in present for _ in range(t[k])]
        return [(lost[0] if lost else -1, lost[1] if len(lost) > 1 else -1)]
    pairs = []
    for i, a in enumerate(present):
        if t[a] >= 2:
            pairs.append((a, a))
        pairs.extend((a, b) for b in present[i + 1:])
    return pairs


def best_discard(
    ctx: Context, seat: int, t: list[int], kinds: Sequence[int]
) -> list[tuple[int, int]]:
    """The pair whose loss costs ``seat`` the least (as a one-element list)."""
    best: tuple[int, int] = (-1, -1)
    best_v = -1e9
    for a, b in discard_pairs(t, kinds):
        u = t[:]
        if a >= 0:
            u[a] -= 1
        if b >= 0:
            u[b] -= 1
        val = tile_value(ctx, seat, u)
        if val > best_v:
            best_v, best = val, (a, b)
    return [best]


def tiles_gain(
    ctx: Context, state: GameState, seat: int, lot: Sequence[int], gods: int = 0
) -> float:
    """Change of ``seat``'s tile value if it receives ``lot`` (spending ``gods`` God tiles)."""
    held = state.tiles[seat]
    t = held[:]
    t[GOD] -= gods
    disasters = []
    for k in lot:
        if k == DROUGHT or k == FUNERAL or k == WAR or k == EARTHQUAKE:
            disasters.append(k)
        else:
            t[k] += 1
    if disasters:
        resolve_disasters(ctx, seat, t, disasters)
    return tile_value(ctx, seat, t) - tile_value(ctx, seat, held)


def sun_cost(ctx: Context, state: GameState, seat: int, sun: int) -> float:
    """What paying ``sun`` (and taking the centre sun face down) costs ``seat``."""
    up = state.suns_up[seat]
    down = sum(state.suns_down[seat])
    before = sun_value(ctx, seat, up, down)
    after = sun_value(ctx, seat, [s for s in up if s != sun], down + state.center_sun)
    return before - after


def lot_gain(ctx: Context, state: GameState, seat: int, lot: Sequence[int], sun: int) -> float:
    """Net change of ``seat``'s outlook if it wins ``lot`` paying ``sun``."""
    return tiles_gain(ctx, state, seat, lot) - sun_cost(ctx, state, seat, sun)


def outlook(state: GameState, ctx: Context | None = None) -> list[float]:
    """Each seat's expected final fame: its score plus what its tiles and suns should bring."""
    if state.over:
        return [float(s) for s in state.scores]
    ctx = ctx or Context(state)
    return [
        state.scores[p]
        + tile_value(ctx, p, state.tiles[p])
        + sun_value(ctx, p, state.suns_up[p], sum(state.suns_down[p]))
        for p in range(state.n)
    ]
