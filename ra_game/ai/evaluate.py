"""The hand-made evaluation shared by every AI level: what tiles and suns are worth to a seat.

Everything here reads only public information (tile counts, suns, scores, the bag as a
multiset).  ``Context`` gathers the per-position numbers once; ``tile_value`` estimates the fame
a seat's tiles will still bring (this epoch and later ones), ``sun_value`` what its suns are
worth, and ``lot_gain`` the net change for a seat if it wins the auction track with a given sun.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Final

from ..engine import GameState
from ..engine.disasters import disaster_discards
from ..engine.scoring import CIV_POINTS
from ..engine.scoring import MONUMENT_SET_POINTS as SET_POINTS
from ..engine.tiles import CIVILIZATIONS, MONUMENTS, NUM_EPOCHS, SUN_SETS, Tile

# plain ints (indexing and comparing with an IntEnum is several times slower)
RA: Final = int(Tile.RA)
GOD: Final = int(Tile.GOD)
GOLD: Final = int(Tile.GOLD)
PHARAOH: Final = int(Tile.PHARAOH)
NILE: Final = int(Tile.NILE)
FLOOD: Final = int(Tile.FLOOD)
DROUGHT: Final = int(Tile.DROUGHT)
FUNERAL: Final = int(Tile.FUNERAL)
WAR: Final = int(Tile.WAR)
EARTHQUAKE: Final = int(Tile.EARTHQUAKE)
CIV0: Final = CIVILIZATIONS[0]
MON0: Final = MONUMENTS[0]
CIV_END: Final = CIV0 + len(CIVILIZATIONS)
MON_END: Final = MON0 + len(MONUMENTS)
CIV_KINDS: Final = len(CIVILIZATIONS)
MONUMENT_KINDS: Final = frozenset(MONUMENTS)
MAX_SUN: Final = max(max(s) for sets in SUN_SETS.values() for s in sets)
#: What a number of civilization types is expected to be worth when much of the epoch is left.
# (of any length: mypyc 2.4 checks a Final fixed-length tuple of floats wrongly)
CIV_HOPE: Final[tuple[float, ...]] = (-1.5, 0.8, 2.5, 6.0, 10.5, 15.0)
#: The same for hard with 2 players, fitted to 720 recorded 2-player games (a seat with suns
#: takes about half of the tiles, so it seldom ends an epoch without a civilization; its
#: measured strength is in docs/ai.md).
TWO_PLAYER_CIV_HOPE: Final[tuple[float, ...]] = (1.6, 2.2, 5.3, 8.2, 10.0, 15.0)
#: What a sun that outlasts every rival's suns is worth (a lot drawn alone), tempo on.
TEMPO_LOT: Final = 4.0
#: The same with 2 players: worth less, hard buys lots now rather than hold suns back for the
#: epoch's end, while its stricter 2-player last-sun rule (``mcts.spends_last_sun_early``)
#: keeps it from running out first (the two tuned together by tournament).
TWO_PLAYER_TEMPO_LOT: Final = 2.0
#: Hard's weight of a monument's hope of growing into a set with 2 players, where a seat
#: takes about half of all tiles (tuned by tournament; 3-5 players keep 1).
TWO_PLAYER_MONUMENTS: Final = 2.0
#: What a point of a seat's sun total is worth in each later epoch (bidding power).  Hard's
#: weight with 2 players, where every lot goes to whichever of two sun sets is stronger and
#: trading a high sun for a low centre sun hands the rival the next epochs (tuned by
#: tournament; 3-5 players, and medium, keep SUN_POWER).
SUN_POWER: Final = 0.12
TWO_PLAYER_SUN_POWER: Final = 0.4
#: What a God is worth beyond the 2 fame it scores while much of the epoch is left (a use).
GOD_HOPE: Final = 0.8
#: The share of GOD_HOPE a seat gets by its count of face-up suns (a turn to use the God).
GOD_SHARE: Final = tuple(min(1.0, (c - 1) / 2.0) for c in range(MAX_SUN + 1))
EMPTY: Final = -1


def _capped(monuments: tuple[int, ...]) -> tuple[int, ...]:
    """The bag's monuments counted up to 2 (all the monument terms read, so their cache key)."""
    return tuple([min(2, c) for c in monuments])


