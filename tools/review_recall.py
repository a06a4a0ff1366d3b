"""Review my game, audited: does the review find planted blunders (recall), and are the better
moves it lists really better (precision)?

    python3 tools/review_recall.py --dir DIR [--seed 73400] [--games 6] [--workers K]
                                   [--players random,ai:easy,ai:medium,ai:medium]
                                   [--deals 100] [--rebuild 72102,72110]
                                   [--review random,ai:easy] [--whole G] [--truth-possible]

Plays ``--games`` headless games into ``DIR`` (game ``g``: seed ``seed + g``, the ``--players``
rotated by ``g`` seats) and, in each, plants blunders of the issue's kinds into the decisions
of its easy and medium seats, at most one of each kind a game: ``top_sun_worthless`` (the
highest sun in play bid on a lot worth nothing to the seat, in epoch 1 or 2), ``ra_empty``
(Ra invoked on an empty auction track while the seat holds 2 suns or more and rivals hold
suns, the epoch far from its end) and ``pass_rich`` (a lot worth 6 fame or more passed when the
seat's top sun would have won it).  The seeds of ``--rebuild`` are played the same way and a
blunder of the kind the issue names for each is planted at their first decision that fits
(72102: Ra on an empty track from move 100 on; 72110: the top sun on a worthless lot).

Each plant is reviewed alone (the review's search and second opinion, as ``ra-game review``
lists every mistake); the seats of the kinds ``--review`` names are reviewed whole in every
game (in the first ``--whole`` games).  The truth
is another level's: ``--deals`` play-outs of the unseen bag (seeds apart from the review's)
with the easy policy for every seat, each move played on the same deals.  A plant is a real
blunder when the move it replaced keeps at least 2 fame more by the truth; a listed better
move is right when it keeps at least 1 fame more than the move played (the possible mistakes
are counted, and re-estimated only with ``--truth-possible``).  Every result is kept
in ``DIR`` (a stopped run resumes).  Prints one JSON line: each plant, recall (real plants
listed, and listed as possible mistakes), precision (listed better moves right), and the
figure the review showed against the truth.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import multiprocessing
import random
import statistics
import sys
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ra_game.ai.policy import bidders_after, easy_action
from ra_game.ai.workers import Workers, cpu_count
from ra_game.engine import GameState, Move, Observation, Replay, load_replay
from ra_game.engine.moves import DRAW, PASS, RA, bid_action
from ra_game.engine.preview import lot_worth
from ra_game.engine.state import BID, TURN
from ra_game.files.replays import save_replay
from ra_game.review import Review, ReviewJob, SeatDecision, seat_decisions
from ra_game.review.job import run_job
from ra_game.table.headless import play_headless
from ra_game.table.seats import parse_seats

#: A plant is a real blunder when the truth finds it worse by this much fame ...
REAL_FROM = 2.0
#: ... and a listed better move is right when it keeps this much more.
RIGHT_FROM = 1.0
#: The truth's seeds: apart from every seed of the review.
TRUTH_SALT = 15_485_863
MOVE_LIMIT = 2000


@dataclass(frozen=True)
class Plant:
    """A blunder planted in a game: where, of which kind (its decision plays the blunder),
    and the move it replaced."""

    game: str
    kind: str
    decision: SeatDecision
    replaced: int


def rotated(kinds: list[str], game: int) -> list[str]:
    return [kinds[(i + game) % len(kinds)] for i in range(len(kinds))]


def ensure_game(folder: Path, seed: int, kinds: list[str]) -> Path:
    path = folder / f"s{seed}.ra.json"
    if not path.exists():
        _state, doc = play_headless(parse_seats(",".join(kinds), allow_human=False), seed)
        save_replay(path, doc)
    return path


def top_sun(state: GameState) -> int:
    return max(s for up in state.suns_up for s in up)


def blunder(state: GameState, seat: int, kind: str) -> int | None:
    """The blunder of ``kind`` for ``seat`` to move in ``state``, or None where it does not
    fit."""
    legal = state.legal_actions()
    lot = state.auction_tiles()
    ups = state.suns_up[seat]
    rivals = sum(1 for q in range(state.n) if q != seat and state.suns_up[q])
    if kind == "top_sun_worthless" and state.phase == BID and lot and state.epoch < 3:
        top = top_sun(state)
        if top in ups and bid_action(top) in legal and lot_worth(state, seat) <= 0:
            return bid_action(top)
    if kind == "ra_empty" and state.phase == TURN and not lot and RA in legal \
            and DRAW in legal and len(ups) >= 2 and rivals \
            and state.ra_count <= state.ra_length - 3:
        return RA
    if kind == "pass_rich" and state.phase == BID and PASS in legal and ups \
            and lot_worth(state, seat) >= 6:
        later = [s for q in bidders_after(state, seat) for s in state.suns_up[q]]
        if ups[0] > state.high_bid and all(s < ups[0] for s in later):
            return PASS
    return None


KINDS = ("top_sun_worthless", "ra_empty", "pass_rich")


def plants_in(replay: Replay, name: str, seats: list[int], kinds: tuple[str, ...],
              from_move: int = 0) -> list[Plant]:
    """At most one plant of each kind in ``replay``, at the first decision of ``seats`` that
    fits it (from move ``from_move``) and where the seat played otherwise."""
    out: dict[str, Plant] = {}
    for seat in seats:
        for decision in seat_decisions(replay, seat):
            if decision.move < from_move:
                continue
            state = decision.obs.state
            for kind in kinds:
                move = blunder(state, seat, kind)
                if kind in out or move is None or move == decision.played:
                    continue
                planted = SeatDecision(decision.move, decision.obs, move,
                                       auction=decision.auction, turn=decision.turn)
                out[kind] = Plant(name, kind, planted, decision.played)
    return sorted(out.values(), key=lambda p: p.decision.move)


def final_fame(state: GameState, seat: int, rng: random.Random, tempers: list[float]) -> float:
    """``seat``'s final fame with every seat playing the easy policy to the end."""
    steps = MOVE_LIMIT
    while not state.over and steps:
        legal = state.legal_actions()
        action = legal[0] if len(legal) == 1 else easy_action(state, rng, tempers[state.current])
        state.apply_action(action, None)
        steps -= 1
    return float(state.scores[seat])


