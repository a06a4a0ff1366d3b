"""The one blocking runner of stepped jobs (a review, a game played out without a window, the
headless client's game): the window steps such a job a slice per frame and never waits; the
command line and tests run it to its end with :func:`run_to_end`, which waits in the job's own
``wait`` (on its worker pool, its seat's thinking, its connection) whenever a step did not
move it on.  No pygame.
"""

from __future__ import annotations

from typing import Protocol


class Stepped(Protocol):
    """A job done a step at a time."""

    @property
    def done(self) -> bool:
        """Nothing is left to do."""

    def step(self, max_seconds: float) -> bool | None:
        """Do about ``max_seconds`` of work; true when it moved on (the next step may come at
        once), false or None when it now waits for something (:meth:`wait`)."""

    def wait(self, timeout: float) -> None:
        """Wait until a step may move on, at most ``timeout`` seconds."""


def run_to_end(job: Stepped, slice_s: float = 0.5, wait: float = 0.5) -> None:
    """Step ``job`` to its end (blocking): ``slice_s`` seconds of work a step, and at most
    ``wait`` seconds in its ``wait`` after a step that did not move it on."""
    while not job.done:
        if not job.step(slice_s) and not job.done:
            job.wait(wait)
