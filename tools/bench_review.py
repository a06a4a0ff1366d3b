"""Review my game, measured: the fame a review finds lost by each AI level, the time to review a
seat, and the noise of the review's own search.

    python3 tools/bench_review.py --dir DIR [--games 6] [--seed 700] [--workers K]
                                  [--players random,ai:medium,ai:hard,ai:medium]
                                  [--noise 30 --salts 4] [--time-seat 3]
    python3 tools/bench_review.py --dir DIR --timing R [--seed 700] [--workers K]
    python3 tools/bench_review.py --dir DIR --luck [--after-scoring K] [--games 24] [--seed S]

Plays ``--games`` headless games into ``DIR`` (game ``g`` is ``g<g>.ra.json``, seed ``seed + g``,
the ``--players`` rotated by ``g`` seats so no level keeps its seat; a file already there is
kept), then reviews the first seat of each level in every game (kept as
``g<g>.seat<N>.review.json``, so a stopped run resumes).  Per level: the games, the mean total
fame lost per game with a 95 % normal interval, the mean decisions and mistakes listed; and
``seconds``: the median wall time of one seat's review on ``--workers`` processes (the reviews
this run made).  ``--noise D`` re-judges D decisions (spread over the reviewed seats) with
``--salts`` different seeds each and reports the spread of their loss; ``--time-seat R``
reviews game 0's hard seat R times in this process (median wall and CPU seconds).  Prints one
JSON line.

``--timing R`` measures what a player waits for, and nothing else: game 0's hard seat (the most
decisions) reviewed R times in the window's configuration (the real progress overlay in a
headless window at 60 frames a second, its worker processes as the window starts them: one per
core unless ``--workers`` says), then the whole game as **The whole game** reviews it (every
seat in a row, each listing every mistake, on one pool of ``--workers`` processes, default one
per core) R times.  It prints first the two medians of wall seconds the issue's targets read
(``seat_wall_s_median``, ``game_wall_s_median``, and ``met``: both within ``SEAT_TARGET`` and
``GAME_TARGET``), then each run's wall and CPU seconds (this process and its worker processes
together) with the load average before it (the machine's other work slows the wall time,
hardly the CPU time).

``--luck`` reads the luck of the draws (:mod:`ra_game.review.curve`) of ``--games`` games; with
``--after-scoring K`` every outcome of a draw that could end the epoch is valued after the
epoch's scoring instead (the Ra tile's at once, any other tile's as the mean of ``K`` deals of
the unseen bag played on to the scoring with hard's play-out policy, the same deals for every
tile), to compare with the product's valuation.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import resource
import statistics
import sys
import tempfile
import time
from itertools import pairwise
from pathlib import Path
from typing import TYPE_CHECKING, Any

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ra_game.ai.evaluate import BagInfo
from ra_game.ai.levels import LEVELS
from ra_game.ai.policy import PlayoutContexts, playout_action
from ra_game.ai.workers import Workers, cpu_count
from ra_game.engine import GameState, Observation, load_replay
from ra_game.engine.moves import DRAW
from ra_game.engine.state import OVER
from ra_game.engine.tiles import Tile
from ra_game.files.replays import save_replay
from ra_game.review import ReviewJob, seat_decisions
from ra_game.review.accuracy import seat_accuracy
from ra_game.review.curve import ChanceValue, Curve, StepKind, chance_value, fame_now, game_curve
from ra_game.review.game_job import review_whole_game
from ra_game.review.job import NOISE_FLOOR, NOISE_Z, clearly_worse
from ra_game.review.search import Verdict, position_seed
from ra_game.table.headless import play_headless
from ra_game.table.seats import parse_seats

#: The issue's targets (seconds of wall clock, 4 players, 2 cores at rest): one seat reviewed,
#: and the whole game.
SEAT_TARGET = 20.0
GAME_TARGET = 45.0


def rotated(kinds: list[str], game: int) -> list[str]:
    """The seats of game ``game``: ``kinds`` rotated by ``game`` places."""
    return [kinds[(i + game) % len(kinds)] for i in range(len(kinds))]


def ensure_game(folder: Path, game: int, kinds: list[str], seed: int, workers: Workers) -> Path:
    """The replay of game ``game``, played now if the folder lacks it."""
    path = folder / f"g{game}.ra.json"
    if not path.exists():
        seats = parse_seats(",".join(rotated(kinds, game)), allow_human=False)
        _state, doc = play_headless(seats, seed + game, workers=workers)
        save_replay(path, doc)
    return path


def run_job(job: ReviewJob) -> ReviewJob:
    """Step ``job`` to its end, sleeping on its pool between steps."""
    while not job.done:
        job.step(0.5)
        if job.pool is not None and not job.done:
            job.pool.wait(0.5)
    return job


def seat_losses(path: Path, seat: int, workers: Workers) -> list[list[float]]:
    """Every decision of ``seat`` in ``path`` judged by the review's search, no second
    opinion: ``[loss, error]`` per decision (kept as ``g<g>.seat<N>.losses.json``, so a stopped
    run resumes and the accuracy can be read again from them)."""
    out = path.with_name(f"{path.name[:-len('.ra.json')]}.seat{seat}.losses.json")
    if out.exists():
        kept: list[list[float]] = json.loads(out.read_text())
        return kept
    job = run_job(ReviewJob(load_replay(path), seat, workers.get(), confirm=False, most=None))
    losses = [[round(v.loss, 3), round(v.error, 3)] for v in job.verdicts]
    out.write_text(json.dumps(losses))
    return losses


def accuracy_run(folder: Path, games: int, kinds: list[str], seed: int,
                 workers: Workers) -> dict[str, Any]:
    """``--accuracy``: every seat of ``games`` games reviewed (the search's verdicts only);
    per level the mean accuracy of a seat's game (:func:`seat_accuracy`) with its 95 % normal
    interval, and whether each level's interval lies above the next weaker level's."""
    per_level: dict[str, list[float]] = {}
    for game in range(games):
        path = ensure_game(folder, game, kinds, seed, workers)
        for seat, kind in enumerate(rotated(kinds, game)):
            losses = seat_losses(path, seat, workers)
            per_level.setdefault(kind, []).append(seat_accuracy([loss for loss, _e in losses]))
    intervals = {k: interval(v) for k, v in per_level.items()}
    levels = {k: {"games": len(v), "mean_accuracy": round(statistics.fmean(v), 1),
                  "interval95": intervals[k]} for k, v in per_level.items()}
    order = [k for k in reversed(LEVELS) if k in levels]  # the strongest level first
    apart = {f"{a} > {b}": intervals[a][0] > intervals[b][1] for a, b in pairwise(order)}
    return {"games": games, "players": len(kinds), "seed": seed, "levels": levels,
            "apart": apart}


def ends_epoch(curve: Curve, index: int) -> bool:
    """True when the ``index``-th step of ``curve`` ended its epoch (or the game)."""
    steps = curve.steps
    return index + 1 == len(steps) or steps[index + 1].epoch != steps[index].epoch


#: Salt of the seeds of ``--after-scoring``'s deals.
SCORING_SALT = 611953


def play_to_scoring(state: GameState, rng: random.Random) -> None:
    """Play ``state`` on to its epoch's end (the scoring) with hard's play-out policy."""
    epoch, bag = state.epoch, BagInfo(state)
    contexts = PlayoutContexts(bag)
    while state.phase != OVER and state.epoch == epoch:
        legal = state.legal_actions()
        action = legal[0] if len(legal) == 1 else playout_action(state, rng, bag, contexts)
        state.apply_action(action, None)


def after_scoring(deals: int) -> ChanceValue:
    """A draw's outcome valued after the epoch's scoring where a Ra tile could end the epoch
    (the Ra tile's at once, any other's as the mean of ``deals`` deals of the unseen bag,
    seeded by the public position, played on to the scoring), else as the product does."""
    def value(state: GameState, tile: int) -> tuple[float, ...]:
        if state.ra_count + 1 < state.ra_length or not state.bag_counts()[Tile.RA]:
            return chance_value(state, tile)
        observed = Observation(state, state.current)
        count = 1 if tile == Tile.RA else deals
        total = [0.0] * state.n
        for d in range(count):
            rng = random.Random(position_seed(state, state.current, SCORING_SALT, d))
            deal = observed.determinize(rng)
            deal.put_next(tile)
            deal.apply_action(DRAW, None)
            play_to_scoring(deal, rng)
            total = [t + v for t, v in zip(total, fame_now(deal))]
        return tuple(t / count for t in total)
    return value


def luck_run(folder: Path, games: int, kinds: list[str], seed: int,
             workers: Workers, value: ChanceValue = chance_value) -> dict[str, Any]:
    """``--luck``: the luck of the draws (:mod:`ra_game.review.curve`, each outcome valued by
    ``value``) over ``games`` games: each seat's mean luck per game with its 95 % normal
    interval, each level's, and in how many games the luckiest draw was the Ra tile that
    ended an epoch."""
    by_seat: dict[int, list[float]] = {}
    by_level: dict[str, list[float]] = {}
    ra_luckiest = 0
    for game in range(games):
        replay = load_replay(ensure_game(folder, game, kinds, seed, workers))
        curve = game_curve(replay, value)
        for seat, kind in enumerate(rotated(kinds, game)):
            by_seat.setdefault(seat, []).append(curve.luck(seat))
            by_level.setdefault(kind, []).append(curve.luck(seat))
        draws = [(step.luck[s], -n, n) for n, step in enumerate(curve.steps)
                 if step.kind is StepKind.DRAW for s in range(curve.seats)]
        if draws:
            n = max(draws)[2]
            ra_luckiest += curve.steps[n].drawn == Tile.RA and ends_epoch(curve, n)

    def summary(values: list[float]) -> dict[str, Any]:
        return {"mean": round(statistics.fmean(values), 2), "interval95": interval(values)}

    return {"games": games, "players": len(kinds), "seed": seed,
            "seats": {s: summary(v) for s, v in sorted(by_seat.items())},
            "levels": {k: summary(v) for k, v in by_level.items()},
            "luck_sd_per_seat_game": round(statistics.stdev(
                [x for v in by_seat.values() for x in v]), 2),
            "epoch_ending_ra_luckiest_games": ra_luckiest}


def review_seat(path: Path, seat: int, workers: Workers) -> dict[str, Any]:
    """The review of ``seat`` in ``path`` (read from its file if made before)."""
    out = path.with_name(f"{path.name[:-len('.ra.json')]}.seat{seat}.review.json")
    if out.exists():
        data: dict[str, Any] = json.loads(out.read_text())
        data["cached"] = True
        return data
    job = run_job(ReviewJob(load_replay(path), seat, workers.get()))
    assert job.result is not None
    data = job.result.to_json()
    out.write_text(json.dumps(data))
    return data


def interval(values: list[float]) -> list[float]:
    """A 95 % normal interval of the mean."""
    if len(values) < 2:
        return [values[0], values[0]] if values else [0.0, 0.0]
    mean = statistics.fmean(values)
    half = 1.96 * statistics.stdev(values) / len(values) ** 0.5
    return [round(mean - half, 1), round(mean + half, 1)]


def noise(paths: list[tuple[Path, int]], count: int, salts: int, workers: Workers
          ) -> dict[str, Any]:
    """Re-judge ``count`` decisions with ``salts`` seeds each: the spread of their loss."""
    chosen: list[tuple[Path, int, list[Any]]] = []
    per_seat = max(1, -(-count // max(1, len(paths))))
    for path, seat in paths:
        decisions = seat_decisions(load_replay(path), seat)
        step = max(1, len(decisions) // per_seat)
        chosen.append((path, seat, decisions[::step][:per_seat]))
    runs: list[list[Verdict]] = []
    for salt in range(salts):
        verdicts: list[Verdict] = []
        for path, seat, decisions in chosen:
            job = run_job(ReviewJob(load_replay(path), seat, workers.get(), salt=salt,
                                    decisions=decisions))
            verdicts += job.verdicts
        runs.append(verdicts)
    spreads, flips = [], 0
    for i in range(len(runs[0])):
        losses = [run[i].loss for run in runs]
        if any(run[i].best != run[i].played for run in runs):
            spreads.append(statistics.pstdev(losses))
        listed = {clearly_worse(run[i]) for run in runs}
        flips += len(listed) > 1
    spreads.sort()
    return {
        "decisions": len(runs[0]), "salts": salts,
        "judged_worse_somewhere": len(spreads),
        "loss_sd_median": round(statistics.median(spreads), 2) if spreads else 0.0,
        "loss_sd_p90": round(spreads[int(0.9 * (len(spreads) - 1))], 2) if spreads else 0.0,
        "loss_sd_max": round(spreads[-1], 2) if spreads else 0.0,
        "listing_differs": flips,
        "threshold": {"floor": NOISE_FLOOR, "z": NOISE_Z},
    }


def time_seat(path: Path, seat: int, repeats: int) -> dict[str, Any]:
    """One seat's review in this process, ``repeats`` times: median wall and CPU seconds (on an
    idle machine K worker processes take about CPU / K of wall time)."""
    walls, cpus = [], []
    for _ in range(repeats):
        wall, cpu = time.perf_counter(), time.process_time()
        run_job(ReviewJob(load_replay(path), seat, None))
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
    return {"file": path.name, "seat": seat, "repeats": repeats,
            "wall_s_median": round(statistics.median(walls), 1),
            "cpu_s_median": round(statistics.median(cpus), 1)}


def cpu_seconds() -> float:
    """CPU seconds of this process and of its children that ended (the worker processes,
    once their pool is closed)."""
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time() + children.ru_utime + children.ru_stime


def window_seat(path: Path, seat: int, workers: int) -> dict[str, Any]:
    """One seat reviewed as the window reviews it: the progress overlay in a headless window,
    frames at 60 a second, until the list takes its place."""
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"  # stdout holds the JSON line alone
    import pygame
    if TYPE_CHECKING:  # scenes/ is installed as ra_game.scenes
        from scenes.review_list import ReviewListScene
        from scenes.review_progress import ReviewProgressScene
    else:
        from ra_game.scenes.review_list import ReviewListScene
        from ra_game.scenes.review_progress import ReviewProgressScene

    from ra_game.app import create_app, main_loop

    replay = load_replay(path)
    load = os.getloadavg()[0]
    with tempfile.TemporaryDirectory() as home:
        os.environ["RA_GAME_HOME"] = home  # no kept review, no settings of the user's
        ctx, _window = create_app(ai_workers=workers or None)
        wall, cpu = time.perf_counter(), cpu_seconds()
        ctx.scenes.push(ReviewProgressScene(ctx, replay, seat))
        while not isinstance(ctx.scenes.top, ReviewListScene):
            asyncio.run(main_loop(ctx, max_frames=30))
        wall, cpu = time.perf_counter() - wall, cpu_seconds() - cpu
        review = ctx.scenes.top.review
        ctx.scenes.close_all()
        pygame.display.quit()
    return {"wall_s": round(wall, 1), "cpu_s": round(cpu, 1), "decisions": review.decisions,
            "listed": len(review.mistakes), "load_before": round(load, 1)}


def whole_game(path: Path, workers: int) -> dict[str, Any]:
    """The whole game reviewed as the window's **The whole game** reviews it when no seat was
    reviewed before: every seat in a row, each listing every mistake, on one pool of
    ``workers`` processes."""
    replay = load_replay(path)
    load = os.getloadavg()[0]
    wall, cpu = time.perf_counter(), cpu_seconds()
    reviews = review_whole_game(replay, workers).reviews.values()
    wall, cpu = time.perf_counter() - wall, cpu_seconds() - cpu
    return {"wall_s": round(wall, 1), "cpu_s": round(cpu, 1),
            "decisions": sum(r.decisions for r in reviews),
            "listed": sum(len(r.mistakes) for r in reviews), "load_before": round(load, 1)}


def medians(runs: list[dict[str, Any]]) -> dict[str, Any]:
    return {"wall_s_median": round(statistics.median(r["wall_s"] for r in runs), 1),
            "cpu_s_median": round(statistics.median(r["cpu_s"] for r in runs), 1),
            "runs": runs}


def timing(folder: Path, kinds: list[str], seed: int, workers: int, repeats: int
           ) -> dict[str, Any]:
    """``--timing``: one seat in the window's configuration, and the whole game."""
    owner = Workers(workers if workers > 1 else 0, window=False)
    try:
        path = ensure_game(folder, 0, kinds, seed, owner)
    finally:
        owner.close()
    seats = rotated(kinds, 0)
    seat = seats.index("ai:hard") if "ai:hard" in seats else 0
    in_window = workers if workers != cpu_count() else 0  # 0: as the window chooses
    one = {"seat": seat, "workers": in_window or cpu_count(),
           **medians([window_seat(path, seat, in_window) for _ in range(repeats)])}
    game = {"workers": workers, **medians([whole_game(path, workers) for _ in range(repeats)])}
    return {"seat_wall_s_median": one["wall_s_median"],
            "game_wall_s_median": game["wall_s_median"],
            "targets_s": {"seat": SEAT_TARGET, "game": GAME_TARGET},
            "met": one["wall_s_median"] <= SEAT_TARGET and game["wall_s_median"] <= GAME_TARGET,
            "repeats": repeats, "players": len(seats), "cores": cpu_count(),
            "file": path.name, "seat": one, "game": game}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--dir", type=Path, required=True, help="folder of the games and reviews")
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--seed", type=int, default=700)
    parser.add_argument("--players", default="random,ai:medium,ai:hard,ai:medium")
    parser.add_argument("--workers", type=int, default=cpu_count())
    parser.add_argument("--noise", type=int, default=0, metavar="D")
    parser.add_argument("--salts", type=int, default=4)
    parser.add_argument("--time-seat", type=int, default=0, metavar="R",
                        help="also review the hard seat of game 0 in this process R times")
    parser.add_argument("--accuracy", action="store_true",
                        help="only the mean accuracy per level over every seat of --games games")
    parser.add_argument("--luck", action="store_true",
                        help="only the luck of the draws per seat over --games games")
    parser.add_argument("--after-scoring", type=int, default=0, metavar="K",
                        help="with --luck: value a draw's outcomes after the epoch's scoring, "
                             "K deals played on to it")
    parser.add_argument("--timing", type=int, default=0, metavar="R",
                        help="only time one seat as the window reviews it, and the whole game, "
                             "R times each")
    args = parser.parse_args()
    kinds = [k.strip() for k in args.players.split(",")]
    args.dir.mkdir(parents=True, exist_ok=True)
    if args.timing:
        print(json.dumps(timing(args.dir, kinds, args.seed, args.workers, args.timing)))
        return 0
    workers = Workers(args.workers if args.workers > 1 else 0, window=False)
    if args.accuracy or args.luck:
        try:
            if args.accuracy:
                found = accuracy_run(args.dir, args.games, kinds, args.seed, workers)
            else:
                value = after_scoring(args.after_scoring) if args.after_scoring else chance_value
                found = luck_run(args.dir, args.games, kinds, args.seed, workers, value)
                found["after_scoring_deals"] = args.after_scoring
            print(json.dumps(found))
        finally:
            workers.close()
        return 0
    losses: dict[str, list[float]] = {}
    decisions: dict[str, list[int]] = {}
    listed: dict[str, list[int]] = {}
    seconds: list[float] = []
    reviewed: list[tuple[Path, int]] = []
    start = time.perf_counter()
    try:
        for game in range(args.games):
            path = ensure_game(args.dir, game, kinds, args.seed, workers)
            seats = rotated(kinds, game)
            for kind in dict.fromkeys(kinds):
                seat = seats.index(kind)
                data = review_seat(path, seat, workers)
                reviewed.append((path, seat))
                losses.setdefault(kind, []).append(data["total_loss"])
                decisions.setdefault(kind, []).append(data["decisions"])
                listed.setdefault(kind, []).append(len(data["mistakes"]))
                if not data.get("cached"):
                    seconds.append(data["seconds"])
        out: dict[str, Any] = {
            "games": args.games, "players": len(kinds), "workers": args.workers,
            "levels": {k: {"games": len(v), "mean_loss": round(statistics.fmean(v), 1),
                           "interval95": interval(v),
                           "mean_decisions": round(statistics.fmean(decisions[k]), 1),
                           "mean_listed": round(statistics.fmean(listed[k]), 1)}
                       for k, v in losses.items()},
            "seconds_per_seat_median": round(statistics.median(seconds), 1) if seconds else None,
            "seat_reviews_timed": len(seconds),
        }
        if args.time_seat:
            first = args.dir / "g0.ra.json"
            out["in_process"] = time_seat(first, rotated(kinds, 0).index("ai:hard")
                                          if "ai:hard" in kinds else 0, args.time_seat)
        if args.noise:
            out["noise"] = noise(reviewed, args.noise, args.salts, workers)
        out["wall_s"] = round(time.perf_counter() - start, 1)
    finally:
        workers.close()
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
