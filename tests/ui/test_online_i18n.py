"""The online screens in every language, at 1280x720 and at the smallest window: Play online,
Host a game (with its notice), Join a game, the lobby and the online pause menu with the offer
to hand an away seat to an AI; no text leaves its box, none is drawn below 12 px at 1280x720 and
no English is left (the checks of test_i18n_screens)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pygame
import pytest
from ra_game.scenes import online_common
from ra_game.scenes.online import OnlineMenuScene
from ra_game.scenes.online_host import HostSetupScene
from ra_game.scenes.online_join import JoinScene
from ra_game.scenes.online_lobby import LobbyScene, shown_code
from ra_game.scenes.play import PlayScene
from test_i18n_screens import LANGS, SIZES, check_records, show
from test_online_play import frames_until, later, new_window, play, top

from ra_game.app import AppContext, run_frames
from ra_game.table.seat_kinds import kind_of
from ra_game.text import i18n
from ra_game.ui import theme

pytestmark = pytest.mark.slow


@pytest.fixture(autouse=True)
def _loopback(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(online_common, "SERVER_HOST", "127.0.0.1")
    monkeypatch.setattr(online_common, "DEFAULT_PORT", 0)


@pytest.fixture
def windows() -> Iterator[list[AppContext]]:
    made: list[AppContext] = []
    yield made
    i18n.set_language("en")
    for ctx in made:
        ctx.scenes.close_all()
    pygame.display.quit()


def drawn(ctx: AppContext, lang: str, size: tuple[int, int], name: str,
          shown: set[str]) -> list[str]:
    """The top scene drawn in ``lang``: its problems (``shown`` collects what was drawn)."""
    i18n.set_language(lang)
    with theme.record_text() as records:
        run_frames(ctx, 1)
        ctx.scenes.top.draw(pygame.display.get_surface())
    assert records, f"{name}: nothing drawn"
    shown.update(f"{lang}:{name}:{r.content}" for r in records)
    return check_records(records, lang, size, name)


def no_friend(ctx: AppContext) -> HostSetupScene:
    scene = HostSetupScene(ctx)
    for index, row in enumerate(scene.rows):
        if row.kind.code == "remote":
            scene.set_kind(index, kind_of("ai:medium"))
    scene.start()  # refused: the notice says why
    return scene


MENUS: list[tuple[str, Callable[[Any], Any]]] = [
    ("online", OnlineMenuScene), ("host", HostSetupScene), ("host_notice", no_friend),
    ("join", JoinScene)]


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_online_screens_fit_in_every_language(windows: list[AppContext],
                                                  monkeypatch: pytest.MonkeyPatch,
                                                  size: tuple[int, int]) -> None:
    host, friend = new_window(size), new_window(size)
    windows += [host, friend]
    problems: list[str] = []
    shown: set[str] = set()
    for lang in LANGS:
        i18n.set_language(lang)
        for name, make in MENUS:
            show(host, make(host), [])
            problems += drawn(host, lang, size, name, shown)
    i18n.set_language("en")
    host.scenes.clear_to(HostSetupScene(host))
    setup = top(host)
    assert isinstance(setup, HostSetupScene)
    setup.remove_seat()
    setup.names[0].text = "Ana"  # a name, not the English default "Host" the lobby would show
    setup.set_name(0, "Ana")
    setup.start()
    frames_until([host], lambda: isinstance(top(host), LobbyScene))
    lobby = top(host)
    assert isinstance(lobby, LobbyScene)
    frames_until([host], lambda: bool(lobby.seats))
    problems += [p for lang in LANGS for p in drawn(host, lang, size, "lobby", shown)]
    i18n.set_language("en")
    friend.scenes.push(JoinScene(friend))
    join = top(friend)
    assert isinstance(join, JoinScene)
    join.fields["address"].text = lobby.link.url.removeprefix("ws://")
    join.fields["room"].text = shown_code(lobby.link.room)
    join.fields["name"].text = "Bo"
    join.join()
    frames_until([host, friend], lambda: isinstance(top(friend), LobbyScene)
                 and lobby.buttons["start"].enabled)
    problems += [p for lang in LANGS for p in drawn(friend, lang, size, "lobby_friend", shown)]
    i18n.set_language("en")
    lobby.start()
    frames_until([host, friend], lambda: isinstance(top(host), PlayScene)
                 and isinstance(top(friend), PlayScene))
    board = top(host)
    assert isinstance(board, PlayScene)
    friend.scenes.close_all()  # the friend's window is gone: the host may hand the seat over
    frames_until([host], lambda: board.overlay.link.away_for(1) is not None)  # type: ignore
    later(monkeypatch, board.overlay.link.options.hand_after + 1)  # type: ignore[union-attr]
    if board.state.current == 0:
        play([host], 1)
    frames_until([host], lambda: board.state.current == 1 and not board.queue.busy
                 and "press A" in board.status()[0])
    board.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0))  # Esc
    assert board.pause is not None and [n for n, _l, _k in board.pause.items][-2] == "hand"
    problems += [p for lang in LANGS for p in drawn(host, lang, size, "pause", shown)]
    assert problems == [], "\n".join(problems)
    # the hand-over item keeps its one line and its key cap in every language
    assert [lang for lang in LANGS if f"{lang}:pause:A" not in shown] == []
    assert "pt:host_notice:Coloque ao menos um Amigo pela rede ou jogue uma Nova partida contra " \
           "as IAs." in shown
    assert "es:pause:Ceder el asiento a una IA" in shown
    assert "tr:pause:YZ onun yerine oynasın" in shown
