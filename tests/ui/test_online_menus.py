"""Title > Play online and its screens, by click and by key, without a server."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

import pygame
from ra_game.scenes.online import OnlineMenuScene
from ra_game.scenes.online_host import HostSetupScene, server_kind
from ra_game.scenes.online_join import JoinScene, room_code, server_url
from ra_game.scenes.online_lobby import LobbyScene
from ra_game.scenes.title import TitleScene

from ra_game.app import run_frames
from ra_game.net.client.memory import OnlineMemory, RoomTicket, load_memory, save_memory
from ra_game.ui.app_context import AppContext
from ra_game.ui.layout import load_layout

ROOT = Path(__file__).resolve().parents[2]



def click(ctx: AppContext, rect: pygame.Rect) -> None:
    pos = rect.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    run_frames(ctx, 1)


def press(ctx: AppContext, key: int, unicode: str = "") -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=unicode))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode=unicode))
    run_frames(ctx, 1)


def typing(ctx: AppContext, text: str) -> None:
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
    run_frames(ctx, 1)


def test_play_online_opens_by_click_and_by_key_and_back(ctx: AppContext) -> None:
    title = ctx.scenes.top
    assert isinstance(title, TitleScene)
    click(ctx, title.buttons["online"].rect)
    menu = ctx.scenes.top
    assert isinstance(menu, OnlineMenuScene)
    assert not menu.buttons["rejoin"].enabled  # nothing to rejoin yet
    press(ctx, pygame.K_ESCAPE)
    assert ctx.scenes.top is title
    press(ctx, pygame.K_o, "o")
    menu = ctx.scenes.top
    assert isinstance(menu, OnlineMenuScene)
    press(ctx, pygame.K_h, "h")
    assert isinstance(ctx.scenes.top, HostSetupScene)
    press(ctx, pygame.K_ESCAPE)
    click(ctx, menu.buttons["join"].rect)
    assert isinstance(ctx.scenes.top, JoinScene)
    press(ctx, pygame.K_ESCAPE)
    press(ctx, pygame.K_j, "j")
    assert isinstance(ctx.scenes.top, JoinScene)


def test_rejoin_is_offered_for_a_remembered_room(ctx: AppContext) -> None:
    save_memory(OnlineMemory(["ws://10.0.0.2:47474"], "Ana",
                             RoomTicket("ws://10.0.0.2:47474", "ABCD", "tok", "Ana", None)))
    press(ctx, pygame.K_o, "o")
    menu = ctx.scenes.top
    assert isinstance(menu, OnlineMenuScene)
    assert menu.buttons["rejoin"].enabled


def test_host_seats_are_you_then_friends_or_ais(ctx: AppContext) -> None:
    ctx.scenes.push(HostSetupScene(ctx))
    run_frames(ctx, 1)
    host = ctx.scenes.top
    assert isinstance(host, HostSetupScene)
    assert [r.kind.code for r in host.rows][:2] == ["human", "remote"]
    assert not host.kinds[0].enabled and host.names[0].enabled and not host.names[1].enabled
    assert [server_kind(r.kind).code for r in host.rows][:2] == ["remote", "remote"]
    click(ctx, host.kinds[1].rect)  # the friend becomes a second person at this screen
    assert host.rows[1].kind.code == "human" and host.names[1].enabled
    assert host.people_here() == [(1, "Player 2")]
    assert server_kind(host.rows[1].kind).code == "remote"  # the window takes that seat itself
    click(ctx, host.kinds[1].rect)  # then an AI: nobody to host for
    assert host.rows[1].kind.code not in ("remote", "human") and not host.names[1].enabled
    assert host.rules().undo and host.rules().hints
    click(ctx, host.undo_choice.rect)
    assert not host.rules().undo
    host.set_kind(1, host.rows[1].kind)  # still no friend
    host.rows[1].kind = host.rows[2].kind
    host.start()
    assert "friend" in host.notice
    assert host.link is None


def test_join_checks_what_was_typed_in_one_line(ctx: AppContext) -> None:
    ctx.scenes.push(JoinScene(ctx))
    run_frames(ctx, 1)
    join = ctx.scenes.top
    assert isinstance(join, JoinScene)
    click(ctx, join.buttons["join"].rect)
    assert "address" in join.notice and join.link is None
    click(ctx, join.fields["address"].rect)
    typing(ctx, "192.168.1.5")
    click(ctx, join.buttons["join"].rect)
    assert "room code" in join.notice
    click(ctx, join.fields["room"].rect)
    typing(ctx, "ab cd")
    click(ctx, join.buttons["join"].rect)
    assert "name" in join.notice
    assert join.fields["address"].text == "192.168.1.5"  # nothing typed is lost


def test_addresses_and_codes_are_read_as_people_type_them() -> None:
    assert server_url("192.168.1.5") == "ws://192.168.1.5:47474"
    assert server_url("ws://host.lan:9000/") == "ws://host.lan:9000"
    assert server_url("10.0.0.1:80") == "ws://10.0.0.1:80"
    assert server_url("http://x") is None
    assert server_url("a b") is None
    assert server_url("") is None
    assert server_url("host:notaport") is None
    assert room_code(" ab-cd\n") == "abcd"


def test_the_memory_keeps_five_servers_and_survives_a_damaged_file() -> None:
    memory = OnlineMemory()
    for i in range(7):
        memory.remember_server(f"ws://10.0.0.{i}:1")
    memory.remember_server("ws://10.0.0.3:1")
    assert memory.servers[0] == "ws://10.0.0.3:1" and len(memory.servers) == 5
    assert save_memory(memory) is None
    assert load_memory().servers == memory.servers
    from ra_game.net.client.memory import memory_path

    memory_path().write_text("{not json", encoding="utf-8")
    assert load_memory() == OnlineMemory()


def test_the_ticket_keeps_the_other_seats_of_this_screen() -> None:
    from ra_game.net.client.memory import LocalSeat, memory_path

    here = (LocalSeat(1, "tok-ana", "Ana"), LocalSeat(3, "tok-cy", "Cy"))
    ticket = RoomTicket("ws://127.0.0.1:1", "ABCD", "tok", "Host", "host-tok", here)
    assert save_memory(OnlineMemory([], "Host", ticket)) is None
    assert load_memory().ticket == ticket
    # a ticket an older version kept in online.json is read once, its unusable seats left out
    assert save_memory(OnlineMemory()) is None and load_memory().ticket is None
    old = {"url": ticket.url, "room": "ABCD", "token": "tok", "name": "Host",
           "host_token": "host-tok",
           "others": [{"seat": 1, "token": "tok-ana", "name": "Ana"}, {"seat": True},
                      {"seat": 9, "token": "x"}, "junk", {"seat": 2, "token": ""}]}
    memory_path().write_text(json.dumps({"servers": [], "name": "Host", "ticket": old}),
                             encoding="utf-8")
    assert load_memory().ticket.others == here[:1]  # type: ignore[union-attr]
    assert "ticket" not in json.loads(memory_path().read_text(encoding="utf-8"))  # moved
    assert load_memory().ticket.others == here[:1]  # type: ignore[union-attr]



def test_online_layouts_match_their_generator_and_hold_the_names() -> None:
    spec = importlib.util.spec_from_file_location("make_online_layouts",
                                                  ROOT / "tools/make_online_layouts.py")
    assert spec is not None and spec.loader is not None
    tool = importlib.util.module_from_spec(spec)
    sys.modules["make_online_layouts"] = tool
    spec.loader.exec_module(tool)
    for name, build in tool.LAYOUTS.items():
        text = (ROOT / "scenes" / f"{name}.tmx").read_text(encoding="utf-8")
        assert text == tool.tmx(name, build()), f"rerun tools/make_online_layouts.py ({name})"
    for scene in (OnlineMenuScene, HostSetupScene, JoinScene, LobbyScene):
        assert scene.layout_name is not None
        assert load_layout(scene.layout_name).missing(list(scene.REQUIRED)) == []


def test_join_offers_the_remembered_servers_and_the_last_name(ctx: AppContext) -> None:
    save_memory(OnlineMemory(["ws://10.0.0.2:47474", "ws://10.0.0.9:5000"], "Bo", None))
    ctx.scenes.push(JoinScene(ctx))
    run_frames(ctx, 1)
    join = ctx.scenes.top
    assert isinstance(join, JoinScene)
    assert join.fields["address"].text == "10.0.0.2:47474"
    assert join.fields["name"].text == "Bo"
    assert join.group.focused is join.fields["room"]  # the code is what is new
    click(ctx, join.fields["recent"].rect)
    assert join.fields["address"].text == "10.0.0.9:5000"


def test_a_pasted_invitation_fills_the_address_and_the_code(ctx: AppContext) -> None:
    from ra_game.scenes.online_join import read_invitation

    assert read_invitation("Ra online: server 192.168.1.20:47474, room K7QF-2M9A") == (
        "192.168.1.20:47474", "K7QF-2M9A")
    assert read_invitation("Ra çevrim içi: sunucu ws://host.lan:9000, oda K7QF2M9A") == (
        "host.lan:9000", "K7QF2M9A")
    assert read_invitation("hello") == (None, None)
    ctx.scenes.push(JoinScene(ctx))
    run_frames(ctx, 1)
    join = ctx.scenes.top
    assert isinstance(join, JoinScene)
    join.paste("Ra online: server 10.1.2.3:47474, room ABCD-EFGH\n")
    assert join.fields["address"].text == "10.1.2.3:47474"
    assert join.fields["room"].text == "ABCD-EFGH"
    assert join.group.focused is join.fields["name"]
    join.paste("Bo\x07")
    assert join.fields["name"].text == "Bo"
