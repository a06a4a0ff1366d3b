"""``ra-game server`` as a process: it refuses, in one line with exit status 2, a data folder it
cannot write and one another server holds; ``ra-game room --seed`` needs a server started with
``--allow-seeds``, and then the headless client says the seed is fixed."""

from __future__ import annotations

import signal
from pathlib import Path

import pytest

from .processes import ServerProcess, client, new_room, one_line, run

pytestmark = pytest.mark.slow  # processes: each test takes seconds


def test_a_second_server_on_the_same_data_folder_stops_with_one_line(tmp_path: Path,
                                                                      home: Path) -> None:
    data = tmp_path / "data"
    first = ServerProcess(home, data)
    try:
        line = one_line(run(home, "server", "--port", "0", "--data", str(data), timeout=30))
        assert "Another game server" in line and str(data) in line
    finally:
        first.stop(signal.SIGKILL)
    after = ServerProcess(home, data)  # the system dropped the killed server's lock
    assert after.stop()[0] == 0


def test_a_data_folder_it_cannot_write_stops_the_server_with_one_line(tmp_path: Path,
                                                                      home: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    line = one_line(run(home, "server", "--port", "0", "--data", str(blocker / "data"),
                        timeout=30))
    assert "cannot write to its data folder" in line


def test_a_fixed_seed_needs_allow_seeds_and_every_client_is_told(tmp_path: Path,
                                                                 home: Path) -> None:
    public = ServerProcess(home, tmp_path / "public")
    try:
        line = one_line(run(home, "room", "--server", public.url, "--players", "remote,remote",
                            "--seed", "5"))
        assert "seed" in line
    finally:
        public.stop(signal.SIGKILL)
    seeded = ServerProcess(home, tmp_path / "seeded", extra=("--allow-seeds",))
    try:
        room = new_room(home, seeded.url, "remote,random", "--seed", "5")
        proc = client(home, seeded.url, room, "random", "Ana")
        out, err = proc.communicate(timeout=120)
        assert proc.returncode == 0, err
        assert err.count("Fixed seed") == 1 and err.count("\n") == 1  # told once, one line
        assert '"over": true' in out
    finally:
        seeded.stop(signal.SIGKILL)
