"""What a review finds: the seat's decisions in a replay, and the review's result values.

:func:`seat_decisions` replays a game and keeps, for every decision of one seat that had a
choice (a forced move is no decision), that seat's observation at the moment and the move it
made.  :class:`Mistake` and :class:`Review` are what the window and the command line show;
``Review.to_json()`` is the issue's JSON form.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from ..engine import GameState, Move, Observation, Replay
from ..engine.errors import N_, IllegalMoveError, NotationError, ReplayError
from ..engine.moves import bid_sun, is_bid, is_discard, is_god, unpack_tiles
from ..engine.state import BID, DISCARD, TURN
from ..text.i18n import _, format_decimal, ngettext
from ..text.words import YOU, display_name
from .claims import Claim, Moment, Reason, Situation, moment_claim, situation_claim, why_claim
from .why import moment_text, move_words, reason_text, situation_text, why_text


@dataclass(frozen=True)
class SeatDecision:
    """A decision of the reviewed seat: the index of its move in the replay's ``moves``, the
    seat's observation before it, and the action it played."""

    move: int
    obs: Observation
    played: int
    #: For a bid: True when the seat won the auction with it, False when it was outbid.
    won: bool | None = None
    #: For a bid that was outbid: the sun that won the auction.
    winning: int | None = None
    #: The auction's number in the epoch (bids, discards), the seat's turn in the epoch (turns);
    #: 1 for a position built without its game.
    auction: int = 1
    turn: int = 1


def _legal_form(action: int, legal: list[int]) -> int:
    """The legal action code of ``action`` (a God play or discard written in another order)."""
    if action in legal or not (is_god(action) or is_discard(action)):
        return action
    tiles = sorted(unpack_tiles(action))
    for a in legal:
        if is_god(a) == is_god(action) and sorted(unpack_tiles(a)) == tiles:
            return a
    return action


def check_seat(replay: Replay, seat: int) -> None:
    """Raises :class:`ReplayError` when ``seat`` is not a seat of the replay (seats count from 0)."""
    if not 0 <= seat < len(replay.players):
        raise ReplayError(N_("there is no seat {seat}: this game has seats 0 to {last}"),
                          seat=seat, last=len(replay.players) - 1)


def seat_decisions(replay: Replay, seat: int) -> list[SeatDecision]:
    """Every decision of ``seat`` with more than one legal move, in the order played.  Raises
    :class:`ReplayError` for a bad seat or an illegal move in the replay."""
    check_seat(replay, seat)
    state = replay.initial_state()
    out: list[SeatDecision] = []
    bid: tuple[int, int] | None = None  # (decision, sun) of the seat's bid in this auction
    epoch, auctions, turns = state.epoch, 0, 0  # auctions begun and the seat's turns this epoch
    for index, text in enumerate(replay.moves):
        try:
            move = Move.parse(text)
            legal = state.legal_actions() if state.current == seat and not state.over else []
            if len(legal) > 1:
                out.append(SeatDecision(index, state.observation(seat),
                                        _legal_form(move.action, legal), auction=auctions,
                                        turn=turns + 1))
                if is_bid(out[-1].played):
                    bid = (len(out) - 1, bid_sun(out[-1].played))
            phase, mover = state.phase, state.current
            turns += phase == TURN and mover == seat
            state.apply(move)
            if state.epoch != epoch:
                epoch, auctions, turns = state.epoch, 0, 0
            elif phase == TURN and state.phase in (BID, DISCARD):
                auctions += 1
            if bid is not None and state.phase != BID:
                k, sun = bid
                won = state.center_sun == sun  # the winning sun goes to the centre
                out[k] = replace(out[k], won=won, winning=None if won else state.center_sun)
                bid = None
        except (IllegalMoveError, NotationError) as exc:
            raise ReplayError(N_("move {index} {move} is illegal: {reason}"), index=index,
                              move=repr(text[:60]), reason=exc) from None
    return out


def _rounded(value: float) -> float:
    return round(value, 1)


