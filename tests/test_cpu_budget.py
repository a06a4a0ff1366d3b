"""The quick loop's CPU budget (``tooling/cpu_budget.py``): an unmarked test over the budget is
named at the end of the run, a test marked slow never is, and ``--strict-durations`` (or
``RA_STRICT_DURATIONS=1``) fails the run for it."""

from __future__ import annotations

import pytest

pytest_plugins = ["pytester"]

#: The inner runs load no plugin they do not need (hypothesis' alone costs 0.7 s of CPU a run).
QUIET = ("-p", "no:cacheprovider", "-p", "no:hypothesispytest")

CONFTEST = """
from tooling import cpu_budget

def pytest_addoption(parser):
    cpu_budget.add_options(parser)

def pytest_configure(config):
    config.pluginmanager.register(cpu_budget.CpuBudget.from_config(config), "cpu-budget")
"""

TESTS = """
import time
import pytest

def spin(seconds):
    end = time.process_time() + seconds
    while time.process_time() < end:
        pass

def test_busy():
    spin(0.1)

@pytest.mark.slow
def test_busy_but_marked():
    spin(0.1)

def test_sleeps():
    time.sleep(0.1)  # waiting is not CPU

def test_cheap():
    pass
"""


@pytest.fixture
def suite(pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch) -> pytest.Pytester:
    monkeypatch.delenv("RA_STRICT_DURATIONS", raising=False)
    pytester.makeconftest(CONFTEST)
    pytester.makepyfile(test_timed=TESTS)
    pytester.makeini("[pytest]\nmarkers =\n    slow: a slow test\n")
    return pytester


def test_an_unmarked_test_over_the_budget_is_named(suite: pytest.Pytester) -> None:
    result = suite.runpytest(*QUIET, "--cpu-budget", "0.08")
    result.assert_outcomes(passed=4)
    assert result.ret == pytest.ExitCode.OK
    result.stdout.fnmatch_lines([
        "*1 test(s) not marked slow used 0.08 s of CPU or more*",
        "*s CPU (setup *, call 0.1*, teardown *; * s wall)  test_timed.py::test_busy",
        "Mark each @pytest.mark.slow or make it cheaper*",
    ])
    for quiet in ("test_busy_but_marked", "test_sleeps", "test_cheap"):
        result.stdout.no_fnmatch_line(f"*s CPU*{quiet}")


def test_within_the_budget_nothing_is_said(suite: pytest.Pytester) -> None:
    result = suite.runpytest(*QUIET, "--strict-durations")
    assert result.ret == pytest.ExitCode.OK
    result.stdout.no_fnmatch_line("*not marked slow*")


def test_strict_durations_fail_the_run(suite: pytest.Pytester,
                                       monkeypatch: pytest.MonkeyPatch) -> None:
    strict = suite.runpytest(*QUIET, "--cpu-budget", "0.08",
                             "--strict-durations")
    strict.assert_outcomes(passed=4)
    assert strict.ret == pytest.ExitCode.TESTS_FAILED
    strict.stdout.fnmatch_lines(["*--strict-durations: the run fails*"])
    monkeypatch.setenv("RA_STRICT_DURATIONS", "1")
    by_env = suite.runpytest(*QUIET, "--cpu-budget", "0.08")
    assert by_env.ret == pytest.ExitCode.TESTS_FAILED
