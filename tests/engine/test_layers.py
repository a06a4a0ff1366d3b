"""Layers point down: the engine, the AI, the review, the network and the files the game keeps
never import the window (``ra_game.ui``, the scenes, ``ra_game.app``); no module of the package
imports a scene (the board sees its scene through protocols; ``ui/front.py`` opens the scenes
by name), and the window's widgets never import the main loop.  Imports made only for the type
checker (under ``TYPE_CHECKING``) count too."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "ra_game"

#: The window's own layers, and the command that opens the window.
WINDOW = ("ra_game.ui", "ra_game.scenes", "ra_game.app", "scenes")
#: The scene modules (checked by mypy as the package ``scenes``, installed as ra_game.scenes).
SCENES = ("ra_game.scenes", "scenes")
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


def reaches(name: str, layers: tuple[str, ...]) -> bool:
    return any(name == w or name.startswith(w + ".") for w in layers)


def reaches_the_window(name: str) -> bool:
    return reaches(name, WINDOW)


def imports_of(path: Path, layers: tuple[str, ...], text: str | None = None) -> list[str]:
    """Each import statement of ``path`` (or of ``text`` as if it were ``path``), at any depth
    (``TYPE_CHECKING`` blocks, functions), that reaches ``layers``, as ``file:line imports
    name``."""
    tree = ast.parse(path.read_text(encoding="utf-8") if text is None else text)
    return [f"{path.relative_to(ROOT)}:{node.lineno} imports {imported(path, node)[0]}"
            for node in ast.walk(tree) if isinstance(node, ast.Import | ast.ImportFrom)
            and any(reaches(name, layers) for name in imported(path, node))]


def window_imports(path: Path) -> list[str]:
    """Each import statement of ``path`` that reaches the window."""
    return imports_of(path, WINDOW)


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


def test_no_module_of_the_package_imports_a_scene() -> None:
    """The play scene's parts take values and the modes' overlays see the scene through the
    ``Board`` protocol; the scenes are opened by name (``ui/front.py``)."""
    modules = sorted(PACKAGE.rglob("*.py"))
    assert PACKAGE / "ui" / "board" / "parts" / "info_layer.py" in modules
    assert [line for path in modules for line in imports_of(path, SCENES)] == []


def test_only_the_overlays_see_the_board_protocol() -> None:
    """``Board`` (what a mode's overlay sees of the play scene) is for the overlays alone: the
    scene's parts and the widgets take values (``BoardNow``, ``BoardFrame``)."""
    protocols = ("ra_game.ui.board.parts.protocols",)
    board = sorted((PACKAGE / "ui").rglob("*.py"))
    found = [line.split(":")[0] for path in board for line in imports_of(path, protocols)]
    assert found == ["ra_game/ui/board/modes/overlay.py"]


def test_the_window_widgets_never_import_the_main_loop() -> None:
    ui = sorted((PACKAGE / "ui").rglob("*.py"))
    assert len(ui) > 40
    assert [line for path in ui for line in imports_of(path, ("ra_game.app",))] == []


def test_an_import_for_the_type_checker_counts() -> None:
    """The check itself: the information layer's old import of the play scene, made only
    under ``TYPE_CHECKING``, is caught (as ``scenes`` and as ``ra_game.scenes``)."""
    info = PACKAGE / "ui" / "board" / "parts" / "info_layer.py"
    for written, reached in (("scenes.play", "scenes.play"),
                             ("....scenes.play", "ra_game.scenes.play")):
        text = ("from typing import TYPE_CHECKING\n\nif TYPE_CHECKING:\n"
                f"    from {written} import PlayScene\n")
        assert imports_of(info, SCENES, text) == [
            f"ra_game/ui/board/parts/info_layer.py:4 imports {reached}"]


#: What opens the window, above the scenes.
APP = ("ra_game.app", "ra_game.cli", "ra_game.__main__")
#: The one door from the core into the scenes: ``ui/front.py`` loads the scenes' table by name.
FRONT = PACKAGE / "ui" / "front.py"
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
        if reached:
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


NET = PACKAGE / "net"
BOARD = PACKAGE / "ui" / "board"


def modules_in(folder: Path) -> list[Path]:
    return sorted(folder.rglob("*.py"))


def test_the_wire_belongs_to_neither_side() -> None:
    """Frames, options and the public game are shared: they import no server and no client."""
    wire = modules_in(NET / "wire")
    assert len(wire) >= 4
    sides = ("ra_game.net.server", "ra_game.net.client", "ra_game.net.commands")
    assert [line for path in wire for line in imports_of(path, sides)] == []


def test_the_server_never_imports_a_client() -> None:
    server = modules_in(NET / "server")
    assert len(server) >= 8
    assert [line for path in server
            for line in imports_of(path, ("ra_game.net.client", "ra_game.net.commands"))] == []


def test_a_client_reaches_the_server_only_to_host_a_game() -> None:
    """The window's "Host a game" runs the embedded server; nothing else of the client side
    imports the server's modules."""
    client = modules_in(NET / "client")
    assert len(client) >= 6
    found = [line for path in client for line in imports_of(path, ("ra_game.net.server",))]
    assert [line for line in found if not line.endswith(" ra_game.net.server.embedded")] == []


def test_the_table_the_files_and_the_text_stay_apart() -> None:
    """Text is below the table, the table below the files the game keeps."""
    text = modules_in(PACKAGE / "text")
    table = modules_in(PACKAGE / "table")
    assert text and table
    assert [line for path in text
            for line in imports_of(path, ("ra_game.table", "ra_game.files"))] == []
    assert [line for path in table for line in imports_of(path, ("ra_game.files",))] == []


def test_the_board_widgets_know_no_part_and_no_mode() -> None:
    widgets = modules_in(BOARD / "widgets")
    assert len(widgets) >= 10
    above = ("ra_game.ui.board.parts", "ra_game.ui.board.modes")
    assert [line for path in widgets for line in imports_of(path, above)] == []


def test_the_board_display_model_is_below_its_widgets_parts_and_modes() -> None:
    model = sorted(BOARD.glob("*.py"))
    assert BOARD / "model.py" in model
    above = ("ra_game.ui.board.widgets", "ra_game.ui.board.parts", "ra_game.ui.board.modes")
    assert [line for path in model for line in imports_of(path, above)] == []


def test_the_package_root_and_the_board_stay_small() -> None:
    """The root holds the program's shell; the board's folder its display model."""
    assert len(sorted(PACKAGE.glob("*.py"))) <= 8
    assert len(sorted(BOARD.glob("*.py"))) <= 15
