"""Two windows' play scenes in one process, host and friend, on a real server on 127.0.0.1:
through the lobby into a game, moves on both boards, a dropped connection and a restarted game
that rejoin and play on."""

from __future__ import annotations

import time
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

from ra_game.app import create_app, run_frames
from ra_game.engine import Move
from ra_game.net.client import room_link as link_module
from ra_game.net.client.memory import OnlineMemory, RoomTicket, save_memory
from ra_game.net.server import room as room_module
from ra_game.table.seat_kinds import codes, kind_of
from ra_game.ui.app_context import AppContext

pytestmark = pytest.mark.slow
TIMEOUT = 20.0


@pytest.fixture(autouse=True)
def _loopback(monkeypatch: pytest.MonkeyPatch) -> None:
    """The host's server listens on 127.0.0.1, on any free port."""
    monkeypatch.setattr(online_common, "SERVER_HOST", "127.0.0.1")
    monkeypatch.setattr(online_common, "DEFAULT_PORT", 0)


def new_window(size: tuple[int, int] = (1280, 720)) -> AppContext:
    ctx, _ = create_app(size)
    ctx.settings.animation_speed = "max"
    run_frames(ctx, 2)
    return ctx


@pytest.fixture
def windows() -> Iterator[list[AppContext]]:
    made: list[AppContext] = []
    yield made
    for ctx in made:
        ctx.scenes.close_all()
    pygame.display.quit()


def frames_until(ctxs: list[AppContext], done: Callable[[], bool],
                 timeout: float = TIMEOUT) -> None:
    """Run a frame of each window in turn until ``done`` (the server answers meanwhile)."""
    end = time.monotonic() + timeout
    while not done():
        assert time.monotonic() < end, f"the windows did not get there in time: {report(ctxs)}"
        for ctx in ctxs:
            run_frames(ctx, 1)
        time.sleep(0.002)  # as the real loop waits for its next frame: a loop that never
        # waits starves the network threads of the GIL (each blit releases and retakes it)

def later(monkeypatch: pytest.MonkeyPatch, seconds: float) -> None:
    """The server's rooms and the windows' links are ``seconds`` later from now on (so a
    room's ``hand_after`` runs out without waiting for it)."""
    monkeypatch.setattr(room_module, "clock", lambda: time.time() + seconds)
    monkeypatch.setattr(link_module, "clock", lambda: time.monotonic() + seconds)


def host_lobby(host: AppContext,
               arrange: Callable[[HostSetupScene], None] = lambda setup: None) -> LobbyScene:
    """The host's window sets up a room (``arrange`` changes the seats first) and opens it."""
    host.scenes.push(HostSetupScene(host))
    setup = top(host)
    assert isinstance(setup, HostSetupScene)
    arrange(setup)
    setup.start()
    frames_until([host], lambda: isinstance(top(host), LobbyScene))
    lobby = top(host)
    assert isinstance(lobby, LobbyScene)
    return lobby


def type_join(window: AppContext, url: str, room: str, name: str) -> JoinScene:
    """A friend's window types the address, the room code and a name into Join, and joins."""
    window.scenes.push(JoinScene(window))
    join = top(window)
    assert isinstance(join, JoinScene)
    join.fields["address"].text = url.removeprefix("ws://")
    join.fields["room"].text = room
    join.fields["name"].text = name
    join.join()
    return join



def report(ctxs: list[AppContext]) -> list[str]:
    """What each window shows (for a failure's message)."""
    out = []
    for ctx in ctxs:
        scene = top(ctx)
        link = getattr(scene, "link", None) or getattr(getattr(scene, "overlay", None), "link",
                                                         None)
        out.append(f"{type(scene).__name__} notice={getattr(scene, 'notice', '')!r} "
                   f"link={link and (link.room, link.seat, link.lost, link.error)}")
    return out


def top(ctx: AppContext) -> object:
    return ctx.scenes.top


