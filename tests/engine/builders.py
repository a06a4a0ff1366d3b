"""Small helpers that build positions from literals and play moves written in notation."""

from __future__ import annotations

import copy
from typing import Any

from ra_game.engine import GameState
from ra_game.engine import events as ev
from ra_game.engine.tiles import TILE_BY_ID, TILE_COUNTS, TILE_IDS

#: The sun sets of R-SETUP-4, one fixed deal per player count (seat 0 holds the highest sun).
SUNS: dict[int, list[list[int]]] = {
    2: [[9, 6, 5, 2], [8, 7, 4, 3]],
    3: [[13, 8, 5, 2], [12, 9, 6, 3], [11, 10, 7, 4]],
    4: [[13, 6, 2], [12, 7, 3], [11, 8, 4], [10, 9, 5]],
    5: [[16, 7, 2], [15, 8, 3], [14, 9, 4], [13, 10, 5], [12, 11, 6]],
}


def kinds(text: str) -> list[int]:
    """Tile kinds from space-separated tile ids, e.g. ``"pharaoh ra gold"``."""
    return [TILE_BY_ID[name] for name in text.split()]


def new_game(players: int = 2, bag: str = "", suns: list[list[int]] | None = None,
             seed: int = 0) -> GameState:
    """A fresh game with fixed sun sets (``SUNS`` unless given) and a fixed bag prefix."""
    return GameState.new(players, seed=seed, suns=suns or SUNS[players], bag=kinds(bag))


def play(state: GameState, moves: str) -> list[Any]:
    """Apply space-separated moves in notation; returns all the events they caused."""
    events: list[Any] = []
    for text in moves.split():
        events.extend(state.apply(text))
    return events


def held(state: GameState, seat: int) -> dict[str, int]:
    """The tiles ``seat`` holds, by tile id (only kinds held)."""
    return {TILE_IDS[k]: c for k, c in enumerate(state.tiles[seat]) if c}


def give(state: GameState, seat: int, tiles: str) -> None:
    """Put tiles straight into a seat's area (for positions that are clearest built directly)."""
    for kind in kinds(tiles):
        state.tiles[seat][kind] += 1


def snapshot(state: GameState) -> tuple[Any, ...]:
    """Every internal field of a state, deep-copied, plus its summary: equal iff unchanged."""
    fields = tuple(copy.deepcopy(getattr(state, name)) for name in GameState.__slots__)
    return fields + (state.summary(),)


def of_type(events: list[Any], kind: type) -> list[Any]:
    """The events of one class, in order."""
    return [e for e in events if isinstance(e, kind)]


def end_epoch_now(state: GameState) -> list[Any]:
    """Make the player to move draw the Ra tile that fills the Ra track (bag must start with it).

    The state must be fresh enough that its next draw is a ``ra`` tile; the epoch is then scored.
    """
    state.ra_count = state.ra_length - 1
    events = state.apply("draw")
    assert of_type(events, ev.EpochEnded), "the draw did not end the epoch"
    return events


def epoch_points(events: list[Any]) -> list[dict[str, int]]:
    """Each player's points by category from the EpochScored event among ``events``."""
    (scored,) = of_type(events, ev.EpochScored)
    return [row.points for row in scored.scores]


FULL_COUNTS = list(TILE_COUNTS)
