"""The frozen program's entry script (packaging/ra_game_main.py): a windowed Windows program
without a console shows its errors in a message box instead of ending silently."""

from __future__ import annotations

import sys
from types import ModuleType

import pytest
from standalone_env import ROOT

sys.path.insert(0, str(ROOT / "packaging"))
import ra_game_main as ENTRY  # imported on this system; the tests then pretend to be Windows


def _entry(monkeypatch: pytest.MonkeyPatch, run_says: str, status: int) -> tuple[ModuleType,
                                                                                  list[str]]:
    """The entry script with a stand-in game that says ``run_says`` on stderr and exits with
    ``status``; and the message boxes it showed."""
    module = ENTRY
    shown: list[str] = []

    def run() -> int:
        if run_says:
            print(run_says, file=sys.stderr)
        return status

    monkeypatch.setattr(module, "run", run)
    monkeypatch.setattr(module, "show_error", shown.append)
    return module, shown


def no_console(monkeypatch: pytest.MonkeyPatch) -> None:
    """A windowed Windows program started by a double click: no stderr (set in the test
    itself: pytest's output capture replaces ``sys.stderr`` after the fixtures ran)."""
    monkeypatch.setattr(sys, "platform", "win32")
    monkeypatch.setattr(sys, "stderr", None)
    monkeypatch.setattr(sys, "argv", ["ra-game.exe"])


def test_an_error_without_a_console_is_shown_in_a_message_box(
        monkeypatch: pytest.MonkeyPatch) -> None:
    line = "ra-game: error: cannot open the window (no video device)"
    module, shown = _entry(monkeypatch, line, 1)
    no_console(monkeypatch)
    assert module.main() == 1
    assert shown == [line]


def test_a_clean_exit_without_a_console_shows_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    module, shown = _entry(monkeypatch, "a warning that did not stop the game", 0)
    no_console(monkeypatch)
    assert module.main() == 0
    assert shown == []


def test_an_ai_worker_never_shows_a_message_box(monkeypatch: pytest.MonkeyPatch) -> None:
    module, shown = _entry(monkeypatch, "Traceback (most recent call last): ...", 1)
    no_console(monkeypatch)
    monkeypatch.setattr(sys, "argv", ["ra-game.exe", "--multiprocessing-fork", "pipe_handle=4"])
    assert module.main() == 1
    assert shown == [] and sys.stderr is None


def test_with_a_console_errors_go_to_stderr(monkeypatch: pytest.MonkeyPatch,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(sys, "platform", "win32")
    module, shown = _entry(monkeypatch, "ra-game: error: bad option", 2)
    assert module.main() == 2
    assert shown == [] and "bad option" in capsys.readouterr().err
