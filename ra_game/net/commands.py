"""The command line of online play: ``ra-game server``, ``ra-game room`` and
``ra-game client`` (their parsers and what they run; :mod:`ra_game.cli` hooks them in).

As everywhere on the command line, a mistake of the user (a bad address, an unknown or full
room, bad seats, a server that cannot be reached) is one line on stderr and exit status 2.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import signal
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..ai.levels import LEVELS
from ..files.settings import data_dir
from ..table.seat_kinds import Where, codes, kinds_where
from ..text.argparse_words import whole_number
from ..text.i18n import N_, _
from .client.events import ConnectionLost, RoomCreated, ServerError
from .server.limits import Limits
from .wire.options import RoomOptions
from .wire.protocol import url_problem

#: Seconds ``ra-game room`` waits for the server's answer.
ROOM_TIMEOUT = 15.0
SERVER_DATA = "server"


class CommandError(Exception):
    """A mistake of the user: one translated line."""


_ai_workers = whole_number(0, N_("needs a whole number of processes, 0 or more, not {text}"))
_count = whole_number(1, N_("needs a whole number, 1 or more, not {text}"))


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = 0.0
    if not 0 < value < 1e9:
        raise argparse.ArgumentTypeError(
            _("needs a number of seconds greater than 0, not {text}").format(text=repr(text)))
    return value


def _add_limits(server: argparse.ArgumentParser) -> None:
    """The server's bounds (:class:`~ra_game.net.server.limits.Limits`), defaults in the help."""
    default = Limits()
    counts = [
        ("--max-connections", default.max_connections,
         _("connections at once, in all (cut to what the open-file limit allows; default "
           "{value})")),
        ("--max-connections-per-address", default.max_connections_per_address,
         _("connections at once from one network address (default {value})")),
        ("--max-rooms", default.max_rooms, _("rooms kept at once, in all (default {value})")),
        ("--max-rooms-per-address", default.max_rooms_per_address,
         _("rooms one network address may hold at once (default {value})")),
        ("--max-ai-seats-per-address", default.max_ai_seats_per_address,
         _("AI seats the rooms of one network address may have at once (default {value})")),
        ("--max-games", default.max_games,
         _("games in play at once, in all; past it no new room is made (default {value})")),
        ("--max-ai-waiting", default.max_ai_waiting,
         _("AI moves waiting for their turn, in all; past it no new room with an AI is made "
           "(default {value})")),
    ]
    for flag, value, text in counts:
        server.add_argument(flag, type=_count, default=value, metavar="N",
                            help=text.format(value=value))
    server.add_argument("--max-searches", type=_count, default=None, metavar="N",
                        help=_("hard and expert AIs thinking at once (default: one per "
                               "--ai-workers process, or one)"))
    seconds = [
        ("--lobby-expiry", default.keep_unstarted,
         _("seconds a room whose game never started is kept with nobody in it (default "
           "{value})")),
        ("--abandoned-expiry", default.keep_abandoned,
         _("seconds a game in play is kept with nobody in it; then it is forgotten (default "
           "{value})")),
        ("--finished-expiry", default.keep_finished,
         _("seconds a finished game is kept with nobody in it; its replay stays (default "
           "{value})")),
    ]
    for flag, keep, text in seconds:
        server.add_argument(flag, type=_seconds, default=keep, metavar="SECONDS",
                            help=text.format(value=int(keep)))
    server.add_argument("--flush-delay", type=_seconds, default=0.0, help=argparse.SUPPRESS)
    server.add_argument("--trust-proxy", action="store_true",
                        help=_("take each client's address from the X-Forwarded-For header "
                               "of a reverse proxy (only behind one)"))


def limits_of(args: argparse.Namespace) -> Limits:
    """The server's limits from its command line."""
    return Limits(
        max_connections=args.max_connections,
        max_connections_per_address=args.max_connections_per_address,
        max_rooms=args.max_rooms, max_rooms_per_address=args.max_rooms_per_address,
        max_ai_seats_per_address=args.max_ai_seats_per_address, max_games=args.max_games,
        max_ai_waiting=args.max_ai_waiting, max_searches=args.max_searches or 0, keep_unstarted=args.lobby_expiry,
        keep_abandoned=args.abandoned_expiry, keep_finished=args.finished_expiry)


