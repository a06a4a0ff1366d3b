"""The one way from the window's core into the scene modules.

The scenes live in the folder ``scenes/`` and are installed as ``ra_game.scenes``; mypy checks
them as the package ``scenes`` (the folder's name), so no module of ``ra_game`` imports them by
name.  The app asks :func:`scene_front` for the route table and the scenes it starts with,
typed by :class:`SceneFront`, which ``ra_game.scenes.start.START`` implements (mypy checks both sides).
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol, runtime_checkable

if TYPE_CHECKING:
    from ..engine import Replay
    from ..table.seats import Seat
    from .app_context import AppContext
    from .routes import RouteTable
    from .scene import Scene


@runtime_checkable
class SceneFront(Protocol):
    """The scenes' route table, and the scenes the app core starts: the first one, the title,
    the replay viewer."""

    def route_table(self) -> RouteTable:
        """Every scene by route (the context opens scenes through it)."""
        ...

    def first_scene(
        self, ctx: AppContext, players: Sequence[Seat] | None, seed: int | None
    ) -> Scene:
        """The title, or a game straight away when seats were given (``ra-game play``, demo)."""
        ...

    def title_scene(self, ctx: AppContext) -> Scene:
        """The title screen."""
        ...

    def replay_scene(self, ctx: AppContext, replay: Replay, title: str) -> Scene:
        """The replay viewer showing ``replay`` from its first move (``ra-game watch``)."""
        ...


def scene_front() -> SceneFront:
    """The scenes package's :class:`SceneFront` (imported on first use)."""
    front = importlib.import_module("ra_game.scenes.start").START
    if not isinstance(front, SceneFront):
        raise TypeError("ra_game.scenes.start.START is not a SceneFront")
    return front
