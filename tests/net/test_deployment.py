"""docs/server.md's deployment as written: its nginx sample (copied from the page as
``tools/check_nginx_sample.py`` does) in front of ``ra-game server`` started with the systemd
unit's own arguments.  A hundred players from ten addresses all get in and start their games
(more than the 64 connections one address may hold: the proxy is not counted as one), and
addresses a client forges in ``X-Forwarded-For`` are not believed.  Needs nginx and openssl
(``.ci/run`` installs nginx where it can); skipped with the reason elsewhere."""

from __future__ import annotations

import asyncio
import json
import re
import shutil
import signal
import ssl
import subprocess
import sys
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import InvalidStatus

from tools.check_nginx_sample import free_port, local_config, sample_config

from .processes import ROOT

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(shutil.which("nginx") is None or shutil.which("openssl") is None,
                       reason="nginx or openssl is not installed (.ci/run installs nginx from "
                              "Debian's packages where it runs as root)"),
]


def unit_arguments(port: int, data: Path) -> list[str]:
    """The ``ra-game`` arguments of the systemd unit's ``ExecStart`` in docs/server.md, with
    this test's port and data folder."""
    text = (ROOT / "docs" / "server.md").read_text(encoding="utf-8")
    found = re.search(r"^ExecStart=\S*/ra-game (.*)$", text, re.MULTILINE)
    assert found, "no ExecStart line in docs/server.md"
    args = found.group(1).split()
    args[args.index("--port") + 1] = str(port)
    args[args.index("--data") + 1] = str(data)
    return args


@pytest.fixture
def proxied(tmp_path: Path) -> Iterator[tuple[str, ssl.SSLContext]]:
    """nginx with the page's sample in front of the server run as the unit runs it: the
    proxy's URL and a TLS context trusting its certificate."""
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout",
                    str(tmp_path / "key.pem"), "-out", str(tmp_path / "cert.pem"), "-days", "1",
                    "-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost"],
                   check=True, capture_output=True)
    tls_port, game_port = free_port(), free_port()
    conf = tmp_path / "nginx.conf"
    conf.write_text(local_config(sample_config(), tmp_path, tls_port, game_port))
    subprocess.run(["nginx", "-t", "-c", str(conf)], check=True, capture_output=True)
    args = unit_arguments(game_port, tmp_path / "data")
    assert "--trust-proxy" in args
    server = subprocess.Popen([sys.executable, "-m", "ra_game", *args], cwd=ROOT,
                              stdout=subprocess.PIPE, text=True,
                              env={"RA_GAME_HOME": str(tmp_path / "home"), "PATH": ""})
    nginx = subprocess.Popen(["nginx", "-c", str(conf), "-g", "daemon off;"])
    try:
        assert server.stdout is not None
        assert "url" in json.loads(server.stdout.readline())
        context = ssl.create_default_context(cafile=str(tmp_path / "cert.pem"))
        yield f"wss://127.0.0.1:{tls_port}/ra/", context
    finally:
        for process in (nginx, server):  # at once, whatever is still open
            process.send_signal(signal.SIGTERM)
        for process in (nginx, server):
            try:
                process.wait(20)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait(5)


async def _open(url: str, context: ssl.SSLContext, address: str,
                forged: str | None = None) -> ClientConnection | int:
    """A connection through the proxy from ``address`` (claiming ``forged`` in its own
    ``X-Forwarded-For``), or the HTTP status that refused it."""
    headers = [] if forged is None else [("X-Forwarded-For", forged)]
    try:
        return await connect(url, ssl=context, server_hostname="localhost",
                             local_addr=(address, 0), additional_headers=headers,
                             open_timeout=30)
    except InvalidStatus as exc:
        return exc.response.status_code


async def _next(ws: ClientConnection, kind: str) -> dict[str, object]:
    while (msg := json.loads(await asyncio.wait_for(ws.recv(), 30)))["type"] != kind:
        assert msg["type"] != "error", msg
    return dict(msg)


async def _pair(url: str, context: ssl.SSLContext, address: str) -> int:
    """Two players from ``address`` make a room, join it and see their game start; 2."""
    host, guest = await _open(url, context, address), await _open(url, context, address)
    assert isinstance(host, ClientConnection) and isinstance(guest, ClientConnection)
    await host.send(json.dumps({"v": 1, "type": "create", "seats": ["remote", "remote"]}))
    room = (await _next(host, "room_created"))["room"]
    for ws, name in ((host, "Ana"), (guest, "Bob")):
        await ws.send(json.dumps({"v": 1, "type": "join", "room": room, "name": name}))
    for ws in (host, guest):
        await _next(ws, "game_started")
    for ws in (host, guest):
        await ws.close()
    return 2


def test_a_hundred_players_from_ten_addresses_play_behind_the_pages_nginx(
        proxied: tuple[str, ssl.SSLContext]) -> None:
    url, context = proxied

    async def main() -> int:
        pairs = [_pair(url, context, f"127.0.0.{2 + n % 10}") for n in range(50)]
        return sum(await asyncio.gather(*pairs))

    assert asyncio.run(main()) == 100


def test_forged_forwarded_addresses_are_not_believed(
        proxied: tuple[str, ssl.SSLContext]) -> None:
    """Seventy connections from one address, each claiming another: the 64 of one address."""
    url, context = proxied

    async def main() -> Counter[str]:
        opened = [await _open(url, context, "127.0.0.20", f"198.51.100.{n}") for n in range(70)]
        outcome = Counter("open" if isinstance(o, ClientConnection) else str(o) for o in opened)
        other = await _open(url, context, "127.0.0.21")  # another address still gets in
        outcome["other address"] += isinstance(other, ClientConnection)
        for ws in [*opened, other]:
            if isinstance(ws, ClientConnection):
                await ws.close()
        return outcome

    assert asyncio.run(main()) == Counter({"open": 64, "503": 6, "other address": 1})
