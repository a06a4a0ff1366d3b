"""Host a game: the setup scene's seats with friends over the network beside the AIs and more
people at this screen, and the room's rules (hidden scores, undo, hints).  Start runs a game
server on this computer (its rooms kept in the user data folder), creates the room and takes
the first seat for the host; the lobby then shows the room code.

The host sits at seat 1; a seat of kind ``human`` is another person at this screen (the window
takes it on a connection of its own and hands the screen over between them as in a local
game), ``remote`` a friend joining over the network, the rest AIs, which the server runs.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, ClassVar

from ra_game.files.saves import NAME_LENGTH, clean_name, valid_name
from ra_game.net.client.memory import load_memory
from ra_game.net.client.window_link import Link
from ra_game.net.wire.options import DEFAULT_OPTIONS, RoomOptions
from ra_game.table.seat_kinds import PERSON, REMOTE, SeatKind, Where, default_ai, kinds_where
from ra_game.text.i18n import N_, _
from ra_game.ui.widgets import Choice

from .online_common import start_server
from .online_lobby import Connecting
from .setup import SeatRow, SetupScene


def server_kind(kind: SeatKind) -> SeatKind:
    """A seat as the server knows it: the host and the friends are people far away."""
    return REMOTE if kind.person else kind


class HostSetupScene(Connecting, SetupScene):
    """Seats (you, friends over the network, AIs) and the room's rules; Start hosts."""

    layout_name = "host"
    title = N_("Host a game")
    REQUIRED = (*SetupScene.REQUIRED, "toggle_undo", "notice")
    #: The room's options before the host changes any (the tests shorten ``hand_after``).
    defaults: ClassVar[RoomOptions] = DEFAULT_OPTIONS

    def build(self) -> None:
        memory = load_memory()
        self.notice = ""
        name = clean_name(memory.name, NAME_LENGTH)
        self.rows = [SeatRow(PERSON, name or _("Host"), auto=False), SeatRow(REMOTE, ""),
                     SeatRow(default_ai(), "")]
        self.hide_scores = self.defaults.hide_scores
        self.room_undo = self.defaults.undo
        self.room_hints = self.defaults.hints
        self._rename()
        self.rebuild(focus="start")

    def kind_options(self) -> list[SeatKind]:
        return kinds_where(Where.HOST)

    @property
    def humans(self) -> int:
        """People in the game: the host and the friends over the network."""
        return sum(r.kind.person for r in self.rows)

    def _rename(self) -> None:
        super()._rename()
        friends = 0
        for row in self.rows:
            if row.kind.remote:
                friends += 1
                row.name = _("Friend {n}").format(n=friends)

    def set_kind(self, index: int, kind: SeatKind) -> None:
        super().set_kind(index, kind)
        self._lock_rows()

    def rebuild(self, focus: str) -> None:
        """The setup's widgets, with the host's own seat fixed and the room's rules."""
        super().rebuild(focus)
        self.kinds[0].options = [(PERSON, N_("You, the host"))]
        self.kinds[0].index = 0
        self.kinds[0].enabled = False
        self.hide.options = [(False, N_("shown")), (True, N_("hidden"))]
        self._show_hide_choice()
        self.hints.caption = N_("Hints")
        self.hints.on_change = self.set_room_hints
        self.hints.index = int(self.room_hints)
        self.undo_choice = Choice((0, 0, 10, 10), [(False, N_("off")), (True, N_("on"))],
                                  self.room_undo, on_change=self.set_room_undo,
                                  caption=N_("Undo"))
        widgets = self.group.widgets
        widgets.insert(widgets.index(self.hints), self.undo_choice)
        self._lock_rows()
        self._placed_for = None
        self.relayout()

    def _lock_rows(self) -> None:
        """The names of the people at this screen are typed here: friends bring theirs, the
        server names AIs."""
        for i, field in enumerate(self.names):
            field.enabled = self.rows[i].kind.person_here
            field.text = self.rows[i].name

    def place(self) -> None:
        super().place()
        if hasattr(self, "undo_choice"):
            self.undo_choice.rect = self.rects["toggle_undo"]

    def set_room_hints(self, value: bool) -> None:
        self.room_hints = bool(value)

    def set_room_undo(self, value: bool) -> None:
        self.room_undo = bool(value)

    def rules(self) -> RoomOptions:
        """The room's options as chosen here (the others keep their defaults)."""
        return replace(self.defaults, hide_scores=self.hide_applies, undo=self.room_undo,
                       hints=self.room_hints)

    def host_name(self) -> str:
        name = clean_name(self.rows[0].name, NAME_LENGTH).strip()
        return name if valid_name(name) else _("Host")

    def people_here(self) -> list[tuple[int, str]]:
        """The other people at this screen: their seats and names."""
        seats = self.seats()
        return [(i, seats[i].name) for i in range(1, len(self.rows))
                if self.rows[i].kind.person_here]

    # -- hosting

    def start(self) -> None:
        """Start the server, create the room and take the host's seat (the lobby follows)."""
        if self.link is not None:
            return
        if not any(r.kind.remote for r in self.rows):
            self.notice = _("Make at least one seat a friend over the network, or play a New "
                            "game against the AIs.")
            return
        try:
            server, url = start_server()
        except ValueError as exc:
            self.notice = str(exc)
            return
        link = Link(url, self.host_name(), server=server)
        link.create_room([server_kind(r.kind).code for r in self.rows], self.rules(),
                         self.people_here())
        self.connect(link)

    def back(self) -> None:
        if not self.stop_asking():
            super().back()

    # -- drawing

    def draw_content(self, surface: Any) -> None:
        super().draw_content(surface)
        if self.notice:
            from ra_game.ui import theme

            theme.fitted_text(surface, lambda s: self.font(s, bold=True), self.notice,
                              self.rects["notice"], 18, theme.TERRACOTTA, max_lines=2)

    def hint_text(self, humans: int) -> str:
        return _("You take seat 1 and each person at this screen their own seat; friends "
                 "take a free seat with the room code. The server plays the AI seats.")
