"""Events returned by :meth:`GameState.apply`: what happened, in order, for the UI to animate.

Each is a small frozen value.  Seats are 0-based indexes; tiles are kinds (see ``tiles.py``).
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class TileDrawn:
    """A non-Ra tile left the bag for auction-track slot ``slot`` (0-7)."""

    player: int
    tile: int
    slot: int


@dataclass(frozen=True, slots=True)
class RaDrawn:
    """A Ra tile left the bag for Ra-track space ``position`` (0-based)."""

    player: int
    position: int
    ends_epoch: bool


@dataclass(frozen=True, slots=True)
class AuctionStarted:
    """An auction began; ``invoked`` is False when a drawn Ra tile started it."""

    ra_player: int
    invoked: bool
    track_full: bool


@dataclass(frozen=True, slots=True)
class BidMade:
    player: int
    sun: int


@dataclass(frozen=True, slots=True)
class Passed:
    """A pass; ``automatic`` when the player had no sun that could bid (not a move)."""

    player: int
    automatic: bool


@dataclass(frozen=True, slots=True)
class AuctionWon:
    """``player`` won the lot ``tiles`` (slot order) with ``sun``, taking ``center_sun`` face down."""

    player: int
    sun: int
    tiles: tuple[int, ...]
    center_sun: int


@dataclass(frozen=True, slots=True)
class AuctionPassed:
    """Everyone passed; ``discarded`` holds the track's tiles if it was full when Ra was invoked."""

    ra_player: int
    discarded: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class GodsPlayed:
    """``player`` spent one God per tile in ``tiles``, taken from ``slots`` of the auction track."""

    player: int
    tiles: tuple[int, ...]
    slots: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class DisasterResolved:
    """Disaster ``disaster`` in ``player``'s area discarded ``discarded`` (then itself)."""

    player: int
    disaster: int
    discarded: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class EpochEnded:
    """Epoch ``epoch`` ended (``reason`` is ``"ra_track"`` or ``"no_suns"``); tracks cleared."""

    epoch: int
    reason: str
    ra_tiles: int
    auction_tiles: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class PlayerScore:
    """One player's scoring of an epoch: points by category, then the floored new total."""

    player: int
    points: dict[str, int] = field(hash=False)
    before: int
    after: int

    @property
    def epoch_total(self) -> int:
        return sum(self.points.values())


@dataclass(frozen=True, slots=True)
class EpochScored:
    epoch: int
    scores: tuple[PlayerScore, ...]


@dataclass(frozen=True, slots=True)
class GameOver:
    """The game ended; ``tie_break`` tells whether the highest sun decided between tied players."""

    winner: int
    scores: tuple[int, ...]
    tie_break: bool


Event = (
    TileDrawn | RaDrawn | AuctionStarted | BidMade | Passed | AuctionWon | AuctionPassed
    | GodsPlayed | DisasterResolved | EpochEnded | EpochScored | GameOver
)
