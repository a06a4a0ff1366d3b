"""The guided first game: a scripted game of Ra played on the real board, step by step.

:class:`LessonMode` is the lesson as a kind of game: a scripted
:class:`~ra_game.ui.board.modes.mode.Mode` (no saves, undo, hints or statistics), its overlay the
:class:`LessonGuide` (the notes, the callouts and the step reached) and its seats' controller
the :class:`LessonScript` (the opponents, and the player's seat between the player's steps).
It runs the play scene through the lesson of ``tutorial_lesson.py`` on the
game of ``tutorial.ra.json``: it plays the scripted opponents, accepts from the player only the
move the step asks for (a gentle message otherwise), points a callout at the part of the board
each step talks about, and remembers the step reached (``tutorial.json`` in the user data
folder), so "Learn to play" resumes there.  At the end it offers a real game.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from importlib import resources
from itertools import pairwise
from typing import TYPE_CHECKING

import pygame

from ra_game.engine import Move, Replay, parse_replay
from ra_game.engine import events as ev
from ra_game.engine.preview import move_events
from ra_game.engine.state import BID, EMPTY
from ra_game.engine.tiles import TILE_BY_ID
from ra_game.table.seats import Seat
from ra_game.text.i18n import _
from ra_game.ui.board.modes.mode import Mode, scripted_mode
from ra_game.ui.board.modes.overlay import Overlay
from ra_game.ui.board.widgets.callout import Callout, button_rects, draw_callout, note_height
from ra_game.ui.board.widgets.callout_place import Placement, place_note
from ra_game.ui.board.widgets.status_line import status_lines

from . import routes
from .tutorial_lesson import (
    ALSO,
    KINDS,
    NAMES,
    NUMBERS,
    SHOWN_STEPS,
    STEPS,
    Step,
    clear_progress,
    save_step,
    saved_step,
    step_number,
)

if TYPE_CHECKING:
    from ra_game.engine import Observation
    from ra_game.engine.events import Event
    from ra_game.table.seats import Tick
    from ra_game.ui.app_context import AppContext
    from ra_game.ui.board.view import View

    from .play import PlayScene

YOU = 0
THEM_DELAY = 0.7  # seconds between the scripted opponents' moves
READ_DELAY = 1.5  # seconds before the opponents' first move when the lesson opens
#: The board's frames a pointer had better not cross (unless the step is about them).
FRAMES = ("ra_track", "auction_track", "center_sun", "bag", "epoch_label", "bid_area",
          "button_menu")
_NEXT_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE, pygame.K_n)


@dataclass(frozen=True)
class PlacedStep:
    """A lesson step with the slice of the game's moves it plays."""

    step: Step
    start: int
    moves: tuple[str, ...]


def load_lesson() -> tuple[Replay, list[PlacedStep]]:
    """The tutorial game and its steps, each with its moves (checked against the lesson)."""
    text = resources.files("ra_game.scenes").joinpath("tutorial.ra.json").read_text("utf-8")
    doc = json.loads(text)
    replay = parse_replay(doc)
    counts = {str(k): int(v) for k, v in doc["lesson"]}
    placed, at = [], 0
    for step in STEPS:
        n = counts[step.id]
        moves = tuple(replay.moves[at:at + n])
        if step.kind != "skip" and moves != step.moves:
            raise ValueError(f"tutorial step {step.id!r} does not match the lesson's game")
        placed.append(PlacedStep(step, at, moves))
        at += n
    return replay, placed


# -- the scene --------------------------------------------------------------------------------


def tutorial_scene(ctx: AppContext, step: int | None = None) -> PlayScene:
    """The play scene running the lesson from ``step`` (the saved step when None)."""
    replay, placed = load_lesson()
    index = saved_step() if step is None else step
    start = placed[index].start
    names = (_(NAMES[0]), *NAMES[1:])
    state = replay.play(upto=start).renamed(names)
    seats = [Seat.of(kind, name) for kind, name in zip(KINDS, names)]
    lesson = LessonMode.of(LessonGuide(placed, index, resumed=index > 0 and step is None),
                           len(seats))
    # the log and the tile counter know the moves before the step it starts at
    return ctx.open(routes.PlayMode(
        seats, state, lesson, seed=replay.seed,
        moves=replay.moves[:start],
        record=move_events(replay.initial_state(), replay.moves[:start])))