class BagInfo:
    """What the evaluation needs from the bag's contents (a multiset; never its order).

    It also remembers :func:`tile_value`'s monument terms by a seat's monument counts (they
    read only the bag's monuments): a search's play-outs all share one bag, and a later bag
    with the same monuments shares the memo; behind it, an LRU cache by (bag's monuments,
    seat's monuments) serves every bag."""

    __slots__ = ("_monument_terms", "_monuments_capped", "floods", "left", "monuments", "pos", "ra",
                 "tiles")

    def __init__(self, state: GameState | None) -> None:
        if state is None:  # an empty one, which :meth:`after` fills
            return
        counts = state.bag_counts()
        self.pos = state.draw_count
        self.left = state.bag_left
        self.ra = counts[RA]
        self.tiles = max(1, self.left - self.ra)
        self.floods = counts[FLOOD]
        self.monuments = tuple(counts[k] for k in MONUMENTS)
        self._monument_terms: dict[tuple[int, ...], tuple[tuple[int, ...], int, float]] = {}
        self._monuments_capped = _capped(self.monuments)

    def after(self, state: GameState) -> BagInfo:
        """The bag of ``state``, a later position of the deal these counts were taken from
        (the same tiles drawn up to ``pos``): these counts less the few tiles drawn since,
        equal to ``BagInfo(state)`` and much cheaper than recounting the whole bag."""
        drawn = state.drawn_since(self.pos)
        if not drawn:
            return self
        info = BagInfo(None)
        info.pos = state.draw_count
        info.left = self.left - len(drawn)
        info.ra = self.ra - drawn.count(RA)
        info.tiles = max(1, info.left - info.ra)
        info.floods = self.floods - drawn.count(FLOOD)
        if MONUMENT_KINDS.isdisjoint(drawn):
            # (the monument terms read only the monuments: while they stay, so do the terms)
            info.monuments = self.monuments
            info._monument_terms = self._monument_terms
            info._monuments_capped = self._monuments_capped
        else:
            info.monuments = tuple([c - drawn.count(k) for c, k in zip(self.monuments, MONUMENTS)])
            info._monument_terms = {}
            info._monuments_capped = _capped(info.monuments)
        return info

    def monument_terms(self, monuments: list[int]) -> tuple[tuple[int, ...], int, float]:
        """What :func:`tile_value` adds for a seat's ``monuments`` (counts of each kind): the
        set points (to add one by one, in order), the variety points, and the bonus of
        monuments that may still grow into (bigger) sets; remembered per counts."""
        key = tuple(monuments)
        terms = self._monument_terms.get(key)
        if terms is None:
            terms = self._monument_terms[key] = _monument_terms(self._monuments_capped, key)
        return terms


