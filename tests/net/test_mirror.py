"""The client's copy of a game: from the public setup and the announced moves (with the tiles
the draws revealed) it reaches the server's summary, with the same events; the online seat
controller the headless client and the window both play with keeps it in step (queue, take-backs,
rejoins, the seats played here)."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from ra_game.engine import GameState, Move
from ra_game.engine.errors import SetupError
from ra_game.engine.tiles import TILE_BY_ID, TILE_IDS, Tile
from ra_game.net.client.events import (
    GameStarted,
    Lobby,
    MoveMade,
    NetEvent,
    SeatInfo,
    ServerError,
    Undone,
)
from ra_game.net.client.online_seat import OnlineSeat
from ra_game.net.server.room import Refused, Room
from ra_game.net.wire.mirror import (
    MirrorError,
    announced,
    initial_state,
    public_setup,
    rebuild,
)
from ra_game.net.wire.options import RoomOptions
from ra_game.net.wire.refusals import MOVE_REFUSALS, Refusal
from ra_game.table.match import Match, Revealed, play_out
from ra_game.table.seat_kinds import SeatKind
from ra_game.table.seats import Tick
from tooling.scripted import ScriptedSeats


def test_put_next_makes_the_tile_the_next_draw_and_keeps_the_multiset() -> None:
    state = GameState.new(3, seed=4)
    before = state.bag_counts()
    state.put_next(int(Tile.GOLD))
    assert state.next_tile() == Tile.GOLD
    assert state.bag_counts() == before
    events = state.apply("draw")
    assert events[0].tile == Tile.GOLD


def test_put_next_refuses_a_tile_the_bag_no_longer_holds() -> None:
    state = GameState.new(2, seed=1, bag=[int(Tile.GOLD)] * 5)
    for _ in range(5):
        state.put_next(int(Tile.GOLD))
        state.apply("draw" if state.decision.value == "turn" else "pass")
    with pytest.raises(SetupError):
        state.put_next(int(Tile.GOLD))


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_a_copy_fed_the_announced_moves_follows_the_server(players: int) -> None:
    server = GameState.new(players, seed=players * 7, names=[f"P{i}" for i in range(players)])
    setup = public_setup(server, ["remote"] * players, {"undo": True})
    assert "bag" not in setup and "seed" not in setup
    copy = initial_state(setup)
    assert copy.draw_order() != server.draw_order()  # the copy does not know the order
    rng = random.Random(players)
    while not server.over:
        move = rng.choice(server.legal_moves())
        theirs = server.apply(move)
        drawn = None
        if move.text == "draw":
            drawn = next(t for t, k in TILE_BY_ID.items() if k == server.drawn[-1])
        assert Match(copy).apply(announced(copy, move.text, drawn)) == theirs
    assert copy.summary() == server.summary()


class Server:
    """A game as a server holds it, and the frames its moves are announced with."""

    def __init__(self, players: int = 2, seed: int = 3) -> None:
        self.state = GameState.new(players, seed=seed)
        self.moves: list[tuple[str, str | None]] = []
        self.rng = random.Random(seed)

    def play(self, count: int) -> list[MoveMade]:
        made = []
        for _ in range(count):
            if self.state.over:
                break
            seat = self.state.current
            move = self.rng.choice(self.state.legal_moves())
            self.state.apply(move)
            drawn = TILE_IDS[self.state.drawn[-1]] if move.text == "draw" else None
            made.append(MoveMade(len(self.moves), move.text, drawn, seat))
            self.moves.append((move.text, drawn))
        return made

    def started(self, seat: int = 0, undo: bool = True) -> GameStarted:
        kinds = ["remote"] * self.state.n
        setup = public_setup(self.state, kinds, {"undo": undo, "hints": False})
        return GameStarted(setup, list(self.moves), seat)


class Table:
    """The controller's line and watcher: what it sent and showed, and the news it is fed."""

    def __init__(self) -> None:
        self.sent: list[tuple[int, str, int]] = []
        self.undos: list[int] = []
        self.out_of_step_for: list[str] = []
        self.notices: list[str] = []
        self.shown: list[int] = []
        self.handed_to: dict[int, str] = {}
        self.to_come: list[list[NetEvent]] = []

    def send_move(self, seat: int, text: str, index: int) -> str | None:
        self.sent.append((seat, text, index))
        return None

    def request_undo(self, seat: int) -> None:
        self.undos.append(seat)

    def out_of_step(self, reason: str) -> None:
        self.out_of_step_for.append(reason)

    def news(self, timeout: float) -> list[NetEvent]:
        return self.to_come.pop(0) if self.to_come else []

    def notice(self, text: str) -> None:
        self.notices.append(text)

    def reset(self, played: Sequence[tuple[str, str | None]]) -> None:
        self.shown.append(len(played))

    def cannot_show(self, reason: str) -> None:
        self.notices.append(reason)

    def handed(self, seat: int, kind: SeatKind) -> None:
        self.handed_to[seat] = kind.code


