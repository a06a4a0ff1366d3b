"""The online lobby: the room code big and clear, the addresses to give friends, who has joined;
the host starts the game when every seat is filled (or hands an empty seat to an AI).

:class:`Connecting` is what the host, join and online menu scenes share while the server is
asked for a seat: the lobby opens once the seat is given, and a refusal (a wrong code, a
server that cannot be reached) is one line on the asking screen.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from ra_game.net.client.events import SeatInfo, shown_code
from ra_game.net.client.window_link import Link, local_url
from ra_game.table.seat_kinds import default_ai, known_kind
from ra_game.text.i18n import N_, _
from ra_game.text.words import display_name
from ra_game.ui import theme
from ra_game.ui.layout_scene import LayoutScene
from ra_game.ui.widgets import Button

from . import routes
from .online_common import clock, copy_text

if TYPE_CHECKING:
    from ra_game.ui.app_context import AppContext

MAX_SEATS = 5


def far_seat(seat: SeatInfo) -> bool:
    """A seat for a person far away (free until they join)."""
    return known_kind(seat.kind).remote


class Connecting(LayoutScene):
    """A scene that asks the server for a seat through a :class:`Link` (host, join, rejoin):
    it reads the answer each frame, and Back (Esc) stops asking before it leaves."""

    notice: str
    link: Link | None = None

    def connect(self, link: Link) -> None:
        self.link = link
        self.notice = _("Connecting to {address}...").format(address=link.url)

    def update(self, dt: float) -> None:
        super().update(dt)
        self.pump_link(dt)

    def pump_link(self, dt: float) -> None:
        """Read the server's answer: the lobby once a seat is given, else the reason."""
        link = self.link
        if link is None:
            return
        link.pump(dt)
        if link.seat is not None:
            self.link = None
            self.notice = ""
            self.ctx.scenes.push(LobbyScene(self.ctx, link))
        elif link.error:
            self.notice = link.error
            self.link = None
            link.close()

    def stop_asking(self) -> bool:
        """Back while connecting: stop asking (True), else False (the scene goes back)."""
        if self.link is None:
            return False
        self.cancel_link()
        self.notice = ""
        return True

    def cancel_link(self) -> None:
        if self.link is not None:
            self.link.close()
            self.link = None

    def is_animating(self) -> bool:
        return self.link is not None

    def close(self) -> None:
        self.cancel_link()


