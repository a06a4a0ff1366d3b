"""A room's options and their defaults, written once: the server's ``create``, the headless
``ra-game room``, the window's host screen and the window's reading of the lobby use them.

On the wire they are the ``create`` frame's optional fields (a missing one takes its default)
and the ``options`` of ``lobby`` and ``game_started`` (see docs/protocol.md).  No pygame and no
websockets here: the title screen may import it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict, dataclass, field, fields
from functools import partial
from typing import Any

from ...jsontypes import ShapeError, read_field, rule

#: Seconds a seat's person must have been away before the host may give the seat to an AI.
DEFAULT_HAND_AFTER = 60.0
#: The most seconds a room waits before a seat may be handed to an AI (a day).
MAX_HAND_AFTER = 86_400.0


def _seconds(value: object) -> bool:
    return isinstance(value, float) and 0 <= value <= MAX_HAND_AFTER


@dataclass(frozen=True)
class RoomOptions:
    """What the host chose for a room (each field checked by the one JSON checker,
    :mod:`ra_game.jsontypes`, wherever options are read)."""

    #: Each person sees only their own fame.
    hide_scores: bool = False
    #: A seat may take back its own last move while nobody else acted.
    undo: bool = True
    #: The window may show hints.
    hints: bool = True
    #: The game starts by itself once every remote seat is taken.
    autostart: bool = True
    #: Seconds a person must be away before the host may hand their seat to an AI.
    hand_after: float = field(default=DEFAULT_HAND_AFTER, metadata=rule(_seconds))

    @classmethod
    def of(cls, given: object) -> RoomOptions:
        """The options in a ``create`` frame (checked by the protocol: None stands for a
        missing field) or in a lobby's ``options``: whatever is missing or does not fit
        keeps its default, so a frame from an older or stranger server still reads."""
        raw = given if isinstance(given, dict) else {}
        values: dict[str, Any] = {}
        for option in fields(cls):
            try:
                values[option.name] = read_field(cls, option.name, raw.get(option.name))
            except ShapeError:
                continue  # missing, or not an option's value: the default
        return cls(**values)

    def as_fields(self) -> dict[str, Any]:
        """The options as the ``create`` frame's fields and the room's ``options``."""
        return asdict(self)


#: Every option at its default.
DEFAULT_OPTIONS = RoomOptions()

Check = Callable[[object], bool]


def option_fits(name: str, value: object) -> bool:
    """Whether ``value`` may be the option ``name`` (its type and its check)."""
    try:
        read_field(RoomOptions, name, value)
    except ShapeError:
        return False
    return True


#: Each option's check of a value sent in ``create`` or kept in a room file: a yes/no, or a
#: number of seconds from 0 to :data:`MAX_HAND_AFTER`.
OPTION_CHECKS: dict[str, Check] = {option.name: partial(option_fits, option.name)
                                   for option in fields(RoomOptions)}
