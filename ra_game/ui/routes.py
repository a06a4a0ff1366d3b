"""Scenes opened by name: a table of registered routes, as a stack of named states.

A route is a small frozen value naming a scene and carrying what it opens with (the scenes'
own routes are declared in ``scenes/routes.py``); ``Route[S]`` opens an ``S``.  The scenes
register a factory for each route in one table, which the app puts on the context; a scene
opens another with ``ctx.open(route)`` and never imports it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Generic, TypeVar, cast

if TYPE_CHECKING:
    from .app_context import AppContext
    from .scene import Scene

Shown_co = TypeVar("Shown_co", bound="Scene", covariant=True)
R = TypeVar("R", bound="Route[Scene]")
Opened = TypeVar("Opened", bound="Scene")


class Route(Generic[Shown_co]):
    """A registered name of a scene (subclasses: frozen dataclasses of its arguments)."""


class RouteTable:
    """Each route's factory, registered once by the scenes."""

    def __init__(self) -> None:
        self._factories: dict[type[Route[Scene]], Callable[[AppContext, Route[Scene]], Scene]] = {}

    def register(self, route: type[R], factory: Callable[[AppContext, R], Scene]) -> None:
        """``factory`` makes the scene of ``route``; a route is registered once."""
        if route in self._factories:
            raise ValueError(f"the route {route.__name__} is registered twice")
        self._factories[route] = cast(Callable[["AppContext", Route["Scene"]], "Scene"], factory)

    @property
    def routes(self) -> list[type[Route[Scene]]]:
        """Every registered route, in the order of registration."""
        return list(self._factories)

    def open(self, ctx: AppContext, route: Route[Opened]) -> Opened:
        """The scene ``route`` names, made for ``ctx`` (LookupError: no such route here)."""
        factory = self._factories.get(type(route))
        if factory is None:
            raise LookupError(f"no scene is registered for the route {type(route).__name__}")
        return cast(Opened, factory(ctx, route))