class LobbyScene(LayoutScene):
    """Who sits where in the room; Start (the host, every seat filled) and Leave."""

    layout_name = "lobby"
    REQUIRED = ("heading", "code_panel", "code_label", "code", "button_copy", "address_label",
                "addresses", "address_help", "seats_panel", "notice", "button_leave", "button_start",
                "seed_note",
                *(f"seat_{i}_{part}" for i in range(MAX_SEATS) for part in ("row", "hand")))

    def __init__(self, ctx: AppContext, link: Link) -> None:
        self.link = link
        self.handed = False  # the link went on to the play scene
        super().__init__(ctx)

    def build(self) -> None:
        self.copied = ""
        self.buttons = {
            "leave": Button((0, 0, 10, 10), N_("Leave"), self.leave, shortcut=pygame.K_ESCAPE),
            "start": Button((0, 0, 10, 10), N_("Start"), self.start, style="primary",
                            enabled=False),
            "copy": Button((0, 0, 10, 10), N_("Copy"), self.copy, shortcut="c"),
        }
        self.hands = [Button((0, 0, 10, 10), N_("Seat an AI"), partial(self.hand, i))
                      for i in range(MAX_SEATS)]
        for button in [*self.buttons.values(), *self.hands]:
            self.group.add(button)
        self.buttons["start"].visible = self.link.is_host
        self.group.focus(self.buttons["start"] if self.link.is_host else self.buttons["leave"])
        self.refresh()

    def place(self) -> None:
        for key, button in self.buttons.items():
            button.rect = self.rects[f"button_{key}"]
        for i, button in enumerate(self.hands):
            button.rect = self.rects[f"seat_{i}_hand"]

    # -- the room

    @property
    def seats(self) -> list[Any]:
        lobby = self.link.lobby
        return list(lobby.seats) if lobby is not None else []

    def filled(self) -> bool:
        seats = self.seats
        return bool(seats) and all(not far_seat(s) or s.taken for s in seats)

    def addresses(self) -> list[str]:
        """What friends type to reach this room's server; when hosting, this computer's own
        address comes last (a second window here joins with it)."""
        server = self.link.server
        if server is None:
            return [self.link.url]
        own = local_url(self.link.url)
        return [*[url for url in server.lan_urls() if url != own][:2], own]

    def address_lines(self) -> str:
        """The addresses as shown, this computer's marked as such."""
        lines = [url.removeprefix("ws://") for url in self.addresses()]
        if self.link.server is not None:
            lines[-1] = _("{address} (this computer)").format(address=lines[-1])
        return "\n".join(lines)

    def refresh(self) -> None:
        """Buttons follow the room: Start when filled, Seat an AI beside an empty seat."""
        seats = self.seats
        host = self.link.is_host
        self.buttons["start"].enabled = host and self.filled()
        for i, button in enumerate(self.hands):
            seat = seats[i] if i < len(seats) else None
            button.visible = host and seat is not None and far_seat(seat) and \
                i not in self.link.seats and not (seat.taken and seat.connected)
        for button in self.hands:
            button.enabled = button.visible

    def update(self, dt: float) -> None:
        super().update(dt)
        events = self.link.pump(dt)
        if events:
            self.refresh()
            self.request_redraw()
        if self.link.started is not None and self.ctx.scenes.top is self:
            self.play()

    # -- actions

    def play(self) -> None:
        try:
            scene = self.ctx.open(routes.OnlinePlay(self.link))
        except ValueError:  # the mirror's MirrorError: a setup this copy cannot build
            self.link.started = None
            self.link.error = _("The server sent a game this window cannot show.")
            return
        self.handed = True
        self.ctx.scenes.replace(scene)

    def start(self) -> None:
        if self.link.is_host and self.filled():
            self.link.start_game()

    def hand(self, seat: int) -> None:
        self.link.hand_to_ai(seat, default_ai().code)

    def copy(self) -> None:
        text = _("Ra online: server {address}, room {room}").format(
            address=self.addresses()[0].removeprefix("ws://"), room=shown_code(self.link.room))
        self.copied = _("Copied to the clipboard.") if copy_text(text) else _(
            "The clipboard is not available here: please write the code down.")

    def leave(self) -> None:
        self.link.leave()
        self.ctx.scenes.pop()

    def close(self) -> None:
        if not self.handed:
            self.link.close()

    # -- drawing

    def notice(self) -> tuple[str, bool]:
        """The line under the panels, and whether it is a problem."""
        link = self.link
        if link.lost_any is not None:
            return _("Connection lost, reconnecting..."), True
        if link.error:
            return link.error, True
        if self.copied:
            return self.copied, False
        if link.is_host:
            if self.filled():
                return _("Every seat is filled: Start when you are ready."), False
            return _("Give your friends the address and the room code. Start opens when "
                     "every seat is filled."), False
        return _("Waiting for the host to start the game."), False

    def draw_content(self, surface: pygame.Surface) -> None:
        self.draw_friezes(surface)
        self.heading(surface, _("Lobby"))
        theme.panel(surface, self.rects["code_panel"], radius=self.px(18))
        theme.panel(surface, self.rects["seats_panel"], radius=self.px(18))
        theme.fitted_text(surface, lambda s: self.font(s), _("Room code"),
                          self.rects["code_label"], 24, theme.INK_SOFT, max_lines=1)
        theme.fitted_text(surface, lambda s: self.font(s, bold=True), shown_code(self.link.room),
                          self.rects["code"], 96, theme.LAPIS_DARK, max_lines=1)
        label = _("Server address for your friends:") if self.link.is_host else _("Server:")
        theme.fitted_text(surface, lambda s: self.font(s), label, self.rects["address_label"],
                          20, theme.INK_SOFT, "left", max_lines=1)
        theme.fitted_text(surface, lambda s: self.font(s, bold=True), self.address_lines(),
                          self.rects["addresses"], 24, theme.INK, "left")
        if self.link.is_host:
            theme.fitted_text(surface, lambda s: self.font(s), _(
                "Your friends choose Play online, then Join a game, and type the address and "
                "the code."), self.rects["address_help"], 17, theme.INK_SOFT, "left", min_size=16)
        for i, seat in enumerate(self.seats[:MAX_SEATS]):
            self.draw_seat(surface, i, seat)
        text, bad = self.notice()
        theme.fitted_text(surface, lambda s: self.font(s, bold=bad), text, self.rects["notice"],
                          20, theme.TERRACOTTA if bad else theme.INK_SOFT, max_lines=2)
        self.draw_seed_note(surface)

    def draw_seed_note(self, surface: pygame.Surface) -> None:
        """Every seat is told when the room's creator fixed the seed (and can know the bag)."""
        from ra_game.net.client.events import fixed_seed_note

        lobby = self.link.lobby
        note = fixed_seed_note(lobby) if lobby is not None else ""
        if note:
            theme.fitted_text(surface, lambda s: self.font(s, bold=True), note,
                              self.rects["seed_note"], 18, theme.TERRACOTTA, max_lines=2,
                              min_size=14)

    def draw_seat(self, surface: pygame.Surface, index: int, seat: Any) -> None:
        """One seat: its colour, its name and who is there."""
        rect = self.rects[f"seat_{index}_row"]
        chip = pygame.Rect(0, 0, self.px(24), self.px(24))
        chip.midleft = (rect.x, rect.centery)
        pygame.draw.circle(surface, theme.SEAT_COLORS[index], chip.center, chip.width // 2)
        pygame.draw.circle(surface, theme.GOLD_DARK, chip.center, chip.width // 2, 2)
        text = pygame.Rect(chip.right + self.px(12), rect.y, rect.right - chip.right, rect.h)
        top = pygame.Rect(text.x, text.y, text.w, text.h // 2)
        bottom = pygame.Rect(text.x, top.bottom, text.w, text.h - top.h)
        name = display_name(seat.name) if seat.name else _("Seat {n}").format(n=index + 1)
        if index == self.link.seat:
            name = _("{name} (you)").format(name=name)
        elif index in self.link.others:
            name = _("{name} (at this screen)").format(name=name)
        theme.fitted_text(surface, lambda s: self.font(s, bold=True), name, top, 22, theme.INK,
                          "left", max_lines=1)
        theme.fitted_text(surface, lambda s: self.font(s), self.seat_state(index, seat), bottom,
                          18, theme.INK_SOFT, "left", max_lines=1)

    def seat_state(self, index: int, seat: Any) -> str:
        """``AI · hard``, ``Free: waiting for a friend``, ``Joined`` or ``Away 1:05``."""
        if not far_seat(seat):
            return known_kind(seat.kind).shown()
        if not seat.taken:
            return _("Free: waiting for a friend to join")
        if seat.connected:
            return _("Joined")
        away = self.link.away_for(index)
        return _("Away for {time}").format(time=clock(away)) if away is not None else _("Away")