@dataclass(frozen=True)
class Mistake:
    """One costly decision, in no language: the move's index in the replay, the move made and
    the better one (notation), the estimated fame lost, its epoch, the claims of its reason and
    situation (:mod:`~ra_game.review.claims`), and the numbers behind it (``values``: the fame
    of both moves, the noise of their difference, the search's visits).  Its words
    (:attr:`why`, :attr:`situation`, :meth:`line`) are made in the language chosen when read."""

    move: int
    played: str
    better: str
    loss: float
    reason: Claim
    epoch: int
    where: Claim
    values: dict[str, Any] = field(default_factory=dict, compare=False)
    #: The reviewed seat's stored name: its sentences say "you" for the one person at the
    #: screen (:data:`~ra_game.text.words.YOU`), else they name the player.
    player: str = YOU
    #: When in its epoch: the auction's number or the seat's turn (:func:`moment_claim`).
    when: Claim = field(default_factory=lambda: Claim(Moment.TURN, {"epoch": 1, "number": 1}))
    #: A possible mistake: the second opinion stayed unsure of it (it is marked so).
    possible: bool = False

    @staticmethod
    def at(move: int, state: GameState, seat: int, played: int, better: int, loss: float,
           won: bool | None = None, values: dict[str, Any] | None = None,
           auction: int = 1, turn: int = 1, winning: int | None = None,
           possible: bool = False) -> Mistake:
        """The mistake of ``seat`` playing ``played`` (not ``better``) in ``state``, the
        ``move``-th move of its replay; its claims are read from the position now, its player
        is the seat's name in the state."""
        return Mistake(move, Move.from_action(played).text, Move.from_action(better).text, loss,
                       why_claim(state, seat, played, better, won, winning), state.epoch,
                       situation_claim(state, seat), values or {}, state.names[seat],
                       moment_claim(state, auction, turn), possible)

    @property
    def person(self) -> str | None:
        """Whom the sentences are of: None for "you", else the player's name as shown."""
        return None if self.player == YOU else display_name(self.player)

    @property
    def number(self) -> int:
        """The move's number as a player reads it, counted from 1 as the replay viewer counts
        (``move`` indexes the replay's moves from 0, for programs)."""
        return self.move + 1

    @property
    def why(self) -> str:
        """One sentence why the better move was better (translated now), and for a possible
        mistake the sentence that says so."""
        return self._marked(why_text(self.reason, self.loss, self.person))

    @property
    def main_why(self) -> str:
        """The reason's own sentence, without what decides it (a row of the list)."""
        return self._marked(reason_text(self.reason, format_decimal(self.loss), self.person))

    def _marked(self, text: str) -> str:
        if not self.possible:
            return text
        return " ".join([_("A possible mistake: the second opinion stayed unsure of it."),
                         text])

    @property
    def situation(self) -> str:
        """Where the decision was made, in words (translated now)."""
        return situation_text(self.where, self.person)

    @property
    def name(self) -> str:
        """The move as a player names it: "Epoch 2, auction 4: you bid sun 9" (translated
        now)."""
        return moment_text(self.when, Move.parse(self.played).action, self.person)

    @property
    def better_words(self) -> str:
        return _notation_words(self.better)

    def to_json(self) -> dict[str, Any]:
        return {"move": self.move, "played": self.played, "better": self.better,
                "loss": _rounded(self.loss), "why": self.why, "epoch": self.epoch,
                "situation": self.situation, "name": self.name, "possible": self.possible,
                **({"second_opinion": self.values["second_opinion"]}
                   if "second_opinion" in self.values else {})}

    def to_store(self) -> dict[str, Any]:
        """The mistake as kept with its game: numbers and claims, no words."""
        return {"move": self.move, "played": self.played, "better": self.better,
                "loss": self.loss, "reason": self.reason.to_json(), "epoch": self.epoch,
                "where": self.where.to_json(), "values": self.values, "player": self.player,
                "when": self.when.to_json(), "possible": self.possible}

    @staticmethod
    def from_store(data: dict[str, Any]) -> Mistake:
        """The mistake of :meth:`to_store`; ValueError (or KeyError, TypeError) otherwise, also
        for claims whose sentences cannot be written."""
        loss = data["loss"]
        if not isinstance(loss, int | float) or not isinstance(data["values"], dict):
            raise TypeError("not a kept mistake")
        for name in ("played", "better"):
            Move.parse(str(data[name]))
        mistake = Mistake(int(data["move"]), str(data["played"]), str(data["better"]),
                          float(loss), Claim.from_json(data["reason"], Reason),
                          int(data["epoch"]), Claim.from_json(data["where"], Situation),
                          dict(data["values"]), str(data.get("player", YOU)),
                          Claim.from_json(data["when"], Moment), bool(data["possible"]))
        mistake.line()  # its claims lack no number their sentences name
        return mistake

    def line(self) -> str:
        """The mistake as one readable line (translated)."""
        return _("{name} ({situation}); better: {better} (about {loss} fame lost). "
                 "{why}").format(name=self.name, situation=self.situation,
                                 better=self.better_words, loss=format_decimal(self.loss),
                                 why=self.why)