def _port(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = -1
    if not 0 <= value <= 65535:
        raise argparse.ArgumentTypeError(
            _("a port is a whole number from 0 to 65535, not {text}").format(text=repr(text)))
    return value


def _url(text: str) -> str:
    problem = url_problem(text)
    if problem is not None:
        raise argparse.ArgumentTypeError(problem)
    return text


def _agent(text: str) -> str:
    kind = text.strip().lower()
    if kind not in LEVELS:
        raise argparse.ArgumentTypeError(_("unknown agent {kind}; use one of: {kinds}").format(
            kind=repr(text), kinds=", ".join(LEVELS)))
    return kind


def _seats(text: str) -> list[str]:
    kinds = [k.strip().lower() for k in text.split(",") if k.strip()]
    known = codes(kinds_where(Where.ROOM))
    if not 2 <= len(kinds) <= 5:
        raise argparse.ArgumentTypeError(
            _("--players needs 2 to 5 seats, got {count} in {spec}").format(
                count=len(kinds), spec=repr(text)))
    for kind in kinds:
        if kind not in known:
            raise argparse.ArgumentTypeError(
                _("unknown seat kind {kind}; use one of: {kinds}").format(
                    kind=repr(kind), kinds=", ".join(known)))
    return kinds


def add_commands(sub: Any, seed: Callable[[str], int]) -> None:
    """Add ``server``, ``room`` and ``client`` to the subcommands ``sub``."""
    server = sub.add_parser("server", help=_("run a game server for online play"))
    server.add_argument("--host", default="127.0.0.1",
                        help=_("address to listen on (0.0.0.0: every network; default "
                               "127.0.0.1)"))
    server.add_argument("--port", type=_port, default=0,
                        help=_("port to listen on (0: any free port)"))
    server.add_argument("--data", type=Path, default=None, metavar="DIR",
                        help=_("folder for the rooms and the finished games' replays (default: "
                               "the server folder in the game's data folder)"))
    server.add_argument("--ai-workers", type=_ai_workers, default=1, metavar="K",
                        help=_("processes for the hard and expert AIs (0: threads of the "
                               "server, which slow its answers while they think; default 1)"))
    server.add_argument("--ai-delay", type=float, default=0.5, metavar="SECONDS",
                        help=_("seconds an AI seat waits before it moves (time to take a move "
                               "back; default 0.5)"))
    server.add_argument("--allow-seeds", action="store_true",
                        help=_("let a room's creator fix its seed, so the draws can be known "
                               "(tests and tournaments; every seat is told in the lobby)"))
    _add_limits(server)
    room = sub.add_parser("room", help=_("create a room on a game server"))
    room.add_argument("--server", type=_url, required=True, metavar="URL",
                      help=_("the server's address, ws://HOST:PORT"))
    room.add_argument("--players", type=_seats, required=True, metavar="SEATS",
                      help=_("comma list of seats: remote (a player over the network) or an "
                             "AI kind: {kinds}").format(kinds=", ".join(LEVELS)))
    room.add_argument("--seed", type=seed, default=None,
                      help=_("integer seed for the bag and suns (only on a server started "
                             "with --allow-seeds)"))
    room.add_argument("--hide-scores", action="store_true",
                      help=_("each player sees only their own fame"))
    client = sub.add_parser("client", help=_("play a remote seat of a room headless"))
    client.add_argument("--server", type=_url, required=True, metavar="URL",
                        help=_("the server's address, ws://HOST:PORT"))
    client.add_argument("--room", required=True, metavar="CODE", help=_("the room's code"))
    client.add_argument("--agent", type=_agent, required=True, metavar="KIND",
                        help=_("who plays the seat: {kinds}").format(kinds=", ".join(LEVELS)))
    client.add_argument("--name", default=None, help=_("the name shown for the seat"))


def run(args: argparse.Namespace, emit: Callable[[str], int]) -> int:
    """Run ``server``, ``room`` or ``client``; raises :class:`CommandError`."""
    if args.command == "server":
        return serve(args, emit)
    if args.command == "room":
        return create_room(args, emit)
    return play_client(args, emit)


# -- server


def serve(args: argparse.Namespace, emit: Callable[[str], int]) -> int:
    """Serve until SIGINT or SIGTERM; the first stdout line is ``{"url": ...}``."""
    from .server.collector import CollectorPacing
    from .server.game_server import GameServer
    from .server.storage import DataFolderError

    logging.basicConfig(stream=sys.stderr, level=logging.WARNING,
                        format="ra-game server: %(message)s")
    logging.getLogger("websockets").setLevel(logging.CRITICAL)
    folder = args.data if args.data is not None else data_dir() / SERVER_DATA
    server = GameServer(folder, ai_workers=args.ai_workers, ai_delay=max(0.0, args.ai_delay),
                        allow_seeds=args.allow_seeds, limits=limits_of(args),
                        trust_proxy=args.trust_proxy, flush_delay=args.flush_delay)

    async def main() -> int:
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGINT, signal.SIGTERM):
            try:
                loop.add_signal_handler(sig, stop.set)
            except (NotImplementedError, RuntimeError):  # Windows: Ctrl+C stops asyncio.run
                pass
        try:
            port = await server.start(args.host, args.port)
        except DataFolderError as exc:
            raise CommandError(str(exc)) from None
        except OSError as exc:
            raise CommandError(_("cannot listen on {host} port {port}: {reason}").format(
                host=args.host, port=args.port, reason=exc.strerror or exc)) from None
        status = emit(json.dumps({"url": f"ws://{args.host}:{port}"}))
        pacing = asyncio.create_task(  # no long collector stops
            CollectorPacing(ended=lambda: server.ended).run())
        if status == 0:
            await stop.wait()
        pacing.cancel()
        await server.stop()
        return status

    try:
        return asyncio.run(main())
    except KeyboardInterrupt:
        return 0


# -- room


def create_room(args: argparse.Namespace, emit: Callable[[str], int]) -> int:
    from .client.session import NetSession

    session = NetSession(args.server)
    try:
        session.create_room(args.players, RoomOptions(hide_scores=args.hide_scores),
                            seed=args.seed)
        end = time.monotonic() + ROOM_TIMEOUT
        while time.monotonic() < end:
            for event in session.poll():
                if isinstance(event, RoomCreated):
                    return emit(json.dumps({"room": event.room, "host_token": event.host_token,
                                            "server": args.server}))
                if isinstance(event, (ServerError, ConnectionLost)):
                    raise CommandError(event.text if isinstance(event, ServerError)
                                       else event.reason)
            session.wait(0.2)
        raise CommandError(_("The server at {url} did not answer.").format(url=args.server))
    finally:
        session.close()


# -- client


def play_client(args: argparse.Namespace, emit: Callable[[str], int]) -> int:
    from .client.headless import ClientError, RemoteSeat

    seat = RemoteSeat(args.server, args.room, args.agent, args.name,
                      tell=lambda line: print(line, file=sys.stderr, flush=True))
    try:
        summary, _replay = seat.play()
    except ClientError as exc:
        raise CommandError(str(exc)) from None
    assert seat.state is not None
    return emit(json.dumps(seat.state.summary() if seat.state.over else summary))
