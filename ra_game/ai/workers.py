"""Worker processes for the AI's search trees (standard library ``multiprocessing``, spawn).

A :class:`WorkerPool` keeps ``size`` processes, each running :func:`worker_main` on one end of a
pipe.  ``submit(jobs)`` starts a :class:`Batch` (one decision's trees); ``poll()`` never blocks,
so the window calls it once per frame; ``run(jobs)`` blocks (headless play).  A worker that dies
is replaced at once and its batch is marked failed (the caller falls back to a simpler move).
``close()`` terminates every worker immediately.  The spawn start method is used everywhere (it
is what Windows and macOS use, and what a frozen program supports after
``multiprocessing.freeze_support()``).
"""

from __future__ import annotations

import gc
import logging
import multiprocessing
import os
import traceback
from collections.abc import Callable, Sequence
from multiprocessing.connection import Connection, wait
from multiprocessing.context import SpawnContext
from typing import Any

from .parallel import TreeJob, TreeResult, run_tree

log = logging.getLogger(__name__)

JobRunner = Callable[[TreeJob], TreeResult]
#: What workers run for a job; tests put a slow or dying (picklable) function here.
DEFAULT_RUNNER: JobRunner = run_tree


#: Deaths in a row after which a pool counts as broken.
MAX_FAILURES_IN_A_ROW = 3


class WorkerDied(RuntimeError):
    """A worker process ended (or failed) while it ran a job of the current batch."""


def cpu_count() -> int:
    """The cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def default_workers(window: bool) -> int:
    """All cores headless; in the window all but one (the window keeps it)."""
    return max(1, cpu_count() - (1 if window else 0))


def worker_main(conn: Connection, runner: JobRunner = run_tree) -> None:
    """A worker's loop: receive ``(key, job)``, send back ``(key, result)`` (or ``(key,
    error text)``); ``None`` ends it."""
    # a search allocates many small objects and makes no reference cycles: collect rarely,
    # and never scan what the imports left behind (a few per cent faster)
    gc.freeze()
    gc.set_threshold(50_000, 50, 100)
    while True:
        try:
            message = conn.recv()
        except (EOFError, OSError, KeyboardInterrupt):
            return
        if message is None:
            return
        key, job = message
        try:
            reply: Any = runner(job)
        except Exception:  # noqa: BLE001 - reported to the parent, which falls back
            reply = traceback.format_exc(limit=3)
        try:
            conn.send((key, reply))
        except (OSError, ValueError):
            return


class _Worker:
    """One process and the parent's end of its pipe."""

    def __init__(self, ctx: SpawnContext, runner: JobRunner) -> None:
        self.conn, child = ctx.Pipe()
        self.process = ctx.Process(target=worker_main, args=(child, runner), daemon=True,
                                   name="ra-ai-worker")
        self.process.start()
        child.close()
        self.key: tuple[int, int] | None = None  # (batch id, job index) while busy

    def stop(self) -> None:
        if self.process.is_alive():
            self.process.terminate()
        self.process.join(timeout=1.0)
        if self.process.is_alive():
            self.process.kill()
            self.process.join(timeout=1.0)
        self.conn.close()


class Batch:
    """The jobs of one decision and what came back."""

    def __init__(self, ident: int, jobs: Sequence[TreeJob]) -> None:
        self.ident = ident
        self.jobs = list(jobs)
        self.results: list[TreeResult | None] = [None] * len(self.jobs)
        self.waiting = list(range(len(self.jobs)))  # job indexes not yet handed out
        self.error = ""

    @property
    def done(self) -> bool:
        return not self.error and all(r is not None for r in self.results)

    @property
    def failed(self) -> bool:
        return bool(self.error)

    def ordered(self) -> list[TreeResult]:
        return [r for r in self.results if r is not None]