@dataclass(frozen=True)
class LessonMode:
    """The lesson as a kind of game (see the module's docstring)."""

    overlay: LessonGuide
    controller: LessonScript
    #: The seats of the players but the person's, whom the script always plays.
    them: frozenset[int]

    @classmethod
    def of(cls, guide: LessonGuide, seats: int) -> LessonMode:
        return cls(guide, LessonScript(guide), frozenset(s for s in range(seats) if s != YOU))

    @property
    def rules(self) -> Mode:
        return scripted_mode(self.them)


class LessonScript:
    """The lesson's seats: the opponents' scripted moves, and the player's seat between the
    player's own steps."""

    def __init__(self, guide: LessonGuide) -> None:
        self.guide = guide

    def controls(self, seat: int) -> bool:
        return not (self.guide.step.kind == "you" and seat == YOU)

    def poll(self, obs: Observation, tick: Tick) -> Move | None:
        guide = self.guide
        if guide.step.kind != "them" or not tick.idle or guide.gap > 0:
            return None
        n = guide.played()
        if n >= len(guide.placed.moves):
            return None
        guide.gap = THEM_DELAY
        return Move.parse(guide.placed.moves[n])

    def wants_frames(self, seat: int) -> bool:
        """The scripted opponents' moves and a skip go on by themselves."""
        guide = self.guide
        kind = guide.step.kind
        return kind == "skip" or (kind == "them" and guide.played() < len(guide.placed.moves))

    def on_applied(self, move: Move, events: Sequence[Event]) -> None:
        """The lesson keeps its bookmark instead of a saved game; the end of the game is the
        end of the lesson."""
        if any(isinstance(e, ev.GameOver) for e in events):
            clear_progress()
        else:
            save_step(self.guide.index)

    def on_reset(self, moves: Sequence[str]) -> None:
        """A jump ahead: the step counts the moves on the board."""

    def wait(self, timeout: float) -> None:
        """The lesson's timers run in the guide's ``update``: nothing to wait for."""

    def close(self) -> None:
        """Nothing runs in the background."""


