"""Positions for tests, built through the engine's position API (never by writing a state's
fields): :func:`changed` moves a state to its own position with some fields changed."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from ra_game.engine import GameState
from ra_game.engine.position import complete


def changed(state: GameState, *, strict: bool = False, names: Sequence[str] | None = None,
            **fields: object) -> GameState:
    """A state at ``state``'s position with ``fields`` (of :class:`~ra_game.engine.Position`)
    changed, its names kept unless ``names`` are given.  The bag holds what the rules leave (the discards stay); its
    tiles come in ``state``'s order as far as they are still there, the others after them.
    Not ``strict`` by default: a test's sketch may hand out suns or tiles freely."""
    position = complete(replace(state.position(), bag=None, **fields), strict)  # type: ignore[arg-type]
    assert position.bag is not None
    left = list(position.bag)
    order = []
    for kind in state.draw_order()[state.draw_count:]:
        if left[kind]:
            left[kind] -= 1
            order.append(kind)
    return GameState.from_position(position, bag=order, names=names or state.names, strict=strict)


def with_held(state: GameState, seat: int, counts: dict[int, int]) -> tuple[tuple[int, ...], ...]:
    """Every seat's tiles by kind in ``state``, ``seat``'s with the kinds of ``counts`` set to
    those counts (a ``tiles`` field for :func:`changed`)."""
    tiles = list(state.position().tiles)
    tiles[seat] = tuple(counts.get(kind, count) for kind, count in enumerate(tiles[seat]))
    return tuple(tiles)
