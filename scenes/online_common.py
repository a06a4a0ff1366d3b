"""What the online screens share: this computer's game server for the host, the way back into
a remembered room, the clipboard and the away clock.  No scene lives here."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

import pygame

from ra_game.files.settings import data_dir
from ra_game.net.client.window_link import Link, local_url
from ra_game.text.i18n import _

if TYPE_CHECKING:
    from ra_game.net.client.memory import RoomTicket

#: The port the host's server asks for first (friends can keep one address), then any free one.
DEFAULT_PORT = 47474
#: Where the host's server listens: every interface, so friends on the network reach it.
SERVER_HOST = "0.0.0.0"
SERVER_FOLDER = "server"


def start_server(previous: str | None = None) -> tuple[Any, str]:
    """Start this computer's game server (on the port of ``previous``, a former address, when
    it is free): the server and the address this window uses.  Raises ValueError (one line)."""
    try:
        from ra_game.net.server.embedded import EmbeddedServer
        from ra_game.net.server.storage import DataFolderError
    except ImportError:
        raise ValueError(_("Online play is not available in this copy of the game.")) from None
    port = DEFAULT_PORT
    if previous:
        try:
            port = urlsplit(previous).port or DEFAULT_PORT
        except ValueError:
            port = DEFAULT_PORT
    for tried in (port, 0):
        server = EmbeddedServer(data_dir() / SERVER_FOLDER, host=SERVER_HOST, port=tried)
        try:
            return server, local_url(server.start())
        except DataFolderError as exc:  # another window hosts, or the disk refuses
            raise ValueError(str(exc)) from None
        except OSError:
            continue
    raise ValueError(_("The game server could not start on this computer."))


def clock(seconds: float) -> str:
    """``1:05``: minutes and seconds away."""
    whole = int(seconds)
    return f"{whole // 60}:{whole % 60:02d}"


def copy_text(text: str) -> bool:
    """Put ``text`` on the clipboard when pygame.scrap can (True when it did)."""
    try:
        pygame.scrap.put_text(text)
    except (pygame.error, AttributeError, NotImplementedError):
        return False
    return True


def clipboard_text() -> str:
    """The clipboard's text, or "" where pygame.scrap cannot read it."""
    try:
        text: Any = pygame.scrap.get_text()
    except (pygame.error, AttributeError, NotImplementedError):
        return ""
    return text if isinstance(text, str) else ""


def rejoin_link(ticket: RoomTicket) -> Link:
    """A link back into the room of ``ticket`` with its seat token, and one for each other
    person at this screen (a host's own server is started again on the same port: it resumes
    the room from disk).  Raises ValueError (one
    line) when that server cannot start."""
    server, url = start_server(ticket.url) if ticket.host else (None, ticket.url)
    link = Link(url, ticket.name, server=server)
    link.host_token = ticket.host_token
    link.join(ticket.room, ticket.token)
    for other in ticket.others:
        link.add_local(other.seat, other.name, other.token)
    return link
