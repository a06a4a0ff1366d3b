"""Animations: small objects advanced by ``dt`` seconds, chained and tested without a window.

Every animation has ``update(dt) -> leftover`` (the part of ``dt`` it did not need, so a
sequence hands it on to the next step) and ``done``.  ``finish()`` is ``update(inf)``: it jumps
to the end, running callbacks in order, except that a :class:`WaitUntil` whose condition is
still false holds everything after it (a scene pushed on top must pop first).

Building blocks: :class:`Tween` (attributes of any object, with easing from :data:`EASINGS`),
:class:`Delay`, :class:`Call`, :class:`Deferred`, :class:`WaitUntil`, :class:`Sequence`, :class:`Parallel`, and the
:class:`AnimationQueue` a scene drives with its speed factor.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from typing import Any

INF = math.inf


def _out_back(t: float) -> float:
    c = 1.70158
    return 1 + (c + 1) * (t - 1) ** 3 + c * (t - 1) ** 2


#: Easing functions on [0, 1] -> [0, 1] (``out_back`` overshoots a little before settling).
EASINGS: dict[str, Callable[[float], float]] = {
    "linear": lambda t: t,
    "in_quad": lambda t: t * t,
    "out_quad": lambda t: 1 - (1 - t) * (1 - t),
    "in_out_quad": lambda t: 2 * t * t if t < 0.5 else 1 - (-2 * t + 2) ** 2 / 2,
    "out_cubic": lambda t: 1 - (1 - t) ** 3,
    "in_out_cubic": lambda t: 4 * t**3 if t < 0.5 else 1 - (-2 * t + 2) ** 3 / 2,
    "smoothstep": lambda t: t * t * (3 - 2 * t),
    "out_back": _out_back,
}


def _lerp(a: Any, b: Any, k: float) -> Any:
    """Interpolate numbers, or tuples of numbers element by element."""
    if isinstance(a, tuple):
        return tuple(x + (y - x) * k for x, y in zip(a, b))
    return a + (b - a) * k


class Animation:
    """Base class: subclasses implement ``_advance(dt) -> leftover``."""

    def __init__(self) -> None:
        self.done = False

    def update(self, dt: float) -> float:
        """Advance by ``dt`` seconds; return the unused part of ``dt`` (0 while running)."""
        if self.done:
            return dt
        return self._advance(dt)

    def _advance(self, dt: float) -> float:
        raise NotImplementedError

    def finish(self) -> None:
        """Jump to the end (callbacks run; an unmet :class:`WaitUntil` still holds)."""
        self.update(INF)


class Tween(Animation):
    """Move attributes of ``target`` to the given end values over ``duration`` seconds.

    The start values are read when the tween first runs, so a tween placed later in a sequence
    starts from wherever earlier steps left the object.
    """

    def __init__(
        self,
        target: object,
        duration: float,
        ease: str = "out_cubic",
        on_update: Callable[[float], None] | None = None,
        **values: Any,
    ) -> None:
        super().__init__()
        if ease not in EASINGS:
            raise ValueError(f"unknown easing {ease!r}; choose from {', '.join(EASINGS)}")
        self.target = target
        self.duration = max(0.0, duration)
        self.ease = EASINGS[ease]
        self.on_update = on_update
        self.end = values
        self.start: dict[str, Any] | None = None
        self.elapsed = 0.0

    def _advance(self, dt: float) -> float:
        if self.start is None:
            self.start = {name: getattr(self.target, name) for name in self.end}
        self.elapsed += dt
        k = 1.0 if self.duration <= 0 else min(1.0, self.elapsed / self.duration)
        eased = self.ease(k) if k < 1.0 else 1.0
        for name, end in self.end.items():
            setattr(self.target, name, _lerp(self.start[name], end, eased))
        if self.on_update is not None:
            self.on_update(eased)
        if k < 1.0:
            return 0.0
        self.done = True
        return self.elapsed - self.duration


class Delay(Animation):
    """Wait ``duration`` seconds."""

    def __init__(self, duration: float) -> None:
        super().__init__()
        self.left = max(0.0, duration)

    def _advance(self, dt: float) -> float:
        if dt < self.left:
            self.left -= dt
            return 0.0
        self.done = True
        leftover = dt - self.left
        self.left = 0.0
        return leftover


class Call(Animation):
    """Run ``fn()`` once, taking no time."""

    def __init__(self, fn: Callable[[], object]) -> None:
        super().__init__()
        self.fn = fn

    def _advance(self, dt: float) -> float:
        self.done = True
        self.fn()
        return dt


class Deferred(Animation):
    """Build the real animation with ``factory()`` when it starts (it may read the state that
    earlier steps left behind)."""

    def __init__(self, factory: Callable[[], Animation]) -> None:
        super().__init__()
        self.factory = factory
        self.inner: Animation | None = None

    def _advance(self, dt: float) -> float:
        if self.inner is None:
            self.inner = self.factory()
        leftover = self.inner.update(dt)
        self.done = self.inner.done
        return leftover


class WaitUntil(Animation):
    """Hold until ``condition()`` is true (checked on every update; even ``finish`` waits)."""

    def __init__(self, condition: Callable[[], bool]) -> None:
        super().__init__()
        self.condition = condition

    def _advance(self, dt: float) -> float:
        if self.condition():
            self.done = True
            return dt
        return 0.0


class Sequence(Animation):
    """Children one after another; leftover time flows into the next child."""

    def __init__(self, *children: Animation) -> None:
        super().__init__()
        self.children: list[Animation] = list(children)
        self.index = 0

    def add(self, child: Animation) -> Sequence:
        self.children.append(child)
        self.done = False
        return self

    def _advance(self, dt: float) -> float:
        while self.index < len(self.children):
            dt = self.children[self.index].update(dt)
            if not self.children[self.index].done:
                return 0.0
            self.index += 1
        self.done = True
        return dt


class Parallel(Animation):
    """Children at the same time; done when all are done."""

    def __init__(self, *children: Animation) -> None:
        super().__init__()
        self.children: list[Animation] = list(children)

    def add(self, child: Animation) -> Parallel:
        self.children.append(child)
        self.done = False
        return self

    def _advance(self, dt: float) -> float:
        leftover = dt
        running = False
        for child in self.children:
            if not child.done:
                leftover = min(leftover, child.update(dt))
                running = running or not child.done
        if running:
            return 0.0
        self.done = True
        return leftover


def stagger(items: Iterable[Animation], gap: float) -> Parallel:
    """Start each animation ``gap`` seconds after the previous one."""
    return Parallel(*(Sequence(Delay(i * gap), a) for i, a in enumerate(items)))


#: Animation speed setting -> time factor (``max`` finishes everything at once).
SPEED_FACTORS: dict[str, float] = {"slow": 0.6, "normal": 1.0, "fast": 2.5, "rapid": 5.0,
                                   "max": INF}


class AnimationQueue:
    """The scene's queue: animations run one after another at ``speed`` (a factor)."""

    def __init__(self, speed: float = 1.0) -> None:
        self.speed = speed
        self._seq = Sequence()
        self._seq.done = True

    @property
    def busy(self) -> bool:
        return not self._seq.done

    def add(self, animation: Animation) -> None:
        self._seq.add(animation)

    def update(self, dt: float) -> None:
        self._seq.update(INF if self.speed == INF else dt * self.speed)
        self._trim()

    def skip(self) -> None:
        """Finish everything queued (held only by an unmet :class:`WaitUntil`)."""
        self._seq.finish()
        self._trim()

    def _trim(self) -> None:
        if self._seq.done:
            self._seq = Sequence()
            self._seq.done = True
