"""Small helpers that build positions from literals and play moves written in notation."""

from __future__ import annotations

import copy
from dataclasses import replace
from typing import Any

from ra_game.engine import GameState
from ra_game.engine import events as ev
from ra_game.engine.tiles import NUM_KINDS, TILE_BY_ID, TILE_IDS
from tooling.positions import changed

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


def out_of_suns(state: GameState, seat: int) -> GameState:
    """``state`` with every sun of ``seat`` face down (as if it had bid them all)."""
    up, down = list(state.position().suns_up), list(state.position().suns_down)
    up[seat], down[seat] = (), tuple(sorted(down[seat] + up[seat], reverse=True))
    return changed(state, suns_up=tuple(up), suns_down=tuple(down))


def emptied(state: GameState) -> GameState:
    """``state`` with an empty bag: the tiles it held are the discards' (the same position)."""
    return GameState.from_position(replace(state.position(), bag=(0,) * NUM_KINDS, discarded=None))


def snapshot(state: GameState) -> tuple[Any, ...]:
    """Every internal field of a state, deep-copied, plus its summary: equal iff unchanged."""
    names = getattr(GameState, "__mypyc_attrs__", None) or GameState.__slots__  # (compiled)
    fields = tuple(copy.deepcopy(getattr(state, name)) for name in sorted(names))
    return fields + (state.summary(),)


def of_type(events: list[Any], kind: type) -> list[Any]:
    """The events of one class, in order."""
    return [e for e in events if isinstance(e, kind)]


def end_epoch_now(state: GameState) -> tuple[GameState, list[Any]]:
    """Make the player to move draw the Ra tile that fills the Ra track (bag must start with it):
    the state after the draw (the epoch scored) and the draw's events.

    The state must be fresh enough that its next draw is a ``ra`` tile.
    """
    state = changed(state, ra_count=state.ra_length - 1)
    events = state.apply("draw")
    assert of_type(events, ev.EpochEnded), "the draw did not end the epoch"
    return state, events


def epoch_points(events: list[Any]) -> list[dict[str, int]]:
    """Each player's points by category from the EpochScored event among ``events``."""
    (scored,) = of_type(events, ev.EpochScored)
    return [row.points for row in scored.scores]


def score_position(holdings: dict[int, str], players: int = 2, epoch: int = 1,
                   scores: list[int] | None = None,
                   suns: list[list[int]] | None = None) -> tuple[GameState, list[dict[str, int]]]:
    """End epoch ``epoch`` of a fresh position with ``holdings``; returns the state after and
    each player's points by category."""
    state = position(players, holdings=holdings, bag="ra", suns=suns)
    state = changed(state, epoch=epoch, scores=tuple(scores or state.scores))
    state, events = end_epoch_now(state)
    return state, epoch_points(events)


def position(players: int = 2, track: str = "", holdings: dict[int, str] | None = None,
             bag: str = "", suns: list[list[int]] | None = None) -> GameState:
    """A fresh game (seat 0 to move) with tiles set straight onto the auction track and into
    players' areas, the bag starting with ``bag`` and holding the rest."""
    state = new_game(players, bag, suns)
    held = [kinds((holdings or {}).get(seat, "")) for seat in range(players)]
    return changed(state, auction=tuple(kinds(track)),
                   tiles=tuple(tuple(h.count(k) for k in range(NUM_KINDS)) for h in held))


def seat0_wins(tiles: str, players: int = 2, rest: str = "") -> tuple[GameState, list[Any]]:
    """Seats draw ``tiles`` in turn, then an invoke makes seat 0 win them all with its top sun;
    the bag goes on with ``rest``.

    Returns the state just after seat 0's winning bid (a discard choice may be pending).
    """
    count = len(tiles.split())
    state = new_game(players, f"{tiles} {rest}")
    play(state, "draw " * count)
    top = state.suns_up[0][0]
    if state.to_move == 0:
        moves = "ra " + "pass " * (players - 1) + f"bid:{top}"
    else:  # another seat invokes; seat 0's top sun beats every other, so the rest pass
        moves = "ra " + "pass " * ((0 - state.to_move - 1) % players) + f"bid:{top}"
    events = play(state, moves)
    won = of_type(events, ev.AuctionWon)
    assert won and won[0].player == 0, "seat 0 did not win the lot"
    return state, events
