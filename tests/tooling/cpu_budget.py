"""The quick loop stays quick: every test that is not marked ``slow`` is timed in CPU seconds,
and those over a budget are named at the end of the run.

CPU time, not wall-clock time, because the development machine is often shared: a test's CPU
time hardly changes with the load, its wall-clock time doubles.  A test's CPU time is this
process's (every thread) plus that of the child processes it waited for, over its setup, call
and teardown.  Time spent waiting (a sleep, a socket, a child still running) is not counted.

    pytest -m "not slow"                          # a warning section names the tests over 2 s
    pytest -m "not slow" --strict-durations       # ... and the run fails (also RA_STRICT_DURATIONS=1)
    pytest -m "not slow" --cpu-budget 1.5         # another budget, in CPU seconds
"""

from __future__ import annotations

import os
import time
from collections.abc import Generator
from dataclasses import dataclass, field

import pytest

try:
    import resource
except ImportError:  # Windows: children are not counted
    resource = None  # type: ignore[assignment]

#: The budget of an unmarked test, in CPU seconds: the project's line for ``slow``.
DEFAULT_BUDGET = 2.0
STRICT_ENV = "RA_STRICT_DURATIONS"
PHASES = ("setup", "call", "teardown")


def cpu_seconds() -> float:
    """CPU seconds used so far by this process and by the children it has waited for."""
    own = time.process_time()
    if resource is None:
        return own
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own + children.ru_utime + children.ru_stime


def add_options(parser: pytest.Parser) -> None:
    group = parser.getgroup("cpu-budget", "CPU budget of the tests not marked slow")
    group.addoption("--cpu-budget", type=float, default=DEFAULT_BUDGET, metavar="SECONDS",
                    help="CPU seconds an unmarked test may use before it is named "
                         f"(default {DEFAULT_BUDGET})")
    group.addoption("--strict-durations", action="store_true",
                    help=f"fail the run when an unmarked test is over the CPU budget "
                         f"(also {STRICT_ENV}=1)")


@dataclass
class Timing:
    """One test's CPU and wall-clock seconds, per phase."""

    cpu: dict[str, float] = field(default_factory=dict)
    wall: float = 0.0

    @property
    def total(self) -> float:
        return sum(self.cpu.values())

    def line(self, nodeid: str) -> str:
        phases = ", ".join(f"{p} {self.cpu[p]:.2f}" for p in PHASES if p in self.cpu)
        return f"{self.total:6.2f} s CPU ({phases}; {self.wall:.1f} s wall)  {nodeid}"


class CpuBudget:
    """The plugin: times each unmarked test and reports those over the budget."""

    def __init__(self, budget: float, strict: bool) -> None:
        self.budget = budget
        self.strict = strict
        self.timings: dict[str, Timing] = {}

    @classmethod
    def from_config(cls, config: pytest.Config) -> CpuBudget:
        strict = bool(config.getoption("strict_durations")) or \
            os.environ.get(STRICT_ENV, "") not in ("", "0")
        return cls(float(config.getoption("cpu_budget")), strict)

    def _timed(self, item: pytest.Item, phase: str) -> Generator[None, None, None]:
        if item.get_closest_marker("slow") is not None:
            yield
            return
        cpu, wall = cpu_seconds(), time.perf_counter()
        try:
            yield
        finally:
            timing = self.timings.setdefault(item.nodeid, Timing())
            timing.cpu[phase] = cpu_seconds() - cpu
            timing.wall += time.perf_counter() - wall

    @pytest.hookimpl(wrapper=True)
    def pytest_runtest_setup(self, item: pytest.Item) -> Generator[None, None, None]:
        return (yield from self._timed(item, "setup"))

    @pytest.hookimpl(wrapper=True)
    def pytest_runtest_call(self, item: pytest.Item) -> Generator[None, None, None]:
        return (yield from self._timed(item, "call"))

    @pytest.hookimpl(wrapper=True)
    def pytest_runtest_teardown(self, item: pytest.Item) -> Generator[None, None, None]:
        return (yield from self._timed(item, "teardown"))

    def over_budget(self) -> list[tuple[str, Timing]]:
        """The unmarked tests over the budget, the costliest first."""
        over = [(nodeid, t) for nodeid, t in self.timings.items() if t.total >= self.budget]
        return sorted(over, key=lambda pair: -pair[1].total)

    def pytest_terminal_summary(self, terminalreporter: pytest.TerminalReporter) -> None:
        over = self.over_budget()
        if not over:
            return
        title = f"{len(over)} test(s) not marked slow used {self.budget:g} s of CPU or more"
        terminalreporter.section(title, sep="=", yellow=not self.strict, red=self.strict)
        for nodeid, timing in over:
            terminalreporter.line(timing.line(nodeid))
        terminalreporter.line("Mark each @pytest.mark.slow or make it cheaper"
                              + (" (--strict-durations: the run fails)." if self.strict
                                 else f" (--strict-durations or {STRICT_ENV}=1 fails the run)."))

    @pytest.hookimpl(trylast=True)
    def pytest_sessionfinish(self, session: pytest.Session, exitstatus: int) -> None:
        if self.strict and self.over_budget() and exitstatus == pytest.ExitCode.OK:
            session.exitstatus = pytest.ExitCode.TESTS_FAILED
