"""The scenes' routes: every screen's registered name, with what it opens with.

A scene opens another by its route, ``self.ctx.open(Rules())``, never by importing it; the
table that makes each route's scene is :mod:`.start` (the one module importing the scene
classes).  This module imports no scene at run time: the scene types below only type the
routes for mypy.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ra_game.ui.routes import Route

if TYPE_CHECKING:
    from ra_game.engine import GameState
    from ra_game.engine import Replay as ReplayDocument
    from ra_game.engine.events import EpochScored, GameOver
    from ra_game.files.saves import SlotInfo
    from ra_game.jsontypes import JsonObject
    from ra_game.net.client.window_link import Link
    from ra_game.review import Mistake, Review
    from ra_game.table.seats import Seat
    from ra_game.ui.board.modes.mode import BoardMode
    from ra_game.ui.scene import Scene  # noqa: F401

    # The scenes the routes open (named in strings: no scene is imported at run time).
    from .handover import HandOverScene  # noqa: F401
    from .online import OnlineMenuScene  # noqa: F401
    from .online_host import HostSetupScene  # noqa: F401
    from .online_join import JoinScene  # noqa: F401
    from .play import PlayScene  # noqa: F401
    from .replays import ReplayListScene  # noqa: F401
    from .results import FinalResultsScene  # noqa: F401
    from .review_list import ReviewListScene  # noqa: F401
    from .review_progress import ReviewProgressScene  # noqa: F401
    from .rules import RulesScene  # noqa: F401
    from .scoring import EpochScoringScene  # noqa: F401
    from .settings import SettingsScene  # noqa: F401
    from .setup import SetupScene  # noqa: F401
    from .slots import SlotsScene  # noqa: F401
    from .stats import StatsScene  # noqa: F401
    from .title import TitleScene  # noqa: F401


# --- menus ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Title(Route["TitleScene"]):
    """The title screen and its menu."""


@dataclass(frozen=True)
class Setup(Route["SetupScene"]):
    """The new game's seats."""


@dataclass(frozen=True)
class NewGame:
    """The game the setup wants to start once a save slot is chosen."""

    seats: list[Seat]
    hide_scores: bool


@dataclass(frozen=True)
class Slots(Route["SlotsScene"]):
    """The save slots: load or delete a game, or (``new_game``) choose the one it replaces."""

    slots: Sequence[SlotInfo] | None = None
    new_game: NewGame | None = None


@dataclass(frozen=True)
class Rules(Route["RulesScene"]):
    """The rules of the game."""


@dataclass(frozen=True)
class Settings(Route["SettingsScene"]):
    """The settings."""


@dataclass(frozen=True)
class Stats(Route["StatsScene"]):
    """The player's statistics."""


@dataclass(frozen=True)
class Replays(Route["ReplayListScene"]):
    """The saved replays, to watch one."""


# --- a game ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Play(Route["PlayScene"]):
    """A new game at the table: these seats, a seed (None: a new one), a save slot."""

    seats: Sequence[Seat]
    seed: int | None = None
    hide_scores: bool = False
    slot: int | None = None


@dataclass(frozen=True)
class Resume(Route["PlayScene"]):
    """The game saved as ``doc`` (opening raises a ValueError when it cannot be resumed)."""

    doc: JsonObject
    slot: int | None = None


@dataclass(frozen=True)
class Demo(Route["PlayScene"]):
    """The AIs playing each other at the demo's seats."""


@dataclass(frozen=True)
class Tutorial(Route["PlayScene"]):
    """The guided first game from ``step`` (None: the step the player left it at)."""

    step: int | None = None


@dataclass(frozen=True)
class PlayMode(Route["PlayScene"]):
    """A game of another kind on the board (the replay viewer, the lesson, a reviewed
    decision, an online game): its ``mode`` (the rules, the overlay it draws and the controller
    of its scripted seats), from ``state`` reached by ``moves`` (``record``: those moves'
    events, for the game log; ``viewer``: whose face-down fame shows first)."""

    seats: Sequence[Seat]
    state: GameState
    mode: BoardMode
    seed: int | None = None
    hide_scores: bool = False
    moves: Sequence[str] = ()
    record: Sequence[list[object]] = ()
    viewer: int | None = None


@dataclass(frozen=True)
class EpochScoring(Route["EpochScoringScene"]):
    """The scoring at the end of an epoch, over the game."""

    event: EpochScored
    state: GameState
    hidden: bool = False


@dataclass(frozen=True)
class FinalResults(Route["FinalResultsScene"]):
    """The results of a finished game (``seats``: to play again; ``replay``: to save it;
    ``players_here``: the seats a person at this screen played, whose game Review reviews)."""

    state: GameState
    event: GameOver
    seats: list[Seat] | None = None
    replay: JsonObject | None = None
    hide_scores: bool = False
    hints_used: Sequence[int] = ()
    players_here: Sequence[int] = ()


@dataclass(frozen=True)
class HandOver(Route["HandOverScene"]):
    """Pass the screen to ``player_name`` (hidden scores, two people or more)."""

    player_name: str


# --- replays and reviews --------------------------------------------------------------------


@dataclass(frozen=True)
class Watch(Route["PlayScene"]):
    """The replay viewer showing ``replay`` after ``at`` moves (0: from its first), paused."""

    replay: ReplayDocument
    title: str = ""
    at: int = 0


@dataclass(frozen=True)
class WholeGameReview(Route["Scene"]):
    """The whole game's review, ``seat``'s mistakes listed: at once when every seat's review is
    kept with the game, else the progress overlay while the AI makes those missing."""

    replay: ReplayDocument
    seat: int = 0
    title: str = ""


@dataclass(frozen=True)
class ReviewGame(Route["Scene"]):
    """Review ``replay`` for one of ``seats``: at once for one seat, else asking whose.
    ``reviews``: the reviews made before, by seat (a new one is added there)."""

    replay: ReplayDocument
    seats: Sequence[int]
    title: str = ""
    reviews: dict[int, Review] | None = None


@dataclass(frozen=True)
class ReviewList(Route["ReviewListScene"]):
    """A finished review: the costliest decisions of the seat."""

    replay: ReplayDocument
    review: Review
    title: str = ""


@dataclass(frozen=True)
class ReviewProgress(Route["ReviewProgressScene"]):
    """The AI reviewing ``seat``'s decisions (``options``: the review job's settings)."""

    replay: ReplayDocument
    seat: int
    title: str = ""
    reviews: dict[int, Review] | None = None
    options: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class ReviewPosition(Route["PlayScene"]):
    """The replay viewer at ``mistake``'s position, its better move marked."""

    replay: ReplayDocument
    mistake: Mistake
    title: str = ""


# --- online ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class OnlineMenu(Route["OnlineMenuScene"]):
    """Host, join or rejoin a game on the network."""


@dataclass(frozen=True)
class HostSetup(Route["HostSetupScene"]):
    """The seats of a game hosted on this computer."""


@dataclass(frozen=True)
class Join(Route["JoinScene"]):
    """Join a friend's game: the address, the room and a name."""


@dataclass(frozen=True)
class OnlinePlay(Route["PlayScene"]):
    """The game ``link``'s room started (opening raises a ValueError when its setup does not
    fit this copy)."""

    link: Link