class WorkerPool:
    """``size`` spawned worker processes running one batch of search trees at a time."""

    def __init__(self, size: int, runner: JobRunner | None = None) -> None:
        self.size = max(1, size)
        self._ctx = multiprocessing.get_context("spawn")
        self._runner = runner or DEFAULT_RUNNER
        self._workers: list[_Worker] = []
        self._batch: Batch | None = None
        self._next_id = 0
        self.replaced = 0
        #: Workers that died one after another with no job done in between.
        self.failures_in_a_row = 0
        self.closed = False
        for _ in range(self.size):
            self._workers.append(_Worker(self._ctx, self._runner))

    # -- batches

    def submit(self, jobs: Sequence[TreeJob]) -> Batch:
        """Start a new batch; a batch still running is abandoned (its busy workers are
        replaced, so the new one starts at once)."""
        if self.closed:
            raise RuntimeError("the worker pool is closed")
        self.cancel()
        self._next_id += 1
        self._batch = Batch(self._next_id, jobs)
        self._dispatch()
        return self._batch

    def cancel(self) -> None:
        """Abandon the current batch, stopping the workers that run its jobs."""
        for i, w in enumerate(self._workers):
            if w.key is not None:
                self._replace(i)
        self._batch = None

    def poll(self) -> Batch | None:
        """Collect what finished (never blocks); hand out waiting jobs; the current batch."""
        batch = self._batch
        if batch is None:
            return None
        for i, w in enumerate(self._workers):
            if w.key is None:
                continue
            try:
                ready = w.conn.poll()
                message = w.conn.recv() if ready else None
            except (EOFError, OSError):
                message, ready = None, True
            if ready and message is None:
                self._died(i, batch, "the worker process ended")
                continue
            if message is not None:
                self._received(i, batch, message)
            elif not w.process.is_alive():
                self._died(i, batch, f"the worker process ended ({w.process.exitcode})")
        if not batch.failed:
            self._dispatch()
        return batch

    def run(self, jobs: Sequence[TreeJob]) -> list[TreeResult]:
        """Run a batch to the end (blocking); raises :class:`WorkerDied`."""
        batch = self.submit(jobs)
        while True:
            self.poll()
            if batch.failed:
                self._batch = None
                raise WorkerDied(batch.error)
            if batch.done:
                self._batch = None
                return batch.ordered()
            busy: list[Connection | int] = [w.conn for w in self._workers if w.key is not None]
            sentinels = [w.process.sentinel for w in self._workers if w.key is not None]
            wait([*busy, *sentinels], timeout=0.5)

    def close(self) -> None:
        """Stop every worker now."""
        if self.closed:
            return
        self.closed = True
        self._batch = None
        for w in self._workers:
            w.stop()
        self._workers = []

    @property
    def broken(self) -> bool:
        """True when workers keep dying (e.g. they cannot start here): better not use them."""
        return self.failures_in_a_row >= MAX_FAILURES_IN_A_ROW

    @property
    def pids(self) -> list[int | None]:
        return [w.process.pid for w in self._workers]

    def alive(self) -> int:
        return sum(w.process.is_alive() for w in self._workers)

    # -- internals

    def _dispatch(self) -> None:
        batch = self._batch
        if batch is None:
            return
        for i, w in enumerate(self._workers):
            if not batch.waiting:
                return
            if w.key is not None:
                continue
            index = batch.waiting.pop(0)
            key = (batch.ident, index)
            try:
                w.conn.send((key, batch.jobs[index]))
                w.key = key
            except (OSError, ValueError):
                batch.waiting.insert(0, index)
                self._died(i, batch, "the worker process cannot be reached")

    def _received(self, i: int, batch: Batch, message: tuple[Any, Any]) -> None:
        w = self._workers[i]
        key, reply = message
        w.key = None
        if key[0] != batch.ident:
            return  # a stale answer
        if isinstance(reply, TreeResult):
            batch.results[key[1]] = reply
            self.failures_in_a_row = 0
        else:
            batch.error = f"the search failed in a worker: {str(reply).strip().splitlines()[-1]}"

    def _died(self, i: int, batch: Batch, why: str) -> None:
        log.warning("AI worker %s: %s; starting a new one", self._workers[i].process.pid, why)
        if self._workers[i].key is not None and self._workers[i].key[0] == batch.ident:  # type: ignore[index]
            batch.error = why
        self.failures_in_a_row += 1
        self._replace(i)

    def _replace(self, i: int) -> None:
        self._workers[i].stop()
        self._workers[i] = _Worker(self._ctx, self._runner)
        self.replaced += 1


# -- the shared pool of headless play ------------------------------------------------------------

_configured = 1
_shared: WorkerPool | None = None


def configure(workers: int) -> None:
    """Headless play: search on ``workers`` processes (1: in this process, no pool)."""
    global _configured
    close_shared()
    _configured = max(1, workers)


def configured_workers() -> int:
    return _configured


def shared_pool() -> WorkerPool | None:
    """The headless pool (started on first use), or None when configured for one process."""
    global _shared
    if _configured <= 1:
        return None
    if _shared is None or _shared.closed:
        _shared = WorkerPool(_configured)
    return _shared


def close_shared() -> None:
    global _shared
    if _shared is not None:
        _shared.close()
        _shared = None
