"""One seat's line to a room (``RoomLink``) on a scripted session, no network: the reconnect
policy is a value (the window never gives up, the headless client does, both driven by the time
the caller says passed, never by sleeping), remembered tokens are tried in turn before a free
seat, and a moment's refusal of a request for a seat is asked again as the policy says."""

from __future__ import annotations

from typing import ClassVar

from ra_game.net.client.events import ConnectionLost, Joined, NetEvent, ServerError
from ra_game.net.client.room_link import HEADLESS, WINDOW, RoomLink, Seating
from ra_game.net.wire.refusals import Refusal


class Script:
    """A session whose news the test writes (``hears``) and whose joins it reads."""

    opened: ClassVar[list[Script]] = []

    def __init__(self, url: str) -> None:
        self.seating = Seating()
        self.heard = 0.0
        self.hears: list[NetEvent] = []
        self.joins: list[str | None] = []
        self.closed = False
        Script.opened.append(self)

    def join(self, room: str, name: str, token: str | None = None,
             seat: int | None = None) -> None:
        self.joins.append(token)

    def poll(self) -> list[NetEvent]:
        events, self.hears = self.hears, []
        return events

    def close(self, wait: float = 0.0) -> None:
        self.closed = True


class Kept:
    """A token keeper that remembers what it was told."""

    def __init__(self) -> None:
        self.kept: list[str] = []
        self.forgotten: list[str | None] = []

    def joined(self, link: RoomLink) -> None:
        assert link.token is not None
        self.kept.append(link.token)

    def forget(self, link: RoomLink, token: str | None) -> None:
        self.forgotten.append(token)


def _seated(policy: object) -> tuple[RoomLink, Kept]:
    Script.opened = []
    kept = Kept()
    link = RoomLink("ws://127.0.0.1:1", "Ana", Script, policy, kept)  # type: ignore[arg-type]
    link.join("ROOM2345")
    Script.opened[-1].hears.append(Joined("ROOM2345", 1, "tok"))
    link.pump(0.0)
    assert (link.seat, link.token, kept.kept) == (1, "tok", ["tok"])
    return link, kept


def _drop(link: RoomLink, seconds: float) -> None:
    """The connection drops, and ``seconds`` pass in steps of a tenth."""
    Script.opened[-1].hears.append(ConnectionLost("gone"))
    for _ in range(round(seconds * 10)):
        link.pump(0.1)
        if Script.opened[-1].joins and not Script.opened[-1].hears:
            Script.opened[-1].hears.append(ConnectionLost("gone again"))


def test_the_headless_link_gives_up_when_its_policy_says_and_the_window_never_does() -> None:
    headless, _ = _seated(HEADLESS)
    _drop(headless, 5.0)
    assert headless.gave_up is None and headless.lost is not None  # still trying
    assert len(Script.opened) > 2 and Script.opened[-1].joins[-1] == "tok"  # with its token
    _drop(headless, HEADLESS.give_up_after or 0.0)
    assert headless.gave_up is not None and headless.lost is None
    window, _ = _seated(WINDOW)
    _drop(window, 120.0)
    assert window.gave_up is None and window.lost is not None
    assert [s.joins for s in Script.opened[1:4]] == [["tok"]] * 3


def test_remembered_tokens_are_tried_in_turn_then_a_free_seat() -> None:
    Script.opened = []
    kept = Kept()
    link = RoomLink("ws://127.0.0.1:1", "Bot", Script, HEADLESS, kept)  # type: ignore[arg-type]
    link.join_remembered("ROOM2345", ["old", "busy"])
    session = Script.opened[-1]
    session.hears.append(ServerError("not valid", Refusal.BAD_TOKEN))
    link.pump(0.0)
    session.hears.append(ServerError("in use", Refusal.IN_USE))
    link.pump(0.0)
    assert session.joins == ["old", "busy", None] and kept.forgotten == ["old"]  # busy is kept
    assert link.refusal is None and link.error == ""
    session.hears.append(Joined("ROOM2345", 0, "new"))
    link.pump(0.0)
    assert link.token == "new" and kept.kept == ["new"]


def test_a_moment_refusal_of_a_seat_is_asked_again_as_the_policy_says() -> None:
    cases = ((HEADLESS, Refusal.RATE, True), (WINDOW, Refusal.RATE, True),
             (HEADLESS, Refusal.NOT_SAVED, True), (WINDOW, Refusal.NOT_SAVED, False),
             (HEADLESS, Refusal.LOADING, True), (WINDOW, Refusal.LOADING, True))
    for policy, code, again in cases:
        Script.opened = []
        link = RoomLink("ws://127.0.0.1:1", "Bot", Script, policy)  # type: ignore[arg-type]
        link.join("ROOM2345")
        Script.opened[-1].hears.append(ServerError("not now", code))
        link.pump(0.0)
        link.pump(1.0)
        assert len(Script.opened) == 1  # on the same connection
        assert Script.opened[-1].joins == ([None, None] if again else [None])
        assert (link.refusal is None) is again and (link.error == "") is again
