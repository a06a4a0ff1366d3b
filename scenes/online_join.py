"""Join a game: the server's address (typed, or one of the last few remembered), the room code
the host gives, and a name; Join takes a free seat and opens the lobby.  A wrong address or
code is one line on this screen, with everything typed kept."""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import urlsplit

import pygame

from ra_game.files.saves import NAME_LENGTH, clean_name, valid_name
from ra_game.net.client.memory import load_memory
from ra_game.net.client.window_link import Link
from ra_game.text.i18n import N_, _
from ra_game.ui import theme
from ra_game.ui.widgets import Button, Choice, TextInput

from .online_common import DEFAULT_PORT, clipboard_text
from .online_lobby import Connecting

ADDRESS_LENGTH = 60
CODE_LENGTH = 16
FIELDS = ("address", "recent", "room", "name")


def server_url(text: str) -> str | None:
    """``192.168.1.5`` -> ``ws://192.168.1.5:47474``; None when it is no address."""
    text = text.strip()
    if not text:
        return None
    if "://" not in text:
        text = "ws://" + text
    try:
        parts = urlsplit(text)
        port = parts.port
    except ValueError:
        return None
    if parts.scheme not in ("ws", "wss") or not parts.hostname or " " in text:
        return None
    host = f"[{parts.hostname}]" if ":" in parts.hostname else parts.hostname
    return f"{parts.scheme}://{host}:{port or DEFAULT_PORT}{parts.path.rstrip('/')}"


def room_code(text: str) -> str:
    """The code as typed, without spaces or dashes (the server ignores its case)."""
    return "".join(text.split()).replace("-", "")


#: In a pasted invitation: the address (``host:port``) and the code (``ABCD-EFGH``).
ADDRESS_IN_TEXT = re.compile(r"(?:wss?://)?[\w.\-\[\]:]+:\d{1,5}")
CODE_IN_TEXT = re.compile(r"\b[2-9A-Z]{4}-?[2-9A-Z]{4}\b")


def read_invitation(text: str) -> tuple[str | None, str | None]:
    """The address and the room code in a pasted line (the lobby's Copy), where present."""
    address = ADDRESS_IN_TEXT.search(text)
    code = CODE_IN_TEXT.search(ADDRESS_IN_TEXT.sub(" ", text))
    return (address.group(0).removeprefix("ws://") if address else None,
            code.group(0) if code else None)


class JoinScene(Connecting):
    """Address, remembered addresses, room code, name; Join and Back."""

    layout_name = "join"
    REQUIRED = ("heading", "form_panel", "notice", "button_back", "button_join",
                *(f"{n}_{part}" for n in FIELDS for part in ("label", "help")),
                *(f"field_{n}" for n in FIELDS))

    def build(self) -> None:
        memory = load_memory()
        self.notice = ""
        self.servers = memory.servers
        first = self.servers[0] if self.servers else ""
        self.fields: dict[str, Any] = {
            "address": TextInput((0, 0, 10, 10), first.removeprefix("ws://"),
                                 max_length=ADDRESS_LENGTH),
            "recent": Choice((0, 0, 10, 10),
                             [(s, s.removeprefix("ws://")) for s in self.servers]
                             or [("", N_("none yet"))], first, on_change=self.pick,
                             enabled=len(self.servers) > 1),
            "room": TextInput((0, 0, 10, 10), "", max_length=CODE_LENGTH),
            "name": TextInput((0, 0, 10, 10), clean_name(memory.name, NAME_LENGTH),
                              max_length=NAME_LENGTH),
        }
        for widget in self.fields.values():
            self.group.add(widget)
        self.buttons = {
            "back": Button((0, 0, 10, 10), N_("Back"), self.back, shortcut=pygame.K_ESCAPE),
            "join": Button((0, 0, 10, 10), N_("Join"), self.join, style="primary"),
        }
        for button in self.buttons.values():
            self.group.add(button)
        self.group.focus(self.fields["room" if first else "address"])

    def place(self) -> None:
        for name, widget in self.fields.items():
            widget.rect = self.rects[f"field_{name}"]
        for key, button in self.buttons.items():
            button.rect = self.rects[f"button_{key}"]

    def pick(self, url: str) -> None:
        """A remembered address fills the address field."""
        if url:
            self.fields["address"].text = url.removeprefix("ws://")

    # -- joining

    def join(self) -> None:
        """Check what was typed (one line for what is wrong), then ask for a seat."""
        if self.link is not None:
            return
        url = server_url(self.fields["address"].text)
        room = room_code(self.fields["room"].text)
        name = clean_name(self.fields["name"].text, NAME_LENGTH).strip()
        if url is None:
            self.notice = _("Type the server's address, as the host's lobby shows it (for "
                            "example 192.168.1.5:{port}).").format(port=DEFAULT_PORT)
        elif not room:
            self.notice = _("Type the room code the host gave you.")
        elif not valid_name(name):
            self.notice = _("Type the name the others will see.")
        else:
            link = Link(url, name)
            link.join(room)
            self.connect(link)

    def back(self) -> None:
        if not self.stop_asking():
            self.manager.pop()

    def paste(self, text: str) -> None:
        """Ctrl+V: an invitation fills the address and the code; other text goes into the
        field being typed in."""
        line = " ".join(text.split())
        address, code = read_invitation(line)
        if address or code:
            if address:
                self.fields["address"].text = address[:ADDRESS_LENGTH]
            if code:
                self.fields["room"].text = code
            self.group.focus(self.fields["name"])
            return
        field = self.group.focused
        if isinstance(field, TextInput) and line:
            field.text = clean_name(field.text + line, field.max_length)

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) \
                and self.group.focused is self.fields["name"]:
            self.join()  # Enter in the last field joins
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_v and \
                getattr(event, "mod", 0) & pygame.KMOD_CTRL:
            self.paste(clipboard_text())
            return
        super().handle_event(event)

    # -- drawing

    def draw_content(self, surface: pygame.Surface) -> None:
        self.draw_friezes(surface)
        self.heading(surface, _("Join a game"))
        theme.panel(surface, self.rects["form_panel"], radius=self.px(18))
        labels = {"address": _("Server address"), "recent": _("Remembered"),
                  "room": _("Room code"), "name": _("Your name")}
        helps = {"address": _("The host's lobby shows it, e.g. 192.168.1.5:{port}").format(
                     port=DEFAULT_PORT),
                 "recent": _("Left and Right pick one of the last servers you joined."),
                 "room": _("The code the host gives you; Ctrl+V pastes a copied invitation."),
                 "name": _("The others see this name at the table.")}
        for name in FIELDS:
            theme.fitted_text(surface, lambda s: self.font(s, bold=True), labels[name],
                              self.rects[f"{name}_label"], 22, theme.INK, "left", max_lines=1)
            theme.fitted_text(surface, lambda s: self.font(s), helps[name],
                              self.rects[f"{name}_help"], 16, theme.INK_SOFT, "left",
                              max_lines=1)
        if self.notice:
            bad = self.link is None
            theme.fitted_text(surface, lambda s: self.font(s, bold=bad), self.notice,
                              self.rects["notice"], 20,
                              theme.TERRACOTTA if bad else theme.INK_SOFT, max_lines=2)
