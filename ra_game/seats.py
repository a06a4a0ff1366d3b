"""Seat specifications (``human,ai:hard,random``) shared by the command line and the window."""

from __future__ import annotations

from dataclasses import dataclass

from .ai.levels import LEVELS
from .i18n import _


class SeatSpecError(ValueError):
    """A ``--players`` value that cannot be used; the message is one line for the user."""


@dataclass(frozen=True)
class Seat:
    """One seat: ``kind`` is ``human`` or an agent kind; ``name`` is shown on the board."""

    kind: str
    name: str

    @property
    def is_human(self) -> bool:
        return self.kind == "human"


AI_NAMES = ("Nefertiti", "Imhotep", "Hatshepsut", "Ramesses", "Khufu")


def seat_kinds() -> list[str]:
    """``human`` and every registered AI level, in the order the setup screen offers them."""
    return ["human", *LEVELS]


def parse_seats(spec: str, allow_human: bool = True) -> list[Seat]:
    """Parse a comma list of 2-5 seat kinds; raises :class:`SeatSpecError`."""
    kinds = [part.strip().lower() for part in spec.split(",") if part.strip()]
    if not 2 <= len(kinds) <= 5:
        raise SeatSpecError(_("--players needs 2 to 5 seats, got {count} in {spec}").format(
            count=len(kinds), spec=repr(spec)))
    known = seat_kinds()
    for kind in kinds:
        if kind not in known:
            raise SeatSpecError(_("unknown seat kind {kind}; use one of: {kinds}").format(
                kind=repr(kind), kinds=", ".join(known)))
        if kind == "human" and not allow_human:
            raise SeatSpecError(_("'human' seats need the window; headless play takes AI seats "
                                  "only"))
    seats = []
    humans = 0
    for i, kind in enumerate(kinds):
        if kind == "human":
            humans += 1
            seats.append(Seat(kind, "You" if kinds.count("human") == 1 else f"Player {humans}"))
        else:
            seats.append(Seat(kind, AI_NAMES[i]))
    return seats