class LessonGuide(Overlay):
    """Runs the lesson on the play scene: its steps, notes and callouts (see the module
    docstring)."""

    def __init__(self, steps: list[PlacedStep], index: int, resumed: bool = False) -> None:
        self.steps = steps
        self.index = index
        self.resumed = resumed
        self.gap = READ_DELAY
        self._entered = -1
        self._placed: tuple[tuple[object, ...], Placement] | None = None

    # -- where we are

    @property
    def placed(self) -> PlacedStep:
        return self.steps[self.index]

    @property
    def step(self) -> Step:
        return self.placed.step

    def played(self) -> int:
        """How many of the current step's moves have been played."""
        return len(self.scene.moves) - self.placed.start

    def waiting_for_next(self) -> bool:
        """A note is up (a note step, a skip's note before its jump, the end, or a ``them``
        step's explanation once its moves are shown): only Next (or the end's buttons) go
        on."""
        kind = self.step.kind
        if kind == "them" and self.step.text:
            return self.played() >= len(self.placed.moves) and not self.scene.queue.busy
        return kind in ("note", "end") or (kind == "skip" and bool(self.step.text))

    # -- the overlay

    def check(self, move: Move) -> str | None:
        if self.step.kind == "you" and move.text == self.placed.moves[0]:
            return None
        how = _(self.step.how or self.step.text).format(**NUMBERS)
        return _("Not this one yet. {how}").format(how=how)

    def update(self, dt: float) -> None:
        pace = min(50.0, self.scene.queue.speed)  # the animation speed setting paces the lesson
        self.gap = max(0.0, self.gap - dt * pace)
        if self._entered != self.index:
            self._enter_step()
        kind = self.step.kind
        idle = not self.scene.queue.busy
        done = idle and self.played() >= len(self.placed.moves)
        explained = kind == "them" and bool(self.step.text)  # waits for Next when done
        if (kind in ("you", "them") and done and not explained) or (
                kind == "skip" and not self.step.text):
            self.advance()

    def _enter_step(self) -> None:
        self._entered = self.index
        if self.step.kind == "end":
            clear_progress()
        else:
            save_step(self.index)
        if self.step.kind == "skip" and not self.step.text:
            self._jump()

    def _jump(self) -> None:
        """Play the rest of a skip step's moves at once."""
        self.scene.fast_forward(self.placed.moves[self.played():])

    def advance(self) -> None:
        """Go on to the next step (a skip's note is read before its jump: Next makes it)."""
        if self.step.kind == "skip" and self.step.text:
            self._jump()
        if self.index + 1 < len(self.steps):
            self.index += 1
            self.resumed = False
            self.gap = THEM_DELAY / 2

    def leave(self) -> bool:
        if self.step.kind == "end":
            clear_progress()
        else:
            save_step(self.index)
        return False

    # -- input

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_HOME:
            self.restart()
            return True
        if not self.waiting_for_next():
            return False
        if self.step.kind == "end":
            return self._end_event(event)
        if event.type == pygame.KEYDOWN and event.key in _NEXT_KEYS:
            self.advance()
            return True
        view = self.scene.view
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and view is not None:
            pos = self.scene.to_base(event.pos)
            if any(r.collidepoint(pos) for r in button_rects(view, self.callout())):
                self.advance()
                return True
        return False

    def _end_event(self, event: pygame.event.Event) -> bool:
        choice = None
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            choice = 0
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            choice = 1
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and \
                self.scene.view is not None:
            pos = self.scene.to_base(event.pos)
            rects = button_rects(self.scene.view, self.callout())
            choice = next((i for i, r in enumerate(rects) if r.collidepoint(pos)), None)
        if choice == 0:
            self.real_game()
        elif choice == 1:
            self.to_title()
        return choice is not None

    def restart(self) -> None:
        """Start the lesson over (Home)."""
        ctx = self.scene.ctx
        ctx.scenes.replace(tutorial_scene(ctx, 0))

    def real_game(self) -> None:
        clear_progress()
        ctx = self.scene.ctx
        ctx.scenes.clear_to(ctx.open(routes.Title()))
        ctx.scenes.push(ctx.open(routes.Setup()))

    def to_title(self) -> None:
        clear_progress()
        self.scene.ctx.scenes.clear_to(self.scene.ctx.open(routes.Title()))

    # -- drawing

    def _rect(self, name: str) -> pygame.Rect | None:
        """A name of the play layout, or ``seat_N`` (a player's area), as a base rect."""
        geom = self.scene.geom
        if name.startswith("seat_"):
            seat: pygame.Rect = geom.seats[int(name[5:])]
            return seat
        rect: pygame.Rect | None = geom.rect(name) if name in geom.layout.names() else None
        return rect

    def target(self) -> pygame.Rect | None:
        """What the note points at; while the player picks for a God, the tile the step asks
        for, then the button that takes it (the Play God button is gone meanwhile); for a bid,
        the suns offered (the bid panel's room would reach over the Bid button)."""
        scene, move = self.scene, self.placed.moves[0] if self.placed.moves else ""
        suns = [c.rect for c in scene.current_controls() if c.name == "sun"]
        if self.step.kind == "you" and scene.input.mode == "bid" and suns:
            return suns[0].unionall(suns[1:])
        if self.step.kind == "you" and move.startswith("god:") and scene.input.mode == "god":
            wanted = TILE_BY_ID[move.removeprefix("god:").split(",")[0]]
            if scene.input.selection:
                return self._rect("button_confirm")
            if wanted in scene.state.auction:
                slot: pygame.Rect = scene.geom.auction_slots[scene.state.auction.index(wanted)]
                return slot
        return self._rect(self.step.target)

    def keep_clear(self) -> list[pygame.Rect]:
        """What the note must leave visible: the target, what the step also talks about, the
        status text and the person's controls."""
        rects = [r for r in map(self._rect, (self.step.target, *ALSO.get(self.step.id, ())))
                 if r is not None]
        status = self.status_text_rect()
        if status is not None:
            rects.append(status)
        return rects + self.buttons() + [self.scene.geom.rect("bag")]

    def status_text_rect(self) -> pygame.Rect | None:
        """Where the status line's text is drawn (base pixels), or None before a frame."""
        view = self.scene.view
        if view is None:
            return None
        line = self.scene.info.status_rect()
        text = self.scene.status()[0]
        lines, size = status_lines(view, text, line.width - 16)
        width = max((view.text_width(t, size, True) for t in lines), default=0) / view.scale
        return pygame.Rect(line.x + 10, line.y, int(width) + 4, line.height)

    def marks(self) -> tuple[list[pygame.Rect], list[pygame.Rect], list[pygame.Rect]]:
        """What a pointer must not cross (fame badges with their "+N now" chips, suns, the
        status text, bid chips, the buttons shown, the tiles up for auction), what it had
        better not (the players' tiles, names, the Ra track's tiles) and
        the board's frames (a note had better not cover them)."""
        scene = self.scene
        marks: list[pygame.Rect] = []
        soft: list[pygame.Rect] = []
        for seat in range(scene.state.n):
            slots = scene.areas.slots(scene.model, seat)
            score = slots.score
            marks.append(pygame.Rect(score.x - 64, score.y, score.width + 64, score.height))
            marks += [r for _s, r in slots.suns_up + slots.suns_down]
            soft += [r for _k, _c, r in slots.tiles]
            soft.append(pygame.Rect(slots.header.x, slots.header.y, 170, slots.header.height))
        status = self.status_text_rect()
        if status is not None:
            marks.append(status)
        geom, model = scene.geom, scene.model
        marks += [geom.auction_slots[i] for i, kind in enumerate(model.auction) if kind != EMPTY]
        soft += geom.ra_slots[:model.ra_count]
        if any(scene.model.bids) or scene.state.phase == BID:
            marks += [scene.geom.bid_chip(seat) for seat in range(scene.state.n)]
        target = self.target()
        marks += [r for r in self.buttons() if target is None or not target.contains(r)]
        named = {self.step.target, *ALSO.get(self.step.id, ())}
        frames = [scene.geom.rect(name) for name in FRAMES if name not in named]
        return marks, soft, frames

    def buttons(self) -> list[pygame.Rect]:
        """The buttons shown on the board: the person's controls, Menu and the status row's."""
        scene = self.scene
        return ([c.rect for c in scene.current_controls()] + [b[3] for b in scene.info.button_rects()]
                + [scene.geom.rect("button_menu")])

    def placement(self, callout: Callout) -> Placement:
        """The note's box and pointer for ``callout`` (kept while nothing on the board moved)."""
        view = self.scene.view
        assert view is not None
        key = (self.index, view.size, len(self.scene.moves), self.scene.input.mode,
               self.scene.queue.busy, callout.text, callout.button, callout.buttons)
        if self._placed is None or self._placed[0] != key:
            board = pygame.Rect(0, 0, 1280, self.scene.geom.height)
            marks, soft, frames = self.marks()
            seats = sorted(self.scene.geom.seats, key=lambda r: (r.y, r.x))
            lanes = [(a.right + b.x) // 2 for a, b in pairwise(seats) if a.y == b.y]
            placed = place_note(lambda width: note_height(view, callout, width), board,
                                callout.target, self.keep_clear(), marks, soft, frames, lanes)
            self._placed = (key, placed)
        return self._placed[1]

    def callout(self) -> Callout:
        step = self.step
        target = self.target()
        area = self.scene.geom.rect("callout_low")
        text = _(step.text).format(**NUMBERS) if step.text else ""
        if self.resumed:
            text = _("Welcome back: the lesson goes on from here.") + " " + text
        title = _("Learn to play: step {step} of {steps}").format(
            step=step_number(self.index), steps=SHOWN_STEPS)
        hint = _("Esc: menu · Home: start over")
        if step.kind == "end":
            note = Callout(text, target, area, title, "", hint,
                           (_("Play a real game"), _("Back to title")))
        else:
            button = _("Next") if self.waiting_for_next() else ""
            note = Callout(text, target, area, title, button, hint)
        if self.scene.view is not None:
            note.placement = self.placement(note)
        return note

    def draw(self, surface: pygame.Surface, view: View) -> None:
        if self.step.kind == "skip" and not self.step.text:
            return
        if self.step.kind == "them" and not self.waiting_for_next():
            return  # a note on the opponents' moves comes once they are shown
        if self.step.kind == "you" and self.scene.queue.busy and self.played() > 0:
            return  # let the effect of the player's move be seen
        draw_callout(surface, view, self.callout(), self.scene.hover)

    def status(self) -> str | None:
        if self.waiting_for_next():
            if self.step.kind == "end":
                return _("The lesson is over: play a real game, or go back to the title.")
            return _("Read the note, then press Enter or click Next.")
        return None
