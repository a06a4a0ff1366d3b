"""The scenes the window starts with, for :mod:`ra_game.ui.front` (the app core reaches the
scene modules only through :data:`START`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ra_game.i18n import _
from ra_game.ui.front import SceneFront

if TYPE_CHECKING:
    from ra_game.engine import Replay
    from ra_game.seats import Seat
    from ra_game.ui.app_context import AppContext
    from ra_game.ui.scene import Scene


class Start:
    """:class:`ra_game.ui.front.SceneFront` for the scenes of this package."""

    def first_scene(
        self, ctx: AppContext, players: Sequence[Seat] | None, seed: int | None
    ) -> Scene:
        """The title, or a game straight away when seats were given (``ra-game play``, demo)."""
        if players:
            from ra_game.saves import first_free_slot, list_slots

            from .play import PlayScene

            hide = ctx.settings.hide_scores and ctx.demo is None
            humans = any(s.is_human for s in players)
            slot = first_free_slot(list_slots()) if ctx.demo is None and humans else None
            scene = PlayScene(ctx, list(players), seed=seed, hide_scores=hide, slot=slot)
            if slot is None and ctx.demo is None and humans:
                scene.notice = _("Every save slot holds a game: this game is not being saved.")
            return scene
        return self.title_scene(ctx)

    def title_scene(self, ctx: AppContext) -> Scene:
        """The title screen."""
        from .title import TitleScene

        return TitleScene(ctx)

    def replay_scene(self, ctx: AppContext, replay: Replay, title: str) -> Scene:
        """The replay viewer showing ``replay`` from its first move (``ra-game watch``)."""
        from .replay_viewer import replay_scene

        return replay_scene(ctx, replay, title)


START: SceneFront = Start()
