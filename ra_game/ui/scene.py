"""Scenes on a stack (push, pop, replace), driven once per frame by the main loop.

A scene handles input, advances by ``dt`` seconds and draws; ``draw`` never changes state.
Scenes ask the manager for transitions; they never hold a reference to another scene's state.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from .app_context import AppContext


class Scene:
    """Base class of every scene."""

    #: Name of the scene's Tiled layout in ``scenes/`` (``"play"`` -> ``scenes/play.tmx``).
    layout_name: str | None = None

    def __init__(self, ctx: AppContext) -> None:
        self.ctx = ctx

    @property
    def manager(self) -> SceneManager:
        return self.ctx.scenes

    def enter(self) -> None:
        """Called when the scene becomes the top of the stack (first time or after a pop)."""

    def exit(self) -> None:
        """Called when the scene stops being the top of the stack."""

    def handle_event(self, event: pygame.event.Event) -> None:
        """React to one input event."""

    def update(self, dt: float) -> None:
        """Advance animations and timers by ``dt`` seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the scene; must not change any state."""


class SceneManager:
    """A stack of scenes; only the top one receives events, updates and draws."""

    def __init__(self) -> None:
        self.stack: list[Scene] = []

    @property
    def top(self) -> Scene | None:
        return self.stack[-1] if self.stack else None

    def push(self, scene: Scene) -> None:
        if self.top:
            self.top.exit()
        self.stack.append(scene)
        scene.enter()

    def pop(self) -> Scene | None:
        if not self.stack:
            return None
        scene = self.stack.pop()
        scene.exit()
        if self.top:
            self.top.enter()
        return scene

    def replace(self, scene: Scene) -> None:
        if self.stack:
            self.stack.pop().exit()
        self.stack.append(scene)
        scene.enter()

    def clear_to(self, scene: Scene) -> None:
        """Empty the stack and make ``scene`` the only one (e.g. back to the title)."""
        while self.stack:
            self.stack.pop().exit()
        self.push(scene)
