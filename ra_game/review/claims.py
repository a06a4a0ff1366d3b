"""What a review says of a decision, in no language: the kind of its situation and of its
reason, with the numbers of the position they name (suns, tiles, the lot's value to the seat,
Ra tiles in the bag).  :mod:`~ra_game.review.why` turns a claim into a sentence in the language
chosen when it is shown, so a review kept with its game reads right in any language.

Every number here is read from the position (:func:`why_claim`, :func:`situation_claim`); the
property test checks each claim against it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from ..ai.policy import bidders_after
from ..engine import GameState
from ..engine.moves import DRAW, PASS, RA, bid_sun, is_bid, is_discard, is_god, unpack_tiles
from ..engine.preview import lot_worth, tiles_worth
from ..engine.state import BID, DISCARD
from ..engine.tiles import NUM_EPOCHS, Tile

#: A claim's numbers: a whole number, or a list of them (suns, tiles).
Number = int | tuple[int, ...]


class Situation(Enum):
    """Where a decision was made."""

    EMPTY_AUCTION = "empty_auction"
    ONE_SUN_AUCTION = "one_sun_auction"
    AUCTION = "auction"
    DISASTER = "disaster"
    EMPTY_TURN = "empty_turn"
    TURN = "turn"


class Moment(Enum):
    """When in its epoch a decision was made: in an auction (its number in the epoch), or on
    a turn of the seat's (the seat's own turns counted in the epoch)."""

    AUCTION = "auction"
    TURN = "turn"


class Reason(Enum):
    """Why the better move was better (each kind has its own sentence)."""

    DISCARD = "discard"
    DRAW_EMPTY = "draw_empty"
    DRAW_LOT = "draw_lot"
    GOD_USED = "god_used"
    GOD_MISSED = "god_missed"
    OTHER = "other"
    PASS_EMPTY_WINS = "pass_empty_wins"
    PASS_EMPTY = "pass_empty"
    PASS_WINS = "pass_wins"
    PASS = "pass"
    OUTBID_HIGHER = "outbid_higher"
    OUTBID_LOT = "outbid_lot"
    OUTBID_EMPTY = "outbid_empty"
    PAID_EMPTY = "paid_empty"
    PAID = "paid"
    LOW_OUTBID = "low_outbid"
    HIGHER = "higher"
    HIGHER_EMPTY = "higher_empty"
    LOWER_BEATEN = "lower_beaten"
    LOWER_DONE = "lower_done"
    INVOKE_ALONE = "invoke_alone"
    INVOKE_EMPTY = "invoke_empty"
    INVOKE_LOT = "invoke_lot"


@dataclass(frozen=True)
class Claim:
    """A kind (:class:`Situation` or :class:`Reason`) and the numbers its sentence names."""

    kind: Situation | Reason | Moment
    values: Mapping[str, Number] = field(default_factory=dict)

    def __getitem__(self, name: str) -> int:
        value = self.values[name]
        if not isinstance(value, int):
            raise TypeError(f"{name} is not a number")
        return value

    def many(self, name: str) -> tuple[int, ...]:
        value = self.values[name]
        return value if isinstance(value, tuple) else (value,)

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind.value,
                "values": {k: list(v) if isinstance(v, tuple) else v
                           for k, v in self.values.items()}}

    @staticmethod
    def from_json(data: Any, kinds: type[Situation | Reason | Moment]) -> Claim:
        """The claim of :meth:`to_json`; TypeError or ValueError for anything else."""
        if not isinstance(data, dict) or not isinstance(data.get("values"), dict):
            raise TypeError("not a claim")
        values: dict[str, Number] = {}
        for name, value in data["values"].items():
            if isinstance(value, list) and all(type(v) is int for v in value):
                values[str(name)] = tuple(value)
            elif type(value) is int:
                values[str(name)] = value
            else:
                raise TypeError("not a claim's number")
        return Claim(kinds(data.get("kind")), values)


def moment_claim(state: GameState, auction: int, turn: int) -> Claim:
    """The decision's moment: the ``auction``-th auction of the epoch in an auction (bids and
    a disaster's discards), else the seat's ``turn``-th turn of the epoch."""
    if state.phase in (BID, DISCARD):
        return Claim(Moment.AUCTION, {"epoch": state.epoch, "number": auction})
    return Claim(Moment.TURN, {"epoch": state.epoch, "number": turn})


def lot_gain(state: GameState, seat: int) -> int:
    """What the lot on the auction track is worth to ``seat``: the number its bid chip on the
    board and the Hint say (:func:`~ra_game.engine.preview.lot_worth`)."""
    return lot_worth(state, seat)


def gods_gain(state: GameState, seat: int, tiles: tuple[int, ...]) -> int:
    """What taking ``tiles`` with Gods is worth to ``seat``, as the Hint says."""
    return tiles_worth(state, seat, tiles)


def situation_claim(state: GameState, seat: int) -> Claim:
    """The decision's position: the phase, the lot, the seat's suns, the Ra track."""
    count = len(state.auction_tiles())
    suns = tuple(state.suns_up[seat])
    epoch = state.epoch
    if state.phase == BID and not count:
        return Claim(Situation.EMPTY_AUCTION, {"epoch": epoch, "suns": suns})
    if state.phase == BID and len(suns) == 1:
        return Claim(Situation.ONE_SUN_AUCTION, {"epoch": epoch, "count": count, "sun": suns[0]})
    if state.phase == BID:
        return Claim(Situation.AUCTION, {"epoch": epoch, "count": count, "suns": suns})
    if state.phase == DISCARD:
        return Claim(Situation.DISASTER, {"epoch": epoch})
    track = {"epoch": epoch, "ra": state.ra_count, "length": state.ra_length}
    if not count:
        return Claim(Situation.EMPTY_TURN, track)
    return Claim(Situation.TURN, {**track, "count": count})


def later_suns(state: GameState, seat: int) -> list[int]:
    """The suns of the seats still to bid after ``seat`` in this auction."""
    return [s for q in bidders_after(state, seat) for s in state.suns_up[q]]


#: The reasons of an auction the seat lost (the centre sun was never its).
OUTBID = (Reason.OUTBID_HIGHER, Reason.OUTBID_LOT, Reason.OUTBID_EMPTY)
#: The reasons of drawing or invoking (the Ra tiles left decide them).
RA_TIMING = (Reason.DRAW_EMPTY, Reason.DRAW_LOT, Reason.INVOKE_ALONE, Reason.INVOKE_EMPTY,
             Reason.INVOKE_LOT)


def sun_totals(state: GameState) -> list[int]:
    """Each seat's suns added up, face up and face down (the final sun race's totals)."""
    return [sum(state.suns_up[q]) + sum(state.suns_down[q]) for q in range(state.n)]


def why_claim(state: GameState, seat: int, played: int, better: int,
              won: bool | None = None, winning: int | None = None) -> Claim:
    """Why ``better`` beat ``played``, with what decides it: the centre sun and, in the last
    epoch, the final sun race for an auction (and the rival's sun that won it, ``winning``, when
    the seat was outbid); the Ra tiles left against the epoch's end for a draw or Ra; ``won``:
    for a bid played, whether it won the auction (None: not known)."""
    claim = _reason(state, seat, played, better, won)
    extra: dict[str, Number] = {}
    if state.phase == BID:
        extra.update(center=state.center_sun, lot=len(state.auction_tiles()))
        if claim.kind in OUTBID and winning is not None:
            extra["winning"] = winning
        if claim.kind in (Reason.PASS, Reason.PASS_EMPTY):
            extra["later"] = max(later_suns(state, seat))  # the sun that could outbid the seat
        if state.epoch == NUM_EPOCHS:
            totals = sun_totals(state)
            rivals = [t for q, t in enumerate(totals) if q != seat]
            extra.update(total=totals[seat], low=min(rivals), high=max(rivals),
                         players=state.n)
    if claim.kind in RA_TIMING:
        extra.update(more=state.ra_length - state.ra_count, ra=state.bag_counts()[Tile.RA],
                     left=state.bag_left)
    return Claim(claim.kind, {**claim.values, **extra}) if extra else claim


def _reason(state: GameState, seat: int, played: int, better: int,
            won: bool | None) -> Claim:
    lot = state.auction_tiles()
    if state.phase == BID:
        return _bid_claim(state, seat, played, better, won)
    if state.phase == DISCARD and is_discard(played) and is_discard(better):
        return Claim(Reason.DISCARD, {"better": tuple(unpack_tiles(better)),
                                      "played": tuple(unpack_tiles(played))})
    if played == RA and better == DRAW:
        return _invoke_claim(state, seat)
    if played == DRAW and better == RA:
        bag = {"ra": state.bag_counts()[Tile.RA], "left": state.bag_left}
        if not lot:
            return Claim(Reason.DRAW_EMPTY, bag)
        return Claim(Reason.DRAW_LOT, {**bag, "gain": lot_gain(state, seat)})
    if is_god(played) and not is_god(better):
        taken = tuple(unpack_tiles(played))
        return Claim(Reason.GOD_USED, {"tiles": taken, "gain": gods_gain(state, seat, taken)})
    if is_god(better):
        taken = tuple(unpack_tiles(better))
        return Claim(Reason.GOD_MISSED, {"tiles": taken, "gain": gods_gain(state, seat, taken)})
    return _other(played, better)


def _other(played: int, better: int) -> Claim:
    return Claim(Reason.OTHER, {"played": played, "better": better})


def _bid_claim(state: GameState, seat: int, played: int, better: int,
               won: bool | None) -> Claim:
    lot = state.auction_tiles()
    later = later_suns(state, seat)
    if played == PASS and is_bid(better):
        sun = bid_sun(better)
        wins = all(s < sun for s in later)
        if not lot:
            return Claim(Reason.PASS_EMPTY_WINS if wins else Reason.PASS_EMPTY, {"sun": sun})
        return Claim(Reason.PASS_WINS if wins else Reason.PASS,
                     {"sun": sun, "gain": lot_gain(state, seat)})
    if is_bid(played) and won is False:
        sun = bid_sun(played)
        if is_bid(better):
            return Claim(Reason.OUTBID_HIGHER, {"sun": sun, "better": bid_sun(better)})
        return Claim(Reason.OUTBID_LOT if lot else Reason.OUTBID_EMPTY, {"sun": sun})
    if is_bid(played) and better == PASS and not lot:
        return Claim(Reason.PAID_EMPTY, {"sun": bid_sun(played)})
    if is_bid(played) and better == PASS:
        return Claim(Reason.PAID, {"sun": bid_sun(played), "gain": lot_gain(state, seat)})
    if is_bid(played) and is_bid(better):
        sun, other = bid_sun(played), bid_sun(better)
        if other > sun:
            over = [s for s in later if sun < s < other]
            if over:
                return Claim(Reason.LOW_OUTBID, {"sun": sun, "rival": max(over), "better": other})
            return Claim(Reason.HIGHER if lot else Reason.HIGHER_EMPTY,
                         {"sun": sun, "better": other})
        beaten = [s for s in later if other < s]
        if beaten:
            return Claim(Reason.LOWER_BEATEN, {"sun": sun, "rival": max(beaten), "better": other})
        return Claim(Reason.LOWER_DONE, {"sun": sun, "better": other})
    return _other(played, better)


def _invoke_claim(state: GameState, seat: int) -> Claim:
    lot = state.auction_tiles()
    rivals = sum(1 for q in range(state.n) if q != seat and state.suns_up[q])
    if not rivals:
        return Claim(Reason.INVOKE_ALONE)
    if not lot:
        return Claim(Reason.INVOKE_EMPTY, {"rivals": rivals})
    return Claim(Reason.INVOKE_LOT, {"rivals": rivals, "count": len(lot),
                                     "gain": lot_gain(state, seat)})
