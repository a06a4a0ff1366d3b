"""Layers point down: the engine, the AI, the review, the network and the files the game keeps
never import the window (``ra_game.ui``, the scenes, ``ra_game.app``)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "ra_game"

#: The window's own layers, and the command that opens the window.
WINDOW = ("ra_game.ui", "ra_game.scenes", "ra_game.app", "scenes")
ABOVE = {"ui", "scenes", "app.py", "cli.py", "__main__.py"}


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if path.name == "__init__.py" else parts)


def imported(path: Path, node: ast.Import | ast.ImportFrom) -> list[str]:
    """The absolute names an import statement in ``path`` reaches."""
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    if node.level:
        package = module_name(path).split(".")
        if path.name != "__init__.py":
            package = package[:-1]
        base = ".".join(package[: len(package) - node.level + 1] + [node.module or ""]).rstrip(".")
    else:
        base = node.module or ""
    return [base] + [f"{base}.{alias.name}" for alias in node.names]


def reaches_the_window(name: str) -> bool:
    return any(name == w or name.startswith(w + ".") for w in WINDOW)


def window_imports(path: Path) -> list[str]:
    """Each import statement of ``path`` that reaches the window, as ``file:line imports name``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [f"{path.relative_to(ROOT)}:{node.lineno} imports {imported(path, node)[0]}"
            for node in ast.walk(tree) if isinstance(node, ast.Import | ast.ImportFrom)
            and any(reaches_the_window(name) for name in imported(path, node))]


def test_the_layers_below_the_window_never_import_it() -> None:
    below = [p for p in sorted(PACKAGE.rglob("*.py"))
             if p.relative_to(PACKAGE).parts[0] not in ABOVE]
    assert len(below) > 50
    found = [line for path in below for line in window_imports(path)]
    assert found == []


def test_the_import_reader_sees_an_upward_import() -> None:
    """The check itself: the review's old import of the window's words is caught."""
    why = PACKAGE / "review" / "why.py"
    node = ast.parse("from ..ui.words import tiles_and").body[0]
    assert isinstance(node, ast.ImportFrom)
    assert imported(why, node)[0] == "ra_game.ui.words"
