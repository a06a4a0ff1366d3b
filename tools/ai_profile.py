"""Profile the AI levels' habits: the statistics a strong Ra player looks at (issue 12).

    python3 tools/ai_profile.py --seats hard@200,medium --games 50 --seed 1
    python3 tools/ai_profile.py --replays ../shared/ai-review/*.ra.json

Plays every game seed in every seat rotation (as ``tools/tournament.py`` does; ``hard@N`` searches
N iterations per decision), or reads replay files, and prints one JSON line per level:

- ``first_out_rate``: share of the epochs in which somebody ran out of face-up suns where this
  level was the first out; ``first_out_fair`` the share it would have by chance (1/players).
- ``small_invoke_share``: invokes on a track of <= 2 tiles while a rival holds a face-up sun, per
  invoke; ``empty_invokes_per_game``: invokes on an empty track.
- ``tiny_invokes_losing_suns``: invokes on <= 1 tile that the invoker won paying more than the
  centre sun (its sun total fell); ``..._last_holder``: the same while no rival held a sun.
- ``top_sun_small_lot_early_per_game``: bids of the highest face-up sun in play on <= 3 tiles
  while fewer than half of the epoch's Ra tiles were out.
- ``unspent_suns_at_epoch_end``: face-up suns held when an epoch ended, per epoch.
- ``gods_won`` / ``gods_spent`` / ``gods_held_at_scoring`` and ``gods_held_share`` (held / won);
  ``gods_won_with_last_sun``: Gods bought with the buyer's last face-up sun, which it can never
  play (it takes no more turns in the epoch), and ``gods_held_share_playable``: the share of the
  other Gods held at scoring, (held - those) / (won - those).
- ``disaster_losses_per_game``: own tiles discarded by disasters.
- ``valuable_passes``: passes with a legal bid on a lot worth > 3 to the passer by the hand-made
  evaluation (``ra_game/ai/evaluate.py``; before issue 58 by the frozen v1 evaluation, so
  counts of older runs are not comparable); ``..._sold_cheap``: of those, lots then sold for at most the
  passer's lowest legal sun + 2 or not sold at all; ``..._unsold``: not sold at all.
- ``no_civilization_epoch_rate``: epochs scored with no civilization (-5).
- ``monument_points_per_game``, ``mean_score``, ``win_share``.

``--record FILE`` appends each finished game's counts and moves to FILE as a JSON line; run
again with the same options, it plays only the games FILE lacks, so a stopped run keeps what it
played.
FILE is tied to the AI code it was played with, as ``tools/tournament.py --record`` is.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import sys
from collections import Counter
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ra_game.ai.evaluate import Context, lot_gain
from ra_game.engine import GameState, Move, ReplayError, load_replay
from ra_game.engine import events as ev
from ra_game.engine.moves import PASS, RA, is_bid
from ra_game.engine.state import BID, TURN
from ra_game.engine.tiles import Tile

VALUABLE = 3.0
#: A tournament job: game seed, seating rotation, the kinds by seat, the think budget.
Job = tuple[int, int, tuple[str, ...], int | None]


def level_name(kind: str) -> str:
    """``ai:hard`` -> ``hard``; other kinds unchanged."""
    return kind.split(":")[-1]


class _Pending:
    """An auction being followed for a statistic that depends on how it ends."""

    __slots__ = ("cheap_limit", "seat", "what")

    def __init__(self, what: str, seat: int, cheap_limit: int = 0) -> None:
        self.what = what
        self.seat = seat
        self.cheap_limit = cheap_limit


def profile_game(start: GameState, actions: Sequence[int]) -> list[Counter[str]]:
    """Raw habit counts for each seat of one game played from ``start`` by ``actions``."""
    state = start.clone()
    n = state.n
    stats = [Counter({"games": 1}) for _ in range(n)]
    first_out = -1
    pending: list[_Pending] = []
    for action in actions:
        seat = state.current
        _before_move(state, seat, action, stats, pending)
        up_before = [len(s) for s in state.suns_up]
        events: list[Any] = []
        state.apply_action(action, events)
        for event in events:
            if isinstance(event, ev.AuctionWon):
                _auction_won(event, stats, pending)
                if up_before[event.player] == 1:
                    stats[event.player]["gods_won_with_last_sun"] += event.tiles.count(Tile.GOD)
                pending = []
            elif isinstance(event, ev.AuctionPassed):
                for p in pending:
                    if p.what == "valuable":
                        stats[p.seat]["valuable_passes_sold_cheap"] += 1
                        stats[p.seat]["valuable_passes_unsold"] += 1
                pending = []
            elif isinstance(event, ev.GodsPlayed):
                stats[event.player]["gods_spent"] += len(event.tiles)
            elif isinstance(event, ev.DisasterResolved):
                stats[event.player]["disaster_losses"] += len(event.discarded)
            elif isinstance(event, ev.EpochEnded):
                _epoch_ended(n, first_out, stats)
                if event.reason == "ra_track":  # (an epoch ended by no suns leaves none unspent)
                    for q in range(n):
                        stats[q]["unspent_suns"] += up_before[q]
                first_out = -1
            elif isinstance(event, ev.EpochScored):
                _epoch_scored(event, stats)
        if first_out < 0 and not state.over:
            first_out = _first_out(state)
    if state.over:
        for q in range(n):
            stats[q]["score"] += state.scores[q]
            stats[q]["wins"] += int(state.winner == q)
    return stats


def _first_out(state: GameState) -> int:
    """The seat that has just run out of face-up suns while a rival still holds some (-1: none)."""
    out = [p for p in range(state.n) if not state.suns_up[p]]
    return out[0] if len(out) == 1 else -1


def _rival_holds_suns(state: GameState, seat: int) -> bool:
    return any(state.suns_up[q] for q in range(state.n) if q != seat)


def _before_move(
    state: GameState, seat: int, action: int, stats: list[Counter[str]], pending: list[_Pending]
) -> None:
    """Counts decided by the position a move is made in."""
    s = stats[seat]
    lot = state.auction_tiles()
    if state.phase == TURN and action == RA:
        s["invokes"] += 1
        rivals = _rival_holds_suns(state, seat)
        if len(lot) <= 2 and rivals:
            s["small_invokes"] += 1
        if not lot:
            s["empty_invokes"] += 1
        if len(lot) <= 1:
            pending.append(_Pending("tiny_last" if not rivals else "tiny", seat, state.center_sun))
    elif state.phase == BID and is_bid(action):
        sun = action - 2
        top = max(s2[0] for s2 in state.suns_up if s2)
        if sun == top and len(lot) <= 3 and 2 * state.ra_count < state.ra_length:
            s["top_sun_small_lot_early"] += 1
    elif state.phase == BID and action == PASS:
        legal = [a - 2 for a in state.legal_actions() if is_bid(a)]
        if legal:
            low = min(legal)
            value = lot_gain(Context(state), state, seat, lot, low)
            if value > VALUABLE:
                s["valuable_passes"] += 1
                pending.append(_Pending("valuable", seat, low + 2))


def _auction_won(event: ev.AuctionWon, stats: list[Counter[str]], pending: list[_Pending]) -> None:
    stats[event.player]["gods_won"] += event.tiles.count(Tile.GOD)
    for p in pending:
        if p.what == "valuable" and event.sun <= p.cheap_limit:
            stats[p.seat]["valuable_passes_sold_cheap"] += 1
        elif p.what in ("tiny", "tiny_last") and event.player == p.seat and (
            event.sun > p.cheap_limit  # paid more than the centre sun it took
        ):
            stats[p.seat]["tiny_invokes_losing_suns"] += 1
            if p.what == "tiny_last":
                stats[p.seat]["tiny_invokes_losing_suns_last_holder"] += 1


def _epoch_ended(n: int, first_out: int, stats: list[Counter[str]]) -> None:
    """Count the epoch for every seat, and who ran out of suns first in it."""
    for p in range(n):
        stats[p]["epochs"] += 1
        if first_out >= 0:
            stats[p]["out_epochs"] += 1
            stats[p]["out_epoch_seats"] += n  # the fair share: out_epochs / out_epoch_seats
    if first_out >= 0:
        stats[first_out]["first_out"] += 1


def _epoch_scored(event: ev.EpochScored, stats: list[Counter[str]]) -> None:
    for row in event.scores:
        s = stats[row.player]
        s["gods_held_at_scoring"] += row.points["god"] // 2
        if row.points["civilization"] == -5:
            s["no_civilization_epochs"] += 1
        s["monument_points"] += row.points.get("monuments", 0)


def summarize(rows: Sequence[tuple[str, Counter[str]]]) -> list[dict[str, Any]]:
    """One result per level from (level, raw counts of one seat in one game) rows."""
    totals: dict[str, Counter[str]] = {}
    for level, counts in rows:
        totals.setdefault(level, Counter()).update(counts)
    out = []
    for level, t in totals.items():
        games = max(1, t["games"])

        def share(num: str, den: str, t: Counter[str] = t) -> float | None:
            return round(t[num] / t[den], 4) if t[den] else None

        out.append({
            "level": level,
            "games": t["games"],
            "epochs": t["epochs"],
            "first_out_rate": share("first_out", "out_epochs"),
            "first_out_fair": share("out_epochs", "out_epoch_seats"),
            "first_out": t["first_out"],
            "out_epochs": t["out_epochs"],
            "invokes": t["invokes"],
            "small_invokes": t["small_invokes"],
            "small_invoke_share": share("small_invokes", "invokes"),
            "empty_invokes_per_game": round(t["empty_invokes"] / games, 3),
            "tiny_invokes_losing_suns": t["tiny_invokes_losing_suns"],
            "tiny_invokes_losing_suns_last_holder": t["tiny_invokes_losing_suns_last_holder"],
            "top_sun_small_lot_early_per_game": round(t["top_sun_small_lot_early"] / games, 3),
            "unspent_suns_at_epoch_end": share("unspent_suns", "epochs"),
            "gods_won": t["gods_won"],
            "gods_spent": t["gods_spent"],
            "gods_held_at_scoring": t["gods_held_at_scoring"],
            "gods_held_share": share("gods_held_at_scoring", "gods_won"),
            "gods_won_with_last_sun": t["gods_won_with_last_sun"],
            "gods_held_share_playable": playable_held(t),
            "disaster_losses_per_game": round(t["disaster_losses"] / games, 3),
            "valuable_passes": t["valuable_passes"],
            "valuable_passes_sold_cheap": t["valuable_passes_sold_cheap"],
            "valuable_passes_unsold": t["valuable_passes_unsold"],
            "no_civilization_epoch_rate": share("no_civilization_epochs", "epochs"),
            "monument_points_per_game": round(t["monument_points"] / games, 3),
            "mean_score": round(t["score"] / games, 3),
            "win_share": round(t["wins"] / games, 4),
        })
    return out


def playable_held(t: Counter[str]) -> float | None:
    """Of the Gods a level could have played (not bought with its last sun), the share it
    held at scoring."""
    won = t["gods_won"] - t["gods_won_with_last_sun"]
    return round((t["gods_held_at_scoring"] - t["gods_won_with_last_sun"]) / won, 4) if won else None


def rows_of_game(start: GameState, actions: Sequence[int], kinds: Sequence[str]) -> list[
    tuple[str, Counter[str]]
]:
    stats = profile_game(start, actions)
    return [(level_name(k), stats[p]) for p, k in enumerate(kinds)]


def rows_of_replay(path: str) -> list[tuple[str, Counter[str]]]:
    """Profile rows of one replay file (levels from the players' kinds)."""
    replay = load_replay(path)
    start = replay.initial_state()
    actions = [Move.parse(text).action for text in replay.moves]
    return rows_of_game(start, actions, [p["kind"] for p in replay.players])


def play_job(job: Job) -> list[tuple[str, Counter[str]]]:
    """Play one tournament job and profile it."""
    return play_keyed(job)[1]


def play_keyed(job: Job) -> tuple[Job, list[tuple[str, Counter[str]]], list[str]]:
    """Play one tournament job and profile it: the job, its rows and the moves (in notation;
    games finish out of order with workers)."""
    from tools.tournament import close_agents, seat_agents

    seed, rotation, kinds, think_ms = job
    state = GameState.new(len(kinds), seed=seed)
    start = state.clone()
    moves: list[str] = []
    agents = seat_agents(kinds, seed, rotation, think_ms, moves)
    actions = []
    try:
        while not state.over:
            action = agents[state.current].choose(state.observation(state.current))
            actions.append(action)
            state.apply_action(action)
            moves.append(Move.from_action(action).text)
    finally:
        close_agents(agents)
    return job, rows_of_game(start, actions, kinds), moves


def record_line(job: Job, rows: list[tuple[str, Counter[str]]], moves: list[str], code: str) -> str:
    """One game as a record line: the keys of ``tools/tournament.py``'s records, the rows and
    the moves (the game replays from its seed)."""
    seed, rotation, kinds, think_ms = job
    return json.dumps({"seed": seed, "rotation": rotation, "kinds": list(kinds),
                       "think_ms": think_ms, "code": code,
                       "rows": [[level, dict(counts)] for level, counts in rows], "moves": moves})


def recorded_rows(path: Path, jobs: list[Job], code: str) -> tuple[
    list[tuple[str, Counter[str]]], list[Job]
]:
    """The rows of the games of ``jobs`` already in the record ``path``, and the jobs still to
    play.  ValueError for a record of other code, or of a tournament (no rows)."""
    from tools.tournament import load_record, resume

    if not all(isinstance(rec.get("rows"), list) for rec in load_record(path, code)[0].values()):
        raise ValueError(f"{path} holds tournament games, not profiles; record into another file")
    records, todo = resume(path, jobs, code, tool="ai_profile")
    rows: list[tuple[str, Counter[str]]] = []
    for rec in records:
        rows.extend((level, Counter(counts)) for level, counts in rec["rows"])
    return rows, todo


def main(argv: Sequence[str] | None = None) -> int:
    from tools.tournament import agent_kind, code_version, jobs_for

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seats", help="comma list as in tournament.py, e.g. hard@200,medium")
    parser.add_argument("--games", type=int, default=10, help="game seeds (each in every rotation)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--think-ms", type=int, default=None)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--replays", nargs="+", help="profile these replay files instead")
    parser.add_argument("--record", type=Path, default=None,
                        help="append each game's counts and moves to this file and skip the games "
                             "already in it (as tools/tournament.py --record)")
    args = parser.parse_args(argv)
    rows: list[tuple[str, Counter[str]]] = []
    try:
        if args.replays:
            for path in args.replays:
                rows.extend(rows_of_replay(path))
        else:
            if not args.seats:
                raise ValueError("give --seats or --replays")
            seats = [agent_kind(s) for s in args.seats.split(",") if s.strip()]
            if not 2 <= len(seats) <= 5 or args.games < 1 or args.workers < 1:
                raise ValueError("--seats needs 2 to 5 agents; --games and --workers at least 1")
            jobs = jobs_for(seats, args.games, args.seed, args.think_ms)
            total = len(jobs)
            code = code_version() if args.record is not None else ""
            if args.record is not None:
                rows, jobs = recorded_rows(args.record, jobs, code)
            played = total - len(jobs)
            if args.workers == 1:
                results: Iterable[tuple[Job, list[tuple[str, Counter[str]]], list[str]]] = map(
                    play_keyed, jobs)
            else:
                results = multiprocessing.Pool(args.workers).imap_unordered(play_keyed, jobs)
            for job, game_rows, moves in results:
                rows.extend(game_rows)
                if args.record is not None:
                    with args.record.open("a", encoding="utf-8") as f:
                        f.write(record_line(job, game_rows, moves, code) + "\n")
                played += 1
                winner = next((level for level, c in game_rows if c["wins"]), "nobody")
                print(f"[{played}/{total}] winner {winner}", file=sys.stderr, flush=True)
    except (OSError, ValueError, ReplayError) as exc:
        print(f"ai_profile: error: {exc}", file=sys.stderr)
        return 2
    for result in summarize(rows):
        print(json.dumps(result))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
