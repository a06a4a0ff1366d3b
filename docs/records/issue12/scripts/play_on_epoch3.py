"""Scratch screen (fourteenth session): replay recorded 2-player games to the start of epoch 3,
then play epoch 3 afresh with the AI code of ``--repo`` (the recorded seats, fresh agent seeds
that are the same for every repo), one JSON line a game in ``--out`` (resumable).

    python3 play_on_epoch3.py --repo /path/to/checkout --out OUT.jsonl RECORD.jsonl ...
"""

from __future__ import annotations

import argparse
import json
import sys


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repo", required=True)
    parser.add_argument("--out", required=True)
    parser.add_argument("records", nargs="+")
    args = parser.parse_args()
    sys.path.insert(0, args.repo)
    from ra_game.engine import GameState
    from ra_game.engine.moves import Move
    from tools.tournament import build_agent

    done = set()
    try:
        with open(args.out) as f:
            done = {(r["seed"], r["rotation"], r["src"]) for r in map(json.loads, f)}
    except FileNotFoundError:
        pass
    for path in args.records:
        src = path.split("/")[-1]
        with open(path) as f:
            records = [json.loads(line) for line in f]
        for rec in records:
            if (rec["seed"], rec["rotation"], src) in done:
                continue
            kinds = rec["kinds"]
            state = GameState.new(len(kinds), seed=rec["seed"])
            for text in rec["moves"]:
                if state.epoch == 3:
                    break
                state.apply_action(Move.parse(text).action)
            agents = [build_agent(k, 777000 + rec["seed"] * 10 + rec["rotation"] * 3 + i, None)
                      for i, k in enumerate(kinds)]
            while not state.over:
                state.apply_action(agents[state.current].choose(state.observation(state.current)))
            hard = kinds.index("ai:hard")
            with open(args.out, "a") as f:
                f.write(json.dumps({"seed": rec["seed"], "rotation": rec["rotation"], "src": src,
                                    "hard_won": state.winner == hard, "scores": state.scores,
                                    "hard": hard}) + "\n")


if __name__ == "__main__":
    main()
