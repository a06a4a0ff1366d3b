"""Who sits at the table: seat specifications (``human,ai:hard,random``) shared by the command
line and the window, and the :class:`SeatController` s that decide the seats' moves.

A controller is asked, without blocking, for the move of a seat it controls (``poll``); the
:class:`ra_game.table.match.Match` applies it if the engine says it is legal and tells every
controller what was applied (``on_applied``) and when the match was reset to an earlier or a
later position (``on_reset``: a take-back, a replay's step).  Kinds: :class:`LocalPerson` (input fed by the
play scene), the AI (:class:`ra_game.ai.runner.AiRunner`, worker processes), a script
(:class:`ScriptedSeats`; the replay viewer and the lesson), and later a person far away.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from ..engine import Move, Observation
from ..text.i18n import _
from ..text.words import YOU
from .seat_kinds import NEEDS_WINDOW, SeatKind, Where, codes, find_kind, kind_of, kinds_where

if TYPE_CHECKING:
    from ..engine.events import Event


class SeatSpecError(ValueError):
    """A ``--players`` value that cannot be used; the message is one line for the user."""


@dataclass(frozen=True)
class Seat:
    """One seat: who plays it (``kind``) and the name shown on the board."""

    kind: SeatKind
    name: str

    @classmethod
    def of(cls, code: str, name: str) -> Seat:
        """The seat of the kind written ``code``; raises KeyError for an unknown one."""
        return cls(kind_of(code), name)

    @property
    def is_human(self) -> bool:
        """A person at this screen plays it."""
        return self.kind.person_here


AI_NAMES = ("Nefertiti", "Imhotep", "Hatshepsut", "Ramesses", "Khufu")


def seat_kinds() -> list[str]:
    """The kinds a game at this screen takes, in the order the setup screen offers them."""
    return codes(kinds_where(Where.LOCAL))


def parse_seats(spec: str, allow_human: bool = True) -> list[Seat]:
    """Parse a comma list of 2-5 seat kinds; raises :class:`SeatSpecError`."""
    written = [part.strip().lower() for part in spec.split(",") if part.strip()]
    if not 2 <= len(written) <= 5:
        raise SeatSpecError(_("--players needs 2 to 5 seats, got {count} in {spec}").format(
            count=len(written), spec=repr(spec)))
    kinds = []
    for code in written:
        kind = find_kind(code, Where.LOCAL | Where.HEADLESS)
        if kind is None:
            raise SeatSpecError(_("unknown seat kind {kind}; use one of: {kinds}").format(
                kind=repr(code), kinds=", ".join(seat_kinds())))
        if not allow_human and not kind.allowed(Where.HEADLESS):
            raise SeatSpecError(_(NEEDS_WINDOW))
        kinds.append(kind)
    people = sum(kind.person_here for kind in kinds)
    seats, seen = [], 0
    for i, kind in enumerate(kinds):
        seen += kind.person_here
        seats.append(Seat(kind, auto_name(kind, i, seen, people)))
    return seats


def auto_name(kind: SeatKind, index: int, nth_person: int, people: int) -> str:
    """The stored name a seat gets when nobody typed one: ``You`` for the only person at the
    screen, ``Player N`` for the ``nth_person`` of several, else an AI name."""
    if kind.person_here:
        return YOU if people == 1 else f"Player {nth_person}"
    return AI_NAMES[index % len(AI_NAMES)]


# -- controllers ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Tick:
    """What comes with a ``poll``: ``token`` names the decision (it changes with every move and
    every take-back); ``dt`` the seconds since the last poll; ``idle`` whether the table shows
    everything so far (a move may be released); ``delay`` the seconds from the decision's
    start (the previous move's animation included) before releasing one (pacing, the time
    to undo)."""

    token: object
    dt: float = 0.0
    idle: bool = True
    delay: float = 0.0


class SeatController(Protocol):
    """Decides the moves of some seats.  ``poll`` never blocks: None means "not yet"."""

    def controls(self, seat: int) -> bool:
        """True when this controller decides for ``seat`` now."""

    def poll(self, obs: Observation, tick: Tick) -> Move | None:
        """The move for ``obs.seat`` once it is ready, else None."""

    def on_applied(self, move: Move, events: Sequence[Event]) -> None:
        """A move (of any seat) was applied to the match."""

    def on_reset(self, moves: Sequence[str]) -> None:
        """The match now shows the position after ``moves`` (a take-back, a jump): a decision
        in progress is forgotten."""

    def wants_frames(self, seat: int) -> bool:
        """True while it works on its own for ``seat`` (the window then polls every frame)."""

    def wait(self, timeout: float) -> None:
        """Sleep until ``poll`` may have news, at most ``timeout`` seconds (headless play)."""

    def close(self) -> None:
        """Stop everything it started (processes, connections)."""


def seated(controllers: Sequence[SeatController], seat: int) -> SeatController:
    """The first controller that decides for ``seat``."""
    for controller in controllers:
        if controller.controls(seat):
            return controller
    raise LookupError(f"no controller decides for seat {seat}")


class LocalPerson:
    """People at this screen: the play scene feeds their input (:meth:`offer`) and the next
    ``poll`` of the same decision hands it to the match."""

    def __init__(self, seats: Iterable[int]) -> None:
        self.seats = set(seats)
        self._offered: tuple[object, Move] | None = None

    def controls(self, seat: int) -> bool:
        return seat in self.seats

    def offer(self, move: Move, token: object) -> None:
        """The person chose ``move`` for the decision ``token``."""
        self._offered = (token, move)

    def poll(self, obs: Observation, tick: Tick) -> Move | None:
        offered, self._offered = self._offered, None
        if offered is None or offered[0] != tick.token:
            return None
        return offered[1]

    def on_applied(self, move: Move, events: Sequence[Event]) -> None:
        self._offered = None

    def on_reset(self, moves: Sequence[str]) -> None:
        self._offered = None

    def wants_frames(self, seat: int) -> bool:
        return False

    def wait(self, timeout: float) -> None:
        """A person does not play headless: nothing to wait for here."""

    def close(self) -> None:
        self._offered = None
