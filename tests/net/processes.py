"""Helpers of the command-line tests: ``ra-game server`` and ``ra-game client`` processes."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]


def env(home: Path) -> dict[str, str]:
    return {**os.environ, "RA_GAME_HOME": str(home), "PYTHONUNBUFFERED": "1"}


def ra_game(home: Path, *args: str) -> list[str]:
    return [sys.executable, "-m", "ra_game", *args]


class ServerProcess:
    """``ra-game server`` on 127.0.0.1 with ``--data``; :attr:`url` from its first line."""

    def __init__(self, home: Path, data: Path, port: int = 0, ai_delay: float = 0.0,
                 extra: tuple[str, ...] = ()) -> None:
        self.proc = subprocess.Popen(
            ra_game(home, "server", "--host", "127.0.0.1", "--port", str(port), "--data",
                    str(data), "--ai-delay", str(ai_delay), *extra),
            cwd=ROOT, env=env(home), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        self.url: str = json.loads(line)["url"]
        self.port = int(self.url.rsplit(":", 1)[1])

    def stop(self, sig: int = signal.SIGTERM) -> tuple[int, str]:
        self.proc.send_signal(sig)
        _out, err = self.proc.communicate(timeout=20)
        return self.proc.returncode, err


def run(home: Path, *args: str, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    return subprocess.run(ra_game(home, *args), check=False, cwd=ROOT, env=env(home), capture_output=True,
                          text=True, timeout=timeout)


def client(home: Path, url: str, room: str, agent: str, name: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        ra_game(home, "client", "--server", url, "--room", room, "--agent", agent, "--name",
                name),
        cwd=ROOT, env=env(home), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def finish(proc: subprocess.Popen[str], timeout: float = 120) -> dict[str, Any]:
    """The summary a client printed; it must exit 0 with nothing on stderr."""
    out, err = proc.communicate(timeout=timeout)
    assert proc.returncode == 0, err
    assert err == ""
    summary: dict[str, Any] = json.loads(out)
    return summary


def new_room(home: Path, url: str, players: str, *extra: str) -> str:
    done = run(home, "room", "--server", url, "--players", players, *extra)
    assert done.returncode == 0, done.stderr
    room: str = json.loads(done.stdout)["room"]
    return room


def one_line(done: subprocess.CompletedProcess[str]) -> str:
    """The one line a command that failed (exit 2) wrote on stderr, and nothing on stdout."""
    err = done.stderr
    assert done.returncode == 2, err
    assert done.stdout == ""
    assert err.count("\n") == 1 and err.startswith("ra-game: ") and "Traceback" not in err
    return err
