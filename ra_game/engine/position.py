"""A position of Ra as a value: what fixes a game's state but the bag's hidden order.

:class:`Position` holds the public position (suns, tiles, fame, tracks, whose decision of
what kind, the auction and the disasters under way) and the bag as a multiset of counts.
:func:`complete` fills in the counts left open (the bag or the discards: R-COMP fixes the
other) and raises :class:`PositionError` saying why a position is impossible; ``text`` /
``Position.parse`` are its one-line text form (docs/replay-format.md), for tests and bug
reports.  ``GameState.from_position`` and ``GameState.position`` turn one into a state and back.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from enum import Enum

from .disasters import disaster_discards
from .tiles import (
    AUCTION_TRACK_SIZE,
    DISASTERS,
    EMPTY,
    NUM_EPOCHS,
    NUM_KINDS,
    RA_TRACK_LENGTH,
    START_SCORE,
    SUN_SETS,
    TILE_BY_ID,
    TILE_COUNTS,
    TILE_IDS,
    Tile,
)

#: The first word of the text form (its version).
TEXT_HEADER = "ra-position/1"
_NONE = "-"
_OVER = "over"


class Decision(str, Enum):
    """What the player to move must decide."""

    TURN = "turn"
    BID = "bid"
    DISCARD = "discard"


class PositionError(ValueError):
    """A position that cannot arise in a game of Ra, or text that is not one (the message
    says why).  For tests, tools and bug reports: players never type positions."""


Counts = tuple[int, ...]


@dataclass(frozen=True)
class Position:
    """A position; per-seat fields have one entry a seat.  ``auction`` holds the auction
    track's slots left to right (``EMPTY`` for a gap; trailing gaps may be left out).
    ``bag`` and ``discarded`` are counts by tile kind; either may be None (see :func:`complete`).
    The auction fields matter while one is under way (``caller`` >= 0), the disaster fields
    while ``pending`` holds disasters still to resolve; ``decision`` None means the game is
    over and ``winner`` says who won."""

    suns_up: tuple[tuple[int, ...], ...]
    suns_down: tuple[tuple[int, ...], ...]
    tiles: tuple[Counts, ...]
    scores: tuple[int, ...]
    center_sun: int = 1
    epoch: int = 1
    ra_count: int = 0
    current: int = 0
    decision: Decision | None = Decision.TURN
    auction: tuple[int, ...] = ()
    bag: Counts | None = None
    discarded: Counts | None = None
    caller: int = -1
    invoked: bool = False
    full_invoke: bool = False
    high_bid: int = 0
    high_bidder: int = -1
    bids: tuple[int, ...] = ()
    bidders_left: int = 0
    pending: tuple[int, ...] = ()
    disaster_owner: int = -1
    after_god: bool = False
    winner: int | None = None

    @property
    def players(self) -> int:
        return len(self.suns_up)

    def text(self) -> str:
        """The one-line text form (``Position.parse`` reads it back)."""
        return " ".join(_words(self))

    @classmethod
    def parse(cls, text: str) -> Position:
        """The position a one-line text form describes; raises :class:`PositionError` saying
        what is wrong with the text.  (Whether the position can arise is :func:`complete`'s
        question.)"""
        return _parse(text)


def new_position(
    players: int,
    *,
    up: Sequence[Sequence[int]] | None = None,
    down: Sequence[Sequence[int]] | None = None,
    held: Sequence[Sequence[int]] | None = None,
    scores: Sequence[int] | None = None,
    track: Sequence[int] = (),
    gone: Sequence[int] | None = None,
    center: int = 1,
    epoch: int = 1,
    ra_count: int = 0,
    current: int = 0,
) -> Position:
    """A position of ``players`` seats, ``current`` to take a turn, built from lists: ``up`` /
    ``down`` the suns by seat (R-SETUP-4's sets face up by default), ``held`` the tiles each
    seat holds and ``gone`` the tiles discarded (lists of kinds), ``scores`` the fame (10 each
    by default), ``track`` the auction track's tiles.  The bag holds the rest.  (An auction or
    a disaster under way: ``dataclasses.replace`` the result.)"""
    sets = SUN_SETS.get(players)
    if sets is None:
        raise PositionError(f"Ra is played by 2 to 5 players, not {players}")
    return Position(
        suns_up=tuple(_sorted_suns(s) for s in (up if up is not None else sets)),
        suns_down=tuple(_sorted_suns(s) for s in (down or [()] * players)),
        tiles=tuple(_tally(kinds) for kinds in (held or [()] * players)),
        scores=tuple(scores or (START_SCORE,) * players),
        center_sun=center, epoch=epoch, ra_count=ra_count, current=current,
        auction=tuple(track), discarded=None if gone is None else _tally(gone))


def _tally(kinds: Sequence[int]) -> Counts:
    counts = [0] * NUM_KINDS
    for kind in kinds:
        counts[kind] += 1
    return tuple(counts)


def _sorted_suns(suns: Sequence[int]) -> tuple[int, ...]:
    return tuple(sorted(suns, reverse=True))


# --------------------------------------------------------------------------- the check


def complete(position: Position, strict: bool = True) -> Position:
    """``position`` with its bag and discards both given, or a :class:`PositionError`
    saying why it cannot arise.  A bag left open holds every tile R-COMP leaves (with the
    discards, if given, set aside); discards left open are what R-COMP leaves after the bag.
    Not ``strict``, the suns need not be the game's, nor the seat to move hold one it could
    play, nor a disaster to discard for leave a choice (a sketch for a unit test of the evaluation, which leaves out or repeats suns
    that do not matter to it); everything else the engine relies on is still checked."""
    n = position.players
    if n not in SUN_SETS:
        raise PositionError(f"Ra is played by 2 to 5 players, not {n}")
    for name in ("suns_down", "tiles", "scores"):
        if len(getattr(position, name)) != n:
            raise PositionError(f"{name} has {len(getattr(position, name))} entries for {n} seats")
    _check_tracks(position)
    _check_suns(position, strict)
    _check_decision(position, strict)
    return _with_counts(position)


def _check_tracks(p: Position) -> None:
    if not 1 <= p.epoch <= NUM_EPOCHS:
        raise PositionError(f"epoch {p.epoch} is not one of 1 to {NUM_EPOCHS}")
    length = RA_TRACK_LENGTH[p.players]
    if not 0 <= p.ra_count < length:
        raise PositionError(
            f"{p.ra_count} Ra tiles on the Ra track: it holds 0 to {length - 1} "
            f"with {p.players} players (the {length}th ends the epoch)")
    if len(p.auction) > AUCTION_TRACK_SIZE:
        raise PositionError(f"{len(p.auction)} slots on an auction track of {AUCTION_TRACK_SIZE}")
    for kind in p.auction:
        if kind != EMPTY and not Tile.GOD <= kind < NUM_KINDS:
            raise PositionError(f"{_name(kind)} cannot lie on the auction track")
    for seat, held in enumerate(p.tiles):
        if len(held) != NUM_KINDS or min(held) < 0:
            raise PositionError(f"seat {seat}'s tiles are not {NUM_KINDS} counts of 0 or more")
        for kind in (Tile.RA, *DISASTERS):
            if held[kind]:
                raise PositionError(f"seat {seat} holds a {TILE_IDS[kind]} tile, which is never kept")
        if p.scores[seat] < 0:
            raise PositionError(f"seat {seat} has {p.scores[seat]} fame, below 0")


def _check_suns(p: Position, strict: bool) -> None:
    suns = sorted([p.center_sun, *(s for seat in p.suns_up for s in seat),
                   *(s for seat in p.suns_down for s in seat)])
    expected = sorted([1, *(s for seat in SUN_SETS[p.players] for s in seat)])
    if strict and suns != expected:
        raise PositionError(
            f"the suns {suns} (centre included) are not the {p.players}-player suns {expected}")


def _check_decision(p: Position, strict: bool) -> None:
    n = p.players
    if p.decision is None:
        if p.winner is None or not 0 <= p.winner < n:
            raise PositionError("a finished game needs the seat of its winner")
        if p.caller >= 0 or p.pending:
            raise PositionError("a finished game has no auction or disaster under way")
        return
    if p.winner is not None:
        raise PositionError("a game still under way has no winner")
    if not 0 <= p.current < n:
        raise PositionError(f"seat {p.current} is to move, but the seats are 0 to {n - 1}")
    if p.decision is Decision.TURN:
        if p.caller >= 0 or p.pending:
            raise PositionError("it is a turn, yet an auction or a disaster is under way")
        if strict and not p.suns_up[p.current]:
            raise PositionError(f"seat {p.current} takes a turn without a face-up sun")
        return
    if p.decision is Decision.BID:
        _check_auction(p)
        if p.pending:
            raise PositionError("it is time to bid, yet a disaster is under way")
        if strict and not any(s > p.high_bid for s in p.suns_up[p.current]):
            raise PositionError(f"seat {p.current} bids without a sun above the high bid")
        return
    if not p.pending or p.disaster_owner != p.current:
        raise PositionError("a discard needs pending disasters owned by the seat to move")
    for kind in p.pending:
        if kind not in DISASTERS:
            raise PositionError(f"{_name(kind)} is not a disaster to resolve")
    if strict and len(disaster_discards(list(p.tiles[p.current]), p.pending[0])) < 2:
        raise PositionError(f"seat {p.current} has no choice of discards for {_name(p.pending[0])}")


def _check_auction(p: Position) -> None:
    n = p.players
    if not 0 <= p.caller < n:
        raise PositionError("it is time to bid, but nobody started the auction")
    if len(p.bids) != n or not 0 <= p.bidders_left < n:
        raise PositionError("the auction's bids or seats still to ask do not fit the seats")
    if p.full_invoke and (not p.invoked or EMPTY in p.auction
                          or len(p.auction) < AUCTION_TRACK_SIZE):
        raise PositionError("only Ra invoked on a full auction track is a full invoke")
    if (p.high_bidder < 0) != (p.high_bid == 0):
        raise PositionError("a high bid needs its bidder and a bidder a high bid")
    if p.high_bidder >= 0 and (not 0 <= p.high_bidder < n
                               or p.high_bid not in p.suns_up[p.high_bidder]):
        raise PositionError(f"seat {p.high_bidder} bid sun {p.high_bid} without it face up")


def census(p: Position) -> list[int]:
    """The tiles of each kind in ``p``: on the tracks, held, pending, and in the bag and the
    discards where given (R-COMP's counts once both are)."""
    seen = [0] * NUM_KINDS
    seen[Tile.RA] += p.ra_count
    for kind in p.auction:
        if kind != EMPTY:
            seen[kind] += 1
    for held in p.tiles:
        for kind in range(NUM_KINDS):
            seen[kind] += held[kind]
    for kind in p.pending:
        seen[kind] += 1
    for counts in (p.bag, p.discarded):
        if counts is not None:
            seen = [a + b for a, b in zip(seen, counts)]
    return seen


def _with_counts(p: Position) -> Position:
    for name, counts in (("bag", p.bag), ("discarded", p.discarded)):
        if counts is not None and (len(counts) != NUM_KINDS or min(counts) < 0):
            raise PositionError(f"{name} is not {NUM_KINDS} counts of 0 or more")
    seen = census(p)
    rest = [total - count for total, count in zip(TILE_COUNTS, seen)]
    for kind in range(NUM_KINDS):
        if rest[kind] < 0 or (rest[kind] and p.bag is not None and p.discarded is not None):
            raise PositionError(f"the position holds {seen[kind]} {TILE_IDS[kind]} tiles, "
                                f"and the game has {TILE_COUNTS[kind]}")
    if p.bag is None:
        return replace(p, bag=tuple(rest), discarded=p.discarded or (0,) * NUM_KINDS)
    if p.discarded is None:
        return replace(p, discarded=tuple(rest))
    return p


def _name(kind: int) -> str:
    return TILE_IDS[kind] if 0 <= kind < NUM_KINDS else f"tile {kind}"


# --------------------------------------------------------------------------- the text form


def _words(p: Position) -> list[str]:
    if p.decision is None:
        move = f"{_OVER}:{p.winner}"
    else:
        move = f"{p.decision.value}:{p.current}"
    words = [TEXT_HEADER, f"epoch={p.epoch}", f"ra={p.ra_count}", f"center={p.center_sun}",
             f"move={move}", "track=" + _list([_name(k) if k != EMPTY else "." for k in trim_track(p.auction)])]
    for seat in range(p.players):
        words.append(f"s{seat}=" + "/".join((
            _list([str(s) for s in p.suns_up[seat]]), _list([str(s) for s in p.suns_down[seat]]),
            str(p.scores[seat]), _counts(p.tiles[seat]))))
    if p.bag is not None:
        words.append("bag=" + _counts(p.bag))
    if p.discarded is not None:
        words.append("discarded=" + _counts(p.discarded))
    if p.caller >= 0:
        how = "invoked" if p.invoked else "drawn"
        words.append(f"auction={p.caller}:{how}" + (":full" if p.full_invoke else ""))
        words.append("bids=" + _list([str(b) for b in p.bids]))
        if p.high_bidder >= 0:
            words.append(f"high={p.high_bid}@{p.high_bidder}")
        words.append(f"to_ask={p.bidders_left}")
    if p.pending:
        words.append("pending=" + _list([_name(k) for k in p.pending]))
        words.append(f"owner={p.disaster_owner}")
        words.append("after=" + ("god" if p.after_god else "auction"))
    return words


def trim_track(slots: Sequence[int]) -> tuple[int, ...]:
    """The auction track's slots without the empty ones at its end."""
    end = len(slots)
    while end and slots[end - 1] == EMPTY:
        end -= 1
    return tuple(slots[:end])


def _list(items: list[str]) -> str:
    return ",".join(items) if items else _NONE


def _counts(counts: Counts) -> str:
    return _list([TILE_IDS[k] + (f"*{c}" if c > 1 else "")
                  for k, c in enumerate(counts) if c])


def _parse(text: str) -> Position:
    words = text.split()
    if not words or words[0] != TEXT_HEADER:
        raise PositionError(f"a position's text starts with {TEXT_HEADER!r}")
    found: dict[str, str] = {}
    for word in words[1:]:
        key, sep, value = word.partition("=")
        if not sep or not value:
            raise PositionError(f"{word!r} is not key=value")
        if key in found:
            raise PositionError(f"{key!r} is given twice")
        found[key] = value
    count = sum(1 for k in found if k[:1] == "s" and k[1:].isdigit())
    if any(f"s{i}" not in found for i in range(count)):
        raise PositionError("the seats are not s0, s1, ... in a row")
    rows = [_seat(found.pop(f"s{i}"), i) for i in range(count)]
    read = _Reader(found)
    decision, seat = _move(read.take("move", "turn:0"))
    position = Position(
        suns_up=tuple(r[0] for r in rows), suns_down=tuple(r[1] for r in rows),
        scores=tuple(r[2] for r in rows), tiles=tuple(r[3] for r in rows),
        epoch=read.number("epoch", "1"), ra_count=read.number("ra", "0"),
        center_sun=read.number("center", "1"), auction=tuple(read.tiles("track", gaps=True)),
        bag=read.counts("bag"), discarded=read.counts("discarded"),
        decision=decision, current=0 if decision is None else seat,
        winner=seat if decision is None else None)
    auction = read.take("auction", "")
    if auction:
        caller, invoked, full = _auction(auction)
        high = read.take("high", "0@-1")
        bid, _, bidder = high.partition("@")
        position = replace(
            position, caller=caller, invoked=invoked, full_invoke=full,
            bids=tuple(read.numbers("bids")), bidders_left=read.number("to_ask", "0"),
            high_bid=_int(bid, "high"), high_bidder=_int(bidder, "high"))
    pending = read.take("pending", "")
    if pending:
        position = replace(
            position, pending=tuple(_tiles(pending, False)),
            disaster_owner=read.number("owner", "-1"),
            after_god=read.choice("after", ("auction", "god")) == "god")
    if found:
        raise PositionError(f"unknown or misplaced key {min(found)!r}")
    return position


class _Reader:
    """Takes the values of a text form's keys out of ``found`` (what is left is unknown)."""

    def __init__(self, found: dict[str, str]) -> None:
        self.found = found

    def take(self, key: str, default: str) -> str:
        return self.found.pop(key, default)

    def number(self, key: str, default: str) -> int:
        return _int(self.take(key, default), key)

    def numbers(self, key: str) -> list[int]:
        value = self.take(key, _NONE)
        return [] if value == _NONE else [_int(v, key) for v in value.split(",")]

    def tiles(self, key: str, gaps: bool) -> list[int]:
        return _tiles(self.take(key, _NONE), gaps)

    def counts(self, key: str) -> Counts | None:
        value = self.found.pop(key, None)
        return None if value is None else _parse_counts(value)

    def choice(self, key: str, options: tuple[str, ...]) -> str:
        value = self.take(key, options[0])
        if value not in options:
            raise PositionError(f"{key}={value} is not one of {', '.join(options)}")
        return value


def _move(value: str) -> tuple[Decision | None, int]:
    kind, _, seat = value.partition(":")
    number = _int(seat, "move")
    if kind == _OVER:
        return None, number
    try:
        return Decision(kind), number
    except ValueError:
        raise PositionError(
            f"move={value}: say turn, bid, discard or over, then ':' and a seat") from None


def _auction(value: str) -> tuple[int, bool, bool]:
    parts = value.split(":")
    if (len(parts) not in (2, 3) or parts[1] not in ("invoked", "drawn")
            or parts[2:] not in ([], ["full"])):
        raise PositionError(
            f"auction={value} is not SEAT:invoked, SEAT:invoked:full or SEAT:drawn")
    return _int(parts[0], "auction"), parts[1] == "invoked", parts[2:] == ["full"]


def _seat(value: str, seat: int) -> tuple[tuple[int, ...], tuple[int, ...], int, Counts]:
    parts = value.split("/")
    if len(parts) != 4:
        raise PositionError(f"s{seat}={value} is not UP/DOWN/FAME/TILES")
    up, down = ([] if part == _NONE else [_int(s, f"s{seat}") for s in part.split(",")]
                for part in parts[:2])
    return _sorted_suns(up), _sorted_suns(down), _int(parts[2], f"s{seat}"), _parse_counts(parts[3])


def _tiles(value: str, gaps: bool) -> list[int]:
    if value == _NONE:
        return []
    kinds = []
    for word in value.split(","):
        if gaps and word == ".":
            kinds.append(EMPTY)
        elif word in TILE_BY_ID:
            kinds.append(TILE_BY_ID[word])
        else:
            raise PositionError(f"unknown tile {word!r}")
    return kinds


def _parse_counts(value: str) -> Counts:
    counts = [0] * NUM_KINDS
    if value == _NONE:
        return tuple(counts)
    for word in value.split(","):
        name, _, times = word.partition("*")
        (kind,) = _tiles(name, False)
        counts[kind] += _int(times or "1", name)
    return tuple(counts)


def _int(text: str, key: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise PositionError(f"{key}: {text!r} is not a whole number") from None


__all__ = ["Decision", "Position", "PositionError", "census", "complete", "new_position"]
