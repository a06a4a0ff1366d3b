"""Seat kinds, in one registry beside the AI levels (:mod:`ra_game.ai.levels`): what may sit at
a seat, its label, whether a person plays it, where it is allowed and how its controller is made.

Save files, replays and the wire carry a kind's ``code`` (``human``, ``remote``, ``ai:hard``,
as in ``../shared/NOTATION.md``); :func:`kind_of` and :func:`read_kind` turn a code into its
:class:`SeatKind` at that edge, and nothing else compares codes.  Every AI level is a kind of
its own, made from its :class:`~ra_game.ai.levels.Level`.  Adding a kind is one entry in
:data:`KINDS` and, if no controller plays it yet, its :data:`ControllerFactory`.  No pygame
here: the command line, the server and headless play import it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from enum import Flag, auto
from typing import TYPE_CHECKING

from ..ai.levels import LEVELS, Level
from ..text.i18n import N_, _

if TYPE_CHECKING:
    from ..ai.workers import Workers
    from .seats import Seat, SeatController


class Where(Flag):
    """Where a kind may be chosen."""

    #: A game at this screen: the setup screen, ``play --players`` in the window, saves.
    LOCAL = auto()
    #: A seat on the host screen of an online game (friends, people here, AIs).
    HOST = auto()
    #: A seat of a server's room: ``create``, ``room --seats``, the room's file.
    ROOM = auto()
    #: ``play --headless`` and ``demo`` (no person at the screen).
    HEADLESS = auto()


@dataclass(frozen=True)
class Table:
    """What a controller is made from: the seats and the game's seed; ``workers`` are the
    processes lent to searching seats, ``slice_s`` the in-process thinking slice."""

    seats: Sequence[Seat]
    seed: int | None = None
    think_ms: int | None = None
    slice_s: float | None = None
    workers: Workers | None = None


#: Makes the controller of the seats (indices) of one or more kinds at a table.
ControllerFactory = Callable[[Table, frozenset[int]], "SeatController"]


def people_here(table: Table, seats: frozenset[int]) -> SeatController:
    """The people at this screen: their input, fed by the play scene."""
    from .seats import LocalPerson

    return LocalPerson(seats)


def ai_seats(table: Table, seats: frozenset[int]) -> SeatController:
    """Every AI seat of the table: its level's agent, thinking off the frame."""
    from ..ai.runner import DEFAULT_SLICE, AiRunner

    slice_s = DEFAULT_SLICE if table.slice_s is None else table.slice_s
    return AiRunner(table.seats, table.seed, table.think_ms, slice_s, workers=table.workers)


@dataclass(frozen=True)
class SeatKind:
    """One kind of seat; ``controller`` None: the mode plays it (the online link, a script)."""

    #: As written in files, on the wire and in ``--players``.
    code: str
    #: Its name where a seat's kind is chosen (a msgid; an AI level's is built from the level).
    label: str
    #: One line saying who plays it (a msgid), shown while it is chosen.
    description: str
    #: A person decides its moves (here or far away), not a program.
    person: bool
    #: That person plays over the network, from another computer.
    remote: bool
    where: Where
    controller: ControllerFactory | None
    #: The AI level that plays it.
    level: Level | None = None

    @property
    def person_here(self) -> bool:
        """A person at this screen ("you", hidden scores, their input)."""
        return self.person and not self.remote

    def shown(self) -> str:
        """Its label in the chosen language (``AI · hard`` for a level)."""
        if self.level is not None:
            return ai_label(self.level)
        return _(self.label)

    def allowed(self, where: Where) -> bool:
        return bool(self.where & where)


def ai_label(level: Level) -> str:
    """``AI · hard`` in the chosen language."""
    return _("AI · {level}").format(level=_(level.name))


PERSON = SeatKind("human", N_("Person at this screen"),
                  N_("A person plays this seat, at this screen."), person=True, remote=False,
                  where=Where.LOCAL | Where.HOST, controller=people_here)
