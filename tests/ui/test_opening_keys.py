"""A key that opens a form is not typed into it: J opens Join a game with empty fields, as
SDL sends it (the key press, then its text, in the same frame or the next)."""

from __future__ import annotations

import pygame
import pytest
from ra_game.scenes.online import OnlineMenuScene
from ra_game.scenes.online_join import JoinScene

from ra_game.app import create_app, step_frame
from ra_game.net.client.memory import OnlineMemory, save_memory


@pytest.mark.parametrize("same_frame", [True, False])
def test_the_j_that_opens_join_a_game_is_not_typed_into_it(same_frame: bool) -> None:
    save_memory(OnlineMemory(["ws://192.168.1.5:47474"], "Ana", None))  # the code has focus
    ctx, _ = create_app((1280, 720))
    try:
        ctx.scenes.push(OnlineMenuScene(ctx))
        press = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_j, mod=0, unicode="j")
        text = pygame.event.Event(pygame.TEXTINPUT, text="j")
        if same_frame:
            step_frame(ctx, 0.016, [press, text])
        else:
            step_frame(ctx, 0.016, [press])
            step_frame(ctx, 0.016, [text])
        join = ctx.scenes.top
        assert isinstance(join, JoinScene)
        assert join.fields["room"].text == "" and join.group.focused is join.fields["room"]
        assert join.fields["address"].text == "192.168.1.5:47474"
        step_frame(ctx, 0.016, [press, text])  # the next J is typed
        assert join.fields["room"].text == "j"
    finally:
        ctx.scenes.close_all()
        pygame.display.quit()
