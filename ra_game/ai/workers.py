"""Worker processes for the AI's search trees (standard library ``multiprocessing``, spawn).

A :class:`WorkerPool` keeps ``size`` processes, each running :func:`worker_main` on one end of a
pipe.  ``submit(jobs)`` starts a :class:`Batch` (one decision's trees); ``poll()`` never blocks,
so the window calls it once per frame; ``wait(timeout)`` sleeps until a worker has news, and
``run(jobs)`` blocks (headless play).  A worker that dies is replaced at once and its batch is
marked failed (the caller falls back to a simpler move).  ``close()`` terminates every worker
immediately.  There is no pool in a module global: a :class:`Workers` owned by a play scene (or a
headless game) lends one pool to its AI seats and hints, and stops it when its owner closes.  The spawn start method is used everywhere (it
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

from .parallel import TreeJob, TreeResult, WorkerDied, run_tree

log = logging.getLogger(__name__)

JobRunner = Callable[[TreeJob], TreeResult]
#: What workers run for a job; tests put a slow or dying (picklable) function here.
DEFAULT_RUNNER: JobRunner = run_tree


#: Deaths in a row after which a pool counts as broken.
MAX_FAILURES_IN_A_ROW = 3


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

    @property
    def current(self) -> Batch | None:
        """The batch the workers run now (None once it was collected or abandoned)."""
        return self._batch

    def wait(self, timeout: float) -> None:
        """Sleep until a busy worker answers or ends, at most ``timeout`` seconds."""
        busy: list[Connection | int] = [w.conn for w in self._workers if w.key is not None]
        sentinels = [w.process.sentinel for w in self._workers if w.key is not None]
        if busy:
            wait([*busy, *sentinels], timeout=timeout)

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
            self.wait(0.5)

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


# -- the processes of one owner ----------------------------------------------------------------


class Workers:
    """The worker processes one owner (a play scene, a headless game) lends to its AI seats and
    hints: one pool, started on first use, resized, given up when its workers keep dying, and
    stopped by :meth:`close`.  ``count``: processes (None: all cores, but one in the window;
    0: none, searches run in this process)."""

    def __init__(self, count: int | None, window: bool = True,
                 runner: JobRunner | None = None) -> None:
        self.count = count
        self.window = window
        self._runner = runner
        self.pool: WorkerPool | None = None
        self.given_up = False
        self.closed = False

    @property
    def wanted(self) -> int:
        """The processes asked for (0: none)."""
        return 0 if self.count == 0 else max(1, self.count or default_workers(self.window))

    def get(self) -> WorkerPool | None:
        """The pool, started now if needed; None when there are to be no processes (or they
        cannot start here: logged, and searches run in this process)."""
        if self.pool is None and not (self.given_up or self.closed) and self.wanted:
            try:
                self.pool = WorkerPool(self.wanted, self._runner)
            except (OSError, RuntimeError, ValueError) as exc:
                log.warning("AI worker processes unavailable (%s): thinking between frames", exc)
                self.given_up = True
        return self.pool

    def resize(self, count: int | None) -> bool:
        """Use ``count`` processes from now on: a running pool of another size stops at once and
        a new one starts.  True when the processes changed (the borrowers then resubmit)."""
        if count == self.count:
            return False
        self.count = count
        self.given_up = False  # a new choice: worth another try
        if self.pool is None or self.wanted == self.pool.size:
            return False
        self.pool.close()
        self.pool = None
        self.get()
        log.info("AI worker processes: %s", self.pool.size if self.pool is not None else 0)
        return True

    def give_up(self) -> None:
        """Workers keep dying: stop them and search in this process from now on (logged)."""
        log.warning("AI worker processes keep failing: thinking between frames instead")
        self.given_up = True
        if self.pool is not None:
            self.pool.close()
            self.pool = None

    def close(self) -> None:
        """Stop every process now; nothing starts again."""
        self.closed = True
        if self.pool is not None:
            self.pool.close()
            self.pool = None