REMOTE = SeatKind("remote", N_("Friend over the network"),
                  N_("A friend plays this seat from their own computer, over the network."),
                  person=True, remote=True, where=Where.HOST | Where.ROOM, controller=None)
#: A seat the mode plays from a script (the replay viewer, the lesson); never chosen or written.
SCRIPTED = SeatKind("script", "", "", person=False, remote=False, where=Where(0),
                    controller=None)

#: The kinds that are not AI levels, by code, in the order they are offered (the levels follow).
KINDS: dict[str, SeatKind] = {kind.code: kind for kind in (REMOTE, PERSON)}

#: The AI level new seats take (the first registered one if it is not there).
DEFAULT_AI = "ai:medium"
#: The AI level that gives hints.
HINT_AI = "ai:hard"
#: The AI level of the lesson's opponents.
LESSON_AI = "ai:easy"
#: The message for a seat kind ``--players`` cannot take without the window.
NEEDS_WINDOW = N_("'human' seats need the window; headless play takes AI seats only")


def _level_kind(level: Level) -> SeatKind:
    return SeatKind(level.kind, level.name, level.description, person=False, remote=False,
                    where=Where.LOCAL | Where.HOST | Where.ROOM | Where.HEADLESS,
                    controller=ai_seats, level=level)


def all_kinds() -> list[SeatKind]:
    """Every kind, in the order offered: the other kinds, then the AI levels."""
    people = [kind for kind in KINDS.values() if kind in (REMOTE, PERSON)]
    others = [kind for kind in KINDS.values() if kind not in people]
    return [*people, *(_level_kind(level) for level in LEVELS.values()), *others]


def kinds_where(where: Where) -> list[SeatKind]:
    """The kinds allowed ``where``, in the order offered."""
    return [kind for kind in all_kinds() if kind.allowed(where)]


def codes(kinds: Iterable[SeatKind]) -> list[str]:
    return [kind.code for kind in kinds]


def find_kind(code: str, where: Where | None = None) -> SeatKind | None:
    """The kind written ``code`` (allowed ``where``, if given), else None."""
    kind = KINDS.get(code)
    if kind is None and code in LEVELS:
        kind = _level_kind(LEVELS[code])
    if kind is None or (where is not None and not kind.allowed(where)):
        return None
    return kind


def kind_of(code: str) -> SeatKind:
    """The kind written ``code``; raises KeyError for a code no entry has."""
    kind = find_kind(code)
    if kind is None:
        raise KeyError(code)
    return kind


def default_ai() -> SeatKind:
    """The AI level the defaults use: medium when available."""
    return _level_kind(LEVELS[DEFAULT_AI] if DEFAULT_AI in LEVELS else next(iter(LEVELS.values())))


def known_kind(code: object, where: Where | None = None) -> SeatKind:
    """The kind written ``code``; for a code this game does not know (or cannot play
    ``where``), the default AI level: the one rule for unknown kinds."""
    kind = find_kind(code, where) if isinstance(code, str) else None
    return default_ai() if kind is None else kind


def read_kind(code: object, seat: int, where: Where | None = None) -> tuple[SeatKind, str | None]:
    """A seat kind read from a file, by the rule of :func:`known_kind`, and for an unknown one
    the one-line notice saying so (``seat`` counted from 0)."""
    kind = known_kind(code, where)
    if kind.code == code:
        return kind, None
    return kind, _("Seat {seat} is of a kind this game does not know ({kind}): it is taken as "
                   "{stand_in}.").format(seat=seat + 1, kind=repr(code), stand_in=kind.shown())


def make_controllers(table: Table) -> list[SeatController]:
    """One controller for each way the table's seats are played: the AI seats' and the
    people's (always, in this order), then each other kind's own.  Seats whose kind has no
    controller (far away, a script) are left to the mode."""
    groups: dict[ControllerFactory, set[int]] = {ai_seats: set(), people_here: set()}
    for i, seat in enumerate(table.seats):
        if seat.kind.controller is not None:
            groups.setdefault(seat.kind.controller, set()).add(i)
    return [factory(table, frozenset(seats)) for factory, seats in groups.items()]