def watching(server: Server, table: Table) -> OnlineSeat:
    """A controller that plays no seat (a watcher's): every move is the server's."""
    return OnlineSeat(table, server.started(seat=-1), set(), watcher=table)


def catch_up(online: OnlineSeat, moves: int) -> None:
    """Play the queued announcements on the copy until it holds ``moves`` moves."""
    while len(online.match.moves) < moves:
        move = online.poll(online.match.observation(online.match.state.current), Tick(0))
        assert move is not None
        online.match.apply(move)


def test_a_rejoined_copy_plays_on_with_the_announced_moves_to_the_servers_end() -> None:
    server = Server(players=3, seed=5)
    server.play(20)
    table = Table()
    online = watching(server, table)
    assert online.modes.hints is False and online.modes.undo is True
    assert online.match.moves == [m for m, _d in server.moves]
    table.to_come = [server.play(7) for _ in range(200)]
    seen: list[str] = []
    online.match.observe(lambda move, events: seen.append(move.text))
    play_out(online.match, [online], wait=0.0)  # the headless client's loop
    assert online.match.state.summary() == server.state.summary()
    assert online.match.moves == [m for m, _d in server.moves]
    assert seen == online.match.moves[20:]  # observers hear plain moves, draws included
    assert table.out_of_step_for == [] and table.sent == []


def test_a_take_back_rewinds_the_copy_and_forgets_the_moves_after_it() -> None:
    server = Server()
    table = Table()
    online = watching(server, table)
    for made in server.play(30):
        online.hear(made)
    catch_up(online, 20)
    online.hear(Undone(15))
    assert online.match.moves == [m for m, _d in server.moves[:15]]
    assert not online.incoming and table.shown == [15]
    assert online.match.state.summary() == rebuild(server.started().setup,
                                                   server.moves[:15]).summary()


def test_a_rejoin_queues_what_the_copy_missed_or_shows_a_game_that_went_elsewhere() -> None:
    server = Server()
    table = Table()
    online = watching(server, table)
    server.play(12)
    online.hear(server.started(seat=-1))  # a rejoin: the same game, further on
    assert [m.index for m in online.incoming] == list(range(12)) and table.shown == []
    catch_up(online, 12)
    other = Server(seed=99)
    other.play(4)
    online.hear(other.started(seat=-1))  # the server's game went another way
    assert online.match.moves == [m for m, _d in other.moves] and table.shown == [4]
    assert not online.incoming


def test_a_move_that_does_not_fit_rejoins_and_the_next_game_replaces_the_copy() -> None:
    server = Server()
    table = Table()
    online = watching(server, table)
    made = server.play(3)
    online.hear(MoveMade(0, "god:gold", None, 0))  # not legal at the start
    assert online.poll(online.match.observation(0), Tick(0)) is None
    assert table.out_of_step_for and online.fresh and not online.incoming
    online.hear(MoveMade(5, made[0].move, made[0].drawn, 0))  # a move went missing
    online.poll(online.match.observation(0), Tick(0))
    assert len(table.out_of_step_for) == 2
    online.hear(server.started(seat=-1))  # fresh: shown at once, not queued
    assert online.match.moves == [m for m, _d in server.moves] and not online.fresh


def drawing_here(server: Server, table: Table) -> tuple[OnlineSeat, int]:
    """A controller whose seat to move is played here (it draws), and that seat."""
    seat = server.state.current
    online = OnlineSeat(table, server.started(seat=seat), {seat}, watcher=table,
                        here=ScriptedSeats(["draw"]))
    return online, seat


def test_a_seat_played_here_sends_its_move_and_plays_it_when_announced() -> None:
    server = Server()
    table = Table()
    online, seat = drawing_here(server, table)
    obs = online.match.observation(seat)
    assert online.poll(obs, Tick(0)) is None  # sent, not played
    assert table.sent == [(seat, "draw", 0)] and online.sent == "draw"
    assert online.poll(obs, Tick(0)) is None and len(table.sent) == 1  # sent once
    online.hear(ServerError("Not so fast.", "rate"))
    assert online.sent is None and table.notices == ["Not so fast."]
    assert online.send(Move.parse("draw")) == "" and online.sent == "draw"
    (made,) = server.play(1)
    online.hear(made)
    assert online.sent is None
    move = online.poll(obs, Tick(0))
    assert isinstance(move, Revealed) and move.tile == server.state.drawn[-1]
    online.match.apply(move)
    assert online.match.moves == ["draw"] and online.match.state.drawn == server.state.drawn
    online.undo(seat)
    assert table.undos == [seat]


