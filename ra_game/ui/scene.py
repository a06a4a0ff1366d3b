"""Scenes on a stack (push, pop, replace), driven once per frame by the main loop.

A scene handles input, advances by ``dt`` seconds and draws; ``draw`` never changes state.
Scenes ask the manager for transitions; they never hold a reference to another scene's state.
A still scene is not redrawn: the loop draws after input, while ``is_animating()`` is True, at
a slow heartbeat, and when ``request_redraw()`` (or :func:`ra_game.ui.frames.request`) asked.
``close()`` runs once when a scene leaves the stack for good (``exit`` also runs when a scene
is merely covered by another one).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from . import frames

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

    def close(self) -> None:
        """Called once when the scene is removed from the stack (stop workers, timers...)."""

    def is_animating(self) -> bool:
        """True while something on screen moves by itself (the loop then draws at 60 Hz).
        The default, False, suits a scene that changes only on input."""
        return False

    def request_redraw(self, seconds: float = 0.0) -> None:
        """Ask for the next frame (and every frame for ``seconds`` more)."""
        frames.request(seconds)

    def handle_event(self, event: pygame.event.Event) -> None:
        """React to one input event."""

    def update(self, dt: float) -> None:
        """Advance animations and timers by ``dt`` seconds."""

    def update_covered(self, dt: float) -> None:
        """Work that goes on while another scene lies over this one (nothing by default)."""

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
        scene.close()
        if self.top:
            self.top.enter()
        return scene

    def replace(self, scene: Scene) -> None:
        if self.stack:
            old = self.stack.pop()
            old.exit()
            old.close()
        self.stack.append(scene)
        scene.enter()

    def clear_to(self, scene: Scene) -> None:
        """Empty the stack and make ``scene`` the only one (e.g. back to the title)."""
        self.close_all()
        self.push(scene)

    def close_all(self) -> None:
        """Empty the stack, closing every scene (the window is closing)."""
        while self.stack:
            old = self.stack.pop()
            old.exit()
            old.close()
