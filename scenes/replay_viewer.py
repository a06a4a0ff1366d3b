"""Watching a replay: the real play scene, driven move by move from a replay file.

:class:`ReplayMode` is the viewer as a kind of game: a scripted
:class:`~ra_game.ui.board.modes.mode.Mode` (no saves, no undo, no hints, no statistics), its overlay
the :class:`ReplayViewer` (the playback controls and where the replay is) and its seats'
controller the :class:`ReplayScript`.  It plays the file's moves through the ordinary board (animations, epoch
scoring, the pause menu, and whatever else the play scene shows), with playback controls in the
action bar: start, step back, play/pause, step forward, end, speed, and Review (whose decisions
the AI reviews).  Keys: Space plays or pauses, Left/Right step one move, Home/End jump, S changes
the speed, R reviews.  Stepping back rebuilds
the position from the file (the engine is exact), so it is instant.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from ra_game.engine import Move, Replay
from ra_game.engine.preview import move_events
from ra_game.text.i18n import N_, _, format_decimal, pgettext
from ra_game.text.words import display_name
from ra_game.ui import theme
from ra_game.ui.board.modes.mode import Mode, scripted_mode
from ra_game.ui.board.modes.overlay import Overlay
from ra_game.ui.board.parts.seating import read_seats

from . import routes

if TYPE_CHECKING:
    from ra_game.engine import Observation
    from ra_game.engine.events import Event
    from ra_game.review import Review
    from ra_game.table.seats import Tick
    from ra_game.ui.app_context import AppContext
    from ra_game.ui.board.view import View

    from .play import PlayScene

SPEEDS = (0.5, 1.0, 2.0, 4.0)
MOVE_GAP = 0.8  # seconds between moves at speed 1
CONTROLS = ("start", "back", "play", "forward", "end", "speed", "review")
KEYS = {pygame.K_HOME: "start", pygame.K_LEFT: "back", pygame.K_SPACE: "play",
        pygame.K_p: "play", pygame.K_RIGHT: "forward", pygame.K_END: "end", pygame.K_s: "speed",
        pygame.K_r: "review"}


#: Playback icons drawn as shapes (the bundled font has no arrow glyphs): for each control,
#: triangles pointing left (-1) or right (+1), and whether a bar stands at the far end.
ICONS = {"start": (-1, True), "back": (-1, False), "forward": (1, False), "end": (1, True)}


def draw_icon(surface: pygame.Surface, view: View, rect: pygame.Rect, name: str) -> None:
    """A media-control icon in the middle of a button (base-pixel rect)."""
    direction, bar = ICONS[name]
    cx, cy = rect.centerx, rect.centery - 2
    size = 11
    points = [(cx - direction * size, cy - size), (cx - direction * size, cy + size),
              (cx + direction * size, cy)]
    pygame.draw.polygon(surface, theme.INK, [view.p(x, y) for x, y in points])
    if bar:
        x = cx + direction * (size + 3)
        pygame.draw.rect(surface, theme.INK, view.r(pygame.Rect(min(x, x + direction * 4),
                                                                cy - size, 4, 2 * size)))


def replay_scene(ctx: AppContext, replay: Replay, title: str = "",
                 mode: ReplayMode | None = None) -> PlayScene:
    """The play scene showing ``replay`` from its first move, paused (``mode``: a viewer of
    another kind, as the review's)."""
    seats = read_seats(ctx, replay.players, where=None)
    mode = mode or ReplayMode.of(ReplayViewer(replay, title))
    return ctx.open(routes.PlayMode(seats, replay.initial_state(), mode, seed=replay.seed))


@dataclass(frozen=True)
class ReplayMode:
    """The replay viewer as a kind of game (see the module's docstring)."""

    overlay: ReplayViewer
    controller: ReplayScript

    @classmethod
    def of(cls, viewer: ReplayViewer) -> ReplayMode:
        """The mode of ``viewer``, its seats played by the script it makes."""
        return cls(viewer, viewer.script())

    @property
    def rules(self) -> Mode:
        """A scripted game of the replay's seats, all played by the viewer's script."""
        viewer = self.overlay
        return scripted_mode(frozenset(range(len(viewer.replay.players))), viewer.quit_label)


class ReplayScript:
    """Every seat's controller: the file's next move, while the viewer plays."""

    def __init__(self, viewer: ReplayViewer) -> None:
        self.viewer = viewer

    def controls(self, seat: int) -> bool:
        return True

    def poll(self, obs: Observation, tick: Tick) -> Move | None:
        viewer = self.viewer
        if not viewer.playing or not tick.idle or viewer.gap > 0 or viewer.index >= viewer.total:
            return None
        viewer.gap = MOVE_GAP / viewer.speed
        return Move.parse(viewer.replay.moves[viewer.index])

    def wants_frames(self, seat: int) -> bool:
        return self.viewer.playing

    def on_applied(self, move: Move, events: Sequence[Event]) -> None:
        """The next move is read from the board's record."""

    def on_reset(self, moves: Sequence[str]) -> None:
        """A step back or a jump: the board's record says where the replay is."""

    def wait(self, timeout: float) -> None:
        """The viewer's timers run in its ``update``: nothing to wait for."""

    def close(self) -> None:
        """Nothing runs in the background."""


class ReplayViewer(Overlay):
    """The replay's playback on the board: pause, steps and speed, and where it is."""

    quit_label = N_("Leave the replay")

    def __init__(self, replay: Replay, title: str = "") -> None:
        self.replay = replay
        self.title = title
        self.playing = False
        self.speed_index = 1
        self.gap = 0.0
        #: The reviews made from this viewer, by seat.
        self.reviews: dict[int, Review] = {}

    @property
    def total(self) -> int:
        return len(self.replay.moves)

    @property
    def index(self) -> int:
        """How many moves are on the board now."""
        return len(self.scene.moves)

    @property
    def speed(self) -> float:
        return SPEEDS[self.speed_index]

    def script(self) -> ReplayScript:
        """The controller of the replay's seats."""
        return ReplayScript(self)

    # -- the overlay

    def speed_factor(self) -> float:
        return self.speed

    def update(self, dt: float) -> None:
        self.gap = max(0.0, self.gap - dt)
        if self.index >= self.total and not self.scene.queue.busy:
            self.playing = False

    def leave(self) -> bool:
        """Back to the replay list (or the title, after ``ra-game watch``)."""
        scenes = self.scene.ctx.scenes
        if len(scenes.stack) > 1 and self.scene.is_top():
            scenes.pop()
            return True
        return False

    # -- controls

    def command(self, name: str) -> None:
        """Run one playback control."""
        if name == "play":
            self.playing = not self.playing and self.index < self.total
            self.gap = 0.0
        elif name == "speed":
            self.speed_index = (self.speed_index + 1) % len(SPEEDS)
        elif name == "forward":
            self.playing = False
            self.step_forward()
        elif name == "back":
            self.playing = False
            self.jump(self.index - 1)
        elif name == "start":
            self.playing = False
            self.jump(0)
        elif name == "end":
            self.playing = False
            self.jump(self.total)
        elif name == "review":
            self.playing = False
            self.open_review()

    def open_review(self) -> None:
        """Ask whose decisions the AI should review, then review them."""
        ctx = self.scene.ctx
        ctx.scenes.push(ctx.open(routes.ReviewGame(self.replay, range(len(self.replay.players)),
                                                   self.title, self.reviews)))

    def step_forward(self) -> None:
        """Finish the running animation (if any) and play the next move."""
        if self.scene.queue.busy:
            self.scene.queue.skip()
        if self.index < self.total and self.scene.is_top():
            self.scene.apply(Move.parse(self.replay.moves[self.index]))

    def jump(self, index: int) -> None:
        """Show the position after ``index`` moves at once."""
        index = max(0, min(self.total, index))
        state = self.replay.play(upto=index)
        moves = self.replay.moves[:index]
        self.scene.reset_to(state, moves)
        self.scene.resume_record(move_events(self.replay.initial_state(), moves))

    def rects(self) -> dict[str, pygame.Rect]:
        return {name: self.scene.geom.rect(f"replay_{name}") for name in CONTROLS}

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in KEYS:
            self.command(KEYS[event.key])
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            pos = self.scene.to_base(event.pos)
            for name, rect in self.rects().items():
                if rect.collidepoint(pos):
                    self.command(name)
                    return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            pos = self.scene.to_base(event.pos)
            return any(r.collidepoint(pos) for r in self.rects().values())
        return False

    # -- drawing

    def labels(self) -> dict[str, tuple[str, str]]:
        """Each control's label and key hint."""
        speed = format_decimal(self.speed, None) + "x"
        return {
            "start": ("", ""), "back": ("", ""),  # icon buttons: the status line names their keys
            "play": (_("Pause") if self.playing else pgettext("start the replay", "Play"),
                     "Space"),
            "forward": ("", ""), "end": ("", ""),
            "speed": (_("Speed {speed}").format(speed=speed), "S"),
            "review": (_("Review"), "R"),
        }

    def enabled(self, name: str) -> bool:
        """Whether the control ``name`` can do something now (drawn greyed out if not)."""
        return True

    def draw(self, surface: pygame.Surface, view: View) -> None:
        hover = self.scene.hover
        labels = self.labels()
        for name, rect in self.rects().items():
            label, hint = labels[name]
            lit = hover is not None and rect.collidepoint(hover)
            style = "primary" if name == "play" else "normal"
            look = "disabled" if not self.enabled(name) else "hover" if lit else "idle"
            view.button(surface, rect, label, look, hint, style)
            if name in ICONS:
                draw_icon(surface, view, rect, name)
        info = self.scene.geom.rect("replay_info")
        line = _("Move {move} of {total}").format(move=self.index, total=self.total)
        view.fit_text(surface, line, pygame.Rect(info.x, info.y + 2, info.w - 8, 30), 22,
                      theme.INK, True, "right", min_size=14, max_lines=1)
        if self.title:
            box = pygame.Rect(info.x, info.centery + 2, info.w - 8, 24)
            title, size = view.fitted(self.title, 15, box.w, smallest=15)
            view.blit_text(surface, title, size, box.midright, "midright", theme.INK_SOFT,
                           box=box)

    def status(self) -> str | None:
        state = self.scene.state
        if state.over and not self.scene.queue.busy:
            win = state.winner or 0
            return _("The replay is over: {player} wins with {fame} fame. Left steps back, "
                     "Esc for the menu.").format(player=display_name(state.names[win]),
                                                 fame=state.scores[win])
        if self.scene.queue.busy:
            return None
        if self.playing:
            return _("Watching a replay. Space pauses; Left and Right step by one move.")
        return _("Replay paused. Space plays; Left and Right step by one move; Home and End "
                 "jump to the start and the end; S changes the speed.")
