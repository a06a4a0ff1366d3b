"""A learned evaluation: each seat's fame to come, predicted from one seat's observation.

A position is read as a *record*, a flat tuple of ints that holds only what an observation
holds (the public position and the bag as a multiset of counts, never its order):
:func:`record_of` makes one from a state, :func:`state_of` turns one back into a state whose
bag is in a canonical (sorted) order.  :func:`seat_features` reads a state: the numbers of
today's hand-made evaluation (:mod:`.evaluate`) and the plain counts of the tiles, suns, Ra
track and bag, each seat against its rivals.  The model is linear in those features with
interactions by epoch and by the epoch's progress; its weights ship as ``learned_eval.json``
in this package (made by ``tools/train_eval.py``), read once.  Pure Python: the game does not
need numpy.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

from ..engine import GameState, Position
from ..engine.scoring import CIV_POINTS, MONUMENT_SET_POINTS, MONUMENT_VARIETY_POINTS
from ..engine.state import EMPTY
from ..engine.tiles import (
    CIVILIZATIONS,
    DISASTERS,
    IS_DISASTER,
    MONUMENTS,
    NUM_EPOCHS,
    NUM_KINDS,
    Tile,
)
from .evaluate import Context, sun_value, tile_value

#: The layout of a record and of the features of the shipped weights; a weights file names the
#: one it was fitted to (2: :data:`FEATURE_NAMES`; 3: those and :data:`RIVAL_FEATURE_NAMES`).
FEATURE_VERSION = 2
#: The shipped weights (package data).
WEIGHTS_FILE = "learned_eval.json"
#: The candidate for 3-5 players (package data, made by ``tools/train_learned.py``): only the
#: measuring seat ``hard-v3`` plays it until a confirming run says so (docs/ai.md).
CANDIDATE_FILE = "learned_candidate.json"
MAX_SUNS = 5  # (the most suns a seat holds: 2 players, 4 up + centre suns taken)
TRACK = 8
HEAD = ("players", "epoch", "ra_count", "ra_length", "center_sun", "current")

RA, GOD, GOLD, PHARAOH = int(Tile.RA), int(Tile.GOD), int(Tile.GOLD), int(Tile.PHARAOH)
NILE, FLOOD = int(Tile.NILE), int(Tile.FLOOD)
CIVS = [int(k) for k in CIVILIZATIONS]
MONS = [int(k) for k in MONUMENTS]

#: The features of one seat, in order (their weights are stored in this order).
FEATURE_NAMES = (
    "bias", "evaluation", "gods", "gold", "pharaohs", "pharaohs_over_most_rival",
    "pharaohs_over_fewest_rival", "pharaoh_most", "pharaoh_fewest", "niles", "floods",
    "niles_with_flood", "civ_types", "civ_tiles", "civ_points", "monument_types",
    "monument_sets", "monument_pairs", "monument_variety", "sun_total",
    "sun_total_over_best_rival", "sun_total_over_worst_rival", "sun_highest", "sun_lowest",
    "suns_up", "suns_up_over_best_rival", "suns_up_over_ra_left", "out_of_suns",
    "rivals_with_suns", "top_sun", "top_sun_over_best_rival", "center_sun", "ra_progress",
    "ra_left", "bag_ra", "bag_tiles", "bag_floods", "bag_niles", "bag_civs", "bag_monuments",
    "bag_gods", "bag_gold", "bag_pharaohs", "bag_disasters", "score_over_best_rival",
    "score_over_mean_rival", "rivals", "lot_size", "lot_gods", "lot_disasters", "is_current",
)
#: Features of a seat against several rivals, after :data:`FEATURE_NAMES` in feature version 3:
#: who can still outbid whom (by top sun), the sun races (rank, margin over the second rival,
#: a shared lead, alone at the bottom), the Pharaoh and score ranks, the rivals' bidding turns.
RIVAL_FEATURE_NAMES = (
    "rivals_outbidding", "rivals_outbid", "sun_total_rank", "sun_total_over_second_rival",
    "sun_total_shares_most", "sun_total_alone_fewest", "pharaoh_rank", "score_rank",
    "rivals_suns_up", "suns_up_share",
)
#: The features of each feature version.
FEATURES: dict[int, tuple[str, ...]] = {2: FEATURE_NAMES, 3: FEATURE_NAMES + RIVAL_FEATURE_NAMES}
#: Each feature is weighted per epoch, plus the same times the epoch's progress; 2-player
#: positions add weights of their own to those (fitted as deviations, so the fewer 2-player
#: games borrow strength from the others).
SHARED_BLOCKS = 2 * NUM_EPOCHS
BLOCKS = 2 * SHARED_BLOCKS


def record_of(state: GameState) -> tuple[int, ...]:
    """The record of ``state`` as any seat observes it (see the module's docstring)."""
    n = state.n
    out = [n, state.epoch, state.ra_count, state.ra_length, state.center_sun, state.current]
    out += state.scores
    for held in state.tiles:
        out += held
    for suns in (state.suns_up, state.suns_down):
        for seat_suns in suns:
            out += list(seat_suns) + [0] * (MAX_SUNS - len(seat_suns))
    out += state.auction
    out += state.bag_counts()
    return tuple(out)


def state_of(record: Sequence[int]) -> GameState:
    """A state with the position of ``record``, its bag in sorted order."""
    n = record[0]
    epoch, ra_count, _ra_length, center_sun, current = record[1:6]
    at = len(HEAD)
    scores = tuple(record[at:at + n])
    at += n
    tiles = tuple(tuple(record[at + p * NUM_KINDS:at + (p + 1) * NUM_KINDS]) for p in range(n))
    at += n * NUM_KINDS
    suns = []
    for _ in range(2):
        suns.append(tuple(tuple(s for s in record[at + p * MAX_SUNS:at + (p + 1) * MAX_SUNS] if s)
                          for p in range(n)))
        at += n * MAX_SUNS
    auction = tuple(record[at:at + TRACK])
    at += TRACK
    return GameState.from_position(Position(
        suns_up=suns[0], suns_down=suns[1], tiles=tiles, scores=scores, center_sun=center_sun,
        epoch=epoch, ra_count=ra_count, current=current, auction=auction,
        bag=tuple(record[at:at + NUM_KINDS])))


def _rival_extremes(values: Sequence[float], seat: int) -> tuple[float, float]:
    rivals = [v for p, v in enumerate(values) if p != seat]
    return max(rivals), min(rivals)


def rival_features(state: GameState) -> list[list[float]]:
    """The features (:data:`RIVAL_FEATURE_NAMES`) of every seat of ``state``."""
    n = state.n
    totals = [sum(u) + sum(d) for u, d in zip(state.suns_up, state.suns_down)]
    tops = [u[0] if u else 0 for u in state.suns_up]
    ups = [len(u) for u in state.suns_up]
    pharaohs = [t[PHARAOH] for t in state.tiles]
    all_ups = sum(ups)
    out = []
    for p in range(n):
        rivals = [r for r in range(n) if r != p]
        by_total = sorted((totals[r] for r in rivals), reverse=True)
        second = by_total[1] if len(by_total) > 1 else by_total[0]
        out.append([
            float(sum(1 for r in rivals if tops[r] > tops[p])),
            float(sum(1 for r in rivals if 0 < tops[r] < tops[p])),
            float(sum(1 for r in rivals if totals[r] > totals[p])),
            (totals[p] - second) / 10.0,
            1.0 if totals[p] == by_total[0] and totals[p] >= max(totals) else 0.0,
            1.0 if totals[p] < by_total[-1] else 0.0,
            float(sum(1 for r in rivals if pharaohs[r] > pharaohs[p])),
            float(sum(1 for r in rivals if state.scores[r] > state.scores[p])),
            sum(ups[r] for r in rivals) / (n - 1.0),
            ups[p] / all_ups if all_ups else 0.0,
        ])
    return out


def seat_features(
    state: GameState, ctx: Context | None = None, version: int = FEATURE_VERSION
) -> list[list[float]]:
    """The features (:data:`FEATURES` of ``version``) of every seat of ``state`` (``ctx``:
    hard's evaluation context of it, if the caller has one)."""
    ctx = ctx or Context(state, tempo=True)
    n = state.n
    bag = state.bag_counts()
    progress = state.ra_count / state.ra_length
    ra_left = state.ra_length - state.ra_count
    pharaohs = [t[PHARAOH] for t in state.tiles]
    sun_totals = [sum(u) + sum(d) for u, d in zip(state.suns_up, state.suns_down)]
    ups = [len(u) for u in state.suns_up]
    tops = [u[0] if u else 0 for u in state.suns_up]
    lot = [t for t in state.auction if t != EMPTY]
    lot_gods = sum(1 for t in lot if t == GOD)
    lot_disasters = sum(1 for t in lot if IS_DISASTER[t])
    bag_disasters = sum(bag[k] for k in DISASTERS)
    with_suns = sum(1 for u in ups if u)
    shared = [
        state.center_sun / 10.0, progress, ra_left, bag[RA] / 10.0, (sum(bag) - bag[RA]) / 10.0,
        bag[FLOOD], bag[NILE], sum(bag[k] for k in CIVS), sum(bag[k] for k in MONS), bag[GOD],
        bag[GOLD], bag[PHARAOH], bag_disasters,
    ]
    out = []
    for p in range(n):
        t = state.tiles[p]
        up = state.suns_up[p]
        evaluation = tile_value(ctx, p, t) + sun_value(ctx, p, up, sum(state.suns_down[p]))
        ph_high, ph_low = _rival_extremes(pharaohs, p)
        sun_high, sun_low = _rival_extremes(sun_totals, p)
        score_high = _rival_extremes(state.scores, p)[0]
        civ_types = sum(1 for k in CIVS if t[k])
        mons = [t[k] for k in MONS]
        mon_types = sum(1 for c in mons if c)
        out.append([
            1.0, evaluation, t[GOD], t[GOLD], t[PHARAOH], t[PHARAOH] - ph_high,
            t[PHARAOH] - ph_low, 1.0 if t[PHARAOH] >= ph_high else 0.0,
            1.0 if t[PHARAOH] <= ph_low else 0.0, t[NILE], t[FLOOD],
            t[NILE] if t[FLOOD] else 0, civ_types, sum(t[k] for k in CIVS),
            CIV_POINTS[civ_types] / 5.0, mon_types,
            sum(MONUMENT_SET_POINTS[c] for c in mons if c >= 3), sum(1 for c in mons if c == 2),
            MONUMENT_VARIETY_POINTS[mon_types] / 5.0, sun_totals[p] / 10.0,
            (sun_totals[p] - sun_high) / 10.0, (sun_totals[p] - sun_low) / 10.0,
            1.0 if sun_totals[p] >= sun_high else 0.0, 1.0 if sun_totals[p] <= sun_low else 0.0,
            ups[p], ups[p] - _rival_extremes(ups, p)[0], ups[p] - ra_left,
            0.0 if ups[p] else 1.0, with_suns - (1 if ups[p] else 0), tops[p] / 10.0,
            (tops[p] - _rival_extremes(tops, p)[0]) / 10.0, *shared,
            (state.scores[p] - score_high) / 10.0,
            (state.scores[p] - (sum(state.scores) - state.scores[p]) / (n - 1)) / 10.0,
            n - 1.0, len(lot), lot_gods, lot_disasters, 1.0 if p == state.current else 0.0,
        ])
    if version >= 3:
        for row, more in zip(out, rival_features(state)):
            row += more
    return out


def expand(features: Sequence[float], players: int, epoch: int, progress: float) -> list[float]:
    """One seat's features spread over the model's blocks: the epoch's block holds them, the
    next block holds them times the epoch's progress (with 2 players, the 2-player blocks of
    the epoch hold the same again); the other blocks hold zeros."""
    k = len(features)
    row = [0.0] * (BLOCKS * k)
    slope = [f * progress for f in features]
    for at in (0, SHARED_BLOCKS * k) if players == 2 else (0,):
        at += (min(epoch, NUM_EPOCHS) - 1) * 2 * k
        row[at:at + k] = features
        row[at + k:at + 2 * k] = slope
    return row


@dataclass(frozen=True)
class LearnedModel:
    """Weights by number of players (the keys: the counts the model covers) and epoch:
    ``base[n][e][i]`` and ``slope[n][e][i]`` (times the epoch's progress) of feature i.

    A weights file without ``players`` holds the shared blocks and the 2-player deviations
    (:func:`expand`) and covers 2-5 players; one with ``players`` (a list of groups, each a list
    of player counts) holds one standalone set of :data:`SHARED_BLOCKS` blocks per group, so a
    group can be refitted while the others keep their weights."""

    base: dict[int, tuple[tuple[float, ...], ...]]
    slope: dict[int, tuple[tuple[float, ...], ...]]
    version: int
    info: dict[str, object]
    #: The feature version the weights were fitted to (a key of :data:`FEATURES`).
    features: int = FEATURE_VERSION

    @classmethod
    def from_json(cls, text: str) -> LearnedModel:
        """A model from a weights file's text; ValueError for a file of other features."""
        data = json.loads(text)
        features = data.get("feature_version")
        names = FEATURES.get(features) if isinstance(features, int) else None
        if names is None or tuple(data.get("features", ())) != names:
            raise ValueError("the weights were fitted to other features; run tools/train_eval.py")
        flat = [float(w) for w in data["weights"]]
        k = len(names)
        groups = _groups(data.get("players"))
        expected = (len(groups) if groups else 2) * SHARED_BLOCKS * k
        if len(flat) != expected:
            raise ValueError(f"expected {expected} weights, found {len(flat)}")

        def block(b: int, group: int, own: int | None) -> tuple[float, ...]:
            at = (group * SHARED_BLOCKS + b) * k
            shared = flat[at:at + k]
            if own is None:
                return tuple(shared)
            deviation = flat[(own * SHARED_BLOCKS + b) * k:(own * SHARED_BLOCKS + b + 1) * k]
            return tuple(w + d for w, d in zip(shared, deviation))

        # players -> (its group's weights, the group of its deviations if any)
        layout = ({n: (g, None) for g, counts in enumerate(groups) for n in counts} if groups
                  else {n: (0, 1 if n == 2 else None) for n in range(2, 6)})
        base = {n: tuple(block(2 * e, g, own) for e in range(NUM_EPOCHS))
                for n, (g, own) in layout.items()}
        slope = {n: tuple(block(2 * e + 1, g, own) for e in range(NUM_EPOCHS))
                 for n, (g, own) in layout.items()}
        return cls(base, slope, int(data.get("version", 0)), dict(data.get("info", {})),
                   features)

    def covers(self, players: int) -> bool:
        """Whether the model has weights for ``players``."""
        return players in self.base

    def to_come(self, state: GameState, ctx: Context | None = None) -> list[float]:
        """Each seat's predicted fame still to come (final fame minus its score now)."""
        if state.over:
            return [0.0] * state.n
        progress = state.ra_count / state.ra_length
        epoch = min(state.epoch, NUM_EPOCHS) - 1
        base, slope = self.base[state.n][epoch], self.slope[state.n][epoch]
        return [sum(f * (b + s * progress) for f, b, s in zip(row, base, slope))
                for row in seat_features(state, ctx, self.features)]

    def fame(self, state: GameState, ctx: Context | None = None) -> list[float]:
        """Each seat's predicted final fame: its score plus :meth:`to_come`."""
        return [s + c for s, c in zip(state.scores, self.to_come(state, ctx))]


def _groups(players: object) -> list[list[int]]:
    """The player-count groups of a weights file's ``players`` (empty: none given)."""
    if players is None:
        return []
    groups = players if isinstance(players, list) else []
    counts = [n for g in groups if isinstance(g, list) for n in g]
    if (not groups or len(counts) != len(set(counts)) or sum(map(len, groups)) != len(counts)
            or not all(isinstance(n, int) and 2 <= n <= 5 for n in counts)):
        raise ValueError("the weights' players must be groups of distinct counts from 2 to 5")
    return [list(g) for g in groups]


def _read_model(name: str) -> LearnedModel:
    text = resources.files(__package__).joinpath(name).read_text(encoding="utf-8")
    return LearnedModel.from_json(text)


@lru_cache(maxsize=1)
def shipped_model() -> LearnedModel:
    """The weights shipped in the package, read once."""
    return _read_model(WEIGHTS_FILE)


@lru_cache(maxsize=1)
def candidate_model() -> LearnedModel:
    """The 3-5-player candidate's weights (:data:`CANDIDATE_FILE`), read once."""
    return _read_model(CANDIDATE_FILE)


def candidate_for(players: int) -> LearnedModel:
    """The candidate's weights where they cover ``players``, else the shipped ones."""
    candidate = candidate_model()
    return candidate if candidate.covers(players) else shipped_model()
