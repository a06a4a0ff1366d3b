"""The golden games replayed step by step (OpenSpiel's playthrough tests): at every step the
engine must offer the same decision and legal moves and answer the move with the same events.
A deliberate rule change regenerates the files with ``python3 tools/make_golden.py``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ra_game.engine import load_replay

from .golden import FIXTURES, FORMAT, playthrough, steps_path

GOLDEN = sorted(FIXTURES.glob("*.ra.json"))


def test_every_golden_replay_has_its_playthrough() -> None:
    assert len(GOLDEN) >= 4
    assert all(steps_path(path).is_file() for path in GOLDEN)


@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: p.name.removesuffix(".ra.json"))
def test_the_golden_game_plays_through_step_by_step(path: Path) -> None:
    stored = json.loads(steps_path(path).read_text(encoding="utf-8"))
    assert stored["format"] == FORMAT
    expected = stored["steps"]
    replay = load_replay(path)
    actual = playthrough(replay)
    assert len(expected) == len(replay.moves) + 1
    for n, (want, got) in enumerate(zip(expected, actual)):
        assert got == want, f"step {n} ({want.get('move', 'final position')})"
    assert len(actual) == len(expected)

