"""The route table: the one module that imports the scene classes, and the scenes the window
starts with.

:data:`ROUTES` makes the scene of each route of :mod:`.routes`; the app puts it on the context
(``ctx.open(route)``).  :data:`START` is :class:`ra_game.ui.front.SceneFront` for the app core,
which reaches the scene modules only through it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ra_game.files.saves import first_free_slot, list_slots
from ra_game.text.i18n import _
from ra_game.ui.front import SceneFront
from ra_game.ui.routes import RouteTable

from . import routes
from .handover import HandOverScene
from .online import OnlineMenuScene
from .online_host import HostSetupScene
from .online_join import JoinScene
from .online_play import online_play_scene
from .play import PlayScene
from .replay_viewer import ReplayMode, ReplayViewer, replay_scene
from .replays import ReplayListScene
from .results import FinalResultsScene
from .review_game import game_review_scene
from .review_list import ReviewListScene
from .review_position import review_position_scene
from .review_progress import ReviewProgressScene
from .review_seat import review_scene
from .rules import RulesScene
from .scoring import EpochScoringScene
from .settings import SettingsScene
from .setup import SetupScene, demo_seats
from .slots import SlotsScene
from .stats import StatsScene
from .title import TitleScene
from .tutorial import tutorial_scene

if TYPE_CHECKING:
    from ra_game.engine import Replay
    from ra_game.table.seats import Seat
    from ra_game.ui.app_context import AppContext
    from ra_game.ui.scene import Scene


def _play(ctx: AppContext, route: routes.Play) -> PlayScene:
    return PlayScene(ctx, route.seats, seed=route.seed, hide_scores=route.hide_scores,
                     slot=route.slot)


def _watch(ctx: AppContext, route: routes.Watch) -> PlayScene:
    viewer = ReplayViewer(route.replay, route.title)
    scene = replay_scene(ctx, route.replay, route.title, ReplayMode.of(viewer))
    if route.at:
        viewer.jump(route.at)
    return scene


def _play_mode(ctx: AppContext, route: routes.PlayMode) -> PlayScene:
    scene = PlayScene(ctx, route.seats, route.seed, route.hide_scores, state=route.state,
                      moves=route.moves, mode=route.mode.rules, overlay=route.mode.overlay,
                      controller=route.mode.controller, viewer=route.viewer)
    if route.record:
        scene.resume_record(route.record)
    return scene


def _final_results(ctx: AppContext, route: routes.FinalResults) -> FinalResultsScene:
    return FinalResultsScene(ctx, route.state, route.event, seats=route.seats,
                             replay=route.replay, hide_scores=route.hide_scores,
                             hints_used=route.hints_used, players_here=route.players_here)


def _review_progress(ctx: AppContext, route: routes.ReviewProgress) -> ReviewProgressScene:
    return ReviewProgressScene(ctx, route.replay, route.seat, title=route.title,
                               reviews=route.reviews, **route.options)


def route_table() -> RouteTable:
    """Every route of :mod:`.routes` with the factory of its scene."""
    table = RouteTable()
    table.register(routes.Title, lambda ctx, r: TitleScene(ctx))
    table.register(routes.Setup, lambda ctx, r: SetupScene(ctx))
    table.register(routes.Slots, lambda ctx, r: SlotsScene(ctx, r.slots, r.new_game))
    table.register(routes.Rules, lambda ctx, r: RulesScene(ctx))
    table.register(routes.Settings, lambda ctx, r: SettingsScene(ctx))
    table.register(routes.Stats, lambda ctx, r: StatsScene(ctx))
    table.register(routes.Replays, lambda ctx, r: ReplayListScene(ctx))
    table.register(routes.Play, _play)
    table.register(routes.Resume, lambda ctx, r: PlayScene.from_save(ctx, r.doc, slot=r.slot))
    table.register(routes.Demo, lambda ctx, r: PlayScene(ctx, demo_seats(), seed=None,
                                                         hide_scores=False))
    table.register(routes.PlayMode, _play_mode)
    table.register(routes.Tutorial, lambda ctx, r: tutorial_scene(ctx, r.step))
    table.register(routes.EpochScoring,
                   lambda ctx, r: EpochScoringScene(ctx, r.event, r.state, r.hidden))
    table.register(routes.FinalResults, _final_results)
    table.register(routes.HandOver, lambda ctx, r: HandOverScene(ctx, r.player_name))
    table.register(routes.Watch, _watch)
    table.register(routes.WholeGameReview,
                   lambda ctx, r: game_review_scene(ctx, r.replay, r.seat, r.title))
    table.register(routes.ReviewGame,
                   lambda ctx, r: review_scene(ctx, r.replay, r.seats, r.title, r.reviews))
    table.register(routes.ReviewList,
                   lambda ctx, r: ReviewListScene(ctx, r.replay, r.review, r.title))
    table.register(routes.ReviewProgress, _review_progress)
    table.register(routes.ReviewPosition,
                   lambda ctx, r: review_position_scene(ctx, r.replay, r.mistake, r.title))
    table.register(routes.OnlineMenu, lambda ctx, r: OnlineMenuScene(ctx))
    table.register(routes.HostSetup, lambda ctx, r: HostSetupScene(ctx))
    table.register(routes.Join, lambda ctx, r: JoinScene(ctx))
    table.register(routes.OnlinePlay, lambda ctx, r: online_play_scene(ctx, r.link))
    return table


class Start:
    """:class:`ra_game.ui.front.SceneFront` for the scenes of this package."""

    def route_table(self) -> RouteTable:
        """The scenes by route, for the context."""
        return ROUTES

    def first_scene(
        self, ctx: AppContext, players: Sequence[Seat] | None, seed: int | None
    ) -> Scene:
        """The title, or a game straight away when seats were given (``ra-game play``, demo)."""
        if players:
            hide = ctx.settings.hide_scores and ctx.demo is None
            humans = any(s.is_human for s in players)
            slot = first_free_slot(list_slots()) if ctx.demo is None and humans else None
            scene = ctx.open(routes.Play(list(players), seed=seed, hide_scores=hide, slot=slot))
            if slot is None and ctx.demo is None and humans:
                scene.notice = _("Every save slot holds a game: this game is not being saved.")
            return scene
        return self.title_scene(ctx)

    def title_scene(self, ctx: AppContext) -> Scene:
        """The title screen."""
        return ctx.open(routes.Title())

    def replay_scene(self, ctx: AppContext, replay: Replay, title: str) -> Scene:
        """The replay viewer showing ``replay`` from its first move (``ra-game watch``)."""
        return ctx.open(routes.Watch(replay, title))


#: The scenes by route (one table: the routes are registered once).
ROUTES = route_table()
START: SceneFront = Start()