def test_only_the_refusal_of_the_move_itself_lets_its_seat_send_again() -> None:
    """A move that finds the server unable to save brings the room's news ("cannot save", to
    every seat) before the move's own refusal ("not saved"): the move stays on its way until
    its own refusal, so it never goes out twice (the second could arrive after the first, once
    saving works again, and be refused)."""
    table = Table()
    online, seat = drawing_here(Server(), table)
    obs = online.match.observation(seat)
    online.poll(obs, Tick(0))
    for news in (Refusal.CANNOT_SAVE, Refusal.NO_UNDO, Refusal.TAKEN_OVER, "newer_code"):
        online.hear(ServerError("The room's news.", news))
        online.poll(obs, Tick(0))
        assert table.sent == [(seat, "draw", 0)] and online.sent == "draw", news
    assert table.notices == ["The room's news."] * 4  # each still shown
    online.hear(ServerError("Not done: try again in a moment.", Refusal.NOT_SAVED))
    assert online.sent is None
    online.poll(obs, Tick(0))
    assert table.sent == [(seat, "draw", 0)] * 2  # decided again: sent once more
    for refused in (Refusal.STALE, Refusal.NOT_YOUR_TURN, Refusal.ILLEGAL, Refusal.OVER,
                    Refusal.RATE):
        online.hear(ServerError("Refused.", refused))
        assert online.sent is None, refused
        online.send(Move.parse("draw"))


def test_every_refusal_a_room_gives_a_move_is_a_move_refusal() -> None:
    """The clients' list of a move's own refusals holds each one the server's room gives."""
    room = Room.create(["remote", "remote"], RoomOptions(), 3)
    codes = [_refusal(room, 0, "draw", None)]  # not started
    room.join("a", "Ana", None)
    room.join("b", "Bob", None)
    room.start()
    assert room.state is not None
    seat = room.state.current
    codes += [_refusal(room, 1 - seat, "draw", None), _refusal(room, seat, "bid:99", None),
              _refusal(room, seat, "draw", 5)]
    rng = random.Random(2)
    while not room.state.over:
        room.play(room.state.current, rng.choice(room.state.legal_moves()).text)
    codes.append(_refusal(room, 0, "draw", None))
    assert codes == [Refusal.NOT_STARTED, Refusal.NOT_YOUR_TURN, Refusal.ILLEGAL,
                     Refusal.STALE, Refusal.OVER]
    assert set(codes) <= MOVE_REFUSALS


def _refusal(room: Room, seat: int, text: str, index: int | None) -> Refusal | str:
    with pytest.raises(Refused) as refused:
        room.play(seat, text, index)
    return refused.value.code


def test_a_seat_handed_to_an_ai_is_the_ais_from_the_next_lobby() -> None:
    server = Server()
    table = Table()
    online = OnlineSeat(table, server.started(seat=0), {0}, watcher=table)
    seats = [SeatInfo("remote", "Ana", True, True, None), SeatInfo("ai:easy", "Bo", True, True, None)]
    online.hear(Lobby(seats, True, {}))
    assert table.handed_to == {1: "ai:easy"} and online.table[1].kind.code == "ai:easy"
    online.hear(Lobby([SeatInfo("ai:hard", "Ana", True, True, None), seats[1]], True, {}))
    assert table.handed_to == {1: "ai:easy"}  # a seat played here keeps its person


def test_an_announced_draw_carries_its_tile_to_the_match() -> None:
    server = Server()
    copy = initial_state(server.started().setup)
    tile = TILE_IDS[copy.draw_order()[-1]]
    move = announced(copy, "draw", tile)
    assert move == Revealed.draw(TILE_BY_ID[tile])
    with pytest.raises(MirrorError):
        announced(copy, "draw", None)
    with pytest.raises(MirrorError):
        announced(copy, "pass", None)  # not legal on a turn


def test_a_move_that_does_not_fit_is_a_mirror_error_and_changes_nothing() -> None:
    setup = public_setup(GameState.new(2, seed=1), ["remote", "remote"], {})
    copy = initial_state(setup)
    with pytest.raises(MirrorError):
        announced(copy, "draw", None)
    with pytest.raises(MirrorError):
        announced(copy, "draw", "unicorn")
    with pytest.raises(MirrorError):
        announced(copy, "bid:13", None)
    assert copy.draw_count == 0 and copy.summary() == initial_state(setup).summary()
    with pytest.raises(MirrorError):
        initial_state({"players": "nope"})
