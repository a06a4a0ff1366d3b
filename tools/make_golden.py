"""Write the golden games of tests/fixtures/: each replay, its summary and its playthrough.

Each golden game is a seeded random walk over legal moves (the engine only, no AI), saved as a
replay (sun sets and drawn tiles written out, so it replays on any engine that follows the
rules) next to ``NAME.summary.json``, the state summary after its last move, and
``NAME.steps.json``, the OpenSpiel-style playthrough (every step's decision, legal moves, move
and events; see ``tests/engine/golden.py``).  The engine tests replay each file and compare.
After a deliberate rule change, regenerate and read the diff:

    python3 tools/make_golden.py
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from ra_game.engine import GameState, Move, parse_replay, replay_dict
from ra_game.files.replays import save_replay
from tests.engine.golden import playthrough, steps_path, steps_text

FIXTURES = ROOT / "tests" / "fixtures"
NAMES = ("Ana", "Bruno", "Chiara", "Dmitri", "Eun")

#: name -> (players, seed, stop condition on the state before a move, or None for a full game)
GAMES: dict[str, tuple[int, int, Callable[[GameState, int], bool] | None]] = {
    "golden_2p_full": (2, 101, None),
    "golden_4p_epoch2": (4, 202, lambda state, moves: state.epoch == 2 and moves >= 80),
    "golden_5p_discard": (5, 303, lambda state, moves: state.decision == "discard"),
    "golden_3p_full": (3, 404, None),
}


def play(players: int, seed: int, stop: Callable[[GameState, int], bool] | None
         ) -> tuple[GameState, list[str], int]:
    """A seeded random game, to its end or to the first position where ``stop`` holds; seeds
    from ``seed`` on are tried until one reaches such a position.  Returns the seed used."""
    for tried in range(seed, seed + 1000):
        rng = random.Random(tried)
        state = GameState.new(players, seed=tried, names=NAMES[:players])
        moves: list[str] = []
        while not state.over and not (stop and stop(state, len(moves))):
            action = rng.choice(state.legal_actions())
            moves.append(Move.from_action(action).text)
            state.apply_action(action)
        if stop is None or not state.over:
            return state, moves, tried
    raise SystemExit(f"no seed from {seed} reaches the stop condition")


def main() -> int:
    FIXTURES.mkdir(parents=True, exist_ok=True)
    for name, (players, seed, stop) in GAMES.items():
        state, moves, used = play(players, seed, stop)
        doc = replay_dict(state, moves, ["random"] * players, used)
        save_replay(FIXTURES / f"{name}.ra.json", doc)
        steps = steps_text(playthrough(parse_replay(doc)))
        steps_path(FIXTURES / f"{name}.ra.json").write_text(steps, encoding="utf-8")
        summary = json.dumps(state.summary(), indent=1) + "\n"
        (FIXTURES / f"{name}.summary.json").write_text(summary, encoding="utf-8")
        decision = state.decision.value if state.decision else None
        print(f"{name}: seed {used}, {len(moves)} moves, decision {decision}, over {state.over}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