def truth(obs: Observation, played: int, better: int, deals: int) -> dict[str, float]:
    """How much more final fame ``better`` keeps than ``played`` by ``deals`` easy
    play-outs (common deals and choices): mean and standard error."""
    digest = hashlib.blake2b(repr((obs.state.summary(), obs.seat, played, better, TRUTH_SALT))
                             .encode(), digest_size=6).digest()
    base = int.from_bytes(digest, "big")
    diffs = []
    for d in range(deals):
        rng = random.Random(base + d)
        deal = obs.determinize(rng)
        tempers = [rng.choice((-1.0, 1.0)) * rng.uniform(0.5, 1.5) for _ in range(deal.n)]
        values = []
        for move in (better, played):
            state = deal.clone()
            state.apply_action(move, None)
            values.append(final_fame(state, obs.seat, random.Random(base * 7 + d), tempers))
        diffs.append(values[0] - values[1])
    mean = statistics.fmean(diffs)
    return {"gain": round(mean, 2),
            "error": round(statistics.stdev(diffs) / len(diffs) ** 0.5, 2)}


def cached(path: Path, make: Callable[[], Any]) -> Any:
    """The JSON kept at ``path``, else ``make()`` kept there."""
    if path.exists():
        return json.loads(path.read_text())
    data = make()
    path.write_text(json.dumps(data))
    return data


def reviewed(replay: Replay, seat: int, workers: Workers,
             decisions: list[SeatDecision] | None = None) -> dict[str, Any]:
    review: Review = run_job(ReviewJob(replay, seat, workers.get(), decisions=decisions,
                                       most=None))
    return {"decisions": review.decisions,
            "mistakes": [{**m.to_json(), "search_loss": m.values.get("search_loss"),
                          "search_error": m.values.get("error")}
                         for m in review.mistakes]}


def truth_path(folder: Path, item: dict[str, Any]) -> Path:
    """Where a listed move's truth is kept (a plant's own when its better move is the one the
    plant replaced: the same play-outs)."""
    if item.get("truth_file"):
        return folder / str(item["truth_file"])
    return folder / f"s{item['game']}.m{item['move']}.{item['played']}.listed.truth.json"


