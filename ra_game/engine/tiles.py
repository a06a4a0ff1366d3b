"""Tile kinds of Ra as small integers, with their ids, counts and categories (RULES.md R-COMP)."""

from __future__ import annotations

from enum import IntEnum
from typing import Final


class Tile(IntEnum):
    """Every tile kind; the integer value indexes per-kind count lists."""

    RA = 0
    GOD = 1
    GOLD = 2
    PHARAOH = 3
    NILE = 4
    FLOOD = 5
    ASTRONOMY = 6
    AGRICULTURE = 7
    WRITING = 8
    RELIGION = 9
    ART = 10
    FORTRESS = 11
    OBELISK = 12
    PALACE = 13
    PYRAMID = 14
    SPHINX = 15
    STATUE = 16
    STEP_PYRAMID = 17
    TEMPLE = 18
    DROUGHT = 19
    FUNERAL = 20
    WAR = 21
    EARTHQUAKE = 22


NUM_KINDS: Final = 23

#: Tile id (as used in notation and replays) for each kind, indexed by kind.
TILE_IDS: Final[tuple[str, ...]] = tuple(t.name.lower() for t in Tile)
TILE_BY_ID: Final[dict[str, int]] = {name: i for i, name in enumerate(TILE_IDS)}

#: Human-readable names, indexed by kind.
TILE_NAMES: Final[tuple[str, ...]] = tuple(name.replace("_", " ").capitalize() for name in TILE_IDS)

#: How many tiles of each kind the bag holds at the start (180 in all).
TILE_COUNTS: Final[tuple[int, ...]] = (
    30, 8, 5, 25, 25, 12,
    5, 5, 5, 5, 5,
    5, 5, 5, 5, 5, 5, 5, 5,
    2, 2, 4, 2,
)
TOTAL_TILES: Final = sum(TILE_COUNTS)

CIVILIZATIONS: Final[tuple[int, ...]] = tuple(range(Tile.ASTRONOMY, Tile.ART + 1))
MONUMENTS: Final[tuple[int, ...]] = tuple(range(Tile.FORTRESS, Tile.TEMPLE + 1))
DISASTERS: Final[tuple[int, ...]] = (Tile.DROUGHT, Tile.FUNERAL, Tile.WAR, Tile.EARTHQUAKE)
IS_DISASTER: Final[tuple[bool, ...]] = tuple(k in DISASTERS for k in range(NUM_KINDS))

#: Kinds discarded from players' areas after each epoch's scoring.
DISCARDED_AT_EPOCH_END: Final[tuple[int, ...]] = (Tile.GOD, Tile.GOLD, Tile.FLOOD, *CIVILIZATIONS)

#: Category name of each kind (for display and grouping).
CATEGORY: Final[tuple[str, ...]] = (
    "ra", "god", "gold", "pharaoh", "river", "river",
    *("civilization",) * 5,
    *("monument",) * 8,
    *("disaster",) * 4,
)

#: Disaster kind -> the kinds it may discard, in the order they are taken when automatic.
DISASTER_TARGETS: Final[dict[int, tuple[int, ...]]] = {
    Tile.DROUGHT: (Tile.FLOOD, Tile.NILE),
    Tile.FUNERAL: (Tile.PHARAOH,),
    Tile.WAR: CIVILIZATIONS,
    Tile.EARTHQUAKE: MONUMENTS,
}

#: Sun sets by player count (R-SETUP-4).
SUN_SETS: Final[dict[int, tuple[tuple[int, ...], ...]]] = {
    2: ((9, 6, 5, 2), (8, 7, 4, 3)),
    3: ((13, 8, 5, 2), (12, 9, 6, 3), (11, 10, 7, 4)),
    4: ((13, 6, 2), (12, 7, 3), (11, 8, 4), (10, 9, 5)),
    5: ((16, 7, 2), (15, 8, 3), (14, 9, 4), (13, 10, 5), (12, 11, 6)),
}

#: Ra tiles that fill the Ra track and end an epoch, by player count (R-SETUP-4).
RA_TRACK_LENGTH: Final[dict[int, int]] = {2: 6, 3: 8, 4: 9, 5: 10}

AUCTION_TRACK_SIZE: Final = 8
#: An empty slot of the auction track.
EMPTY: Final = -1
NUM_EPOCHS: Final = 3
START_SCORE: Final = 10


def tile_id(kind: int) -> str:
    """The notation id of a tile kind, e.g. ``step_pyramid``."""
    return TILE_IDS[kind]

