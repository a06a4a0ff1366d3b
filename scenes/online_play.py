"""Playing online: the real play scene on a copy of the server's game, driven by the network.

:class:`NetDriver` decides every seat but those of the people at this screen: it plays the moves
the server announces (``MoveMade``; a draw with the tile it revealed), one at a time on an idle
board, so they animate as in a local game.  A person's own decision is sent to the server on
their seat's link and played only when the server announces it back; a refusal is the server's
one line in the status line.  Several people at the host's screen take turns as in a local
hotseat game (the hand-over screen between them when the room hides scores).
Undo asks the server; hints are computed here from the seat's own view.  A dropped connection
says so and is retried with the same seat token; a seat whose person is away shows its clock,
and the host may then hand it to an AI (A, or the pause menu).  The window only polls the
session each frame.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import pygame

from ra_game.engine import Move
from ra_game.engine.preview import move_events
from ra_game.engine.tiles import TILE_BY_ID
from ra_game.i18n import N_, _
from ra_game.match import Modes
from ra_game.net.events import (
    ConnectionLost,
    GameStarted,
    Lobby,
    MoveMade,
    NetEvent,
    SeatInfo,
    ServerError,
    Undone,
)
from ra_game.net.options import RoomOptions
from ra_game.online_link import Link
from ra_game.seat_kinds import PERSON, Where, default_ai, known_kind
from ra_game.seats import Seat
from ra_game.ui.board.driver import Driver
from ra_game.words import display_name

from .online_lobby import clock

if TYPE_CHECKING:
    from ra_game.engine import Observation
    from ra_game.engine.events import GameOver
    from ra_game.seats import Tick
    from ra_game.ui.app_context import AppContext

    from .play import PlayScene

HAND_KEY = pygame.K_a

Played = tuple[str, "str | None"]


def seats_of(started: GameStarted, here: set[int]) -> list[Seat]:
    """The table's seats: the people at this screen (``here``) are people here; friends far
    away and the server's AIs keep the room's kind."""
    return [Seat(PERSON if i in here else known_kind(p.get("kind"), Where.ROOM),
                 str(p.get("name") or f"Player {i + 1}"))
            for i, p in enumerate(started.setup["players"])]


def online_play_scene(ctx: AppContext, link: Link) -> PlayScene:
    """The play scene for the game the link's room started (rejoined mid-game: at the
    position reached).  Raises ValueError when the server's setup does not fit."""
    from ra_game.net import mirror

    from .play import PlayScene

    started = link.started
    assert started is not None
    driver = NetDriver(link, started)
    state = mirror.rebuild(started.setup, started.moves)
    scene = PlayScene(ctx, seats_of(started, driver.seats), 0, driver.rules.hide_scores, state=state,
                      moves=[m for m, _d in started.moves], driver=driver)
    scene.resume_record(driver.log_events(started.moves))
    return scene


