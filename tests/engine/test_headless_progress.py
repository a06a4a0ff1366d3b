"""``play --headless`` shows a progress line on a terminal's stderr, and nothing elsewhere."""

from __future__ import annotations

import io

import pytest

from ra_game import cli
from ra_game.table import headless
from ra_game.table.headless import play_headless, terminal
from ra_game.table.seats import parse_seats


class _Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_line_is_rewritten_in_place_and_cleared_at_the_end(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(headless, "PROGRESS_EVERY", 0.0)
    tty = _Tty()
    _, _ = play_headless(parse_seats("random,random,random", allow_human=False), 1,
                             progress=tty)
    text = tty.getvalue()
    assert "\n" not in text
    lines = text.split("\r\x1b[K")
    assert lines[1] == "Epoch 1 of 3, 0 moves played"
    assert "Epoch 1 of 3, 1 move played" in lines
    assert any(line.startswith("Epoch 3 of 3, ") for line in lines)
    assert lines[-1] == ""  # cleared: the summary starts on a clean line


def test_progress_only_on_a_terminal() -> None:
    tty = _Tty()
    assert terminal(tty) is tty
    assert terminal(io.StringIO()) is None


def test_headless_play_writes_no_progress_when_stderr_is_not_a_terminal(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["play", "--headless", "--players", "random,random", "--seed", "3"]) == 0
    out, err = capsys.readouterr()
    assert err == "" and out.count("\n") == 1


def test_headless_play_on_a_terminal_shows_progress_on_stderr_only(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    tty = _Tty()
    monkeypatch.setattr(cli.sys, "stderr", tty)
    assert cli.main(["play", "--headless", "--players", "random,random", "--seed", "3"]) == 0
    out, _ = capsys.readouterr()
    assert "Epoch 1 of 3" in tty.getvalue() and "Epoch" not in out
