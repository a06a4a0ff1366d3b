"""The window's side of a server it can trust: the lobby tells every seat when the room's seed
is fixed, and a seat taken over by a rejoin elsewhere is not fought for."""

from __future__ import annotations

from typing import Any

import pygame
import pytest
from ra_game.scenes.online_lobby import LobbyScene

from ra_game.app import run_frames
from ra_game.net.client.events import ConnectionLost, Lobby, SeatInfo, ServerError
from ra_game.net.client.window_link import Link
from ra_game.net.wire.refusals import Refusal
from ra_game.ui.app_context import AppContext


class QuietSession:
    """A session that never hears anything (no server needed)."""

    host_token = None

    def __init__(self, url: str) -> None:
        self.joins = 0

    def poll(self) -> list[Any]:
        return []

    def join(self, *args: Any, **kwargs: Any) -> None:
        self.joins += 1

    def close(self, wait: float = 0.0) -> None:
        pass



def _note_pixels(ctx: AppContext, options: dict[str, Any]) -> bytes:
    link = Link("ws://192.168.1.20:47474", "Ana", session_factory=QuietSession)
    link.room, link.seat, link.token = "K7MQ2X9P", 0, "t"
    link.lobby = Lobby([SeatInfo("remote", "Ana", True, True, None),
                        SeatInfo("remote", "Bo", True, True, None)], False, options)
    scene = LobbyScene(ctx, link)
    ctx.scenes.push(scene)
    run_frames(ctx, 2)
    surface = pygame.display.get_surface()
    pixels = pygame.image.tobytes(surface.subsurface(scene.rects["seed_note"]), "RGB")
    ctx.scenes.pop()
    return pixels


def test_the_lobby_says_when_the_seed_is_fixed(ctx: AppContext) -> None:
    plain = _note_pixels(ctx, {})
    fixed = _note_pixels(ctx, {"fixed_seed": True})
    assert fixed != plain  # the line is drawn only for a room with a fixed seed
    assert _note_pixels(ctx, {"fixed_seed": "yes"}) == plain  # only a true boolean counts


def test_a_seat_taken_over_elsewhere_is_not_rejoined() -> None:
    link = Link("ws://127.0.0.1:1", "Ana", session_factory=QuietSession)
    link.room, link.seat, link.token = "K7MQ2X9P", 0, "tok"
    link._note(ServerError("Your seat is now played from another connection.", Refusal.TAKEN_OVER))
    link._note(ConnectionLost("closed"))
    assert link.lost is None and link._retry is None  # no reconnection: no tug of war
    assert "another connection" in link.error
    other = Link("ws://127.0.0.1:1", "Bo", session_factory=QuietSession)
    other.room, other.seat, other.token = "K7MQ2X9P", 1, "tok2"
    other._note(ConnectionLost("closed"))
    assert other._retry is not None  # a plain drop is retried as before


def test_a_second_window_hosting_on_the_same_folder_gets_one_line(
        tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    from ra_game.scenes.online_common import start_server

    monkeypatch.setenv("RA_GAME_HOME", str(tmp_path / "home"))
    first, _url = start_server()
    try:
        with pytest.raises(ValueError) as refused:
            start_server()  # another window of this user already hosts
        assert "Another game server" in str(refused.value) and "\n" not in str(refused.value)
    finally:
        first.stop()
    again, _url = start_server()  # the folder is free once the first one stopped
    again.stop()
