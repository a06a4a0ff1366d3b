"""The client's copy of an online game: a :class:`GameState` built from the public setup
whose bag order is unknown (dealt from seed 0), kept in step with the server by applying each
announced move; a draw comes with the tile it revealed, put next in the bag
(:meth:`GameState.put_next`; on a match, :func:`announced` makes it a
:class:`~ra_game.table.match.Revealed`), so the copy yields the same engine events (for the
animations) and the same ``summary()`` as the server's game.  The online seat controller
(:mod:`ra_game.net.client.online_seat`) keeps the copy; the server builds the public setup here too.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...engine import GameState, Move, RaError, replay_dict
from ...engine.tiles import TILE_BY_ID, TILE_IDS
from ...table.match import Match, Modes, Revealed

DRAW = "draw"


class MirrorError(ValueError):
    """The server's setup or move does not fit the game this copy holds."""


def public_setup(state: GameState, kinds: Sequence[str], options: dict[str, Any]) -> dict[str, Any]:
    """What every seat may know before the first move: names, kinds, the suns dealt, the
    player count and the room's options (never the bag order or a seed)."""
    return {
        "players": [{"name": name, "kind": kind} for name, kind in zip(state.names, kinds)],
        "suns": [list(s) for s in state.initial_suns],
        "count": state.n,
        "options": dict(options),
    }


def _tile(tile_id: str) -> int:
    try:
        return TILE_BY_ID[tile_id]
    except KeyError:
        raise MirrorError(f"unknown tile {tile_id[:20]!r}") from None


def initial_state(setup: dict[str, Any], drawn: Sequence[str] = ()) -> GameState:
    """The state before the first move; ``drawn``: the tiles the draws so far revealed, in
    order (a rejoin), put first in the bag."""
    try:
        players = setup["players"]
        names = [str(p["name"]) for p in players]
        return GameState.new(len(names), 0, setup["suns"], [_tile(t) for t in drawn], names)
    except (KeyError, TypeError, ValueError) as exc:  # SetupError is a ValueError
        raise MirrorError(f"not a game setup: {exc}") from None


def rebuild(setup: dict[str, Any], moves: Sequence[tuple[str, str | None]]) -> GameState:
    """The copy after ``moves`` (each with the tile a draw revealed) from the setup."""
    drawn = [d for m, d in moves if m == DRAW and d is not None]
    state = initial_state(setup, drawn)
    for move, _drawn in moves:
        try:
            state.apply(move)
        except RaError as exc:
            raise MirrorError(str(exc)) from None
    return state


def new_match(setup: dict[str, Any], moves: Sequence[tuple[str, str | None]] = (),
              modes: Modes | None = None) -> Match:
    """A :class:`Match` for the window from a ``GameStarted``'s setup and moves so far; undo
    and hints follow the room's options, the window never saves it as a local game."""
    options = setup.get("options", {})
    if modes is None:
        modes = Modes(saves=False, undo=bool(options.get("undo", True)),
                      hints=bool(options.get("hints", True)), stats=True)
    return Match(rebuild(setup, moves), [m for m, _d in moves], modes)


def announced(state: GameState, move: str, drawn: str | None) -> Move:
    """The announced move (``MoveMade``) as the copy plays it through ``Match.apply``: a draw
    is :class:`~ra_game.table.match.Revealed` with the tile it showed.  Raises
    :class:`MirrorError` when it does not fit the copy (not legal now, or a tile its bag
    does not hold)."""
    try:
        parsed = Move.parse(move)
    except RaError as exc:
        raise MirrorError(str(exc)) from None
    if parsed.action not in state.legal_actions():
        raise MirrorError(f"{parsed.text} is not legal now")
    if parsed.text != DRAW:
        return parsed
    if drawn is None:
        raise MirrorError("a draw without its tile")
    tile = _tile(drawn)
    if not state.bag_counts()[tile]:
        raise MirrorError(f"no tile {drawn!r} is left in the bag")
    return Revealed.draw(tile)


def moves_with_draws(state: GameState, moves: Sequence[str]) -> list[tuple[str, str | None]]:
    """Each move of a game with the tile it drew (None for a move that is not a draw)."""
    drawn = iter(state.drawn)
    return [(m, TILE_IDS[next(drawn)] if m == DRAW else None) for m in moves]


def public_replay(state: GameState, moves: Sequence[str], kinds: Sequence[str]) -> dict[str, Any]:
    """The replay document of a finished game as clients get it: suns, the tiles drawn, the
    moves; no seed."""
    return replay_dict(state, list(moves), list(kinds))