def a_move(scene: PlayScene) -> Move:
    """Draw when possible, else pass, else the first legal move."""
    legal = {m.text: m for m in scene.state.legal_moves()}
    return legal.get("draw") or legal.get("pass") or next(iter(legal.values()))


def play(ctxs: list[AppContext], count: int) -> None:
    """Each window's person plays their turns until ``count`` more moves are on the boards."""
    scenes = [top(c) for c in ctxs]
    assert all(isinstance(s, PlayScene) for s in scenes)
    goal = len(scenes[0].moves) + count  # type: ignore[union-attr]

    def step() -> bool:
        for scene in scenes:
            assert isinstance(scene, PlayScene)
            if len(scene.moves) < goal and scene.human_ready() and \
                    scene.overlay.online.sent is None:  # type: ignore[union-attr]
                scene.offer(a_move(scene))
        counts = {len(s.moves) for s in scenes}  # type: ignore[union-attr]
        return min(counts) >= goal and len(counts) == 1 and settled(*scenes)  # type: ignore

    frames_until(ctxs, step)


def rejoin_from_the_menu(ctx: AppContext) -> OnlineMenuScene:
    """Play online > Rejoin the last game, in a window just opened."""
    ctx.scenes.push(OnlineMenuScene(ctx))
    menu = top(ctx)
    assert isinstance(menu, OnlineMenuScene) and menu.buttons["rejoin"].enabled
    menu.rejoin()
    return menu


def settled(*scenes: PlayScene) -> bool:
    """No move sent, announced or animating on these boards."""
    return all(not s.queue.busy and not s.overlay.online.incoming  # type: ignore[union-attr]
               and s.overlay.online.sent is None for s in scenes)  # type: ignore[union-attr]


def same_game(a: PlayScene, b: PlayScene) -> None:
    assert a.moves == b.moves
    assert a.state.summary() == b.state.summary()
    assert a.state.drawn == b.state.drawn


def host_and_join(windows: list[AppContext], size: tuple[int, int] = (1280, 720)
                  ) -> tuple[AppContext, AppContext]:
    """The host's window creates a room for itself and one friend; the friend's joins it by
    the address and the code typed in; both lobbies, then Start."""
    host, friend = new_window(size), new_window(size)
    windows += [host, friend]
    lobby = host_lobby(host, HostSetupScene.remove_seat)  # you and one friend
    frames_until([host], lambda: bool(lobby.seats))
    assert not lobby.buttons["start"].enabled  # the friend's seat is free
    type_join(friend, lobby.link.url, shown_code(lobby.link.room).lower(), "Bo")  # as read out
    frames_until([host, friend], lambda: isinstance(top(friend), LobbyScene)
                 and lobby.buttons["start"].enabled)
    assert [s.name for s in lobby.seats] == ["Host", "Bo"]
    lobby.start()
    frames_until([host, friend], lambda: isinstance(top(host), PlayScene)
                 and isinstance(top(friend), PlayScene))
    return host, friend


def test_host_and_friend_play_the_same_game(windows: list[AppContext]) -> None:
    host, friend = host_and_join(windows)
    a, b = top(host), top(friend)
    assert isinstance(a, PlayScene) and isinstance(b, PlayScene)
    assert a.overlay.seat == 0 and b.overlay.seat == 1  # type: ignore[union-attr]
    assert codes([s.kind for s in a.seats]) == ["human", "remote"] and codes([s.kind for s in b.seats]) == ["remote", "human"]
    play([host, friend], 8)
    same_game(a, b)


