"""Replay files (``*.ra.json``, format ``ra-replay/1``) as NOTATION.md defines them.

:func:`load_replay` reads and validates a file into a :class:`Replay`; :meth:`Replay.play`
replays its moves, raising :class:`ReplayError` naming ``move N`` at the first illegal one;
:func:`replay_dict` / :func:`save_replay` write what a finished or running game needs to replay
on any engine that follows the rules (the sun sets and the tiles actually drawn, in order).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .errors import IllegalMoveError, NotationError, ReplayError
from .moves import Move
from .state import GameState
from .tiles import SUN_SETS, TILE_BY_ID, TILE_IDS

FORMAT = "ra-replay/1"


@dataclass
class Replay:
    """A parsed replay: the set-up and the moves, not yet played."""

    players: list[dict[str, str]]
    moves: list[str]
    suns: list[list[int]] | None = None
    bag: list[int] | None = None
    seed: int | None = None
    extra: dict[str, Any] = field(default_factory=dict)

    def initial_state(self) -> GameState:
        """The state before the first move."""
        names = [p.get("name") or f"Player {i + 1}" for i, p in enumerate(self.players)]
        try:
            return GameState.new(len(self.players), self.seed, self.suns, self.bag, names)
        except ValueError as exc:
            raise ReplayError(f"not a valid replay: {exc}") from None

    def play(self, upto: int | None = None) -> GameState:
        """The state after the moves (the first ``upto`` of them if given)."""
        state = self.initial_state()
        for index, text in enumerate(self.moves[:upto]):
            try:
                state.apply(Move.parse(text))
            except (IllegalMoveError, NotationError) as exc:
                raise ReplayError(f"move {index} {text!r} is illegal: {exc}") from None
        return state


def _fail(why: str) -> ReplayError:
    return ReplayError(f"not a valid replay: {why}")


def _players(data: dict[str, Any]) -> list[dict[str, str]]:
    players = data.get("players")
    if not isinstance(players, list) or not 2 <= len(players) <= 5:
        raise _fail("'players' must list 2 to 5 players")
    out = []
    for p in players:
        if not isinstance(p, dict) or not isinstance(p.get("name", ""), str):
            raise _fail("each player must be an object with a 'name'")
        out.append({"name": str(p.get("name", "")), "kind": str(p.get("kind", "human"))})
    return out


def _suns(data: dict[str, Any], n: int) -> list[list[int]] | None:
    suns = data.get("suns")
    if suns is None:
        return None
    if not isinstance(suns, list) or not all(
        isinstance(s, list) and all(isinstance(x, int) and not isinstance(x, bool) for x in s)
        for s in suns
    ):
        raise _fail("'suns' must be a list of lists of sun numbers")
    if sorted(tuple(sorted(s, reverse=True)) for s in suns) != sorted(SUN_SETS[n]):
        raise _fail(f"'suns' are not the sun sets for {n} players")
    return suns


def _bag(data: dict[str, Any]) -> list[int] | None:
    bag = data.get("bag")
    if bag is None:
        return None
    if not isinstance(bag, list) or not all(isinstance(t, str) for t in bag):
        raise _fail("'bag' must be a list of tile ids")
    unknown = [t for t in bag if t not in TILE_BY_ID]
    if unknown:
        raise _fail(f"unknown tile {unknown[0]!r} in 'bag'")
    return [TILE_BY_ID[t] for t in bag]


def parse_replay(data: Any) -> Replay:
    """Validate a decoded JSON document as a replay."""
    if not isinstance(data, dict):
        raise _fail("the file must hold a JSON object")
    if data.get("format") != FORMAT:
        raise _fail(f"'format' must be {FORMAT!r}, not {data.get('format')!r}")
    players = _players(data)
    seed = data.get("seed")
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
        raise _fail("'seed' must be an integer")
    moves = data.get("moves", [])
    if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
        raise _fail("'moves' must be a list of move strings")
    known = {"format", "players", "suns", "bag", "seed", "moves"}
    replay = Replay(
        players, moves, _suns(data, len(players)), _bag(data), seed,
        {k: v for k, v in data.items() if k not in known},
    )
    replay.initial_state()  # checks tile counts
    return replay


def load_replay(path: str | Path) -> Replay:
    """Read a replay file; raises :class:`ReplayError` with a one-line reason."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise ReplayError(f"cannot read {path}: {exc.strerror or exc}") from None
    except UnicodeDecodeError:
        raise _fail("the file is not UTF-8 text") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise _fail(f"not JSON ({exc.msg} at line {exc.lineno})") from None
    return parse_replay(data)


def replay_dict(
    state: GameState,
    moves: list[str],
    kinds: list[str] | None = None,
    seed: int | None = None,
) -> dict[str, Any]:
    """The replay document for a game that reached ``state`` by ``moves`` from its start."""
    kinds = kinds or ["human"] * state.n
    doc: dict[str, Any] = {
        "format": FORMAT,
        "players": [{"name": name, "kind": kind} for name, kind in zip(state.names, kinds)],
        "suns": [list(s) for s in state.initial_suns],
        "bag": [TILE_IDS[t] for t in state.drawn],
    }
    if seed is not None:
        doc["seed"] = seed
    doc["moves"] = list(moves)
    return doc


def save_replay(path: str | Path, doc: dict[str, Any]) -> None:
    """Write a replay document atomically (a crash never leaves half a file)."""
    target = Path(path)
    tmp = target.with_name(target.name + ".tmp")
    tmp.write_text(json.dumps(doc, indent=1) + "\n", encoding="utf-8")
    tmp.replace(target)