class NetDriver(Driver):
    """The seats far away (people and the server's AIs), and the links of the people here."""

    quit_label = N_("Leave the online game")
    pause_title = N_("Menu: the game goes on")
    quit_question = N_("Leave the online game?")

    def __init__(self, link: Link, started: GameStarted) -> None:
        self.link = link
        self.seat = started.seat
        #: The seats of the people at this screen (the host's first).
        self.seats = set(link.seats) | {started.seat}
        self.setup = started.setup
        self.rules = RoomOptions.of(started.setup.get("options"))
        self.modes = Modes(saves=False, undo=self.rules.undo, hints=self.rules.hints,
                           stats=True)
        self.incoming: deque[MoveMade] = deque()
        #: The move sent for this seat, until the server announces it (or refuses it).
        self.sent: str | None = None
        #: The next whole game from the server replaces the board (it went out of step).
        self.fresh = False

    def attach(self, scene: Any) -> None:
        super().attach(scene)
        scene.hide_scores = self.rules.hide_scores  # each person sees only their own fame
        scene.last_human = self.seat
        for event in self.link.take_backlog():
            self._hear(event)

    def log_events(self, played: Sequence[Played]) -> list[list[object]]:
        """The events of ``played`` from the start (the game log of a rejoined game)."""
        from ra_game.net import mirror

        drawn = [d for m, d in played if m == "draw" and d is not None]
        return move_events(mirror.initial_state(self.setup, drawn), [m for m, _d in played])

    # -- the seat controller

    def always_controls(self, seat: int) -> bool:
        return seat not in self.seats

    def controls(self, seat: int) -> bool:
        return seat not in self.seats or self.sent is not None or bool(self.incoming)

    def poll(self, obs: Observation, tick: Tick) -> Move | None:
        """The next announced move, once the board shows everything before it."""
        moves = self.scene.moves
        while self.incoming and self.incoming[0].index < len(moves):
            self.incoming.popleft()  # already on the board (a rejoin's game)
        if self.incoming and self.incoming[0].index > len(moves):
            self.out_of_step()  # a move went missing
        if not tick.idle or not self.incoming:
            return None
        made = self.incoming.popleft()
        state = self.scene.state
        try:
            move = Move.parse(made.move)
            if move.text == "draw":
                state.put_next(TILE_BY_ID[made.drawn or ""])
        except (ValueError, KeyError):
            move = None
        if move is None or move.action not in state.legal_actions():
            self.out_of_step()
            return None
        return move

    def out_of_step(self) -> None:
        """The board cannot follow the server: rejoin, and show the server's game afresh."""
        self.scene.notice = _("This copy of the game is out of step with the server: "
                              "reconnecting...")
        self.incoming.clear()
        self.fresh = True
        self.link.rejoin()

    def wants_frames(self, seat: int) -> bool:
        """Frames while a move is on its way; waiting, the loop's timers still read the
        session four times a second and its heartbeat redraws an away seat's clock."""
        return bool(self.incoming or self.sent is not None)

    def close(self) -> None:
        self.link.close()

    # -- the scene's hooks

    def check(self, move: Move) -> str | None:
        """The person's move goes to the server; the board plays it when it comes back (the
        empty refusal keeps the controls closed meanwhile)."""
        link = self.link.link_for(self.scene.state.current)
        if link.lost is not None or link.seat is None:
            return _("Not connected: try again once the connection is back.")
        if self.sent is None:
            self.sent = move.text
            link.send_move(move.text, len(self.scene.moves))
        return ""

    def update(self, dt: float) -> None:
        events = self.link.pump(dt)
        for event in events:
            self._hear(event)
        if events:
            self.scene.request_redraw()

    def _hear(self, event: NetEvent) -> None:
        if isinstance(event, MoveMade):
            if event.seat in self.seats:
                self.sent = None
            self.incoming.append(event)
        elif isinstance(event, ServerError):
            self.sent = None
            self.scene.notice = event.text
        elif isinstance(event, Undone):
            self.take_back(event.moves)
        elif isinstance(event, GameStarted):
            self.resync(event)
        elif isinstance(event, ConnectionLost):
            self.sent = None
        elif isinstance(event, Lobby):
            self.seat_kinds(event.seats)

    def seat_kinds(self, seats: Sequence[SeatInfo]) -> None:
        """A seat handed to an AI shows as the AI from now on."""
        shown = self.scene.seats
        for i, info in enumerate(seats[:len(shown)]):
            kind = known_kind(info.kind, Where.ROOM)
            if i not in self.seats and shown[i].kind != kind:
                shown[i] = Seat(kind, shown[i].name)

    def take_back(self, kept: int) -> None:
        """The server took moves back: the position after ``kept`` moves, at once."""
        from ra_game.net import mirror

        scene = self.scene
        played = mirror.moves_with_draws(scene.state, scene.moves)[:kept]
        self.incoming = deque(m for m in self.incoming if m.index < kept)
        self.sent = None
        self.show(played)

    def show(self, played: Sequence[Played]) -> None:
        """The position after ``played`` at once (a take-back, a rejoin that went elsewhere)."""
        from ra_game.net.mirror import MirrorError, rebuild

        scene = self.scene
        try:
            state = rebuild(self.setup, played)
        except MirrorError:
            scene.notice = _("The server sent a game this window cannot show.")
            return
        scene.reset_to(state, [m for m, _d in played])
        scene.resume_record(self.log_events(played))
        if scene.last_human not in self.seats:
            scene.last_human = self.seat

    def resync(self, started: GameStarted) -> None:
        """After a rejoin the server sends the whole game: play on from where the board is, or
        show the server's position at once when the board went another way."""
        from ra_game.net.events import MoveMade

        mine = self.scene.moves
        theirs = [m for m, _d in started.moves]
        self.sent = None
        if theirs[:len(mine)] == mine and not self.fresh:
            self.incoming = deque(MoveMade(i, m, d, -1) for i, (m, d) in
                                  enumerate(started.moves) if i >= len(mine))
            return
        self.incoming.clear()
        self.fresh = False
        self.show(started.moves)

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Undo asks the server; the host's A hands a long-away seat to an AI."""
        scene = self.scene
        if self._undo_asked(event):
            point = scene.undo.point
            if self.sent is None and point is not None:
                self.link.link_for(point.seat).request_undo()
            return True
        if event.type == pygame.KEYDOWN and event.key == HAND_KEY and self.away_seat() is not None:
            self.hand_away()
            return True
        return False

    def hand_away(self) -> None:
        """The host gives the long-away seat to move to an AI."""
        seat = self.away_seat()
        if seat is not None:
            self.link.hand_to_ai(seat, default_ai().code)
            self.scene.request_redraw()

    def pause_items(self) -> list[tuple[str, str, str]]:
        """The host's pause menu offers the long-away seat to an AI."""
        if self.away_seat() is None:
            return []
        return [("hand", N_("Hand the seat to an AI"), "A")]

    def pause_choice(self, name: str) -> bool:
        if name != "hand":
            return False
        self.hand_away()
        return True

    def _undo_asked(self, event: pygame.event.Event) -> bool:
        scene = self.scene
        if not scene.undo.available or scene.state.over:
            return False
        if event.type == pygame.KEYDOWN:
            ctrl = getattr(event, "mod", 0) & pygame.KMOD_CTRL
            return bool(event.key == pygame.K_u or (event.key == pygame.K_z and ctrl))
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            pos = scene._base(event.pos)
            return any(name == "undo" and rect.collidepoint(pos)
                       for name, _l, _k, rect in scene.info.button_rects())
        return False

    def away_seat(self) -> int | None:
        """The seat to move when the host may hand it to an AI: its person far away long."""
        state = self.scene.state
        if not self.link.is_host or state.over:
            return None
        seat = state.current
        remote = self.scene.seats[seat].kind.remote
        return seat if remote and self.link.long_away(seat) else None

    def away(self) -> frozenset[int]:
        """The seats far away whose person is not connected."""
        return frozenset(seat for seat in self.link.away if seat not in self.seats)

    def status(self) -> str | None:
        """The connection first, then the move on its way, then who is far away to move."""
        scene = self.scene
        if self.link.lost_any is not None:
            return _("Connection lost, reconnecting...")
        if self.sent is not None:
            return _("Sending your move...")
        state = scene.state
        if state.current in self.seats and not (state.over or scene.queue.busy
                                                or scene.human_ready()):
            return ""  # a decision here whose controls are not open: never "You is thinking"
        if scene.queue.busy or state.over or state.current in self.seats:
            return None
        seat = state.current
        if not scene.seats[seat].kind.remote:
            return None  # the server's AI: "... is thinking"
        name = display_name(state.names[seat])
        away = self.link.away_for(seat)
        if away is None:
            return _("Waiting for {player}...").format(player=name)
        if self.away_seat() is not None:
            return _("{player} has been away for {time}: press A to let an AI play their "
                     "seat.").format(player=name, time=clock(away))
        return _("Waiting for {player}, away for {time}...").format(player=name,
                                                                     time=clock(away))

    def finish_game(self, event: GameOver) -> bool:
        """The same results as a local game; the saved replay is the server's."""
        from .results import FinalResultsScene

        scene = self.scene
        ended = self.link.ended
        replay = dict(ended.replay) if ended is not None else scene.document()
        scene.ctx.scenes.replace(FinalResultsScene(
            scene.ctx, scene.state, event, seats=None, replay=replay,
            hide_scores=scene.hide_scores, hints_used=scene.info.hints.used,
            players_here=[i for i, seat in enumerate(scene.seats) if seat.is_human]))
        return True
