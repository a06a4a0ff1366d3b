"""A player process that speaks the Ra line protocol (docs/player-protocol.md) on stdin/stdout:
an observation in (the public history as a one-line replay document), a move out (the game's
notation).  It plays any kind of ``ra_game.ai`` (``ai:hard``, ``hard-learned``...).

    python3 tools/ra_player.py                  # plays the kind each 'new' line names
    python3 tools/ra_player.py --kind ai:hard   # always hard
    python3 tools/ra_player.py --checkout DIR   # with the ra_game of another checkout

With ``--checkout DIR`` the ``ra_game`` package is imported from DIR (a checkout of an older
commit, made by ``git worktree add --detach``), so a frozen version plays with its own code while
this script stays today's.  The script uses only what every version since the replay format has:
``parse_replay``, ``Move``, ``GameState.observation`` and ``ra_game.ai.make_agent``.  Searches of
a fixed iteration count run without a time cap (``--cap`` keeps the game's), so every side of a
measured match does its full work; trees cut short anyway are reported on an ``info`` line.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import IO, Any

PROTOCOL = "ra-player/1"
#: A tree's time limit when uncapped: none in practice (the work is fixed).
NO_CAP = 1e9


def uncap(agent: Any) -> None:
    """Remove the wall-clock cap of a fixed-iteration search (``budget``: a ``SearchBudget``)."""
    budget = getattr(agent, "budget", None)
    if dataclasses.is_dataclass(budget) and getattr(budget, "iterations", None) is not None:
        agent.budget = dataclasses.replace(budget, cap=NO_CAP)  # type: ignore[type-var]


def trees_cut_short(agent: Any) -> int:
    """Trees of the last decision that did fewer iterations than their job asked for."""
    jobs = getattr(agent, "_jobs", [])
    results = getattr(agent, "_results", [])
    return sum(1 for job, result in zip(jobs, results)
               if job.iterations is not None and result.iterations < job.iterations)


class Player:
    """One agent at a time (``new``), asked for moves (``position``)."""

    def __init__(self, capped: bool, kind: str | None = None) -> None:
        from ra_game.ai import make_agent
        from ra_game.engine import Move, parse_replay

        self.make_agent = make_agent
        self.parse_replay = parse_replay
        self.move = Move
        self.capped = capped
        self.kind = kind
        self.agent: Any = None

    def new(self, kind: str, seed: int) -> str:
        self.agent = self.make_agent(self.kind or kind, seed)
        if not self.capped:
            uncap(self.agent)
        return "ok"

    def position(self, document: str) -> list[str]:
        if self.agent is None:
            raise ValueError("no agent: send 'new KIND SEED' first")
        state = self.parse_replay(json.loads(document)).play()
        if state.over:
            raise ValueError("the game is over")
        action = self.agent.choose(state.observation(state.current))
        text: str = self.move.from_action(action).text
        return [f"info cut {trees_cut_short(self.agent)}", f"move {text}"]


def serve(player: Player, lines: IO[str], out: IO[str]) -> None:
    """Answer each command line until ``quit`` or the end of input."""
    print(f"ready {PROTOCOL}", file=out, flush=True)
    for line in lines:
        command, _, rest = line.strip().partition(" ")
        try:
            if command == "quit":
                return
            if command == "new":
                kind, seed = rest.split()
                replies = [player.new(kind, int(seed))]
            elif command == "position":
                replies = player.position(rest)
            elif not command:
                continue
            else:
                raise ValueError(f"unknown command {command!r}")
        except Exception as exc:  # noqa: BLE001 - one line back, the process goes on
            replies = [f"error {type(exc).__name__}: {' '.join(str(exc).split())}"]
        for reply in replies:
            print(reply, file=out, flush=True)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--checkout", type=Path, default=None,
                        help="import ra_game from this checkout (a frozen version)")
    parser.add_argument("--kind", default=None,
                        help="play this kind whatever 'new' names (e.g. ai:hard)")
    parser.add_argument("--cap", action="store_true",
                        help="keep the game's wall-clock cap of a search")
    args = parser.parse_args(argv)
    root = args.checkout or Path(__file__).resolve().parent.parent
    if not (root / "ra_game" / "__init__.py").is_file():
        print(f"ra_player: error: no ra_game package in {root}", file=sys.stderr)
        return 2
    sys.path.insert(0, str(root.resolve()))
    serve(Player(args.cap, args.kind), sys.stdin, sys.stdout)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