def test_a_dropped_connection_and_a_restarted_game_rejoin_and_play_on(
        windows: list[AppContext]) -> None:
    from ra_game.net.client.events import ConnectionLost

    host, friend = host_and_join(windows)
    play([host, friend], 4)
    b = top(friend)
    assert isinstance(b, PlayScene)
    link = b.overlay.link  # type: ignore[union-attr]
    link.session._emit(ConnectionLost("test"))  # the line drops
    frames_until([host, friend], lambda: link.lost is not None)
    assert b.status()[0] == "Connection lost, reconnecting..."
    frames_until([host, friend], lambda: link.lost is None)
    play([host, friend], 4)
    same_game(top(host), b)  # type: ignore[arg-type]

    friend.scenes.close_all()  # the friend's game closes, and starts again
    a = top(host)
    assert isinstance(a, PlayScene)
    frames_until([host], lambda: a.overlay.link.away_for(1) is not None)  # type: ignore
    again = new_window()
    windows.append(again)
    rejoin_from_the_menu(again)
    frames_until([host, again], lambda: isinstance(top(again), PlayScene))
    c = top(again)
    assert isinstance(c, PlayScene)
    frames_until([host, again], lambda: a.moves == c.moves)
    play([host, again], 4)
    same_game(a, c)


def test_a_refused_move_shows_the_servers_line_and_undo_asks_the_server(
        windows: list[AppContext]) -> None:
    host, friend = host_and_join(windows)
    first = 0 if top(host).state.current == 0 else 1  # type: ignore[attr-defined]
    mover, waiter = (host, friend) if first == 0 else (friend, host)
    a, b = top(mover), top(waiter)
    assert isinstance(a, PlayScene) and isinstance(b, PlayScene)
    b.offer(Move.parse("draw"))  # not this seat's turn: the server says no
    frames_until([host, friend], lambda: bool(b.notice))
    assert b.moves == [] and b.overlay.online.sent is None  # type: ignore[union-attr]
    frames_until([mover], a.human_ready)
    a.offer(Move.parse("ra"))  # invoking Ra reveals nothing: it may be taken back
    frames_until([host, friend], lambda: len(b.moves) == 1 and not b.queue.busy)
    assert a.undo.available
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_u, mod=0, unicode="u"))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_u, mod=0, unicode="u"))
    run_frames(mover, 1)
    frames_until([host, friend], lambda: a.moves == [] and b.moves == [])
    same_game(a, b)


def test_a_whole_game_ends_on_the_same_results_with_the_servers_replay(
        windows: list[AppContext]) -> None:
    from ra_game.scenes.results import FinalResultsScene
    from ra_game.scenes.scoring import EpochScoringScene

    host, friend = host_and_join(windows, (640, 360))  # small windows draw faster
    a = top(host)
    assert isinstance(a, PlayScene)
    scenes = {id(host): a, id(friend): top(friend)}

    def step() -> bool:
        for ctx in (host, friend):
            scene = top(ctx)
            if isinstance(scene, EpochScoringScene):
                scene.advance()
            elif isinstance(scene, PlayScene) and scene.human_ready() and \
                    scene.overlay.online.sent is None:  # type: ignore[union-attr]
                scene.offer(a_move(scene))
        return all(isinstance(top(c), FinalResultsScene) for c in (host, friend))

    frames_until([host, friend], step, timeout=300)  # a whole game on a loaded machine
    results = [top(c) for c in (host, friend)]
    summaries = [s.state.summary() for s in scenes.values()]  # type: ignore[union-attr]
    assert summaries[0] == summaries[1]
    for result in results:
        assert isinstance(result, FinalResultsScene)
        assert result.replay is not None and result.replay["moves"] == a.moves
        assert "seed" not in result.replay
        result.save_replay()
        assert result.saved_ok
    # Review my game reviews the person at each screen, from the server's replay
    from ra_game.engine import parse_replay
    from ra_game.review import ReviewJob

    reviewed = [r.review_seats() for r in results]  # type: ignore[union-attr]
    assert sorted(reviewed) == [[0], [1]]
    for result, seats in zip(results, reviewed):
        assert result.review.text == "Review my game"  # type: ignore[union-attr]
        assert ReviewJob(parse_replay(result.replay), seats[0], None).decisions  # type: ignore[union-attr,arg-type]


