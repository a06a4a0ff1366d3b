"""The rules engine of Ra: pure Python, standard library only; its one I/O is reading a replay
file (``load_replay``)."""

from __future__ import annotations

from .errors import IllegalMoveError, NotationError, RaError, ReplayError
from .moves import Move
from .position import Position, PositionError, new_position
from .replay import Replay, load_replay, parse_replay, replay_dict
from .state import Decision, GameState, Observation
from .tiles import TILE_IDS, TILE_NAMES, Tile

__all__ = [
    "TILE_IDS",
    "TILE_NAMES",
    "Decision",
    "GameState",
    "IllegalMoveError",
    "Move",
    "NotationError",
    "Observation",
    "Position",
    "PositionError",
    "RaError",
    "Replay",
    "ReplayError",
    "Tile",
    "load_replay",
    "new_position",
    "parse_replay",
    "replay_dict",
]
