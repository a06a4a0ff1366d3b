"""Scenes open each other by route (``ctx.open(Rules())``), never by importing each other: the
scene modules of ``scenes/`` import another scene module only through the routes, for a base
class, and never inside a function (a play mode opens the play scene by the route
``PlayMode``); every route is
registered and opens its scene."""

from __future__ import annotations

import ast
import dataclasses
import functools
import importlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest
from ra_game.scenes import routes
from ra_game.scenes.handover import HandOverScene
from ra_game.scenes.online import OnlineMenuScene
from ra_game.scenes.online_host import HostSetupScene
from ra_game.scenes.online_join import JoinScene
from ra_game.scenes.play import PlayScene
from ra_game.scenes.replays import ReplayListScene
from ra_game.scenes.results import FinalResultsScene
from ra_game.scenes.review_game import GameProgressScene
from ra_game.scenes.review_list import ReviewListScene
from ra_game.scenes.review_progress import ReviewProgressScene
from ra_game.scenes.review_seat import SeatChoiceScene
from ra_game.scenes.rules import RulesScene
from ra_game.scenes.scoring import EpochScoringScene
from ra_game.scenes.settings import SettingsScene
from ra_game.scenes.setup import SetupScene
from ra_game.scenes.slots import SlotsScene
from ra_game.scenes.start import ROUTES
from ra_game.scenes.stats import StatsScene
from ra_game.scenes.title import TitleScene

from ra_game.app import create_app
from ra_game.engine import GameState, Move, load_replay, replay_dict
from ra_game.engine.events import EpochScored, GameOver
from ra_game.net.client.events import GameStarted
from ra_game.net.client.window_link import Link
from ra_game.review import Mistake, Review
from ra_game.table.seat_kinds import PERSON
from ra_game.table.seats import Seat
from ra_game.ui.app_context import AppContext
from ra_game.ui.board.modes.mode import Mode, scripted_mode
from ra_game.ui.board.modes.overlay import Overlay
from ra_game.ui.routes import Route, RouteTable
from ra_game.ui.scene import Scene

ROOT = Path(__file__).resolve().parents[2]
SCENES = ROOT / "scenes"
GAME = ROOT / "tests" / "fixtures" / "golden_2p_full.ra.json"

#: The modules of ``scenes/`` that hold no scene: the routes, what screens share, texts.
HELPERS = {"routes", "online_common", "tutorial_lesson", "rules_text"}
#: The route table: the one module that imports the scene classes.
TABLE = "start"
#: The run-time imports of a scene module by another that stay, and why.
BASES = {
    ("online", "online_lobby"): "the online menu is a Connecting scene",
    ("online_host", "online_lobby"): "the host's setup is a Connecting scene",
    ("online_host", "setup"): "the host's setup is the setup scene with network seats",
    ("online_join", "online_lobby"): "the join form is a Connecting scene",
    ("review_position", "replay_viewer"): "the review's driver is a replay driver",
    ("review_game", "review_progress"): "the whole game's progress is a review progress overlay",
}


# -- the imports --------------------------------------------------------------------------------


@functools.cache
def scene_modules() -> tuple[str, ...]:
    return tuple(sorted(p.stem for p in SCENES.glob("*.py") if p.stem != "__init__"))


def _target(node: ast.Import | ast.ImportFrom) -> list[str]:
    """The modules of ``scenes/`` an import statement of a scene module names."""
    if isinstance(node, ast.Import):
        names = [alias.name for alias in node.names]
    elif node.level == 1:
        names = ([node.module] if node.module else [alias.name for alias in node.names])
    elif node.level == 0 and node.module:
        names = [f"{node.module}.{alias.name}" for alias in node.names] + [node.module]
    else:
        return []
    found = []
    for name in names:
        for prefix in ("ra_game.scenes.", "scenes."):
            name = name.removeprefix(prefix)
        head = name.split(".")[0]
        if head in scene_modules() and head not in found:
            found.append(head)
    return found


def _type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def scene_imports(text: str) -> list[tuple[int, str, bool]]:
    """Each run-time import of a module of ``scenes/`` in ``text``: (line, module, whether
    it runs inside a function).  Imports under ``if TYPE_CHECKING`` only type."""
    found: list[tuple[int, str, bool]] = []

    def visit(node: ast.AST, in_function: bool) -> None:
        if isinstance(node, ast.If) and _type_checking(node):
            for child in node.orelse:
                visit(child, in_function)
            return
        if isinstance(node, ast.Import | ast.ImportFrom):
            found.extend((node.lineno, module, in_function) for module in _target(node))
        inner = in_function or isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef |
                                          ast.Lambda)
        for child in ast.iter_child_nodes(node):
            visit(child, inner)

    visit(ast.parse(text), False)
    return found


def import_problems(module: str, text: str) -> list[str]:
    """What is wrong with the scene imports of ``scenes/<module>.py`` (its ``text``)."""
    problems = []
    for line, target, lazy in scene_imports(text):
        where = f"scenes/{module}.py:{line} imports {target}"
        if lazy:
            problems.append(f"{where} inside a function (open it by route)")
        elif module in HELPERS and target != "routes":
            problems.append(f"{where}, but a helper module imports no scene")
        elif module != TABLE and target not in HELPERS and (module, target) not in BASES:
            problems.append(f"{where} (open it by route: ctx.open(routes.X(...)))")
    return problems


