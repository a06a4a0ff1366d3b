"""The animation speeds: "very fast" between fast and instant for those who want their turn
back sooner, known to every table that paces the board, offered and translated."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from ra_game.scenes.settings import SPEED_NAMES

from ra_game.ai.runner import MIN_DELAY
from ra_game.files.settings import SPEEDS
from ra_game.text import i18n
from ra_game.ui import layout_scene
from ra_game.ui.animation import SPEED_FACTORS
from ra_game.ui.board.parts.undo import GRACE_FACTOR


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    i18n.set_language("en")


def test_every_speed_paces_the_board_faster_than_the_one_before() -> None:
    assert SPEEDS == ("slow", "normal", "fast", "rapid", "max")
    for table in (SPEED_FACTORS, layout_scene.SPEED_FACTORS):
        factors = [table[s] for s in SPEEDS]
        assert factors == sorted(factors) and len(set(factors)) == len(factors)
    delays = [MIN_DELAY[s] for s in SPEEDS]
    assert delays == sorted(delays, reverse=True)
    assert all(speed in GRACE_FACTOR for speed in SPEEDS)
    assert 0 < GRACE_FACTOR["rapid"]  # a decision can still be taken back


@pytest.mark.parametrize(("lang", "name"), [("en", "very fast"), ("es", "muy rápida"),
                                            ("pt", "muito rápida"), ("tr", "çok hızlı")])
def test_very_fast_is_offered_in_every_language(lang: str, name: str) -> None:
    i18n.set_language(lang)
    assert i18n._(SPEED_NAMES["rapid"]) == name
