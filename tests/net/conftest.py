"""Fixtures of the online-play tests: a private user folder, an embedded server on loopback."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from pathlib import Path

import pytest

from ra_game.net.server.embedded import EmbeddedServer
from ra_game.net.server.quietlog import Collapse


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Each test's own user folder (the remembered seat tokens live there)."""
    folder = tmp_path / "home"
    monkeypatch.setenv("RA_GAME_HOME", str(folder))
    return folder


@pytest.fixture(autouse=True)
def fresh_log() -> None:
    """Each test sees every server log line: the lines of an earlier test are not repeats."""
    for log_filter in logging.getLogger("ra_game.net").filters:
        if isinstance(log_filter, Collapse):
            log_filter.last.clear()
            log_filter.dropped.clear()


@pytest.fixture
def server(tmp_path: Path) -> Iterator[tuple[str, EmbeddedServer]]:
    """A server on 127.0.0.1 with its data under the test's folder; AIs move at once; a
    room's creator may fix its seed (``--allow-seeds``), so a test can set up a game."""
    embedded = EmbeddedServer(tmp_path / "data", host="127.0.0.1", ai_delay=0.0,
                              allow_seeds=True)
    url = embedded.start()
    yield url, embedded
    embedded.stop()
