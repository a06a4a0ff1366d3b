"""Log lines that cannot flood a disk: :func:`quiet_logger` lets one line of each kind through
every few seconds and counts the rest, which the next line of that kind mentions."""

from __future__ import annotations

import logging
import time
from collections import Counter
from collections.abc import Callable

#: Seconds between two lines of the same kind.
EVERY = 10.0
#: Kinds of line remembered at once (the server's kinds are few; more are forgotten).
MAX_KINDS = 1000

Key = tuple[str, int, str]


class Collapse(logging.Filter):
    """A filter letting one record per kind (logger, level, message template) through every
    ``every`` seconds; the repeats in between are counted, not written."""

    def __init__(self, every: float = EVERY, clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__()
        self.every, self.clock = every, clock
        self.last: dict[Key, float] = {}
        self.dropped: Counter[Key] = Counter()

    def filter(self, record: logging.LogRecord) -> bool:
        key = (record.name, record.levelno, str(record.msg))
        now = self.clock()
        last = self.last.get(key)
        if last is not None and now - last < self.every:
            self.dropped[key] += 1
            return False
        if len(self.last) >= MAX_KINDS:
            self.last.clear()
            self.dropped.clear()
        self.last[key] = now
        repeats = self.dropped.pop(key, 0)
        if repeats:
            record.msg = f"{record.msg} [and {repeats} more like it, not written]"
        return True


def quiet_logger(name: str) -> logging.Logger:
    """The logger ``name`` with a :class:`Collapse` filter (installed once)."""
    logger = logging.getLogger(name)
    if not any(isinstance(f, Collapse) for f in logger.filters):
        logger.addFilter(Collapse())
    return logger