class Context:
    """Numbers about one position that every evaluation in it needs.

    It also remembers the last value of each seat's own tiles and suns (checked against the
    counts it was computed from), since most evaluations compare a change with them.
    :meth:`after_ra` derives the context of the same position after more Ra tiles were drawn."""

    __slots__ = (
        "_flood_rate",
        "_held",
        "_sun_slots",
        "_sun_units",
        "_suns",
        "_tempo",
        "bag",
        "civ_terms",
        "epoch",
        "flood_hope",
        "future",
        "future_045",
        "future_07",
        "future_sun",
        "god_hopes",
        "god_worths",
        "lone_worth",
        "mon_weight",
        "n",
        "pharaoh_race",
        "prog_left",
        "progress",
        "rival_up",
        "rivals",
        "sun_others",
        "sun_weight",
        "up_counts",
        "up_suns",
        "use_prob",
    )

    def __init__(self, state: GameState | None, bag: BagInfo | None = None,
                 tempo: bool = False) -> None:
        if state is None:  # an empty one, which :meth:`after_ra` fills
            return
        n = state.n
        self.n = n
        self.rivals = max(1, n - 1)
        epoch = state.epoch
        self.epoch = epoch
        self.future = NUM_EPOCHS - epoch
        self.future_07 = self.future * 0.7  # (the weights of later epochs in tile_value)
        self.future_045 = self.future * 0.45
        power = TWO_PLAYER_SUN_POWER if tempo and n == 2 else SUN_POWER
        self.future_sun = self.future * power  # (of the sun total, in sun_value)
        suns_up = state.suns_up
        up_counts = tuple([len(up) for up in suns_up])
        self._sun_slots = n * len(SUN_SETS[n][0])
        pharaohs = tuple([held[PHARAOH] for held in state.tiles])
        bag = bag or BagInfo(state)
        self._flood_rate = min(0.7, 6.0 * bag.floods / bag.tiles)
        self.bag = bag
        sun_sums = tuple([sum(up) + sum(down) for up, down in zip(suns_up, state.suns_down)])
        self.up_suns = sorted([sun for up in suns_up for sun in up])
        self.up_counts = up_counts
        self.sun_weight = (0.35, 0.6, 1.0)[min(epoch, NUM_EPOCHS) - 1]
        self._tempo = tempo
        self._sun_units: tuple[float, ...] | None = None
        # per seat: the rivals' extremes for the races
        self.pharaoh_race = _pharaoh_race(pharaohs, self.rivals)
        self.sun_others = _others(sun_sums)
        self.rival_up = _rival_highs(up_counts)
        self._set_ra(state.ra_count, state.ra_length)

    def _set_ra(self, ra_count: int, ra_length: int) -> None:
        """The numbers that depend on the Ra tiles drawn (see :func:`_ra_numbers`), and empty
        memos (their values depend on these numbers)."""
        (
            self.progress, self.prog_left, self.civ_terms, self.mon_weight, self.flood_hope,
            self.use_prob, self.lone_worth, self.god_hopes, self.god_worths,
        ) = _ra_numbers(ra_count, ra_length, self.up_counts, self._sun_slots, self.future,
                        self._flood_rate, self._tempo)
        self._held: list[tuple[list[int], float] | None] = [None] * self.n
        self._suns: list[tuple[list[int], int, float] | None] = [None] * self.n

    def sun_units(self) -> tuple[float, ...]:
        """By sun number, what a face-up sun brings in :func:`sun_value` for each use of it:
        3 plus up to 4 by its rank among the face-up suns.  Made on first use (the face-up
        suns stay while a context lives, and :meth:`after_ra` keeps it)."""
        self._sun_units = _sun_units(tuple(self.up_suns))
        return self._sun_units

    def after_ra(self, state: GameState) -> Context:
        """The context of ``state``: this context's position with only more Ra tiles drawn
        (every other number it reads unchanged), equal to a new ``Context`` of it (with the
        same bag and tempo) and cheaper."""
        ctx = Context(None)  # the fields that do not depend on the Ra tiles drawn:
        ctx._flood_rate = self._flood_rate
        ctx._sun_slots = self._sun_slots
        ctx._sun_units = self._sun_units
        ctx._tempo = self._tempo
        ctx.bag = self.bag
        ctx.epoch = self.epoch
        ctx.future = self.future
        ctx.future_045 = self.future_045
        ctx.future_07 = self.future_07
        ctx.future_sun = self.future_sun
        ctx.n = self.n
        ctx.pharaoh_race = self.pharaoh_race
        ctx.rival_up = self.rival_up
        ctx.rivals = self.rivals
        ctx.sun_others = self.sun_others
        ctx.sun_weight = self.sun_weight
        ctx.up_counts = self.up_counts
        ctx.up_suns = self.up_suns
        ctx._set_ra(state.ra_count, state.ra_length)
        return ctx



# The per-seat tables of a Context below are remembered by their input (a few small ints):
# positions in a search repeat them endlessly, and a look-up costs a tenth of a computation.


