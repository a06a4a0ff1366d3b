"""The window's "Host a game": the same :class:`~ra_game.net.server.game_server.GameServer` as
``ra-game server``, on a background thread with its own asyncio loop.

``EmbeddedServer(data_dir).start()`` returns the ``ws://127.0.0.1:PORT`` address for this
window's own sessions; :meth:`EmbeddedServer.lan_urls` the addresses to tell friends on the
same network; :meth:`EmbeddedServer.stop` ends it (the rooms stay saved under ``data_dir``).
Its limits (:data:`~ra_game.net.server.limits.LAN`) suit a game among friends on one network.
"""

from __future__ import annotations

import asyncio
import socket
import threading
from pathlib import Path

from .game_server import GameServer
from .limits import LAN, Limits
from .storage import DataFolderError

START_TIMEOUT = 10.0


def local_addresses() -> list[str]:
    """This computer's IPv4 addresses others on the network may reach (no loopback)."""
    found: list[str] = []
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:  # no packet is sent: connecting a UDP socket only picks the outgoing interface
        probe.connect(("10.255.255.255", 1))
        found.append(probe.getsockname()[0])
    except OSError:
        pass
    finally:
        probe.close()
    try:
        found += socket.gethostbyname_ex(socket.gethostname())[2]
    except OSError:
        pass
    return [a for i, a in enumerate(found) if not a.startswith("127.") and a not in found[:i]]


class EmbeddedServer:
    """A game server for the LAN, run beside the window."""

    def __init__(self, data_dir: Path, host: str = "0.0.0.0", port: int = 0,
                 ai_workers: int = 0, ai_delay: float = 0.5, allow_seeds: bool = False,
                 limits: Limits = LAN) -> None:
        self.host = host
        self.port = port
        self.server = GameServer(data_dir, ai_workers=ai_workers, ai_delay=ai_delay,
                                 allow_seeds=allow_seeds, limits=limits)
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._stop: asyncio.Event | None = None
        self._started = threading.Event()
        self._error: BaseException | None = None

    def start(self) -> str:
        """Start serving; the address for this computer's own sessions.  Raises OSError when
        the port cannot be opened, :class:`~ra_game.net.server.storage.DataFolderError` when the data
        folder cannot be written or another server uses it."""
        self._thread = threading.Thread(target=self._run, name="ra-server", daemon=True)
        self._thread.start()
        self._started.wait(START_TIMEOUT)
        if isinstance(self._error, DataFolderError):
            raise self._error
        if self._error is not None:
            raise OSError(str(self._error)) from self._error
        return f"ws://127.0.0.1:{self.port}"

    def lan_urls(self) -> list[str]:
        """The addresses friends on this network can join (``ws://192.168.1.20:PORT``)."""
        if self.host not in ("0.0.0.0", "", "::"):
            return [f"ws://{self.host}:{self.port}"]
        return [f"ws://{a}:{self.port}" for a in local_addresses()]

    def stop(self) -> None:
        """Stop serving (waits at most a few seconds)."""
        loop, stop = self._loop, self._stop
        if loop is not None and stop is not None and not loop.is_closed():
            try:
                loop.call_soon_threadsafe(stop.set)
            except RuntimeError:
                pass
        if self._thread is not None:
            self._thread.join(5.0)

    def _run(self) -> None:
        loop = self._loop = asyncio.new_event_loop()
        try:
            loop.run_until_complete(self._main())
        except BaseException as exc:  # noqa: BLE001 - reported to start()
            self._error = exc
        finally:
            self._started.set()
            loop.close()

    async def _main(self) -> None:
        self._stop = asyncio.Event()
        try:
            self.port = await self.server.start(self.host, self.port)
            await self.server.loaded()  # the window's few rooms: loaded before it says so
        except BaseException:
            self.server.store_close()  # another try (another port) may take the folder
            raise
        self._started.set()
        try:
            await self._stop.wait()
        finally:
            await self.server.stop()