def decision_at(replay: Replay, seat: int, move: int) -> SeatDecision:
    return next(d for d in seat_decisions(replay, seat) if d.move == move)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--dir", type=Path, required=True)
    parser.add_argument("--seed", type=int, default=73400)
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--players", default="random,ai:easy,ai:medium,ai:medium")
    parser.add_argument("--workers", type=int, default=cpu_count())
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--rebuild", default="72102,72110")
    parser.add_argument("--review", default="random,ai:easy",
                        help="the seat kinds reviewed whole for the precision")
    parser.add_argument("--truth-possible", action="store_true",
                        help="also re-estimate the possible mistakes")
    parser.add_argument("--whole", type=int, default=1_000_000, metavar="G",
                        help="review those seats in the first G games only")
    args = parser.parse_args()
    args.dir.mkdir(parents=True, exist_ok=True)
    kinds = [k.strip() for k in args.players.split(",")]
    workers = Workers(args.workers if args.workers > 1 else 0, window=False)
    found: list[tuple[Plant, dict[str, Any]]] = []
    listed: list[tuple[dict[str, Any], SeatDecision]] = []
    try:
        games: list[tuple[str, Replay, list[str], int, tuple[str, ...]]] = []
        for g in range(args.games):
            seats = rotated(kinds, g)
            path = ensure_game(args.dir, args.seed + g, seats)
            games.append((str(args.seed + g), load_replay(path), seats, 0, KINDS))
        for text in filter(None, args.rebuild.split(",")):
            seed = int(text)
            path = ensure_game(args.dir, seed, rotated(kinds, seed))
            named = ("ra_empty",) if seed == 72102 else ("top_sun_worthless",)
            games.append((text, load_replay(path), rotated(kinds, seed),
                          100 if seed == 72102 else 0, named))
        for name, replay, seats, from_move, wanted in games:
            levels = [s for s, k in enumerate(seats) if k in ("ai:easy", "ai:medium")]
            for plant in plants_in(replay, name, levels, wanted, from_move):
                d = plant.decision
                tag = f"s{name}.m{d.move}.{plant.kind}"
                review = cached(args.dir / f"{tag}.review.json",
                                partial(reviewed, replay, d.obs.seat, workers, [d]))
                found.append((plant, review))
                for m in review["mistakes"]:
                    same = Move.parse(m["better"]).action == plant.replaced
                    listed.append(({"game": name, "seat": d.obs.seat, **m,
                                    "truth_file": f"{tag}.truth.json" if same else None}, d))
        for name, replay, seats, _from, _k in games[:min(args.games, args.whole)]:
            for seat, kind in enumerate(seats):
                if kind not in args.review.split(","):
                    continue
                review = cached(args.dir / f"s{name}.seat{seat}.review.json",
                                partial(reviewed, replay, seat, workers))
                for m in review["mistakes"]:
                    listed.append(({"game": name, "seat": seat, **m},
                                   decision_at(replay, seat, m["move"])))
    finally:
        workers.close()
    tasks: dict[Path, tuple[Observation, int, int, int]] = {}
    for plant, _review in found:
        d = plant.decision
        tasks[args.dir / f"s{plant.game}.m{d.move}.{plant.kind}.truth.json"] = (
            d.obs, d.played, plant.replaced, args.deals)
    for item, d in listed:
        if item["possible"] and not args.truth_possible:
            continue
        tasks[truth_path(args.dir, item)] = (d.obs, d.played, Move.parse(item["better"]).action,
                                             args.deals)
    todo = [(path, task) for path, task in tasks.items() if not path.exists()]
    with multiprocessing.get_context("spawn").Pool(max(1, args.workers)) as pool:
        for (path, _task), result in zip(todo, pool.starmap(truth, [t for _p, t in todo])):
            path.write_text(json.dumps(result))
    plants = []
    for plant, review in found:
        d = plant.decision
        real = json.loads((args.dir / f"s{plant.game}.m{d.move}.{plant.kind}.truth.json")
                          .read_text())
        shown = review["mistakes"][0] if review["mistakes"] else None
        plants.append({
            "game": plant.game, "move": d.move, "seat": d.obs.seat, "kind": plant.kind,
            "planted": Move.from_action(d.played).text,
            "replaced": Move.from_action(plant.replaced).text, "truth": real,
            "real": real["gain"] >= REAL_FROM,
            "listed": shown is not None and not shown["possible"],
            "possible": shown is not None and shown["possible"],
            "shown_loss": shown["loss"] if shown else None,
            "search_loss": shown["search_loss"] if shown else None})
    checked = []
    for item, _d in listed:
        if item["possible"] and not args.truth_possible:
            continue
        real = json.loads(truth_path(args.dir, item).read_text())
        checked.append({**{k: item[k] for k in ("game", "seat", "move", "played", "better",
                                                 "loss", "possible", "search_loss")},
                        "truth": real, "right": real["gain"] >= RIGHT_FROM})
    real_plants = [p for p in plants if p["real"]]
    sure = [c for c in checked if not c["possible"]]
    maybe = [c for c in checked if c["possible"]]
    possible_listed = sum(1 for item, _d in listed if item["possible"])
    out = {
        "games": [g[0] for g in games], "deals": args.deals, "plants": plants,
        "recall": {"plants": len(plants), "real": len(real_plants),
                   "listed": sum(p["listed"] for p in real_plants),
                   "possible": sum(p["possible"] for p in real_plants)},
        "precision": {"listed": len(sure), "right": sum(c["right"] for c in sure),
                      "share": round(sum(c["right"] for c in sure) / len(sure), 3)
                      if sure else None,
                      "possible": possible_listed,
                      "possible_checked": len(maybe),
                      "possible_right": sum(c["right"] for c in maybe)},
        "figure": {"shown_mean": round(statistics.fmean(c["loss"] for c in sure), 2)
                   if sure else None,
                   "truth_mean": round(statistics.fmean(c["truth"]["gain"] for c in sure), 2)
                   if sure else None},
        "listed": checked,
    }
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