@lru_cache(maxsize=4096)
def _others(values: tuple[int, ...]) -> tuple[tuple[int, int, int], ...]:
    """For each seat: the highest, lowest and sum of the other seats' ``values``."""
    if len(values) == 2:
        a, b = values
        return ((b, b, b), (a, a, a))
    total = sum(values)
    ranked = sorted(values)
    low, low2, high2, high = ranked[0], ranked[1], ranked[-2], ranked[-1]
    top, bottom = values.index(high), values.index(low)
    return tuple(
        (high2 if p == top else high, low2 if p == bottom else low, total - v)
        for p, v in enumerate(values)
    )


@lru_cache(maxsize=4096)
def _pharaoh_race(pharaohs: tuple[int, ...], rivals: int) -> tuple[tuple[int, int, float], ...]:
    """For each seat: the most and fewest Pharaohs among the other seats, and their mean."""
    return tuple((high, low, rest / rivals) for high, low, rest in _others(pharaohs))


@lru_cache(maxsize=4096)
def _rival_highs(values: tuple[int, ...]) -> tuple[int, ...]:
    """For each seat: the highest of the other seats' ``values``."""
    if len(values) == 2:
        return values[::-1]
    ranked = sorted(values)
    high, high2 = ranked[-1], ranked[-2]
    top = values.index(high)
    return tuple(high2 if p == top else high for p in range(len(values)))


@lru_cache(maxsize=4096)
def _sun_units(ups: tuple[int, ...]) -> tuple[float, ...]:
    """See :meth:`Context.sun_units` (``ups``: the face-up suns, sorted)."""
    spread = 4.0 / max(1, len(ups) - 1)
    return tuple(3.0 + spread * bisect_left(ups, s) for s in range(MAX_SUN + 1))


@lru_cache(maxsize=4096)
def _ra_numbers(
    ra_count: int, ra_length: int, up_counts: tuple[int, ...], sun_slots: int, future: int,
    flood_rate: float, tempo: bool,
) -> tuple[
    float, float, tuple[float, ...], float, float, float, float, tuple[float, ...], tuple[float, ...]
]:
    """A :class:`Context`'s numbers that depend on the Ra tiles drawn: progress, the epoch
    left, the civilization terms, the weight of a monument's bonus, the hope of a Flood, the
    chance a sun is used, the worth of an uncontested lot, and each seat's God hope and worth;
    remembered by these inputs (they repeat endlessly in a search)."""
    up_total = sum(up_counts)
    ra_left = ra_length - ra_count
    progress = max(ra_count / ra_length, 1.0 - up_total / sun_slots)
    mon_weight = future + 1.0 - progress  # (of a monument set's bonus)
    if tempo and len(up_counts) == 2:
        mon_weight *= TWO_PLAYER_MONUMENTS
    flood_hope = flood_rate * (1.0 - progress)
    use_prob = min(1.0, (1.6 * (ra_left - 1) + 1.0) / max(1, up_total))
    # tempo (the hard level's view): a sun kept after the rivals' suns are gone buys a
    # lot nobody contests, if the Ra tiles left let the epoch last that long
    if tempo:
        lasts = min(1.0, max(0.0, (ra_left - 1) / (0.5 * up_total + 1.0)))
        lone_worth = (TWO_PLAYER_TEMPO_LOT if len(up_counts) == 2 else TEMPO_LOT) * lasts
    else:
        lone_worth = 0.0
    # per seat: a God's hope (see god_hope)
    hope = GOD_HOPE * (1.0 - progress)
    god_hopes = tuple(hope * GOD_SHARE[c] if c > 1 else 0.0 for c in up_counts)
    god_worths = tuple(2.0 + h for h in god_hopes)  # (a God's 2 fame and its hope)
    civ = civ_terms(progress, tempo and len(up_counts) == 2)
    return (progress, 1.0 - progress, civ, mon_weight, flood_hope, use_prob, lone_worth,
            god_hopes, god_worths)


