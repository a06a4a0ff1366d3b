"""Seats whose person is gone, on a real server on loopback: a client waiting in a quiet lobby
stays (the session's heartbeat is news), a room of AIs only is refused, a person whose seat the
host gave to an AI is told so, and a room code in an error keeps its dash."""

from __future__ import annotations

import threading
from typing import Any

import pytest

from ra_game import cli
from ra_game.net.client import headless as client
from ra_game.net.client import seat_store, session
from ra_game.net.client.events import GameStarted, Joined, Lobby, SeatAway, ServerError
from ra_game.net.client.headless import ClientError, RemoteSeat
from ra_game.net.client.session import NetSession
from ra_game.net.server.embedded import EmbeddedServer
from ra_game.net.wire.options import RoomOptions
from ra_game.net.wire.refusals import Refusal

from .driven import DrivenClock, DrivenTimer
from .helpers import Inbox, open_room


def test_a_client_waiting_in_a_quiet_lobby_stays_and_plays_when_the_friend_comes(
        server: tuple[str, EmbeddedServer], monkeypatch: pytest.MonkeyPatch) -> None:
    url, _ = server
    clock, beats = DrivenClock(), DrivenTimer()
    monkeypatch.setattr(session, "clock", clock)
    monkeypatch.setattr(client, "SILENCE_LIMIT", 1.0)
    host, created = open_room(url, ["remote", "remote"])
    monkeypatch.setattr(session, "pause", beats.sleep)  # the waiting client's heartbeat
    result: dict[str, Any] = {}
    waiting = RemoteSeat(url, created.room, "random", "early")

    def wait_and_play() -> None:
        try:
            result["summary"] = waiting.play()[0]
        except ClientError as exc:
            result["error"] = str(exc)

    early = threading.Thread(target=wait_and_play, daemon=True)
    early.start()
    while waiting.link.lobby is None:  # its last frame: from now on the room is quiet
        clock.read_again(early, 1)
    for _ in range(3):  # 1.8 silence limits with nothing happening in the room
        clock.advance(0.6 * client.SILENCE_LIMIT)
        beats.fire()  # a ping; its pong is news
    beats.waiting()  # the last pong was heard
    clock.read_again(early, 2)  # the client looked at its silence since, and stayed
    assert beats.asked[0] == session.HEARTBEAT
    assert "error" not in result and early.is_alive()
    summary, _replay = RemoteSeat(url, created.room, "random", "late").play()
    early.join(30)
    assert result.get("summary") == summary and summary["over"] is True
    host.session.close()


def test_a_room_of_ai_seats_only_is_refused_with_a_reason(
        server: tuple[str, EmbeddedServer], capsys: pytest.CaptureFixture[str]) -> None:
    url, _ = server
    inbox = Inbox(NetSession(url))
    inbox.session.create_room(["ai:easy", "ai:easy"])
    refused = inbox.next(ServerError)
    assert refused.code is Refusal.AI_ONLY and "at least one remote seat" in refused.text
    inbox.session.close()
    with pytest.raises(SystemExit) as stopped:
        cli.main(["room", "--server", url, "--players", "ai:easy,ai:easy"])
    assert stopped.value.code == 2
    out = capsys.readouterr()
    assert out.out == "" and "at least one remote seat" in out.err
    assert len(out.err.strip().splitlines()) == 1


def test_a_person_whose_seat_went_to_an_ai_is_told_so(
        server: tuple[str, EmbeddedServer]) -> None:
    url, _ = server
    host, created = open_room(url, ["remote", "remote"], RoomOptions(hand_after=0))
    host.session.join(created.room, "Ana")
    host.next(Joined)
    bob = Inbox(NetSession(url))
    bob.session.join(created.room, "Bob")
    token = bob.next(Joined).token
    bob.next(GameStarted)
    bob.session.close()
    host.next(SeatAway)  # away: with hand_after 0 the seat may go to an AI at once
    host.session.hand_to_ai(1, "ai:easy")
    while host.next(Lobby).seats[1].kind != "ai:easy":  # until the server did it
        pass
    back = Inbox(NetSession(url))
    back.session.join(created.room, "Bob", token)
    refused = back.next(ServerError)
    assert refused.code is Refusal.HANDED
    assert refused.text == ("While you were away, the host gave your seat (Bob) to an AI; the "
                            "game goes on without you.")
    back.session.close()
    seat_store.keep(seat_store.RoomTicket(url, created.room, token, "Bob"))  # told once more
    with pytest.raises(ClientError, match="gave your seat"):
        RemoteSeat(url, created.room, "random", "Bob").play()
    host.session.close()


def test_a_room_code_in_an_error_keeps_its_dash(server: tuple[str, EmbeddedServer]) -> None:
    url, _ = server
    inbox = Inbox(NetSession(url))
    inbox.session.join("zzzz-zzzz", "Ana")
    assert inbox.next(ServerError).text == "There is no room ZZZZ-ZZZZ on this server."
    inbox.session.close()
