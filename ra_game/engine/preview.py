"""Public-information helpers for players: tiles left in the bag, the events of a game so far,
what this epoch would score if it ended now, and what the lot on the auction track is worth.

Everything here reads public state only (holdings, suns, the tracks, the drawn tiles): never
the order of the bag.  Scoring goes through :mod:`scoring`, the engine's own rules.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from . import events as ev
from .disasters import disaster_outcomes
from .moves import Move
from .scoring import epoch_points, monument_points
from .state import EMPTY, GameState
from .tiles import NUM_EPOCHS, TILE_COUNTS, Tile


def move_events(initial: GameState, moves: Iterable[str]) -> list[list[Any]]:
    """The events of each move played from ``initial`` (a clone; ``initial`` is not changed).
    Raises the engine's errors (IllegalMoveError, NotationError) for a bad move."""
    state = initial.clone()
    out: list[list[Any]] = []
    for text in moves:
        out.append(state.apply(Move.parse(text)))
    return out


def drawn_tiles(events: Iterable[Any]) -> list[int]:
    """The tiles drawn by ``events`` in order (a Ra draw counts as a Ra tile)."""
    drawn: list[int] = []
    for e in events:
        if isinstance(e, ev.TileDrawn):
            drawn.append(e.tile)
        elif isinstance(e, ev.RaDrawn):
            drawn.append(Tile.RA)
    return drawn


def tiles_left(drawn: Iterable[int]) -> list[int]:
    """Tiles of each kind still in the bag: the 180 of R-COMP minus those ``drawn``."""
    left = list(TILE_COUNTS)
    for kind in drawn:
        left[kind] -= 1
    return left


def ra_tiles_to_epoch_end(state: GameState) -> int:
    """How many more Ra tiles drawn end this epoch (fewer may do, if the suns run out)."""
    return state.ra_length - state.ra_count


def _sun_sums(state: GameState) -> list[int]:
    return [sum(state.suns_up[p]) + sum(state.suns_down[p]) for p in range(state.n)]


def epoch_preview(state: GameState) -> list[dict[str, int]]:
    """Each player's points by category if the epoch ended now, as the engine would score them
    (monuments and sun totals in the final epoch)."""
    final = state.epoch == NUM_EPOCHS
    return epoch_points(state.tiles, _sun_sums(state) if final else None)


def tiles_gain(state: GameState, seat: int, tiles: Sequence[int], sun_change: int = 0,
               lasting: bool = False) -> int:
    """How much taking ``tiles`` now (disasters included, discarding as well as ``seat`` can)
    would change ``seat``'s score for this epoch; ``sun_change`` adds to its sun total, which
    counts in the final epoch.  With ``lasting``, monuments count before the final epoch too,
    as the holding would score them at the end of the game (they stay until then)."""
    final = state.epoch == NUM_EPOCHS
    later = lasting and not final
    suns = _sun_sums(state) if final else None
    now = sum(epoch_points(state.tiles, suns)[seat].values())
    if suns is not None and sun_change:
        suns = suns[:]
        suns[seat] += sun_change
    best: int | None = None
    for held in disaster_outcomes(state.tiles[seat], tiles):
        holdings = [held if q == seat else state.tiles[q] for q in range(state.n)]
        gain = sum(epoch_points(holdings, suns)[seat].values())
        if later:
            gain += monument_points(held) - monument_points(state.tiles[seat])
        best = gain if best is None else max(best, gain)
    return (best if best is not None else now) - now


def lot_values(state: GameState, lasting: bool = False) -> list[int]:
    """For each player, how much the lot on the auction track would change their score for this
    epoch if they took it now (disasters included, discarding as well as they can).  In the
    final epoch the sun totals count too: the winner gives their lowest sun that can win now
    and gains the centre sun (a player who cannot bid gets the tiles' worth alone).  With
    ``lasting``, its monuments count as they would score at the end of the game."""
    return [_lot_value(state, p, lasting) for p in range(state.n)]


def _lot_value(state: GameState, seat: int, lasting: bool) -> int:
    lot = [t for t in state.auction if t != EMPTY]
    pay = _winning_sun(state, seat)
    change = state.center_sun - pay if pay is not None else 0
    return tiles_gain(state, seat, lot, change, lasting)


def lot_worth(state: GameState, seat: int) -> int:
    """What the lot on the auction track is worth to ``seat``: the one number the board's bid
    chip, the Hint and the review's reasons all say (:func:`lot_values` with its monuments
    counted as they score at the end of the game)."""
    return _lot_value(state, seat, lasting=True)


def tiles_worth(state: GameState, seat: int, tiles: Sequence[int]) -> int:
    """What taking ``tiles`` (with Gods: no sun paid) is worth to ``seat``, counted as
    :func:`lot_worth` counts a lot."""
    return tiles_gain(state, seat, tiles, lasting=True)


def _winning_sun(state: GameState, seat: int) -> int | None:
    """The sun ``seat`` would win the auction with now: its standing high bid, or its lowest
    face-up sun above the high bid (None if it has none)."""
    if state.high_bidder == seat:
        return state.high_bid
    options = [s for s in state.suns_up[seat] if s > state.high_bid]
    return min(options) if options else None