def test_a_wrong_code_or_a_closed_port_is_one_line_on_the_join_screen(
        windows: list[AppContext]) -> None:
    host, _friend = host_and_join(windows)
    lobby_link = top(host).overlay.link  # type: ignore[attr-defined]
    late = new_window()
    windows.append(late)
    join = type_join(late, lobby_link.url, "ZZZZ-ZZZZ", "Cy")
    frames_until([host, late], lambda: join.link is None)
    assert join.notice == "There is no room ZZZZ-ZZZZ on this server." and top(late) is join
    join.fields["address"].text = "127.0.0.1:1"
    join.join()
    frames_until([late], lambda: join.link is None)
    assert join.notice.startswith("Cannot reach the server at ws://127.0.0.1:1")
    assert "\n" not in join.notice and join.fields["room"].text == "ZZZZ-ZZZZ"


def test_the_host_seats_an_ai_in_a_free_seat_and_may_start(windows: list[AppContext]) -> None:
    host = new_window()
    windows.append(host)
    lobby = host_lobby(host)
    frames_until([host], lambda: len(lobby.seats) == 3)
    assert lobby.hands[1].visible and not lobby.hands[0].visible
    assert not lobby.buttons["start"].enabled
    lobby.copy()  # the invitation a friend pastes into Join
    assert lobby.copied == "Copied to the clipboard."
    assert shown_code(lobby.link.room) in pygame.scrap.get_text()
    lobby.hand(1)
    frames_until([host], lambda: lobby.buttons["start"].enabled)
    assert lobby.seats[1].kind != "remote"
    lobby.start()
    frames_until([host], lambda: isinstance(top(host), PlayScene))
    play([host], 3)  # the server's AIs answer
    scene = top(host)
    assert isinstance(scene, PlayScene) and scene.seats[0].kind.code == "human"


def test_an_away_friend_shows_a_clock_and_the_host_hands_the_seat_to_an_ai(
        windows: list[AppContext], monkeypatch: pytest.MonkeyPatch) -> None:
    host, friend = host_and_join(windows)
    a = top(host)
    assert isinstance(a, PlayScene)
    friend.scenes.close_all()  # the friend's window is gone
    frames_until([host], lambda: a.overlay.link.away_for(1) is not None)  # type: ignore
    if a.state.current == 0:
        play([host], 1)
    frames_until([host], lambda: a.state.current == 1 and not a.queue.busy)
    assert a.status()[0].startswith("Waiting for Bo, away for 0:0")
    later(monkeypatch, a.overlay.link.options.hand_after + 1)  # type: ignore[union-attr]
    frames_until([host], lambda: "press A to let an AI play their seat" in a.status()[0])
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0, unicode="a"))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_a, mod=0, unicode="a"))
    moves = len(a.moves)
    frames_until([host], lambda: len(a.moves) > moves)  # the AI plays Bo's seat
    assert a.seats[1].kind.code != "remote"


def test_rejoining_a_room_the_server_no_longer_has_forgets_it(windows: list[AppContext]) -> None:
    from ra_game.files.settings import data_dir
    from ra_game.net.client.memory import load_memory
    from ra_game.net.server.embedded import EmbeddedServer

    server = EmbeddedServer(data_dir() / "other", host="127.0.0.1")
    url = server.start()
    try:
        save_memory(OnlineMemory([url], "Bo", RoomTicket(url, "ZZZZZZZZ", "stale", "Bo")))
        ctx = new_window()
        windows.append(ctx)
        menu = rejoin_from_the_menu(ctx)
        frames_until([ctx], lambda: menu.link is None)
        assert menu.notice == "There is no room ZZZZ-ZZZZ on this server."
        assert load_memory().ticket is None and not menu.buttons["rejoin"].enabled
    finally:
        server.stop()


