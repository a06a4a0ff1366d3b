"""Golden playthroughs in the OpenSpiel style: a fixed game, step by step.

For each golden replay of ``tests/fixtures/`` the file ``NAME.steps.json`` holds every step
of the game: whose decision it is, what kind, the legal moves in the engine's order, the move
played and the events it caused; the last entry is the position after the last move.
``tools/make_golden.py`` writes them; ``test_golden_playthroughs.py`` replays and compares.
"""

from __future__ import annotations

import json
from dataclasses import asdict
from pathlib import Path
from typing import Any

from ra_game.engine import GameState, Replay

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
FORMAT = "ra-golden-steps/1"


def position(state: GameState) -> dict[str, Any]:
    """Whose decision it is, of which kind, and the legal moves (empty once the game is over)."""
    decision = state.decision.value if state.decision is not None else None
    legal = [m.text for m in state.legal_moves()] if not state.over else []
    return {"to_move": state.to_move, "decision": decision, "legal": legal}


def playthrough(replay: Replay) -> list[dict[str, Any]]:
    """Every step of ``replay`` (position, move, events as ``{"event": kind, **fields}``) and
    the final position."""
    state = replay.initial_state()
    steps: list[dict[str, Any]] = []
    for move in replay.moves:
        step = position(state)
        events = state.apply(move)
        step["move"] = move
        step["events"] = [{"event": type(e).__name__, **asdict(e)} for e in events]
        steps.append(json.loads(json.dumps(step)))  # tuples as lists, as read back from JSON
    steps.append(position(state))
    return steps


def steps_path(replay_path: Path) -> Path:
    return replay_path.with_name(replay_path.name.replace(".ra.json", ".steps.json"))


def steps_text(steps: list[dict[str, Any]]) -> str:
    """The steps file: one step a line, so a changed rule shows as a readable diff."""
    lines = ",\n".join(json.dumps(step, separators=(",", ":")) for step in steps)
    return f'{{"format": "{FORMAT}", "steps": [\n{lines}\n]}}\n'
