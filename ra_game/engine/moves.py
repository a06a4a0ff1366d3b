"""Moves: frozen values with the text form of NOTATION.md, and their integer action codes.

The engine works on integer *actions* for speed (``DRAW``, ``RA``, ``PASS``, ``bid_action(13)``,
packed tile lists for God plays and discards); :class:`Move` is the readable value scenes, replays
and tests use.  ``Move.parse(text).action`` and ``Move.from_action(a).text`` convert both ways.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from mypy_extensions import mypyc_attr

from .errors import N_, NotationError
from .tiles import TILE_BY_ID, TILE_IDS

DRAW: Final = 0
RA: Final = 1
PASS: Final = 2
_BID_OFFSET: Final = 2  # bid on sun s is action s + 2 (3..18)
GOD_BASE: Final = 1 << 48
DISCARD_BASE: Final = 1 << 49
_PACK_MASK: Final = (1 << 48) - 1


def bid_action(sun: int) -> int:
    """The action that bids sun ``sun`` (1-16)."""
    return sun + _BID_OFFSET


def is_bid(action: int) -> bool:
    return 3 <= action <= 18


def bid_sun(action: int) -> int:
    """The sun of a bid action."""
    return action - _BID_OFFSET


def pack_tiles(tiles: list[int] | tuple[int, ...]) -> int:
    """Pack up to 9 tile kinds, in order, into one integer (5 bits each, kind + 1)."""
    packed = 0
    for i, kind in enumerate(tiles):
        packed |= (kind + 1) << (5 * i)
    return packed


def unpack_tiles(action: int) -> tuple[int, ...]:
    """The tile kinds packed into a God or discard action, in order."""
    packed = action & _PACK_MASK
    out = []
    while packed:
        out.append((packed & 31) - 1)
        packed >>= 5
    return tuple(out)


def god_action(tiles: list[int] | tuple[int, ...]) -> int:
    return GOD_BASE | pack_tiles(tiles)


def discard_action(tiles: list[int] | tuple[int, ...]) -> int:
    return DISCARD_BASE | pack_tiles(tiles)


def is_god(action: int) -> bool:
    return bool(action & GOD_BASE)


def is_discard(action: int) -> bool:
    return bool(action & DISCARD_BASE)


@mypyc_attr(allow_interpreted_subclasses=True)  # (compiled: see setup.py; match.Revealed)
@dataclass(frozen=True, slots=True)
class Move:
    """One decision: ``draw``, ``ra``, ``pass``, ``bid:S``, ``god:T,...`` or ``discard:T,...``."""

    kind: str
    sun: int = 0
    tiles: tuple[int, ...] = ()

    @property
    def action(self) -> int:
        """The integer action code the engine applies."""
        if self.kind == "draw":
            return DRAW
        if self.kind == "ra":
            return RA
        if self.kind == "pass":
            return PASS
        if self.kind == "bid":
            return bid_action(self.sun)
        if self.kind == "god":
            return god_action(self.tiles)
        return discard_action(self.tiles)

    @property
    def text(self) -> str:
        """The notation of this move, e.g. ``god:pharaoh,war``."""
        if self.kind == "bid":
            return f"bid:{self.sun}"
        if self.kind in ("god", "discard"):
            return f"{self.kind}:" + ",".join(TILE_IDS[k] for k in self.tiles)
        return self.kind

    def __str__(self) -> str:
        return self.text

    @staticmethod
    def from_action(action: int) -> Move:
        """The move for an integer action code."""
        if 0 <= action < len(_SIMPLE):
            return _SIMPLE[action]
        if action > 0 and is_god(action) != is_discard(action):
            tiles = unpack_tiles(action)
            if tiles and all(0 <= k < len(TILE_IDS) for k in tiles):
                return Move("god" if is_god(action) else "discard", tiles=tiles)
        raise NotationError(N_("not a move code: {action}"), action=action)

    @staticmethod
    def parse(text: object) -> Move:
        """Parse the notation of one move; raises :class:`NotationError` if it is malformed."""
        if not isinstance(text, str):
            raise NotationError(N_("a move must be a string, not {value}"), value=repr(text))
        raw = text.strip().lower()
        head, sep, rest = raw.partition(":")
        if not sep:
            if raw in ("draw", "ra", "pass"):
                return Move(raw)
            raise NotationError(N_("unknown move {move}"), move=_short(text))
        if head == "bid":
            digits = rest.isascii() and rest.isdigit() and len(rest) <= 2
            if not digits or not 1 <= int(rest) <= 16:
                raise NotationError(N_("bad sun in {move}: suns are numbered 1 to 16"),
                                    move=_short(text))
            return Move("bid", sun=int(rest))
        if head in ("god", "discard"):
            names = [name.strip() for name in rest.split(",")]
            if not rest or any(name not in TILE_BY_ID for name in names):
                raise NotationError(N_("bad tile list in {move}"), move=_short(text))
            if len(names) > 8:
                raise NotationError(N_("too many tiles in {move}"), move=_short(text))
            return Move(head, tiles=tuple(TILE_BY_ID[name] for name in names))
        raise NotationError(N_("unknown move {move}"), move=_short(text))


def _short(text: str, limit: int = 60) -> str:
    """A move as written, quoted and cut to ``limit`` characters, for an error message."""
    return repr(text if len(text) <= limit else text[: limit - 3] + "...")


_SIMPLE: Final[tuple[Move, ...]] = (
    Move("draw"), Move("ra"), Move("pass"), *(Move("bid", sun=s) for s in range(1, 17)),
)