def _notation_words(text: str) -> str:
    """A move in notation as a sentence names it (text that is no move is shown as it is)."""
    try:
        return move_words(Move.parse(text).action)
    except NotationError:
        return text


@dataclass(frozen=True)
class Review:
    """A seat's review: its decisions, how many were close to best (not clearly worse than the
    search's noise), the fame lost in all (every decision's estimated loss above zero, small
    ones too), the costliest mistakes (clearly worse only), the seconds it took, and the
    accuracy (percent, from each decision's fame lost: :mod:`~ra_game.review.accuracy`)."""

    seat: int
    decisions: int
    close: int
    total_loss: float
    mistakes: list[Mistake]
    seconds: float = field(default=0.0, compare=False)
    accuracy: float = 100.0
    #: The work behind it, kept so that a later review of the same seat with every mistake
    #: (the whole game's) reuses it: the search's verdicts, the settled second opinions and
    #: the measures (:func:`~ra_game.review.job.work_of`).
    work: dict[str, Any] = field(default_factory=dict, compare=False)

    def to_json(self) -> dict[str, Any]:
        """The issue's form, plus ``close``, ``total_loss`` and ``seconds``."""
        return {"seat": self.seat, "decisions": self.decisions,
                "mistakes": [m.to_json() for m in self.mistakes], "close": self.close,
                "total_loss": _rounded(self.total_loss), "seconds": round(self.seconds, 2),
                "accuracy": round(self.accuracy)}

    def to_store(self) -> dict[str, Any]:
        """The review as kept with its game: numbers and claims, no words."""
        return {"seat": self.seat, "decisions": self.decisions, "close": self.close,
                "total_loss": self.total_loss, "seconds": self.seconds,
                "accuracy": self.accuracy, "work": self.work, "mistakes": [m.to_store() for m in self.mistakes]}

    @staticmethod
    def from_store(data: Any) -> Review:
        """The review of :meth:`to_store`; ValueError for anything else."""
        try:
            mistakes = [Mistake.from_store(m) for m in data["mistakes"]]
            return Review(int(data["seat"]), int(data["decisions"]), int(data["close"]),
                          float(data["total_loss"]), mistakes, float(data["seconds"]),
                          float(data["accuracy"]), dict(data.get("work") or {}))
        except (KeyError, IndexError, TypeError, ValueError) as exc:
            raise ValueError(f"not a kept review: {exc}") from None

    @property
    def listed_loss(self) -> float:
        """The fame the listed mistakes cost together."""
        return sum(m.loss for m in self.mistakes)

    def rest_sentence(self) -> str:
        """What the fame lost in all is made of, when it is more than the list's (translated;
        empty when the list accounts for it)."""
        rest = self.total_loss - self.listed_loss
        if round(rest, 1) <= 0.0:
            return ""
        if not self.mistakes:
            return _("No single decision clearly cost fame: the {rest} are small or "
                     "uncertain losses.").format(
                rest=format_decimal(rest))
        return _("The list accounts for {listed} of it; the other {rest} are small or "
                 "uncertain losses.").format(listed=format_decimal(self.listed_loss),
                                   rest=format_decimal(rest))

    def summary(self) -> str:
        """The summary line (translated): decisions reviewed, close to best, fame lost, and
        what the fame lost is made of."""
        return " ".join(filter(None, [self._counts(), self.rest_sentence()]))

    def _counts(self) -> str:
        return ngettext(
            "{decisions} decision reviewed, {close} close to best, about {loss} fame lost in "
            "all.",
            "{decisions} decisions reviewed, {close} close to best, about {loss} fame lost in "
            "all.", self.decisions).format(decisions=self.decisions, close=self.close,
                                           loss=format_decimal(self.total_loss))
