"""The seats of a game read from a file (a save, a replay): each kind by the one rule of
:func:`~ra_game.table.seat_kinds.read_kind`, a kind this game cannot play told in a one-line notice."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ....table.seat_kinds import Where, read_kind
from ....table.seats import Seat

if TYPE_CHECKING:
    from ...app_context import AppContext


def read_seats(ctx: AppContext, players: Sequence[dict[str, str]],
               where: Where | None) -> list[Seat]:
    """The seats of a file's ``players``; a kind this game cannot play ``where`` is read by the
    one rule of :func:`read_kind`, and its one-line notice shown."""
    seats = []
    for i, player in enumerate(players):
        kind, notice = read_kind(player.get("kind"), i, where)
        seats.append(Seat(kind, player.get("name") or f"Player {i + 1}"))
        if notice and getattr(ctx, "notices", None) is not None:
            ctx.notices.append(notice)
    return seats
