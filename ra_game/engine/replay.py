"""Replay files (``*.ra.json``, format ``ra-replay/1``) as NOTATION.md defines them.

:func:`load_replay` reads and validates a file into a :class:`Replay`; :meth:`Replay.play`
replays its moves, raising :class:`ReplayError` naming ``move N`` at the first illegal one;
:func:`replay_dict` builds what a finished or running game needs to replay on any engine that
follows the rules (the sun sets and the tiles actually drawn, in order); the engine writes no
files (``ra_game.files.replays.save_replay`` writes one atomically).
"""

from __future__ import annotations

import json
import os
import stat
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .errors import N_, IllegalMoveError, NotationError, ReplayError
from .moves import Move
from .state import GameState
from .tiles import SUN_SETS, TILE_BY_ID, TILE_IDS

if TYPE_CHECKING:  # (a type only: the engine imports nothing outside itself)
    from ..jsontypes import JsonObject

FORMAT = "ra-replay/1"
#: A replay file larger than this is refused unread (a whole game is a few kilobytes).
MAX_REPLAY_BYTES = 2_000_000


@dataclass
class Replay:
    """A parsed replay: the set-up and the moves, not yet played."""

    players: list[dict[str, str]]
    moves: list[str]
    suns: list[list[int]] | None = None
    bag: list[int] | None = None
    seed: int = 0
    extra: dict[str, Any] = field(default_factory=dict)

    def initial_state(self) -> GameState:
        """The state before the first move."""
        names = [p.get("name") or f"Player {i + 1}" for i, p in enumerate(self.players)]
        try:
            return GameState.new(len(self.players), self.seed, self.suns, self.bag, names)
        except ValueError as exc:
            raise ReplayError(N_("not a valid replay: {reason}"), reason=exc) from None

    def play(self, upto: int | None = None) -> GameState:
        """The state after the moves (the first ``upto`` of them if given)."""
        state = self.initial_state()
        for index, text in enumerate(self.moves[:upto]):
            try:
                state.apply(Move.parse(text))
            except (IllegalMoveError, NotationError) as exc:
                shown = text if len(text) <= 60 else text[:57] + "..."
                raise ReplayError(N_("move {index} {move} is illegal: {reason}"), index=index,
                                  move=repr(shown), reason=exc) from None
        return state


def _players(data: dict[str, Any]) -> list[dict[str, str]]:
    players = data.get("players")
    if not isinstance(players, list) or not 2 <= len(players) <= 5:
        raise ReplayError(N_("not a valid replay: 'players' must list 2 to 5 players"))
    out = []
    for p in players:
        if not isinstance(p, dict) or not isinstance(p.get("name", ""), str):
            raise ReplayError(N_("not a valid replay: each player must be an object with a 'name'"))
        # a kind absent or not text is kept empty: the reader decides what an unknown one is
        kind = p.get("kind")
        out.append({"name": str(p.get("name", "")), "kind": kind if isinstance(kind, str) else ""})
    return out


def _suns(data: dict[str, Any], n: int) -> list[list[int]] | None:
    suns = data.get("suns")
    if suns is None:
        return None
    if not isinstance(suns, list) or not all(
        isinstance(s, list) and all(isinstance(x, int) and not isinstance(x, bool) for x in s)
        for s in suns
    ):
        raise ReplayError(N_("not a valid replay: 'suns' must be a list of lists of sun numbers"))
    if sorted(tuple(sorted(s, reverse=True)) for s in suns) != sorted(SUN_SETS[n]):
        raise ReplayError(
            N_("not a valid replay: 'suns' are not the sun sets for {players} players"), players=n)
    return suns


def _bag(data: dict[str, Any]) -> list[int] | None:
    bag = data.get("bag")
    if bag is None:
        return None
    if not isinstance(bag, list) or not all(isinstance(t, str) for t in bag):
        raise ReplayError(N_("not a valid replay: 'bag' must be a list of tile ids"))
    unknown = [t for t in bag if t not in TILE_BY_ID]
    if unknown:
        raise ReplayError(N_("not a valid replay: unknown tile {tile_id} in 'bag'"),
                          tile_id=repr(unknown[0]))
    return [TILE_BY_ID[t] for t in bag]


def parse_replay(data: Any) -> Replay:
    """Validate a decoded JSON document as a replay."""
    if not isinstance(data, dict):
        raise ReplayError(N_("not a valid replay: the file must hold a JSON object"))
    if data.get("format") != FORMAT:
        raise ReplayError(N_("not a valid replay: 'format' must be {expected}, not {found}"),
                          expected=repr(FORMAT), found=repr(data.get("format")))
    players = _players(data)
    seed = data.get("seed", 0)  # absent means 0: a replay file always means one game
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise ReplayError(N_("not a valid replay: 'seed' must be an integer"))
    suns, bag = _suns(data, len(players)), _bag(data)
    if "moves" not in data:
        raise ReplayError(N_("not a valid replay: 'moves' is required (it may be an empty list)"))
    moves = data["moves"]
    if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
        raise ReplayError(N_("not a valid replay: 'moves' must be a list of move strings"))
    known = {"format", "players", "suns", "bag", "seed", "moves"}
    replay = Replay(players, moves, suns, bag, seed,
                    {k: v for k, v in data.items() if k not in known})
    replay.initial_state()  # checks tile counts
    return replay


def _read_text(path: str | Path) -> str:
    """The text of a regular replay file of bounded size, read once (a FIFO is never opened)."""
    try:
        info = os.stat(path)
        if not stat.S_ISREG(info.st_mode):
            raise ReplayError(N_("not a valid replay: {path} is not a regular file"), path=path)
        if info.st_size > MAX_REPLAY_BYTES:
            raise ReplayError(N_("not a valid replay: {path} is too large ({size} bytes)"),
                              path=path, size=info.st_size)
        with open(path, "rb") as fh:
            data = fh.read(MAX_REPLAY_BYTES + 1)
    except OSError as exc:
        raise ReplayError(N_("cannot read {path}: {reason}"), path=path,
                          reason=exc.strerror or exc) from None
    if len(data) > MAX_REPLAY_BYTES:
        raise ReplayError(N_("not a valid replay: {path} is too large"), path=path)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise ReplayError(N_("not a valid replay: the file is not UTF-8 text")) from None


def load_replay(path: str | Path) -> Replay:
    """Read a replay file; raises :class:`ReplayError` with a one-line reason."""
    text = _read_text(path)
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ReplayError(N_("not a valid replay: not JSON ({reason} at line {line})"),
                          reason=exc.msg, line=exc.lineno) from None
    except RecursionError:
        raise ReplayError(
            N_("not a valid replay: not JSON this game can read (nested too deeply)")) from None
    except ValueError:
        raise ReplayError(
            N_("not a valid replay: not JSON this game can read (a number is too long)")
        ) from None
    return parse_replay(data)


def replay_dict(
    state: GameState,
    moves: list[str],
    kinds: list[str],
    seed: int | None = None,
) -> JsonObject:
    """The replay document for a game that reached ``state`` by ``moves`` from its start;
    ``kinds``: the seats' kinds as written (``human``, ``ai:hard``...)."""
    doc: JsonObject = {
        "format": FORMAT,
        "players": [{"name": name, "kind": kind} for name, kind in zip(state.names, kinds)],
        "suns": [list(s) for s in state.initial_suns],
        "bag": [TILE_IDS[t] for t in state.drawn],
    }
    if seed is not None:
        doc["seed"] = seed
    doc["moves"] = list(moves)
    return doc