def test_a_move_the_board_cannot_follow_rejoins_and_shows_the_servers_game(
        windows: list[AppContext]) -> None:
    from ra_game.net.client.events import MoveMade

    host, friend = host_and_join(windows)
    play([host, friend], 3)
    a, b = top(host), top(friend)
    assert isinstance(a, PlayScene) and isinstance(b, PlayScene)
    link = b.overlay.link  # type: ignore[union-attr]
    frames_until([host, friend], lambda: settled(a, b))  # no move on its way
    link.session._emit(MoveMade(len(b.moves), "nonsense", None, 0))  # a garbled announcement
    frames_until([host, friend], lambda: link.lost is not None)
    frames_until([host, friend], lambda: link.lost is None and not b.overlay.online.fresh)  # type: ignore
    same_game(a, b)
    play([host, friend], 2)
    same_game(a, b)


def test_the_host_closes_the_game_and_rejoins_on_its_restarted_server(
        windows: list[AppContext]) -> None:
    host, friend = host_and_join(windows)
    play([host, friend], 4)
    b = top(friend)
    assert isinstance(b, PlayScene)
    moves = list(b.moves)
    mine = top(host).overlay.link  # type: ignore[attr-defined]
    host.scenes.close_all()  # the host's window (and its server) close
    # the host's own computer remembers the host's seat (these windows share one folder)
    save_memory(OnlineMemory([], "Host", RoomTicket(mine.url, mine.room, mine.token, "Host",
                                                    mine.host_token)))
    link = b.overlay.link  # type: ignore[union-attr]
    frames_until([friend], lambda: link.lost is not None)
    assert b.status()[0] == "Connection lost, reconnecting..."
    again = new_window()
    windows.append(again)
    rejoin_from_the_menu(again)  # the same port: the room comes back from disk
    frames_until([again, friend], lambda: isinstance(top(again), PlayScene)
                 and link.lost is None)
    a = top(again)
    assert isinstance(a, PlayScene) and a.moves == moves
    play([again, friend], 4)
    same_game(a, b)


def host_two_here_and_join(windows: list[AppContext]) -> tuple[AppContext, AppContext, Any]:
    """The host seats a second person at its screen (Ana, seat 2) and a friend far away (Bo,
    seat 3), scores hidden; the ticket the host's window wrote before Bo joined."""
    from ra_game.net.client.memory import load_memory

    host, friend = new_window(), new_window()
    windows += [host, friend]

    def ana_here_and_bo_far(setup: HostSetupScene) -> None:
        setup.set_kind(1, kind_of("human"))
        setup.set_name(1, "Ana")
        setup.set_kind(2, kind_of("remote"))
        setup.set_hide(True)
        assert setup.names[1].enabled and not setup.names[2].enabled

    lobby = host_lobby(host, ana_here_and_bo_far)
    frames_until([host], lambda: len(lobby.seats) == 3 and lobby.seats[1].taken
                 and load_memory().ticket is not None and bool(load_memory().ticket.others))
    assert lobby.link.seats == {0, 1} and not lobby.hands[1].visible
    assert lobby.hands[2].visible and not lobby.buttons["start"].enabled
    ticket = load_memory().ticket
    type_join(friend, lobby.link.url, lobby.link.room or "", "Bo")
    frames_until([host, friend], lambda: lobby.buttons["start"].enabled)
    assert [s.name for s in lobby.seats] == ["Host", "Ana", "Bo"]
    assert lobby.link.seats == {0, 1}
    lobby.start()
    frames_until([host, friend], lambda: isinstance(top(host), PlayScene)
                 and isinstance(top(friend), PlayScene))
    return host, friend, ticket


def in_play_past_hand_over(ctx: AppContext) -> bool:
    """Whether the window shows its game; a hand-over screen on top (scores are hidden and a
    person at this screen is to move) is confirmed as that person would."""
    from ra_game.scenes.handover import HandOverScene

    if isinstance(top(ctx), HandOverScene):
        top(ctx).done()  # type: ignore[attr-defined]
    return isinstance(top(ctx), PlayScene)


