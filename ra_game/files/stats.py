"""The player's statistics: ``stats.json`` in the user data folder.

Every finished game with exactly one person at the table (the others AI seats) is added by
:func:`record_game`: games played and won by number of players and by opponent level (a game
counts once for each AI level sitting at the table), best and total score, the current and the
longest winning streak, and the hints used (fed by the play scene; 0 until hints exist).
Writes are atomic; a damaged file is set aside (``stats.damaged-<time>.json``) and the
statistics start again, with a one-line notice, never a crash.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..jsontypes import ShapeError, read_as
from ..text.i18n import _
from .safefile import BadFile, read_json_bounded
from .settings import data_dir, write_json_atomic

if TYPE_CHECKING:
    from ..engine import GameState
    from ..table.seat_kinds import SeatKind

STATS_FILE = "stats.json"
VERSION = 1
#: The largest statistics file read (a real one is well under a kilobyte).
MAX_STATS_BYTES = 100_000


@dataclass
class Record:
    """Games played and won in one group."""

    played: int = 0
    won: int = 0

    @property
    def rate(self) -> float:
        return self.won / self.played if self.played else 0.0


@dataclass
class Stats:
    """Everything the statistics screen shows."""

    games: int = 0
    wins: int = 0
    by_players: dict[str, Record] = field(default_factory=dict)
    by_level: dict[str, Record] = field(default_factory=dict)
    best_score: int | None = None
    total_score: int = 0
    streak: int = 0
    longest_streak: int = 0
    hints_used: int = 0

    @property
    def average_score(self) -> float | None:
        return self.total_score / self.games if self.games else None

    def add(self, players: int, levels: list[str], score: int, won: bool, hints: int) -> None:
        """Count one finished game."""
        self.games += 1
        self.wins += won
        for group, key in [(self.by_players, str(players)), *((self.by_level, lv) for lv in
                                                               sorted(set(levels)))]:
            record = group.setdefault(key, Record())
            record.played += 1
            record.won += won
        self.best_score = score if self.best_score is None else max(self.best_score, score)
        self.total_score += score
        self.streak = self.streak + 1 if won else 0
        self.longest_streak = max(self.longest_streak, self.streak)
        self.hints_used += hints

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["version"] = VERSION
        return data


class DamagedStats(ValueError):
    """A statistics file with the wrong shape."""


#: The counts a statistics file must hold (the others default to none).
REQUIRED = ("games", "wins", "total_score", "streak", "longest_streak")


def _is_count(value: object) -> bool:
    return isinstance(value, int) and value >= 0


def _records_fit(records: dict[str, Record]) -> bool:
    return all(_is_count(r.played) and _is_count(r.won) and r.won <= r.played
               for r in records.values())


#: Each field's check beyond its type (read by the one JSON checker, ``jsontypes.read_as``).
CHECKS = {"by_players": _records_fit, "by_level": _records_fit,
          **{name: _is_count for name in ("games", "wins", "total_score", "streak",
                                          "longest_streak", "hints_used")},
          "best_score": lambda value: value is None or _is_count(value)}


def parse_stats(data: Any) -> Stats:
    """Validate a decoded statistics document; raises :class:`DamagedStats`."""
    if not isinstance(data, dict) or data.get("version") != VERSION:
        raise DamagedStats("not a statistics document of this version")
    missing = [name for name in REQUIRED if data.get(name) is None]
    if missing:
        raise DamagedStats(f"{missing[0]!r} must be a count")
    try:
        stats = read_as(Stats, data, "stats", checks=CHECKS)
    except ShapeError as exc:
        raise DamagedStats(str(exc)) from None
    if stats.wins > stats.games:
        raise DamagedStats("more wins than games")
    return stats


def stats_path() -> Path:
    return data_dir() / STATS_FILE


def _set_aside(path: Path) -> Path | None:
    target = path.with_name(f"stats.damaged-{time.strftime('%Y%m%d-%H%M%S')}.json")
    try:
        path.replace(target)
    except OSError:
        return None
    return target


def load_stats() -> tuple[Stats, str | None]:
    """The statistics and None, or fresh ones and a one-line notice when the file was damaged
    (it is then set aside, so nothing is lost and the next write starts clean)."""
    path = stats_path()
    try:  # a regular file only, bounded: a FIFO or /dev/zero can neither block nor fill memory
        data = read_json_bounded(path, MAX_STATS_BYTES)
    except FileNotFoundError:
        return Stats(), None
    except BadFile as exc:
        problem = str(exc)
    else:
        try:
            return parse_stats(data), None
        except DamagedStats as exc:
            aside = _set_aside(path)
            return Stats(), _("The statistics file was damaged ({why}); it was kept as {file} "
                              "and the statistics start again.").format(
                why=exc, file=aside.name if aside else path.name)
    aside = _set_aside(path)
    return Stats(), _("{problem} The statistics file was kept as {file}, and the statistics "
                      "start again.").format(problem=problem,
                                             file=aside.name if aside else path.name)


def save_stats(stats: Stats) -> str | None:
    """Write the statistics atomically; a one-line error instead of raising."""
    try:
        write_json_atomic(stats_path(), stats.to_json())
    except OSError as exc:
        return _("The statistics could not be saved: {why}").format(why=exc.strerror or exc)
    return None


def reset_stats() -> str | None:
    """Start the statistics again (after the player confirmed)."""
    return save_stats(Stats())


def record_game(state: GameState, kinds: Sequence[SeatKind], hints: int = 0) -> str | None:
    """Add a finished game when exactly one person played; returns a notice or None."""
    humans = [seat for seat, kind in enumerate(kinds) if kind.person_here]
    if len(humans) != 1 or not state.over:
        return None
    you = humans[0]
    stats, notice = load_stats()
    levels = [kind.level.kind for kind in kinds if kind.level is not None]
    stats.add(state.n, levels, state.scores[you], state.winner == you, hints)
    return save_stats(stats) or notice
