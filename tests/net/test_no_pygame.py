"""Online play needs no window: the server, the protocol, the client's copy of the game, the
online seat controller (the window's too), the window's links and the sessions import with
pygame blocked."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

CHECK = """
    import sys
    sys.modules["pygame"] = None
    import ra_game.net.server.game_server, ra_game.net.client.session, ra_game.net.server.embedded, ra_game.net.wire.mirror
    import ra_game.net.client.headless, ra_game.net.commands, ra_game.net.client.online_seat, ra_game.net.client.window_link
    assert "pygame" not in [m for m in sys.modules if sys.modules[m] is not None]
    print("ok")
"""


def test_the_net_package_imports_without_pygame() -> None:
    done = subprocess.run([sys.executable, "-c", textwrap.dedent(CHECK)], cwd=ROOT,
                          capture_output=True, text=True, check=False, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout == "ok\n"
