"""The engine is standard library only: it imports and plays with pygame unavailable."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

BLOCKERS = {
    "meta_path": """
        import importlib.abc, sys

        class NoPygame(importlib.abc.MetaPathFinder):
            def find_spec(self, name, path=None, target=None):
                if name == "pygame" or name.startswith(("pygame.", "pygame_gui", "pytmx")):
                    raise ImportError(f"blocked: {name}")
                return None

        sys.meta_path.insert(0, NoPygame())
    """,
    "sys_modules_none": """
        import sys
        sys.modules["pygame"] = None
    """,
}

CHECK = """
    import random
    import ra_game.engine
    from ra_game.engine import GameState, load_replay, Move
    import ra_game.engine.scoring, ra_game.engine.events, ra_game.engine.replay

    try:
        import pygame
    except ImportError:
        pass
    else:
        raise SystemExit("the blocker did not block pygame")
    state = GameState.new(3, seed=2)
    rng = random.Random(2)
    while not state.over:
        state.apply(rng.choice(state.legal_moves()))
    assert not any(m == "pygame" or m.startswith("pygame.") for m in sys.modules
                   if sys.modules[m] is not None)
    print("ok", state.winner)
"""


@pytest.mark.parametrize("blocker", sorted(BLOCKERS))
def test_engine_imports_and_plays_without_pygame(blocker: str) -> None:
    code = textwrap.dedent(BLOCKERS[blocker]) + textwrap.dedent(CHECK)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, check=False,
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("ok ")
