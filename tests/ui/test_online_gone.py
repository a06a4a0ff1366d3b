"""Online play as a player sees it, two windows on a real server on 127.0.0.1: a friend who
left the lobby before the start is away at the table (clock, the host's A, the area's tag);
the menu of a game that goes on is not "Paused" and asks before leaving; the lobby shows this
computer's own address; the status line never calls you by your name."""

from __future__ import annotations

from typing import Any

import pygame
import pytest
from ra_game.scenes.online_host import HostSetupScene
from ra_game.scenes.online_lobby import shown_code
from ra_game.scenes.play import PlayScene
from ra_game.scenes.title import TitleScene
from test_online_play import (  # noqa: F401  (fixtures)
    _loopback,
    frames_until,
    host_and_join,
    host_lobby,
    later,
    new_window,
    play,
    top,
    type_join,
    windows,
)

from ra_game.app import run_frames
from ra_game.net.client.events import MoveMade
from ra_game.ui.app_context import AppContext

pytestmark = pytest.mark.slow


def key(ctx: AppContext, code: int, text: str = "") -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode=text))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=code, mod=0, unicode=text))
    run_frames(ctx, 1)


def test_a_friend_gone_from_the_lobby_is_away_at_the_table(
        windows: list[AppContext], monkeypatch: pytest.MonkeyPatch) -> None:  # noqa: F811
    host, friend = new_window(), new_window()
    windows += [host, friend]
    lobby = host_lobby(host, HostSetupScene.remove_seat)
    type_join(friend, lobby.link.url, shown_code(lobby.link.room), "Bo")
    frames_until([host, friend], lambda: lobby.buttons["start"].enabled)
    friend.scenes.close_all()  # gone before the start: the seat stays taken
    frames_until([host], lambda: lobby.link.away_for(1) is not None)
    later(monkeypatch, lobby.link.options.hand_after + 1)
    lobby.start()
    frames_until([host], lambda: isinstance(top(host), PlayScene))
    a = top(host)
    assert isinstance(a, PlayScene)
    if a.state.current == 0:
        play([host], 1)
    frames_until([host], lambda: a.state.current == 1 and not a.queue.busy
                 and "press A to let an AI play their seat" in a.status()[0])
    assert a.overlay.away() == {1}  # type: ignore[union-attr]
    drawn: list[str] = []
    text = a.view.text if a.view is not None else None
    assert text is not None

    def spy(content: str, *args: Any, **kw: Any) -> pygame.Surface:
        drawn.append(content)
        return text(content, *args, **kw)

    a.areas._cache.clear()
    monkeypatch.setattr(a.view, "text", spy)
    a.draw(pygame.display.get_surface())
    assert "away" in drawn and "online" not in drawn
    moves = len(a.moves)
    key(host, pygame.K_a, "a")
    frames_until([host], lambda: len(a.moves) > moves)  # the AI plays Bo's seat
    assert a.seats[1].kind.code != "remote" and not a.overlay.away()  # type: ignore[union-attr]


def test_the_lobby_shows_this_computers_own_address_too(
        windows: list[AppContext]) -> None:  # noqa: F811
    host = new_window()
    windows.append(host)
    lobby = host_lobby(host)
    port = lobby.link.url.rsplit(":", 1)[1]
    assert lobby.address_lines().splitlines()[-1] == f"127.0.0.1:{port} (this computer)"


def test_the_online_menu_says_the_game_goes_on_and_asks_before_leaving(
        windows: list[AppContext]) -> None:  # noqa: F811
    host, _friend = host_and_join(windows)
    a = top(host)
    assert isinstance(a, PlayScene)
    key(host, pygame.K_ESCAPE)
    assert a.pause is not None and a.pause.title == "Menu: the game goes on"
    key(host, pygame.K_q, "q")
    assert top(host) is a and a.pause is not None
    assert a.pause.question == "Leave the online game?"
    key(host, pygame.K_ESCAPE)  # No: back to the menu, still in the game
    assert a.pause is not None and a.pause.question is None and top(host) is a
    key(host, pygame.K_q, "q")
    key(host, pygame.K_y, "y")
    assert isinstance(top(host), TitleScene)


def test_the_status_line_never_names_you_while_your_move_comes_back(
        windows: list[AppContext]) -> None:  # noqa: F811
    host, friend = host_and_join(windows)
    a = top(host)
    assert isinstance(a, PlayScene)
    if a.state.current != 0:
        play([friend], 1)
    frames_until([host], lambda: a.state.current == 0 and not a.queue.busy)
    driver: Any = a.overlay
    driver.online.incoming.append(MoveMade(len(a.moves), "draw", None, 0))  # announced, not shown
    name = a.state.names[0]
    assert name not in a.status()[0] and "thinking" not in a.status()[0]
    driver.online.incoming.clear()
