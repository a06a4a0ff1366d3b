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



#: The scene modules; and what opens the window, above them.
SCENES = ("ra_game.scenes", "scenes")
APP = ("ra_game.app", "ra_game.cli", "ra_game.__main__")
#: The one door from the core into the scenes: ``ui/front.py`` loads the scenes' table by name.
FRONT = PACKAGE / "ui" / "front.py"
#: An upward name another branch takes away (a protocol in place of the play scene): remove the
#: entry when it lands.
NOT_YET = {("ra_game/ui/board/info_layer.py", "scenes.play")}


def reaches(name: str, layers: tuple[str, ...]) -> bool:
    return any(name == w or name.startswith(w + ".") for w in layers)


def loaded_by_name(node: ast.AST) -> list[str]:
    """The module an ``importlib.import_module("...")`` (or ``__import__``) call names."""
    if not (isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant)):
        return []
    func = node.func
    called = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
    return [str(node.args[0].value)] if called in ("import_module", "__import__") else []


def names_reaching(path: Path, layers: tuple[str, ...], source: str | None = None) -> list[str]:
    """Each import of ``path`` (type-checking ones too) and each module it loads by name that
    reaches ``layers``, as ``file:line name``."""
    tree = ast.parse(source if source is not None else path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        names = (imported(path, node) if isinstance(node, ast.Import | ast.ImportFrom)
                 else loaded_by_name(node))
        reached = [name for name in names if reaches(name, layers)]
        if reached and (str(path.relative_to(ROOT)), reached[0]) not in NOT_YET:
            found.append(f"{path.relative_to(ROOT)}:{node.lineno} {reached[0]}")
    return found


def test_the_window_core_never_names_a_scene_or_the_app() -> None:
    """``ra_game.ui`` (the scene stack, the board, the widgets) and the app reach the scenes
    only through the table ``ui/front.py`` loads by name; the core never imports the app."""
    core = [p for p in sorted((PACKAGE / "ui").rglob("*.py")) if p != FRONT]
    assert len(core) > 40
    found = [line for path in core for line in names_reaching(path, SCENES + APP)]
    found += names_reaching(PACKAGE / "app.py", SCENES)
    assert found == []
    assert names_reaching(FRONT, SCENES + APP) == ["ra_game/ui/front.py:49 ra_game.scenes.start"]


def test_the_scene_reader_sees_type_checking_imports_and_modules_loaded_by_name() -> None:
    """The check itself: a type-checking import of a scene, a relative import of the app and a
    scene module loaded by name are each found."""
    path = PACKAGE / "ui" / "board" / "example.py"
    source = ("from typing import TYPE_CHECKING\nimport importlib\n"
              "from ...app import run_app\n"
              "if TYPE_CHECKING:\n    from scenes.title import TitleScene\n"
              "importlib.import_module('ra_game.scenes.rules')\n")
    assert names_reaching(path, SCENES + APP, source) == [
        "ra_game/ui/board/example.py:3 ra_game.app",
        "ra_game/ui/board/example.py:5 scenes.title",
        "ra_game/ui/board/example.py:6 ra_game.scenes.rules"]
