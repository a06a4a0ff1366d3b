"""Asking the main loop for frames: a still screen draws nothing.

The loop draws a frame after input, while the top scene ``is_animating()``, at a slow heartbeat,
and whenever someone asked for one here.  Any widget or scene that changes what is shown outside
input handling (a fade it started, a timer that ran out, a message that arrived) calls
``request(seconds)``: the loop then draws every frame (60 Hz) for that long (0: one frame).
"""

from __future__ import annotations

import time

_until = 0.0
_once = False


def request(seconds: float = 0.0) -> None:
    """Draw the next frame, and every frame for ``seconds`` more."""
    global _until, _once
    _once = True
    if seconds > 0:
        _until = max(_until, time.perf_counter() + seconds)


def wanted() -> bool:
    """True while frames were asked for (the one-frame request stays until :func:`taken`)."""
    return _once or time.perf_counter() < _until


def taken() -> None:
    """The loop drew a frame: a one-frame request is served."""
    global _once
    _once = False


def reset() -> None:
    """Forget every request (tests)."""
    global _until, _once
    _until, _once = 0.0, False