@lru_cache(maxsize=1024)
def civ_terms(progress: float, two_player: bool = False) -> tuple[float, ...]:
    """By number of civilization types, what they are worth at ``progress`` of the epoch (their
    points now, hope of more while the epoch goes on; ``two_player``: hard's 2-player hope);
    remembered by its inputs."""
    hope = TWO_PLAYER_CIV_HOPE if two_player else CIV_HOPE
    return tuple(CIV_POINTS[k] * progress + hope[k] * (1.0 - progress) for k in range(len(hope)))


FINAL_CIV_TERMS: Final = civ_terms(1.0)


@lru_cache(maxsize=4096)
def _monument_terms(
    mon_left: tuple[int, ...], monuments: tuple[int, ...]
) -> tuple[tuple[int, ...], int, float]:
    """See :meth:`BagInfo.monument_terms` (``mon_left``: the bag's monuments, or the same
    counted up to 2: nothing here tells 2 from more)."""
    sets = []
    types = 0
    bonus = 0.0
    for i, c in enumerate(monuments):
        if c:
            types += 1
            if c >= 3:
                sets.append(SET_POINTS[c])
                if c < 5 and mon_left[i]:
                    bonus += 1.0
            elif c == 2 and mon_left[i]:
                bonus += 2.0
            elif mon_left[i] >= 2:
                bonus += 0.5  # a first copy that may still grow into a set
    return tuple(sets), (types if types <= 6 else (10 if types == 7 else 15)), bonus


def god_hope(ctx: Context, seat: int) -> float:
    """What a God is worth to ``seat`` beyond the 2 fame it scores: the chance to spend it on
    something better, which needs a turn (a seat down to its last sun may have none left)."""
    return ctx.god_hopes[seat]


def held_value(ctx: Context, seat: int, t: list[int]) -> float:
    """:func:`tile_value` of ``seat``'s tiles ``t``, remembered in ``ctx`` while they stay."""
    memo = ctx._held[seat]
    if memo is not None and memo[0] == t:
        return memo[1]
    v = tile_value(ctx, seat, t)
    ctx._held[seat] = (t[:], v)
    return v


def tile_value(ctx: Context, seat: int, t: list[int]) -> float:
    """The fame the tiles ``t`` (counts by kind) are expected to bring ``seat`` from now on."""
    prog = ctx.progress
    v = ctx.god_worths[seat] * t[GOD] + 3.0 * t[GOLD]
    # pharaoh race: exact now, smoothed while the epoch is young, and again in later epochs
    ph = t[PHARAOH]
    high, low, mean = ctx.pharaoh_race[seat]
    # (a 'most gains, fewest loses' race against the rivals' extremes: most pharaohs +5,
    # fewest -2, all equal 0)
    if ph >= high:
        exact = 0.0 if ph == high == low else 5.0
    else:
        exact = -2.0 if ph <= low else 0.0
    smooth = (ph - mean) * 1.6
    if smooth > 4.0:
        smooth = 4.0
    elif smooth < -2.5:
        smooth = -2.5
    v += exact * prog + smooth * ctx.prog_left
    v += ctx.future_07 * (0.5 * exact + 0.5 * smooth)
    # the Nile: scores only with a Flood; Niles stay for later epochs
    niles, floods = t[NILE], t[FLOOD]
    if floods:
        v += floods + niles
    else:
        v += niles * ctx.flood_hope
    v += ctx.future_045 * niles
    # civilizations: by different types, with hope while the epoch goes on
    civs = t[CIV0:CIV_END]
    kinds = CIV_KINDS - civs.count(0)
    # (a seat without face-up suns gets no more this epoch: its civilizations are final)
    by_kinds = ctx.civ_terms if ctx.up_counts[seat] else FINAL_CIV_TERMS
    v += by_kinds[kinds] + 0.3 * (sum(civs) - kinds)
    # monuments: scored at the end of the game, kept until then
    sets, variety, bonus = ctx.bag.monument_terms(t[MON0:MON_END])
    for points in sets:
        v += points
    v += variety
    v += bonus * ctx.mon_weight / NUM_EPOCHS
    return v


