"""The game state of Ra and its rules (RULES.md), behind one narrow API.

``GameState.new(...)`` sets a game up; ``to_move`` / ``decision`` say whose decision it is and of
what kind; ``legal_actions()`` / ``legal_moves()`` list what they may do; ``apply(move)`` (or the
fast ``apply_action(code, events)``) plays it and returns events; ``over``, ``winner``,
``summary()``, ``clone()`` and ``observation(seat)`` complete it.  ``from_position`` builds a state
at a :class:`~.position.Position` (``position()`` reads one back).

The bag is a fixed draw order and a position in it, so games replay exactly and cloning copies no
bag; only this package reads them.  Outside it, the bag is a multiset (``bag_counts``), the tiles
drawn (``drawn``) and, for a holder of the whole game, ``next_tile`` and ``draw_order``; chance
is steered through ``put_next``, ``redealt`` and ``Observation.determinize``.  Suns are kept
sorted high to low.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Final

from . import events as ev
from .disasters import disaster_discards, place_lot
from .errors import N_, IllegalMoveError, SetupError
from .moves import (
    DISCARD_BASE,
    DRAW,
    GOD_BASE,
    PASS,
    RA,
    Move,
    discard_action,
    god_action,
    unpack_tiles,
)
from .position import Decision, Position, census, complete, trim_track
from .scoring import epoch_points, floored
from .tiles import (
    AUCTION_TRACK_SIZE,
    CIVILIZATIONS,
    DISCARDED_AT_EPOCH_END,
    EMPTY,
    MONUMENTS,
    NUM_EPOCHS,
    NUM_KINDS,
    RA_TRACK_LENGTH,
    START_SCORE,
    SUN_SETS,
    TILE_COUNTS,
    TILE_IDS,
    TILE_NAMES,
    Tile,
)

if TYPE_CHECKING:  # (a type only: the engine imports nothing outside itself)
    from ..jsontypes import JsonObject, JsonValue

TURN: Final = 0
BID: Final = 1
DISCARD: Final = 2
OVER: Final = 3
#: The slots of a state that hold the bag's hidden order: no frame, file or module outside
#: this package reads them.
HIDDEN_FIELDS = ("bag_order", "bag_pos")
_AFTER_AUCTION: Final = 0
_AFTER_GOD: Final = 1
#: plain ints for the hot paths (comparing or indexing with an IntEnum is several times slower)
_RA: Final = int(Tile.RA)
_GOD: Final = int(Tile.GOD)


_DECISIONS: Final = (Decision.TURN, Decision.BID, Decision.DISCARD, None)
EventList = list[Any]


def full_bag() -> list[int]:
    """All 180 tiles of R-COMP, sorted by kind."""
    return [k for k in range(NUM_KINDS) for _ in range(TILE_COUNTS[k])]


def _shuffle(items: list[int], random01: Callable[[], float]) -> None:
    """Fisher-Yates shuffle driven by ``random01`` (a bit faster than ``Random.shuffle``)."""
    for i in range(len(items) - 1, 0, -1):
        j = int(random01() * (i + 1))
        items[i], items[j] = items[j], items[i]


class GameState:
    """A position of Ra.  Mutated only by ``apply``/``apply_action``; ``clone`` is cheap."""

    __slots__ = (
        "auction",
        "bag_order",
        "bag_pos",
        "bidders_left",
        "bids",
        "center_sun",
        "current",
        "disaster_owner",
        "discarded",
        "epoch",
        "full_invoke",
        "high_bid",
        "high_bidder",
        "initial_suns",
        "invoked",
        "n",
        "names",
        "pending",
        "phase",
        "ra_count",
        "ra_length",
        "ra_player",
        "resume",
        "score_history",
        "scores",
        "suns_down",
        "suns_up",
        "tiles",
        "winner",
    )

    n: int
    names: tuple[str, ...]
    epoch: int
    phase: int
    current: int
    center_sun: int
    ra_count: int
    ra_length: int
    auction: list[int]
    bag_order: tuple[int, ...]
    bag_pos: int
    suns_up: list[list[int]]
    suns_down: list[list[int]]
    tiles: list[list[int]]
    scores: list[int]
    discarded: list[int]
    ra_player: int
    invoked: bool
    full_invoke: bool
    high_bid: int
    high_bidder: int
    bids: list[int]
    bidders_left: int
    pending: list[int]
    disaster_owner: int
    resume: int
    initial_suns: tuple[tuple[int, ...], ...]
    winner: int | None
    score_history: list[tuple[int, ...]]

    # ----------------------------------------------------------------- setup

    @classmethod
    def new(
        cls,
        players: int,
        seed: int | None = None,
        suns: Sequence[Sequence[int]] | None = None,
        bag: Sequence[int] | None = None,
        names: Sequence[str] | None = None,
    ) -> GameState:
        """Set up a game (R-SETUP).  ``suns`` fixes the sets by seat, ``bag`` the first draws;
        whatever they leave open is dealt from ``seed``.  Raises ValueError on bad input."""
        if players not in SUN_SETS:
            raise SetupError(N_("Ra is played by 2 to 5 players, not {players}"), players=players)
        rng = random.Random(seed)
        if suns is None:
            sets = list(SUN_SETS[players])
            rng.shuffle(sets)
        else:
            sets = [tuple(sorted(s, reverse=True)) for s in suns]
            if sorted(sets) != sorted(SUN_SETS[players]):
                raise SetupError(
                    N_("sun sets {suns} are not the {players}-player sets of R-SETUP-4"),
                    suns=suns, players=players)
        prefix = list(bag or [])
        left = list(TILE_COUNTS)
        for kind in prefix:
            if not 0 <= kind < NUM_KINDS:
                raise SetupError(N_("unknown tile {kind}"), kind=kind)
            left[kind] -= 1
            if left[kind] < 0:
                raise SetupError(N_("the bag holds only {count} tiles of {tile_id}"),
                                 count=TILE_COUNTS[kind], tile_id=TILE_IDS[kind])
        rest = [k for k in range(NUM_KINDS) for _ in range(left[k])]
        _shuffle(rest, rng.random)
        state = cls._blank(players, names)
        state.bag_order = tuple(prefix + rest)
        state.initial_suns = tuple(tuple(s) for s in sets)
        state.suns_up = [list(s) for s in sets]
        state.suns_down = [[] for _ in range(players)]
        state._start_epoch()
        return state

    @classmethod
    def from_position(
        cls,
        position: Position,
        bag: Sequence[int] = (),
        seed: int | None = None,
        names: Sequence[str] | None = None,
        strict: bool = True,
    ) -> GameState:
        """A state at ``position`` (see :func:`~.position.complete` for the bag and discards
        it may leave open); raises :class:`~.position.PositionError` saying why when the
        position cannot arise.  The bag's first draws are ``bag``; its other tiles follow in
        sorted order, or shuffled by ``seed`` when one is given.  ``strict``: see
        :func:`~.position.complete`.  The state has no history:
        nothing drawn, no earlier epochs' fame, each seat's suns as its starting set."""
        p = complete(position, strict)
        assert p.bag is not None and p.discarded is not None
        left = list(p.bag)
        for kind in bag:
            if not 0 <= kind < NUM_KINDS or not left[kind]:
                raise SetupError(N_("no tile {kind} is left in the bag"), kind=kind)
            left[kind] -= 1
        rest = [k for k in range(NUM_KINDS) for _ in range(left[k])]
        if seed is not None:
            _shuffle(rest, random.Random(seed).random)
        n = p.players
        state = cls._blank(n, names)
        state.bag_order = tuple(bag) + tuple(rest)
        state.epoch, state.ra_count, state.center_sun = p.epoch, p.ra_count, p.center_sun
        state.auction = list(p.auction) + [EMPTY] * (AUCTION_TRACK_SIZE - len(p.auction))
        state.suns_up = [list(s) for s in p.suns_up]
        state.suns_down = [list(s) for s in p.suns_down]
        state.initial_suns = tuple(tuple(sorted(u + d, reverse=True))
                                   for u, d in zip(p.suns_up, p.suns_down))
        state.tiles = [list(t) for t in p.tiles]
        state.scores = list(p.scores)
        state.discarded = list(p.discarded)
        state.phase = OVER if p.decision is None else _DECISIONS.index(p.decision)
        state.current = p.current if p.winner is None else p.winner
        state.winner = p.winner
        if p.caller >= 0:
            state.ra_player, state.invoked, state.full_invoke = p.caller, p.invoked, p.full_invoke
            state.high_bid, state.high_bidder = p.high_bid, p.high_bidder
            state.bids, state.bidders_left = list(p.bids), p.bidders_left
        if p.pending:
            state.pending, state.disaster_owner = list(p.pending), p.disaster_owner
            state.resume = _AFTER_GOD if p.after_god else _AFTER_AUCTION
        return state

    def position(self) -> Position:
        """This state's position (``GameState.from_position`` of it plays on the same)."""
        auction_on = self.ra_player >= 0
        return Position(
            suns_up=tuple(tuple(s) for s in self.suns_up),
            suns_down=tuple(tuple(s) for s in self.suns_down),
            tiles=tuple(tuple(t) for t in self.tiles),
            scores=tuple(self.scores),
            center_sun=self.center_sun,
            epoch=self.epoch,
            ra_count=self.ra_count,
            current=self.current if self.phase != OVER else 0,
            decision=_DECISIONS[self.phase],
            auction=trim_track(self.auction),
            bag=tuple(self.bag_counts()),
            discarded=tuple(self.discarded),
            caller=self.ra_player,
            invoked=self.invoked if auction_on else False,
            full_invoke=self.full_invoke if auction_on else False,
            high_bid=self.high_bid,
            high_bidder=self.high_bidder,
            bids=tuple(self.bids) if auction_on else (),
            bidders_left=self.bidders_left,
            pending=tuple(self.pending),
            disaster_owner=self.disaster_owner if self.pending else -1,
            after_god=bool(self.pending) and self.resume == _AFTER_GOD,
            winner=self.winner,
        )

    @classmethod
    def _blank(cls, players: int, names: Sequence[str] | None) -> GameState:
        state = cls()
        state.n = players
        state.names = tuple(names) if names else tuple(f"Player {i + 1}" for i in range(players))
        if len(state.names) != players:
            raise SetupError(N_("{names} names for {players} players"), names=len(state.names),
                             players=players)
        state.epoch = 1
        state.phase = TURN
        state.current = 0
        state.center_sun = 1
        state.ra_count = 0
        state.ra_length = RA_TRACK_LENGTH[players]
        state.auction = [EMPTY] * AUCTION_TRACK_SIZE
        state.bag_pos = 0
        state.tiles = [[0] * NUM_KINDS for _ in range(players)]
        state.scores = [START_SCORE] * players
        state.discarded = [0] * NUM_KINDS
        state.winner = None
        state.score_history = []
        state._clear_auction()
        state.pending = []
        state.disaster_owner = -1
        state.resume = _AFTER_AUCTION
        return state

    def _clear_auction(self) -> None:
        self.ra_player = -1
        self.invoked = False
        self.full_invoke = False
        self.high_bid = 0
        self.high_bidder = -1
        self.bids = [0] * self.n
        self.bidders_left = 0

    def _start_epoch(self) -> None:
        """R-SETUP-5 / R-EPOCH-5: the holder of the highest sun starts."""
        best = max(range(self.n), key=lambda p: self.suns_up[p][0])
        self.phase = TURN
        self.current = best

    # ----------------------------------------------------------------- queries

    @property
    def over(self) -> bool:
        return self.phase == OVER

    @property
    def to_move(self) -> int | None:
        """The seat whose decision it is, or None once the game is over."""
        return None if self.phase == OVER else self.current

    @property
    def decision(self) -> Decision | None:
        return _DECISIONS[self.phase]

    @property
    def bag_left(self) -> int:
        return len(self.bag_order) - self.bag_pos

    @property
    def drawn(self) -> tuple[int, ...]:
        """The tiles drawn so far, in order (public information)."""
        return self.bag_order[: self.bag_pos]

    @property
    def draw_count(self) -> int:
        """How many tiles were drawn so far (``len(drawn)``, without the copy)."""
        return self.bag_pos

    def drawn_since(self, count: int) -> tuple[int, ...]:
        """The tiles drawn after the first ``count`` (``drawn[count:]``, without the copy)."""
        return self.bag_order[count: self.bag_pos]

    def next_tile(self) -> int | None:
        """The tile the next draw reveals, None when the bag is empty.  Hidden information:
        only a holder of the whole game (a server, a review of a finished game) may ask."""
        return self.bag_order[self.bag_pos] if self.bag_pos < len(self.bag_order) else None

    def draw_order(self) -> tuple[int, ...]:
        """Every tile of the bag in its draw order, drawn or not: the secret a server keeps to
        resume a game (``GameState.new(..., bag=draw_order())`` deals the same game)."""
        return self.bag_order

    def bag_counts(self) -> list[int]:
        """How many tiles of each kind are still in the bag (the multiset, not the order)."""
        counts = [0] * NUM_KINDS
        for kind in self.bag_order[self.bag_pos:]:
            counts[kind] += 1
        return counts

    def auction_tiles(self) -> list[int]:
        """The tiles on the auction track, left to right, without gaps."""
        return [t for t in self.auction if t != EMPTY]

    def forced_bid(self) -> bool:
        """True when the player to move must bid because of R-AUC-3."""
        return (
            self.phase == BID and self.current == self.ra_player and self.invoked
            and not self.full_invoke and self.high_bidder < 0
        )

    def can_draw(self) -> bool:
        return EMPTY in self.auction and self.bag_pos < len(self.bag_order)

    def legal_actions(self) -> list[int]:
        """Every legal action code for the player to move (empty once the game is over)."""
        phase = self.phase
        current = self.current
        if phase == BID:
            high = self.high_bid
            actions = [s + 2 for s in self.suns_up[current] if s > high]
            if (
                current != self.ra_player or not self.invoked or self.full_invoke
                or self.high_bidder >= 0
            ):
                actions.append(PASS)
            return actions
        if phase == TURN:
            if EMPTY in self.auction and self.bag_pos < len(self.bag_order):
                actions = [DRAW, RA]
            else:
                actions = [RA]
            if self.tiles[current][_GOD]:
                actions.extend(self._god_actions())
            return actions
        if phase == DISCARD:
            return self._discard_actions()
        return []

    def legal_moves(self) -> list[Move]:
        return [Move.from_action(a) for a in self.legal_actions()]

    def _god_actions(self) -> list[int]:
        gods = self.tiles[self.current][Tile.GOD]
        counts = [0] * NUM_KINDS
        for t in self.auction:
            if t != EMPTY and t != Tile.GOD:
                counts[t] += 1
        kinds = [k for k in range(NUM_KINDS) if counts[k]]
        out: list[int] = []

        def extend(start: int, chosen: list[int]) -> None:
            if chosen:
                out.append(god_action(chosen))
            if len(chosen) == gods:
                return
            for i in range(start, len(kinds)):
                kind = kinds[i]
                if chosen.count(kind) < counts[kind]:
                    chosen.append(kind)
                    extend(i, chosen)
                    chosen.pop()

        extend(0, [])
        return out

    def _discard_choices(self) -> list[tuple[int, ...]]:
        """The pairs of tiles the owner may discard for the pending War or Earthquake."""
        return disaster_discards(self.tiles[self.disaster_owner], self.pending[0])

    def _discard_actions(self) -> list[int]:
        return [discard_action(pair) for pair in self._discard_choices()]

    # ----------------------------------------------------------------- apply

    def apply(self, move: Move | str) -> EventList:
        """Play a move (a :class:`Move` or its text) and return the events it caused.
        Raises :class:`IllegalMoveError` and leaves the state unchanged if it is not legal."""
        if isinstance(move, str):
            move = Move.parse(move)
        events: EventList = []
        self.apply_action(move.action, events)
        return events

    def apply_action(self, action: int, events: EventList | None = None) -> None:
        """Play an action code; append events to ``events`` when given (None is faster)."""
        phase = self.phase
        if phase == BID:
            self._bid(action, events)
        elif phase == TURN:
            if action == DRAW:
                self._draw(events)
            elif action == RA:
                self._start_auction(True, events)
            elif action & GOD_BASE and not action & DISCARD_BASE:
                self._play_gods(unpack_tiles(action), events)
            else:
                raise self._not_now(action, N_(
                    "{player} cannot play {move} now: it is time to take your turn: draw, invoke "
                    "Ra or play God tiles."))
        elif phase == DISCARD:
            self._discard(action, events)
        else:
            raise IllegalMoveError(N_("The game is over: no more moves can be made."))

    def _not_now(self, action: int, template: str) -> IllegalMoveError:
        """The error for a move of the wrong kind for the phase (``template``: a sentence with
        ``{player}`` and ``{move}``)."""
        try:
            text = Move.from_action(action).text
        except ValueError:
            text = str(action)
        return IllegalMoveError(template, player=self.names[self.current], move=repr(text))

    # -- turn actions

    def _draw(self, events: EventList | None) -> None:
        if self.bag_pos >= len(self.bag_order):
            raise IllegalMoveError(N_("You cannot draw: the bag is empty."))
        if EMPTY not in self.auction:
            raise IllegalMoveError(
                N_("You cannot draw: the auction track is full (invoke Ra or play a God)."))
        tile = self.bag_order[self.bag_pos]
        self.bag_pos += 1
        player = self.current
        if tile == _RA:
            self.ra_count += 1
            ends = self.ra_count >= self.ra_length
            if events is not None:
                events.append(ev.RaDrawn(player, self.ra_count - 1, ends))
            if ends:
                self._end_epoch("ra_track", events)
            else:
                self._start_auction(False, events)
            return
        slot = self.auction.index(EMPTY)
        self.auction[slot] = tile
        if events is not None:
            events.append(ev.TileDrawn(player, tile, slot))
        self._next_turn(player, events)

    def _play_gods(self, taken: tuple[int, ...], events: EventList | None) -> None:
        player = self.current
        held = self.tiles[player]
        if not taken:
            raise IllegalMoveError(N_("Name at least one tile to take with a God."))
        if not held[Tile.GOD]:
            raise IllegalMoveError(N_("You hold 0 God tiles: there is no God to play."))
        if len(taken) > held[Tile.GOD] == 1:
            raise IllegalMoveError(N_("You hold 1 God tile and cannot take {count} tiles."),
                                   count=len(taken))
        if len(taken) > held[Tile.GOD]:
            raise IllegalMoveError(N_("You hold {gods} God tiles and cannot take {count} tiles."),
                                   gods=held[Tile.GOD], count=len(taken))
        slots: list[int] = []
        for kind in taken:
            if not 0 <= kind < NUM_KINDS:
                raise IllegalMoveError(N_("There is no tile kind {kind}."), kind=kind)
            if kind == Tile.GOD:
                raise IllegalMoveError(N_("A God tile cannot take another God tile."))
            slot = next(
                (i for i, t in enumerate(self.auction) if t == kind and i not in slots), -1
            )
            if slot < 0:
                raise IllegalMoveError(N_("There is no {tile} left on the auction track to take."),
                                       tile=TILE_NAMES[kind])
            slots.append(slot)
        for slot in slots:
            self.auction[slot] = EMPTY
        held[Tile.GOD] -= len(taken)
        self.discarded[Tile.GOD] += len(taken)
        if events is not None:
            events.append(ev.GodsPlayed(player, taken, tuple(slots)))
        self._receive(player, taken, _AFTER_GOD, events)

    # -- auctions

    def _start_auction(self, invoked: bool, events: EventList | None) -> None:
        self.ra_player = self.current
        self.invoked = invoked
        self.full_invoke = invoked and EMPTY not in self.auction
        self.high_bid = 0
        self.high_bidder = -1
        self.bids = [0] * self.n
        self.bidders_left = self.n
        self.phase = BID
        self.current = self.ra_player
        if events is not None:
            events.append(ev.AuctionStarted(self.ra_player, invoked, self.full_invoke))
        self._next_bidder(events)

    def _next_bidder(self, events: EventList | None) -> None:
        """Move to the next player who can bid; pass automatically for those who cannot."""
        n = self.n
        while self.bidders_left:
            self.bidders_left -= 1
            seat = (self.current + 1) % n
            self.current = seat
            suns = self.suns_up[seat]
            if suns and suns[0] > self.high_bid:
                return
            if events is not None:
                events.append(ev.Passed(seat, True))
        self._resolve_auction(events)

    def _bid(self, action: int, events: EventList | None) -> None:
        player = self.current
        if action == PASS:
            if self.forced_bid():
                raise IllegalMoveError(
                    N_("You must bid: you invoked Ra and everyone else passed (R-AUC-3).")
                )
            if events is not None:
                events.append(ev.Passed(player, False))
        elif 3 <= action <= 18:
            sun = action - 2
            if sun not in self.suns_up[player]:
                raise IllegalMoveError(N_("Sun {sun} is not face up in front of you."), sun=sun)
            if sun <= self.high_bid:
                raise IllegalMoveError(N_("Sun {sun} does not beat the highest bid, {high}."),
                                       sun=sun, high=self.high_bid)
            self.high_bid = sun
            self.high_bidder = player
            self.bids[player] = sun
            if events is not None:
                events.append(ev.BidMade(player, sun))
        else:
            raise self._not_now(action, N_(
                "{player} cannot play {move} now: it is time to bid a sun or pass."))
        self._next_bidder(events)

    def _resolve_auction(self, events: EventList | None) -> None:
        winner = self.high_bidder
        if winner < 0:
            lost: tuple[int, ...] = ()
            if self.full_invoke:
                lost = tuple(self.auction_tiles())
                for t in lost:
                    self.discarded[t] += 1
                self.auction = [EMPTY] * AUCTION_TRACK_SIZE
            if events is not None:
                events.append(ev.AuctionPassed(self.ra_player, lost))
            self._finish_auction(events)
            return
        lot = tuple([t for t in self.auction if t != EMPTY])
        self.auction = [EMPTY] * AUCTION_TRACK_SIZE
        sun = self.high_bid
        self.suns_up[winner].remove(sun)
        down = self.suns_down[winner]
        down.append(self.center_sun)
        if len(down) > 1:
            down.sort(reverse=True)
        if events is not None:
            events.append(ev.AuctionWon(winner, sun, lot, self.center_sun))
        self.center_sun = sun
        self._receive(winner, lot, _AFTER_AUCTION, events)

    def _finish_auction(self, events: EventList | None) -> None:
        ra_player = self.ra_player
        self._clear_auction()
        self._next_turn(ra_player, events)

    # -- tiles and disasters

    def _receive(
        self, player: int, lot: Sequence[int], resume: int, events: EventList | None
    ) -> None:
        """R-AUC-7 / R-TURN-5: place the tiles, then resolve the disasters among them in order."""
        pending = place_lot(self.tiles[player], lot)
        if not pending:
            if resume == _AFTER_AUCTION:
                self._finish_auction(events)
            else:
                self._next_turn(player, events)
            return
        self.pending = pending
        self.disaster_owner = player
        self.resume = resume
        self._resolve_disasters(events)

    def _resolve_disasters(self, events: EventList | None) -> None:
        """Resolve pending disasters until one needs the owner's choice (R-DIS-7) or none is left."""
        owner = self.disaster_owner
        held = self.tiles[owner]
        while self.pending:
            disaster = self.pending[0]
            options = disaster_discards(held, disaster)
            if len(options) > 1:
                self.phase = DISCARD
                self.current = owner
                return
            lost = options[0]
            for k in lost:
                held[k] -= 1
            self._finish_disaster(disaster, list(lost), events)
        self.disaster_owner = -1
        if self.resume == _AFTER_AUCTION:
            self._finish_auction(events)
        else:
            self._next_turn(owner, events)

    def _finish_disaster(self, disaster: int, lost: list[int], events: EventList | None) -> None:
        for k in lost:
            self.discarded[k] += 1
        self.discarded[disaster] += 1
        self.pending.pop(0)
        if events is not None:
            events.append(ev.DisasterResolved(self.disaster_owner, disaster, tuple(lost)))

    def _discard(self, action: int, events: EventList | None) -> None:
        if not action & DISCARD_BASE:
            raise self._not_now(action, N_(
                "{player} cannot play {move} now: it is time to choose the tiles the disaster "
                "discards."))
        chosen = tuple(sorted(unpack_tiles(action)))
        disaster = self.pending[0]
        if chosen not in self._discard_choices():
            raise IllegalMoveError(
                N_("Choose exactly 2 of your own civilization tiles for the War to discard.")
                if disaster == Tile.WAR else
                N_("Choose exactly 2 of your own monument tiles for the Earthquake to discard.")
            )
        held = self.tiles[self.disaster_owner]
        for k in chosen:
            held[k] -= 1
        self._finish_disaster(disaster, list(chosen), events)
        self._resolve_disasters(events)

    # -- turn order and epochs

    def _next_turn(self, after: int, events: EventList | None) -> None:
        """R-AUC-8 / R-TURN-2 / R-LAST-1: the next seat after ``after`` with a face-up sun;
        the epoch ends if there is none (R-EPOCH-1)."""
        n = self.n
        for i in range(1, n + 1):
            seat = (after + i) % n
            if self.suns_up[seat]:
                self.phase = TURN
                self.current = seat
                return
        self._end_epoch("no_suns", events)

    def _end_epoch(self, reason: str, events: EventList | None) -> None:
        """R-EPOCH-2..6: clear the tracks, score, turn suns up, discard, then next epoch or end."""
        ra_tiles = self.ra_count
        lot = tuple(self.auction_tiles())
        self.discarded[Tile.RA] += ra_tiles
        for t in lot:
            self.discarded[t] += 1
        self.ra_count = 0
        self.auction = [EMPTY] * AUCTION_TRACK_SIZE
        self._clear_auction()
        if events is not None:
            events.append(ev.EpochEnded(self.epoch, reason, ra_tiles, lot))
        self._score_epoch(events)
        for p in range(self.n):
            up = self.suns_up[p]
            up.extend(self.suns_down[p])
            up.sort(reverse=True)
            self.suns_down[p] = []
            held = self.tiles[p]
            for k in DISCARDED_AT_EPOCH_END:
                self.discarded[k] += held[k]
                held[k] = 0
        if self.epoch == NUM_EPOCHS:
            self._end_game(events)
        else:
            self.epoch += 1
            self._start_epoch()

    def _score_epoch(self, events: EventList | None) -> None:
        final = self.epoch == NUM_EPOCHS
        sun_sums = [sum(self.suns_up[p]) + sum(self.suns_down[p]) for p in range(self.n)]
        points = epoch_points(self.tiles, sun_sums if final else None)
        before = self.scores[:]
        self.scores = [floored(before[p], sum(pts.values())) for p, pts in enumerate(points)]
        self.score_history.append(tuple(self.scores))
        if events is not None:
            rows = tuple(
                ev.PlayerScore(p, pts, before[p], self.scores[p]) for p, pts in enumerate(points)
            )
            events.append(ev.EpochScored(self.epoch, rows))

    def _end_game(self, events: EventList | None) -> None:
        """R-WIN: highest fame wins; among tied players, the highest sun decides."""
        best = max(self.scores)
        tied = [p for p in range(self.n) if self.scores[p] == best]
        winner = max(tied, key=lambda p: self.suns_up[p][0])
        self.winner = winner
        self.phase = OVER
        if events is not None:
            events.append(ev.GameOver(winner, tuple(self.scores), len(tied) > 1))

    # ----------------------------------------------------------------- copies and views

    def clone(self) -> GameState:
        """An independent copy (shares only immutable parts)."""
        c = GameState()
        c.n = self.n
        c.names = self.names
        c.epoch = self.epoch
        c.phase = self.phase
        c.current = self.current
        c.center_sun = self.center_sun
        c.ra_count = self.ra_count
        c.ra_length = self.ra_length
        c.auction = self.auction[:]
        c.bag_order = self.bag_order
        c.bag_pos = self.bag_pos
        c.suns_up = [s[:] for s in self.suns_up]
        c.suns_down = [s[:] for s in self.suns_down]
        c.tiles = [t[:] for t in self.tiles]
        c.scores = self.scores[:]
        c.discarded = self.discarded[:]
        c.ra_player = self.ra_player
        c.invoked = self.invoked
        c.full_invoke = self.full_invoke
        c.high_bid = self.high_bid
        c.high_bidder = self.high_bidder
        c.bids = self.bids[:]
        c.bidders_left = self.bidders_left
        c.pending = self.pending[:]
        c.disaster_owner = self.disaster_owner
        c.resume = self.resume
        c.initial_suns = self.initial_suns
        c.winner = self.winner
        c.score_history = self.score_history[:]
        return c

    def with_bag(self, remaining: Sequence[int]) -> GameState:
        """A clone whose undrawn tiles come in the order ``remaining`` (same multiset required)."""
        c = self.clone()
        c.bag_order = self.bag_order[: self.bag_pos] + tuple(remaining)
        return c

    def renamed(self, names: Sequence[str]) -> GameState:
        """A clone whose seats are called ``names``."""
        if len(names) != self.n:
            raise SetupError(N_("{names} names for {players} players"), names=len(names),
                             players=self.n)
        c = self.clone()
        c.names = tuple(names)
        return c

    def redealt(self, rng: random.Random) -> GameState:
        """A clone whose undrawn tiles are shuffled by ``rng`` (``rng.shuffle``)."""
        rest = list(self.bag_order[self.bag_pos:])
        rng.shuffle(rest)
        return self.with_bag(rest)

    def put_next(self, tile: int) -> None:
        """Make ``tile`` the next one drawn: the first such tile of the undrawn ones moves to
        the front, the others keep their order (a copy of a game whose bag is unknown learns
        each draw as it is made; a lesson stacks its draws).  Raises SetupError when no such
        tile is left in the bag."""
        pos = self.bag_pos
        try:
            index = self.bag_order.index(tile, pos)
        except ValueError:
            raise SetupError(N_("no tile {kind} is left in the bag"), kind=tile) from None
        order = self.bag_order
        self.bag_order = order[:pos] + (tile,) + order[pos:index] + order[index + 1:]

    def summary(self) -> JsonObject:
        """The state summary of NOTATION.md, as a JSON-ready dict."""
        over = self.phase == OVER
        players: list[JsonValue] = []
        for p in range(self.n):
            held = self.tiles[p]
            players.append({
                "name": self.names[p],
                "score": self.scores[p],
                "suns_up": list(self.suns_up[p]),
                "suns_down": list(self.suns_down[p]),
                "tiles": {TILE_IDS[k]: held[k] for k in range(NUM_KINDS) if held[k]},
            })
        return {
            "over": over,
            "epoch": self.epoch,
            "to_move": self.to_move,
            "decision": None if over else _DECISIONS[self.phase].value,  # type: ignore[union-attr]
            "center_sun": self.center_sun,
            "ra_track": self.ra_count,
            "auction_track": [TILE_IDS[t] for t in self.auction_tiles()],
            "bag_left": self.bag_left,
            "players": players,
            "winner": self.winner,
        }

    def tile_census(self) -> list[int]:
        """Tiles of each kind in bag + tracks + players + discards (always R-COMP's counts)."""
        return census(self.position())

    def sun_census(self) -> list[int]:
        """Every sun in play, sorted: the centre sun and all players' suns."""
        suns = [self.center_sun]
        for p in range(self.n):
            suns += self.suns_up[p] + self.suns_down[p]
        return sorted(suns)

    def observation(self, seat: int) -> Observation:
        """What ``seat`` may know: everything public, the bag only as a multiset."""
        return Observation(self, seat)


