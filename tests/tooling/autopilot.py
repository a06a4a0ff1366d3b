"""A scripted player that uses the board only through input events, as a person would.

Tests, screenshots and benchmarks use it to play a human seat: it looks at the controls the
board offers (what a player sees), picks one at random and produces the mouse events (motion,
button down, button up at the control's centre) or key presses that use it.  Scenes pushed over
the board (epoch scoring, hand-over, results) are clicked / Entered through.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

import pygame

from ra_game.ui.board.controls import Control

if TYPE_CHECKING:
    from ra_game.ui.app_context import AppContext
    from scenes.play import PlayScene  # ra_game.scenes.play, as mypy names it (ui/front.py)

_KEYS = {"draw": pygame.K_d, "ra": pygame.K_r, "god": pygame.K_g, "pass": pygame.K_p,
         "confirm": pygame.K_RETURN}
_DIGIT = [getattr(pygame, f"K_{i}") for i in range(10)]


def click_events(pos: tuple[int, int]) -> list[pygame.event.Event]:
    """Mouse motion to ``pos``, then a left press and release there."""
    return [
        pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1),
    ]


def key_events(key: int) -> list[pygame.event.Event]:
    """A press and release of ``key``."""
    return [pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0),
            pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode="", scancode=0)]


def post_events(ctx: AppContext, events: list[pygame.event.Event], frames: int = 2) -> None:
    """Post ``events`` to the real event queue, then run ``frames`` frames of the app (two by
    default: one handles the input, the next draws what it changed)."""
    from ra_game.app import run_frames

    for event in events:
        pygame.event.post(event)
    run_frames(ctx, frames)


def press_key(ctx: AppContext, key: int, frames: int = 2) -> None:
    """Press and release ``key``, then run ``frames`` frames."""
    post_events(ctx, key_events(key), frames)


#: pygame's key repeat as the app sets it (``pygame.key.set_repeat(400, 40)``), in seconds.
REPEAT_DELAY, REPEAT_INTERVAL = 0.4, 0.04


def hold_key(ctx: AppContext, key: int, seconds: float = 0.5) -> None:
    """Hold ``key`` down for ``seconds`` of frames as a person does, with the repeated
    ``KEYDOWN`` events pygame sends meanwhile (none before ``REPEAT_DELAY``), then let go.
    A loaded machine sends the same: a frame slower than the delay sees the repeats."""
    from ra_game.app import FPS, run_frames

    down, up = key_events(key)
    pygame.event.post(down)
    repeat_at, held = REPEAT_DELAY, 0.0
    while held < seconds:
        run_frames(ctx, 1)
        held += 1 / FPS
        while repeat_at <= held and repeat_at < seconds:
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="",
                                                 scancode=0))
            repeat_at += REPEAT_INTERVAL
    post_events(ctx, [up])


def click_at(ctx: AppContext, pos: tuple[int, int], frames: int = 2) -> None:
    """Move to ``pos`` and click there with the left button, then run ``frames`` frames."""
    post_events(ctx, click_events(pos), frames)


class Autopilot:
    """Plays the human seats of ``play`` by ``"mouse"`` or ``"keyboard"`` only."""

    def __init__(self, ctx: AppContext, play: PlayScene, rng: random.Random, by: str = "mouse",
                 god_weight: int = 3) -> None:
        self.ctx = ctx
        self.play = play
        self.rng = rng
        self.by = by
        self.god_weight = god_weight
        self.actions = 0
        self.seen_modes: set[str] = set()
        self._want = 0

    def events(self) -> list[pygame.event.Event]:
        """The input for this frame (possibly none)."""
        top = self.ctx.scenes.top
        if top is None:
            return []
        if top is not self.play:
            return self._through(top)
        p = self.play
        if p.queue.busy or not p.human_to_move() or p.input.mode == "idle" or p.pause:
            return []
        controls = [c for c in p.input.controls() if c.enabled]
        self.seen_modes.add(p.input.mode)
        choice = getattr(self, f"_{p.input.mode}")(controls)
        if choice is None:
            return []
        self.actions += 1
        return self._use(choice)

    def _through(self, scene: Any) -> list[pygame.event.Event]:
        """Continue past a scene over the board: Enter, or a click on its first button."""
        if self.by == "keyboard":
            return key_events(pygame.K_RETURN)
        group = getattr(scene, "group", None)
        for widget in getattr(group, "widgets", []):
            if widget.visible and widget.enabled and hasattr(widget, "on_click"):
                return click_events(widget.rect.center)
        w, h = self.ctx.window_size
        return click_events((w // 2, h // 2))

    def _use(self, c: Control) -> list[pygame.event.Event]:
        if self.by == "mouse":
            view = self.play.view
            assert view is not None
            return click_events(view.r(c.rect).center)
        if c.name in _KEYS:
            return key_events(_KEYS[c.name])
        if c.name == "cancel":
            return key_events(pygame.K_ESCAPE if self.play.input.mode == "god"
                              else pygame.K_BACKSPACE)
        key = key_events(_DIGIT[int(c.hint)])
        if c.name == "sun":
            return key + key_events(pygame.K_RETURN)
        return key

    @staticmethod
    def _named(controls: list[Control], name: str) -> list[Control]:
        return [c for c in controls if c.name == name]

    def _turn(self, controls: list[Control]) -> Control | None:
        weights = {"draw": 8, "ra": 1, "god": self.god_weight}
        options = [c for c in controls if c.name in weights]
        self._want = 0
        return self.rng.choices(options, [weights[c.name] for c in options])[0]

    def _god(self, controls: list[Control]) -> Control | None:
        if not self._want:
            self._want = self.rng.randint(1, 3)
        slots = [c for c in self._named(controls, "slot") if not c.selected]
        chosen = len(self.play.input.selection)
        if slots and chosen < self._want:
            return self.rng.choice(slots)
        confirm = self._named(controls, "confirm")
        return confirm[0] if confirm else self._named(controls, "cancel")[0]

    def _bid(self, controls: list[Control]) -> Control | None:
        options = self._named(controls, "sun") + self._named(controls, "pass") * 2
        return self.rng.choice(options)

    def _discard(self, controls: list[Control]) -> Control | None:
        confirm = self._named(controls, "confirm")
        if confirm:
            return confirm[0]
        return self.rng.choice(self._named(controls, "kind"))