@functools.cache
def source(module: str) -> str:
    return (SCENES / f"{module}.py").read_text("utf-8")


def test_no_scene_imports_another_but_through_the_routes() -> None:
    modules = scene_modules()
    assert {"play", "title", "routes", "start"} <= set(modules)
    problems = [problem for module in modules for problem in import_problems(module, source(module))]
    assert problems == []


def app_imports(text: str) -> list[int]:
    """The lines of ``text`` that import the app or the command line (scenes are below them)."""
    lines = []
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level in (0, 2):
            base = ".".join(filter(None, ["ra_game" if node.level else "", node.module or ""]))
            names = [base] + [f"{base}.{alias.name}" for alias in node.names]
        else:
            continue
        if any(name in ("ra_game.app", "ra_game.cli", "ra_game.__main__")
               or name.startswith(("ra_game.app.", "ra_game.cli.")) for name in names):
            lines.append(node.lineno)
    return sorted(lines)


def test_no_scene_imports_the_app() -> None:
    """The settings reach the window through the context (``ctx.set_fullscreen``), not the app."""
    found = {module: app_imports(source(module)) for module in scene_modules()}
    assert {module: lines for module, lines in found.items() if lines} == {}
    assert app_imports("def f():\n    from ra_game import app\nfrom ..cli import main\n") == [2, 3]


def test_the_helper_modules_hold_no_scene() -> None:
    """What screens share may be imported freely because no scene lives there."""
    for helper in sorted(HELPERS):
        module = importlib.import_module(f"ra_game.scenes.{helper}")
        defined = [value for value in vars(module).values() if isinstance(value, type)
                   and issubclass(value, Scene) and value.__module__ == module.__name__]
        assert defined == [], helper
    assert HELPERS < set(scene_modules())


def test_each_kept_import_of_a_scene_module_is_still_made() -> None:
    """The list of base imports holds no import the code no longer makes."""
    made = {(module, target) for module in scene_modules()
            for _line, target, _lazy in scene_imports(source(module))}
    assert set(BASES) <= made


def test_the_check_catches_a_lazy_import_and_a_scene_opened_by_import() -> None:
    text = ("from typing import TYPE_CHECKING\n"
            "from . import routes\n"
            "from .online_common import clock\n"
            "if TYPE_CHECKING:\n    from .play import PlayScene\n"
            "from .results import FinalResultsScene\n"
            "def to_title(ctx):\n    from ra_game.scenes.title import TitleScene\n")
    assert import_problems("replays", text) == [
        "scenes/replays.py:6 imports results (open it by route: ctx.open(routes.X(...)))",
        "scenes/replays.py:8 imports title inside a function (open it by route)"]
    assert import_problems("online_common", "from .title import TitleScene\n") == [
        "scenes/online_common.py:1 imports title, but a helper module imports no scene"]


# -- the routes ---------------------------------------------------------------------------------


def declared_routes() -> set[type[Route[Scene]]]:
    return {value for value in vars(routes).values()
            if isinstance(value, type) and issubclass(value, Route) and value is not Route}


def test_every_declared_route_is_registered_once() -> None:
    assert set(ROUTES.routes) == declared_routes()
    assert len(ROUTES.routes) == len(declared_routes()) == 25
    with pytest.raises(ValueError, match="registered twice"):
        ROUTES.register(routes.Title, lambda ctx, route: TitleScene(ctx))


class Far:
    """The controller of a scripted seat that never moves (a play mode's route)."""

    def controls(self, seat: int) -> bool:
        return seat == 1

    def poll(self, observation: object, tick: object) -> None:
        return None

    def on_applied(self, move: object, events: object) -> None:
        pass

    def on_reset(self, moves: object) -> None:
        pass

    def wants_frames(self, seat: int) -> bool:
        return False

    def wait(self, timeout: float) -> None:
        pass

    def close(self) -> None:
        pass


@dataclasses.dataclass(frozen=True)
class FarSeat:
    """A kind of game whose seat 1 is scripted and never moves (a play mode's route)."""

    rules: Mode = dataclasses.field(default_factory=lambda: scripted_mode(frozenset({1})))
    overlay: Overlay = dataclasses.field(default_factory=Overlay)
    controller: Far = dataclasses.field(default_factory=Far)


class QuietSession:
    """A connection that never hears anything (no server needed)."""

    host_token = None

    def __init__(self, url: str) -> None:
        pass

    def poll(self) -> list[Any]:
        return []

    def join(self, *args: Any, **kwargs: Any) -> None:
        pass

    def close(self, wait: float = 0.0) -> None:
        pass