class Observation:
    """A seat's view of a state.  The hidden draw order is replaced by a canonical one, so
    nothing built from an observation can learn the real order; ``determinize`` re-deals it."""

    __slots__ = ("seat", "state")

    def __init__(self, state: GameState, seat: int) -> None:
        self.seat = seat
        self.state = state.with_bag(sorted(state.bag_order[state.bag_pos:]))

    def __reduce__(self) -> tuple[type[Observation], tuple[GameState, int]]:
        # pickled as its arguments (a compiled class is remade through __init__)
        return type(self), (self.state, self.seat)

    def bag_counts(self) -> list[int]:
        return self.state.bag_counts()

    def determinize(self, rng: random.Random) -> GameState:
        """A full state consistent with this observation, the unseen bag shuffled by ``rng``."""
        state = self.state
        pos = state.bag_pos
        remaining = list(state.bag_order[pos:])
        _shuffle(remaining, rng.random)  # a uniform shuffle, cheaper than rng.shuffle
        deal = state.clone()
        deal.bag_order = state.bag_order[:pos] + tuple(remaining)
        return deal


__all__ = [
    "CIVILIZATIONS", "EMPTY", "HIDDEN_FIELDS", "MONUMENTS", "Decision", "GameState", "Observation", "full_bag",
]