def sun_value(ctx: Context, seat: int, up: list[int], down_sum: int) -> float:
    """What a seat's suns are worth: lots still to win this epoch, later bidding power and
    the final sun race."""
    v = 0.0
    units = ctx._sun_units or ctx.sun_units()
    use_prob = ctx.use_prob
    for s in up:
        v += use_prob * units[s]
    if ctx.lone_worth and up:
        outlasting = len(up) - ctx.rival_up[seat]
        if outlasting > 0:  # (adding 0.0 would change nothing: v > 0 here)
            v += ctx.lone_worth * outlasting
    total = sum(up) + down_sum
    v += ctx.future_sun * total
    # the final sun race (as the pharaohs' in tile_value: most +5, fewest -5, all equal 0)
    high, low, _ = ctx.sun_others[seat]
    if total >= high:
        race = 0.0 if total == high == low else 5.0
    else:
        race = -5.0 if total <= low else 0.0
    v += ctx.sun_weight * race
    return v


def held_sun_value(ctx: Context, seat: int, up: list[int], down_sum: int) -> float:
    """:func:`sun_value` of ``seat``'s own suns, remembered in ``ctx`` while they stay."""
    memo = ctx._suns[seat]
    if memo is not None and memo[1] == down_sum and memo[0] == up:
        return memo[2]
    v = sun_value(ctx, seat, up, down_sum)
    ctx._suns[seat] = (up[:], down_sum, v)
    return v


def best_discard(
    ctx: Context, seat: int, t: list[int], options: Sequence[tuple[int, ...]]
) -> tuple[int, ...]:
    """The discard among ``options`` whose loss costs ``seat`` the least."""
    if len(options) == 1:
        return options[0]  # no choice (nothing to weigh: any value beats the start below)
    best = options[0]
    best_v = -1e9
    for lost in options:
        u = t[:]
        for k in lost:
            u[k] -= 1
        val = tile_value(ctx, seat, u)
        if val > best_v:
            best_v, best = val, lost
    return best


#: Picks one of a War's or an Earthquake's discards: (ctx, seat, counts, options) -> kinds lost.
Chooser = Callable[[Context, int, list[int], Sequence[tuple[int, ...]]], tuple[int, ...]]


def receive(
    ctx: Context, seat: int, t: list[int], lot: Sequence[int], choose: Chooser = best_discard
) -> None:
    """Add ``lot`` to ``seat``'s counts ``t`` in place and resolve its disasters in order
    (R-DIS), ``choose`` picking among the engine's discards (:func:`disaster_discards`) for a
    War or an Earthquake; by default the one that costs ``seat`` the least.

    The fast path (the lot split by kind, Funeral and Drought by arithmetic) is the engine's
    rule: a property test holds it equal to :func:`~ra_game.engine.disasters.disaster_outcomes`.
    """
    disasters = None
    for k in lot:
        if k < DROUGHT:  # the disasters are the last four kinds
            t[k] += 1
        elif disasters is None:
            disasters = [k]
        else:
            disasters.append(k)
    if disasters is None:
        return
    for d in disasters:
        if d == FUNERAL:
            t[PHARAOH] = max(0, t[PHARAOH] - 2)
        elif d == DROUGHT:
            lost = min(2, t[FLOOD])
            t[FLOOD] -= lost
            t[NILE] = max(0, t[NILE] - (2 - lost))
        else:
            for k in choose(ctx, seat, t, disaster_discards(t, d)):
                t[k] -= 1


def tiles_gain(
    ctx: Context, state: GameState, seat: int, lot: Sequence[int], gods: int = 0
) -> float:
    """Change of ``seat``'s tile value if it receives ``lot`` (spending ``gods`` God tiles)."""
    held = state.tiles[seat]
    t = held[:]
    if gods:
        t[GOD] -= gods
    receive(ctx, seat, t, lot)
    return tile_value(ctx, seat, t) - held_value(ctx, seat, held)


def sun_cost(ctx: Context, state: GameState, seat: int, sun: int) -> float:
    """What paying ``sun`` (and taking the centre sun face down) costs ``seat``."""
    up = state.suns_up[seat]
    down = sum(state.suns_down[seat])
    before = held_sun_value(ctx, seat, up, down)
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
