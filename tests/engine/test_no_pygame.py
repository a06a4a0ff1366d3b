"""The engine is standard library only: it imports and plays with pygame unavailable.  The AI
and the files the game keeps (saves, replays, settings, statistics) need no pygame either."""

from __future__ import annotations

import ast
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


PERSISTENCE = """
    import sys
    import ra_game.ai, ra_game.files.saves, ra_game.files.stats, ra_game.files.settings, ra_game.files.replays
    import ra_game.table.seat_kinds
    from ra_game.engine import GameState, Move, replay_dict

    state = GameState.new(2, seed=4)
    agent, moves = ra_game.ai.make_agent("ai:easy", seed=4), []
    writer = ra_game.files.saves.SlotWriter(0, background=False)
    while not state.over:
        action = agent.choose(state.observation(state.current))
        state.apply_action(action)
        moves.append(Move.from_action(action).text)
        if len(moves) == 20:  # an autosave of the running game
            assert writer.write(replay_dict(state, moves, ["human", "ai:easy"], 4)) is None
    slot = ra_game.files.saves.read_slot(0)
    assert slot.problem is None and slot.doc["moves"] == moves[:20]
    doc = replay_dict(state, moves, ["human", "ai:easy"], 4)
    path = ra_game.files.replays.save_game_replay(doc, ["Ana", "Bo"])
    assert ra_game.files.replays.read_entry(path).moves == len(moves)
    assert ra_game.files.stats.record_game(state, [ra_game.table.seat_kinds.kind_of(k) for k in ("human", "ai:easy")]) is None
    settings = ra_game.files.settings.Settings(effects_volume=0)
    assert ra_game.files.settings.save_settings(settings) is None
    assert ra_game.files.settings.load_settings() == settings
    loaded = [m for m in sys.modules if sys.modules[m] is not None]
    assert not [m for m in loaded if m.split(".")[0] in ("pygame", "pytmx", "pygame_gui")]
    assert not [m for m in loaded if m.startswith("ra_game.ui")], "the UI was loaded"
    print("ok")
"""


@pytest.mark.parametrize("blocker", sorted(BLOCKERS))
def test_ai_and_the_files_the_game_keeps_work_without_pygame(blocker: str, tmp_path: Path) -> None:
    code = textwrap.dedent(BLOCKERS[blocker]) + textwrap.dedent(PERSISTENCE)
    env = {**os.environ, "PYTHONPATH": str(ROOT), "RA_GAME_HOME": str(tmp_path)}
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, check=False,
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stdout == "ok\n"



#: Modules whose import means writing files, and the ``os`` functions that write.
WRITING_MODULES = {"tempfile", "shutil"}
OS_WRITERS = {"replace", "rename", "unlink", "remove", "mkdir", "makedirs", "fdopen", "fsync",
              "chmod", "fchmod", "open", "write"}


def _writes(tree: ast.AST) -> list[str]:
    """What in ``tree`` writes files: such imports, ``os`` writers, ``Path.write_*`` and
    ``open`` in any mode but reading."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import | ast.ImportFrom):
            names = [a.name for a in node.names] + [getattr(node, "module", None) or ""]
            found += [n for n in names if n.split(".")[0] in WRITING_MODULES]
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            owner, name = node.func.value, node.func.attr
            if name in ("write_text", "write_bytes") or (
                    isinstance(owner, ast.Name) and owner.id == "os" and name in OS_WRITERS):
                found.append(name)
        elif isinstance(node, ast.Call) and getattr(node.func, "id", "") == "open":
            modes = node.args[1:2] + [k.value for k in node.keywords if k.arg == "mode"]
            if any(not (isinstance(m, ast.Constant) and m.value in ("r", "rb")) for m in modes):
                found.append("open for writing")
    return found


def test_the_engine_writes_no_files() -> None:
    """Replays are written by ra_game.files.replays (one atomic write, in safefile); the engine only
    reads them."""
    engine = ROOT / "ra_game" / "engine"
    writes = {p.name: _writes(ast.parse(p.read_text(encoding="utf-8")))
              for p in sorted(engine.glob("*.py"))}
    assert {name: found for name, found in writes.items() if found} == {}
    probe = ast.parse("import tempfile\nopen(p, 'w')\nos.replace(a, b)\nopen(p, 'rb')\n"
                      "text.replace('a', 'b')")
    assert _writes(probe) == ["tempfile", "open for writing", "replace"]
