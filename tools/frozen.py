"""Frozen versions and other programs as players: each runs in its own process and is spoken to
over the line protocol of docs/player-protocol.md (:class:`LinePlayer`).

A frozen version is a commit of main's history named in ``tools/frozen_versions.json``
(``hard-v2``: ``{"commit": ..., "kind": "ai:hard"}``); :func:`checkout` makes its checkout once
(``git worktree add --detach`` under the repository's git directory, never in the tree) and
``tools/ra_player.py --checkout`` plays it with that commit's own ``ra_game``.  Any program that
speaks the protocol can sit at a seat as well (``tools/tournament.py --program``).
"""

from __future__ import annotations

import json
import shlex
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from ra_game.ai import Agent
from ra_game.engine import Move, Observation, replay_dict

ROOT = Path(__file__).resolve().parent.parent
VERSIONS_FILE = ROOT / "tools" / "frozen_versions.json"
PLAYER = ROOT / "tools" / "ra_player.py"
PROTOCOL = "ra-player/1"
#: Seconds to wait for a player's first line (it imports the game).
START_TIMEOUT = 60.0


class PlayerError(RuntimeError):
    """A player process broke the protocol, failed, or ended."""


@dataclass(frozen=True)
class FrozenVersion:
    """A past commit and the kind it plays (``ai:hard``)."""

    name: str
    commit: str
    kind: str


def versions(path: Path = VERSIONS_FILE) -> dict[str, FrozenVersion]:
    """The frozen versions by name."""
    data = json.loads(path.read_text(encoding="utf-8"))
    return {name: FrozenVersion(name, entry["commit"], entry["kind"])
            for name, entry in data.items()}


def git(*args: str) -> str:
    return subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True, timeout=120,
                          check=True).stdout.strip()


def checkout(version: FrozenVersion) -> Path:
    """The checkout of ``version``'s commit, made on first use (a detached worktree kept in the
    repository's git directory).  PlayerError when the commit is not in this clone."""
    place = Path(git("rev-parse", "--path-format=absolute", "--git-common-dir"))
    target = place / "ra-frozen" / version.commit[:12]
    if (target / "ra_game" / "__init__.py").is_file():
        return target
    try:
        git("cat-file", "-e", f"{version.commit}^{{commit}}")
    except subprocess.CalledProcessError:
        raise PlayerError(f"{version.name}: commit {version.commit[:12]} is not in this clone "
                          "(fetch main's whole history: git fetch --unshallow)") from None
    git("worktree", "prune")
    git("worktree", "add", "--detach", "--force", str(target), version.commit)
    return target


def frozen_command(version: FrozenVersion) -> list[str]:
    """The command that plays ``version`` (today's player script, the commit's own code)."""
    return [sys.executable, str(PLAYER), "--checkout", str(checkout(version))]


class LinePlayer(Agent):
    """An agent in another process: ``command`` speaks the line protocol, ``kind`` is what it is
    asked to play.  It needs the game's public history: :meth:`follow` gives it the list of
    moves the game appends to."""

    def __init__(self, command: list[str], kind: str, seed: int) -> None:
        super().__init__(seed)
        self.command, self.kind, self.seed = command, kind, seed
        self.level = kind
        self.moves: list[str] = []
        #: Trees cut short in its searches so far (reported by the player on ``info cut`` lines).
        self.cut_short = 0
        self._process: subprocess.Popen[str] | None = None

    def follow(self, moves: list[str]) -> None:
        """Read the game's moves from ``moves`` (the caller appends each move played)."""
        self.moves = moves

    def _start(self) -> subprocess.Popen[str]:
        if self._process is None:
            try:
                self._process = subprocess.Popen(
                    self.command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                    bufsize=1)
            except OSError as exc:
                raise PlayerError(f"cannot start {shlex.join(self.command)}: {exc}") from None
            self._expect("ready")
            self._send(f"new {self.kind} {self.seed}")
            self._expect("ok")
        return self._process

    def _send(self, line: str) -> None:
        assert self._process is not None and self._process.stdin is not None
        try:
            self._process.stdin.write(line + "\n")
            self._process.stdin.flush()
        except OSError as exc:
            raise PlayerError(f"{self.kind}: the player process ended ({exc})") from None

    def _read(self) -> str:
        assert self._process is not None and self._process.stdout is not None
        line = self._process.stdout.readline()
        if not line:
            raise PlayerError(f"{self.kind}: the player process ended "
                              f"(exit {self._process.poll()})")
        return line.strip()

    def _expect(self, word: str) -> str:
        line = self._read()
        head, _, rest = line.partition(" ")
        if head == "error":
            raise PlayerError(f"{self.kind}: {rest}")
        if head != word:
            raise PlayerError(f"{self.kind}: expected {word!r}, got {line[:80]!r}")
        return rest

    def begin(self, obs: Observation) -> None:
        self._start()
        doc = replay_dict(obs.state, self.moves, ["ai"] * obs.state.n)
        self._send("position " + json.dumps(doc, separators=(",", ":")))
        while True:
            line = self._read()
            head, _, rest = line.partition(" ")
            if head == "info":
                words = rest.split()
                if words[:1] == ["cut"] and len(words) > 1 and words[1].isdigit():
                    self.cut_short += int(words[1])
                continue
            if head == "error":
                raise PlayerError(f"{self.kind}: {rest}")
            if head != "move":
                raise PlayerError(f"{self.kind}: expected a move, got {line[:80]!r}")
            try:
                action = Move.parse(rest).action
            except ValueError as exc:
                raise PlayerError(f"{self.kind}: not a move: {rest[:40]!r} ({exc})") from None
            if action not in obs.state.legal_actions():
                raise PlayerError(f"{self.kind}: illegal move {rest!r}")
            self._choice = action
            return

    def close(self) -> None:
        """End the player process."""
        process, self._process = self._process, None
        if process is None:
            return
        try:
            self._send_to(process, "quit")
            process.wait(timeout=5)
        except (OSError, subprocess.TimeoutExpired):
            process.kill()
            process.wait(timeout=5)

    @staticmethod
    def _send_to(process: subprocess.Popen[str], line: str) -> None:
        if process.stdin is not None:
            process.stdin.write(line + "\n")
            process.stdin.flush()
            process.stdin.close()
