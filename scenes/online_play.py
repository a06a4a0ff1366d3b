"""Playing online: the real play scene on a copy of the server's game, driven by the network.

:class:`OnlineMode` is an online game as a kind of game on the board: the room's rules, its
overlay the :class:`OnlineOverlay` (the links, the away seats, undo and the hand-over) and its
seats' controller the :class:`~ra_game.net.client.online_seat.OnlineSeat`, which decides every seat
but those of the people at this screen: it plays the moves
the server announces (``MoveMade``; a draw with the tile it revealed), one at a time on an idle
board, so they animate as in a local game.  A person's own decision is sent to the server on
their seat's link and played only when the server announces it back; a refusal is the server's
one line in the status line.  Several people at the host's screen take turns as in a local
hotseat game (the hand-over screen between them when the room hides scores).
Undo asks the server; hints are computed here from the seat's own view.  A dropped connection
says so and is retried with the same seat token; a seat whose person is away shows its clock,
and the host may then hand it to an AI (A, or the pause menu).  The window only polls the
session each frame.  The decisions are the pygame-free
:class:`~ra_game.net.client.online_seat.OnlineSeat`'s, the same controller the headless client plays
with; this module wires it to the links and the board.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from ra_game.net.client.events import NetEvent
from ra_game.net.client.online_seat import OnlineSeat, Played, played_events
from ra_game.net.client.window_link import Link
from ra_game.table.seat_kinds import SeatKind, default_ai
from ra_game.text.i18n import N_, _
from ra_game.text.words import display_name
from ra_game.ui.board.modes.mode import Mode
from ra_game.ui.board.modes.overlay import Overlay

from . import routes
from .online_common import clock

if TYPE_CHECKING:
    from ra_game.engine import Move
    from ra_game.net.client.events import GameStarted
    from ra_game.ui.app_context import AppContext
    from ra_game.ui.board.parts.protocols import Board

    from .play import PlayScene

HAND_KEY = pygame.K_a


def online_play_scene(ctx: AppContext, link: Link) -> PlayScene:
    """The play scene for the game the link's room started (rejoined mid-game: at the
    position reached).  Raises ValueError when the server's setup does not fit."""
    started = link.started
    assert started is not None
    mode = OnlineMode(OnlineOverlay(link, started))
    overlay, online = mode.overlay, mode.controller
    return ctx.open(routes.PlayMode(
        list(online.table), online.match.state, mode, seed=0,
        hide_scores=online.rules.hide_scores, moves=online.match.moves,
        record=overlay.log_events(started.moves), viewer=overlay.seat))


@dataclass(frozen=True)
class OnlineMode:
    """An online game as a kind of game (see the module's docstring)."""

    overlay: OnlineOverlay

    @property
    def controller(self) -> OnlineSeat:
        """The seats far away (and the moves of the people here, through the server)."""
        return self.overlay.online

    @property
    def rules(self) -> Mode:
        """The room's rules; the seats far away are the online seat's; each person sees only
        their own fame when the room hides it; the results are the server's."""
        overlay, online = self.overlay, self.overlay.online
        far = frozenset(seat for seat in range(len(online.table)) if seat not in overlay.seats)
        return Mode(overlay.modes, far, overlay.quit_label, overlay.pause_title,
                    overlay.quit_question, rematch=False, epoch_skip=False, skip_hint=False,
                    shared_screen=False)


class OnlineOverlay(Overlay):
    """The board's side of an online game: the seats far away are the
    :class:`~ra_game.net.client.online_seat.OnlineSeat`'s, whose line to the links and watcher on the
    board this is; the people here play on the board."""

    quit_label = N_("Leave the online game")
    pause_title = N_("Menu: the game goes on")
    quit_question = N_("Leave the online game?")

    def __init__(self, link: Link, started: GameStarted) -> None:
        self.link = link
        self.seat = started.seat
        #: The online game's seat controller (its copy of the game becomes the board's).
        self.online = OnlineSeat(self, started, set(link.seats) | {started.seat}, watcher=self)
        #: The seats of the people at this screen (the host's first).
        self.seats = self.online.seats
        self.setup = started.setup
        self.rules = self.online.rules
        self.modes = self.online.modes

    def attach(self, board: Board) -> None:
        super().attach(board)
        self.online.match = board.match  # the board's match, around the controller's copy
        for event in self.link.take_backlog():
            self._hear(event)

    def log_events(self, played: Sequence[Played]) -> list[list[object]]:
        """The events of ``played`` from the start (the game log of a rejoined game)."""
        return played_events(self.setup, played)

    def close(self) -> None:
        """The game is left: the links close (the online seat closes as the controller)."""
        self.link.close()

    # -- the online seat's line (the links) and watcher (the board)

    def send_move(self, seat: int, text: str, index: int) -> str | None:
        link = self.link.link_for(seat)
        if link.lost is not None or link.seat is None:
            return _("Not connected: try again once the connection is back.")
        link.send_move(text, index)
        return None

    def request_undo(self, seat: int) -> None:
        self.link.link_for(seat).request_undo()

    def out_of_step(self, reason: str) -> None:
        """The board cannot follow the server: rejoin, and show the server's game afresh."""
        self.scene.notice = _("This copy of the game is out of step with the server: "
                              "reconnecting...")
        self.link.rejoin()

    def news(self, timeout: float) -> list[NetEvent]:
        """The window reads its links in :meth:`update`."""
        return []

    def notice(self, text: str) -> None:
        self.scene.notice = text

    def reset(self, played: Sequence[Played]) -> None:
        """The position after ``played`` at once, with its game log."""
        scene = self.scene
        scene.reset_to(self.online.match.state, self.online.match.moves)
        scene.resume_record(self.log_events(played))

    def cannot_show(self, reason: str) -> None:
        self.scene.notice = _("The server sent a game this window cannot show.")

    def handed(self, seat: int, kind: SeatKind) -> None:
        """A seat handed to an AI shows as the AI from now on."""
        self.scene.show_kind(seat, kind)

    # -- the overlay

    def check(self, move: Move) -> str | None:
        """The person's move goes to the server; the board plays it when it comes back (the
        empty refusal keeps the controls closed meanwhile)."""
        return self.online.send(move)

    def update(self, dt: float) -> None:
        events = self.link.pump(dt)
        for event in events:
            self._hear(event)
        if events:
            self.scene.request_redraw()

    def _hear(self, event: NetEvent) -> None:
        self.online.hear(event)

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Undo asks the server; the host's A hands a long-away seat to an AI."""
        scene = self.scene
        if self._undo_asked(event):
            point = scene.undo.point
            if point is not None:
                self.online.undo(point.seat)
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
            pos = scene.to_base(event.pos)
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
        if self.online.sent is not None:
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

    def final_replay(self) -> dict[str, Any] | None:
        """The same results as a local game; the saved replay is the server's."""
        ended = self.link.ended
        return dict(ended.replay) if ended is not None else None