def play_hotseat(host: AppContext, friend: AppContext, count: int) -> tuple[set[int], list[str]]:
    """Play ``count`` more moves: the host's screen moves for its two people, passing the
    screen between them; the seats that moved at the host's screen, and whom the hand-over
    screens named."""
    from ra_game.scenes.handover import HandOverScene

    a, b = top(host), top(friend)
    assert isinstance(a, PlayScene) and isinstance(b, PlayScene)
    goal, moved, handed = len(a.moves) + count, set(), []

    def step() -> bool:
        if isinstance(top(host), HandOverScene):
            handover = top(host)
            handed.append(handover.player_name)  # type: ignore[attr-defined]
            handover.done()  # type: ignore[attr-defined]
        for scene in (a, b):
            if len(scene.moves) < goal and scene.human_ready() and \
                    scene.overlay.online.sent is None:  # type: ignore[union-attr]
                if scene is a:
                    moved.add(a.state.current)
                    assert a.hotseat.viewer(a.state, a.seats) == a.state.current  # only their own fame shows
                scene.offer(a_move(scene))
        return len(a.moves) >= goal and a.moves == b.moves and settled(a, b)

    frames_until([host, friend], step)
    return moved, handed


def test_two_people_at_the_host_screen_take_turns_and_rejoin_both_seats(
        windows: list[AppContext]) -> None:
    host, friend, ticket = host_two_here_and_join(windows)
    a, b = top(host), top(friend)
    assert isinstance(a, PlayScene) and isinstance(b, PlayScene)
    assert codes([s.kind for s in a.seats]) == ["human", "human", "remote"] and codes([s.kind for s in b.seats]) == ["remote", "remote", "human"]
    assert a.hide_scores and a.overlay.seats == {0, 1}  # type: ignore[union-attr]
    moved, handed = play_hotseat(host, friend, 12)
    assert moved == {0, 1} and "Ana" in handed and "Host" in handed
    same_game(a, b)

    assert [o.seat for o in ticket.others] == [1] and ticket.host_token
    host.scenes.close_all()  # the host's window and server close with two seats
    save_memory(OnlineMemory([], "Host", ticket))  # Bo's window wrote its own ticket since
    link = b.overlay.link  # type: ignore[union-attr]
    frames_until([friend], lambda: link.lost is not None)
    again = new_window()
    windows.append(again)
    rejoin_from_the_menu(again)
    frames_until([again, friend], lambda: in_play_past_hand_over(again) and link.lost is None)
    c = top(again)
    assert isinstance(c, PlayScene) and c.moves == b.moves
    assert codes([s.kind for s in c.seats]) == ["human", "human", "remote"]
    assert c.overlay.seats == {0, 1}  # type: ignore[union-attr]
    moved, _handed = play_hotseat(again, friend, 12)
    assert moved == {0, 1}
    same_game(c, b)


def test_the_host_hands_an_away_seat_to_an_ai_from_the_pause_menu(
        windows: list[AppContext], monkeypatch: pytest.MonkeyPatch) -> None:
    host, friend = host_and_join(windows)
    a = top(host)
    assert isinstance(a, PlayScene)
    a.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0))  # Esc
    assert a.pause is not None and [n for n, _l, _k in a.pause.items][-2:] == ["settings", "quit"]
    a.pausing.close()
    friend.scenes.close_all()
    frames_until([host], lambda: a.overlay.link.away_for(1) is not None)  # type: ignore
    later(monkeypatch, a.overlay.link.options.hand_after + 1)  # type: ignore[union-attr]
    if a.state.current == 0:
        play([host], 1)
    frames_until([host], lambda: a.state.current == 1 and not a.queue.busy
                 and "press A" in a.status()[0])
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_ESCAPE, mod=0))
    run_frames(host, 1)
    assert a.pause is not None
    assert [n for n, _l, _k in a.pause.items][-2:] == ["hand", "quit"]
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0, unicode="a"))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_a, mod=0, unicode="a"))
    moves = len(a.moves)
    frames_until([host], lambda: len(a.moves) > moves)  # the AI plays Bo's seat
    assert a.pause is None and a.seats[1].kind.code != "remote"
