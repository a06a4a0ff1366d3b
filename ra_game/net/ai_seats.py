"""The server's AI seats: each decision runs off the event loop, so no room waits for another
room's AI.  Quick levels (random, easy, medium) run on a small thread pool; searching levels
(hard, expert) on ``workers`` processes (spawn), or on the threads when ``workers`` is 0.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import multiprocessing
from concurrent.futures import Executor

from ..ai.levels import LEVELS, make_agent
from ..engine import Observation


def decide(kind: str, seed: int, obs: Observation) -> int:
    """The action an AI of ``kind`` chooses in ``obs`` (runs in a worker thread or process)."""
    return make_agent(kind, seed).choose(obs)


class AiPool:
    """Where the server's AIs think: ``await pool.decide(kind, seed, obs)``."""

    def __init__(self, workers: int = 0, threads: int = 4) -> None:
        self.threads = concurrent.futures.ThreadPoolExecutor(threads, "ra-ai")
        self.processes: Executor | None = None
        if workers > 0:
            context = multiprocessing.get_context("spawn")
            self.processes = concurrent.futures.ProcessPoolExecutor(workers, mp_context=context)

    async def decide(self, kind: str, seed: int, obs: Observation) -> int:
        level = LEVELS[kind]
        executor = self.processes if level.searches and self.processes else self.threads
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(executor, decide, kind, seed, obs)

    def close(self) -> None:
        self.threads.shutdown(wait=False, cancel_futures=True)
        if self.processes is not None:
            self.processes.shutdown(wait=False, cancel_futures=True)
