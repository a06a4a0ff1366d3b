"""A reviewed decision on the board claims each key once: its controls are a picture (no key
caps), so Enter is shown only on the note's "Try the better move"."""

from __future__ import annotations

from typing import Any

import pygame
import pytest
from ra_game.scenes.play import PlayScene
from ra_game.scenes.review_list import ReviewListScene
from ra_game.scenes.review_position import ReviewViewer
from test_review_window import GAME, made_review, press

from ra_game.app import run_frames
from ra_game.engine import load_replay
from ra_game.ui.app_context import AppContext
from ra_game.ui.board.view import View


def test_only_the_notes_button_shows_enter_on_a_reviewed_bid(
        ctx: AppContext, monkeypatch: pytest.MonkeyPatch) -> None:
    caps: list[tuple[str, str]] = []
    button = View.button

    def spy(self: View, surface: pygame.Surface, rect: pygame.Rect, label: str, state: str,
            hint: str = "", *args: Any, **kw: Any) -> Any:
        caps.append((label, hint))
        return button(self, surface, rect, label, state, hint, *args, **kw)

    monkeypatch.setattr(View, "button", spy)
    replay = load_replay(GAME)
    listing = ReviewListScene(ctx, replay, made_review(replay))
    ctx.scenes.clear_to(listing)
    press(ctx, pygame.K_RETURN)
    play = ctx.scenes.top
    assert isinstance(play, PlayScene) and isinstance(play.overlay, ReviewViewer)
    assert play.overlay.at_decision and play.overlay.marks().mode == "bid"
    caps.clear()
    run_frames(ctx, 1)
    assert [label for label, hint in caps if hint == "Enter"] == ["Try the better move"]