def samples() -> list[tuple[Route[Scene], type[Scene]]]:
    """One value of each route, with the scene it opens."""
    replay = load_replay(GAME)
    state = replay.initial_state()
    scored = [event for move in replay.moves for event in state.apply(Move.parse(move))
              if isinstance(event, EpochScored)]
    over = GameOver(state.winner or 0, tuple(state.scores), False)
    seats = [Seat(PERSON, "Ana"), Seat(PERSON, "Bruno")]
    doc = replay_dict(GameState.new(2, seed=3, names=["Ana", "Bruno"]), [], ["human", "human"])
    mistake = Mistake.at(0, replay.play(0), 0, replay.initial_state().legal_actions()[0],
                         replay.initial_state().legal_actions()[-1], 2.5)
    review = Review(seat=0, decisions=30, close=28, total_loss=2.5, mistakes=[mistake])
    link = Link("ws://127.0.0.1:1", "Ana", session_factory=QuietSession)
    setup = {"players": [{"name": "Ana", "kind": "human"}, {"name": "Bruno", "kind": "remote"}],
             "suns": [[8, 7, 4, 3], [9, 6, 5, 2]]}
    link.started = GameStarted(setup, [], 0)
    return [
        (routes.Title(), TitleScene),
        (routes.Setup(), SetupScene),
        (routes.Slots([], routes.NewGame(seats, False)), SlotsScene),
        (routes.Rules(), RulesScene),
        (routes.Settings(), SettingsScene),
        (routes.Stats(), StatsScene),
        (routes.Replays(), ReplayListScene),
        (routes.Play(seats, seed=5), PlayScene),
        (routes.Resume({**doc, "hide_scores": False}), PlayScene),
        (routes.Demo(), PlayScene),
        (routes.Tutorial(0), PlayScene),
        (routes.PlayMode(seats, GameState.new(2, seed=4, names=["Ana", "Bruno"]), FarSeat()),
         PlayScene),
        (routes.EpochScoring(scored[0], state), EpochScoringScene),
        (routes.FinalResults(state, over, seats=seats), FinalResultsScene),
        (routes.HandOver("Ana"), HandOverScene),
        (routes.Watch(replay, "game"), PlayScene),
        (routes.ReviewGame(replay, [0, 1]), SeatChoiceScene),
        (routes.ReviewGame(replay, [0], reviews={0: review}), ReviewListScene),
        (routes.ReviewList(replay, review), ReviewListScene),
        (routes.ReviewProgress(replay, 1), ReviewProgressScene),
        (routes.ReviewPosition(replay, mistake), PlayScene),
        (routes.WholeGameReview(replay, 1), GameProgressScene),
        (routes.OnlineMenu(), OnlineMenuScene),
        (routes.HostSetup(), HostSetupScene),
        (routes.Join(), JoinScene),
        (routes.OnlinePlay(link), PlayScene),
    ]


@pytest.fixture
def ctx() -> Iterator[AppContext]:
    context, _ = create_app()
    yield context
    context.scenes.close_all()
    pygame.display.quit()


#: Who sits at the table each route of a game opens (the play scene serves them all).
TABLES = {routes.Play: ("Ana", "Bruno"), routes.Resume: ("Ana", "Bruno"),
          routes.Tutorial: ("You", "Imhotep", "Hatshepsut"), routes.PlayMode: ("Ana", "Bruno"), routes.Watch: ("Ana", "Bruno"),
          routes.OnlinePlay: ("Ana", "Bruno"), routes.ReviewPosition: ("Ana", "Bruno")}


def test_every_route_opens_its_scene(ctx: AppContext) -> None:
    opened: set[type[Route[Scene]]] = set()
    for route, scene_class in samples():
        scene = ctx.open(route)
        try:
            assert type(scene) is scene_class, route
            assert scene.ctx is ctx
            if isinstance(scene, PlayScene):
                names = tuple(seat.name for seat in scene.seats)
                assert names == TABLES.get(type(route), names), route
                if type(route) is routes.Demo:
                    assert not any(seat.is_human for seat in scene.seats)
        finally:
            scene.close()
        opened.add(type(route))
    assert opened == set(ROUTES.routes)


def test_the_routes_are_values_and_an_unknown_route_is_one_line(ctx: AppContext) -> None:
    assert routes.HandOver("Ana") == routes.HandOver("Ana")
    with pytest.raises(dataclasses.FrozenInstanceError):
        routes.HandOver("Ana").player_name = "Bo"  # type: ignore[misc]

    @dataclasses.dataclass(frozen=True)
    class Nowhere(Route[TitleScene]):
        """A route no scene registered."""

    with pytest.raises(LookupError, match="no scene is registered for the route Nowhere"):
        ctx.open(Nowhere())


def test_a_scene_opens_another_by_route_through_the_context(ctx: AppContext) -> None:
    """The title's Rules button pushes what the context's table makes for the route."""
    made: list[Scene] = []

    def rules(context: AppContext, route: routes.Rules) -> Scene:
        made.append(RulesScene(context))
        return made[-1]

    title = ctx.scenes.top
    assert isinstance(title, TitleScene)
    ctx.routes = RouteTable()
    ctx.routes.register(routes.Rules, rules)
    title.menu_rules()
    assert len(made) == 1 and ctx.scenes.top is made[0]
    with pytest.raises(LookupError, match="route Stats"):
        title.menu_stats()
