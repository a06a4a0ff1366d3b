"""The play scene: the board where a game of Ra is played, by people and AI seats.

Data flow: each seat's :class:`~ra_game.table.seats.SeatController` (a mode's script, the AI seats'
:class:`AiRunner`, or the people at this screen, whose :class:`HumanInput` the scene feeds to a
:class:`LocalPerson`) is polled for the decision -> Move -> :class:`Match` ``apply`` (only if
legal) -> events to the match's observers: the game log, the undo book, the board (the
:class:`Director` animations, with their sounds), the autosave, the statistics and the seat
controllers.  The engine state is applied at once; the board catches up through the animation
queue, and the next decision is taken only when the animations are done (click or Space skips
them).  Esc opens the pause menu.  Layout: ``scenes/play.tmx`` (written by
``tools/make_play_layout.py``).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import pygame

from ra_game.ai.runner import MIN_DELAY
from ra_game.ai.workers import Workers
from ra_game.compat import assert_never
from ra_game.engine import GameState, IllegalMoveError, Move
from ra_game.engine import events as ev
from ra_game.engine.preview import move_events
from ra_game.files.saves import resume_state
from ra_game.jsontypes import JsonObject
from ra_game.table.match import Match
from ra_game.table.seat_kinds import SeatKind, Where
from ra_game.table.seats import Seat, SeatController
from ra_game.text.i18n import _
from ra_game.ui.animation import SPEED_FACTORS, AnimationQueue, Call
from ra_game.ui.app_context import AppContext, ai_workers
from ra_game.ui.board.controls import Control, HumanInput
from ra_game.ui.board.director import Cues, Director
from ra_game.ui.board.geometry import PLAY_NAMES, BoardGeometry
from ra_game.ui.board.model import DisplayModel
from ra_game.ui.board.modes.mode import PLAIN, GameEnd, Mode
from ra_game.ui.board.modes.overlay import Overlay
from ra_game.ui.board.parts.board_input import BoardInput, InputState
from ra_game.ui.board.parts.canvas import Canvas
from ra_game.ui.board.parts.epoch_skip import EpochSkip
from ra_game.ui.board.parts.frame import BoardFrame
from ra_game.ui.board.parts.hint import HintAdvisor
from ra_game.ui.board.parts.hotseat import Hotseat
from ra_game.ui.board.parts.info_layer import BoardNow, InfoLayer
from ra_game.ui.board.parts.intents import (
    Hover,
    Offer,
    OpenPause,
    SkipAnimation,
    SkipEpoch,
    TakeBack,
    ToPause,
)
from ra_game.ui.board.parts.keeper import Keeper
from ra_game.ui.board.parts.painter import draw_board
from ra_game.ui.board.parts.pausing import PauseExit, Pausing
from ra_game.ui.board.parts.seating import read_seats
from ra_game.ui.board.parts.status_text import Said, StatusText
from ra_game.ui.board.parts.turns import Pace, Turns
from ra_game.ui.board.parts.undo import DEFAULT_GRACE, UndoBook
from ra_game.ui.board.sentences import Sentences, you_seat
from ra_game.ui.board.view import View
from ra_game.ui.board.widgets.pause_menu import PauseMenu
from ra_game.ui.board.widgets.player_area import PlayerAreas
from ra_game.ui.layout import load_layout
from ra_game.ui.scene import Scene
from ra_game.ui.sprites import SpriteBank

from . import routes

#: Names the play layout must define (checked by the layout test).
REQUIRED: list[str] = PLAY_NAMES


class PlayScene(Scene):
    """One game on the board; ``seats`` say who plays (human or an AI kind) and their names.

    A game of another kind (the replay viewer, the lesson, a reviewed decision, an online game)
    gives its :class:`Mode`, the :class:`Overlay` it draws and the ``controller`` that decides
    its ``mode.scripted`` seats (asked before the others); ``viewer`` is the person whose
    face-down fame shows before anyone moved."""

    layout_name = "play"

    def __init__(self, ctx: AppContext, seats: Sequence[Seat], seed: int | None = None,
                 hide_scores: bool = False, *, state: GameState | None = None,
                 moves: Sequence[str] = (), slot: int | None = None, mode: Mode = PLAIN,
                 overlay: Overlay | None = None, controller: SeatController | None = None,
                 viewer: int | None = None) -> None:
        super().__init__(ctx)
        self.seats = list(seats)
        self.seed = seed if seed is not None else random.randrange(1 << 31)
        self.mode = mode
        #: Hidden fame only means something when two or more people share the screen.
        self.hide_scores = hide_scores and (
            not mode.shared_screen or sum(s.is_human for s in self.seats) >= 2)
        #: What the mode draws and which input it takes first (a plain game's does nothing).
        self.overlay = overlay or Overlay()
        self.match = Match(state or GameState.new(len(self.seats), seed=self.seed,
                                                  names=[s.name for s in self.seats]),
                           moves, mode.match)
        #: The save slot and the statistics.
        self.keeper = Keeper(ctx, self.match, self.seats, self.hide_scores, slot,
                             lambda: self.info.hints.used, self._tell)
        self.geom = BoardGeometry(load_layout("play"), self.state.n)
        self.model = DisplayModel(self.state)
        self.you = you_seat([s.kind for s in self.seats])
        self.sentences = Sentences(self.state.names, self.you, hide_scores)
        #: What the animations call back when they reach a point (a sound, a scoring).
        self.cues = Cues(self._sound, self._epoch_scored, self._finish_game, self.is_top,
                         self._reached)
        self.director = Director(self.model, self.geom, self.cues, self.sentences)
        self.queue = AnimationQueue()
        #: Moves played whose animation has not finished (an AI's may wait behind another's).
        self.moves_animating = 0
        self.input = HumanInput(self.geom)
        #: The worker processes of this game, lent to its AI seats and its hints.
        self.workers = Workers(ai_workers(ctx))
        #: Who decides for a seat (the first controller that controls it), and asking them.
        self.turns = Turns(mode.controllers(self.seats, controller, self.seed, self.workers))
        self.areas = PlayerAreas(self.geom)
        self.sprites = SpriteBank(ctx.assets)
        #: The view at the window's size and the board's static layer.
        self.canvas = Canvas(self.sprites, self.geom, self._refit)
        self.hover: tuple[float, float] | None = None
        #: The pause menu while it is up, and the scenes held until it closes.
        self.pausing = Pausing(mode, self.overlay)
        #: Who is at a shared screen, and when it is handed over.
        self.hotseat = Hotseat(self.hide_scores, viewer)
        self.game_over: ev.GameOver | None = None
        self.epoch_skip = EpochSkip()
        self._hushed = False
        #: A one-line notice in the status line (cleared by the next move).
        self.notice = self.keeper.claim()
        self.undo = UndoBook()
        self._before = self.state.clone()
        self.info = InfoLayer(self.geom, self.sentences,
                              HintAdvisor(self.state.n, self.seed, workers=self.workers),
                              self._board_now, self.match.observation)
        #: What the status line says (and a line held for the person a few seconds).
        self.speech = StatusText(self.sentences, self.you, self.epoch_skip, self.overlay,
                                 self.info.hints, self.input)
        #: Where keys and clicks go.
        self.board_input = BoardInput(self.geom, self.input, self.info, self.overlay)
        for observer in (self._record_undo, self._show_move, self.keeper.on_applied,
                         *(c.on_applied for c in self.turns.controllers)):
            self.match.observe(observer)
        for seats_controller in self.turns.controllers:
            self.match.observe_reset(seats_controller.on_reset)
        self.overlay.attach(self)

    @classmethod
    def from_save(cls, ctx: AppContext, doc: JsonObject, slot: int | None = None) -> PlayScene:
        """Resume a saved game (a replay document with ``hide_scores``); the tiles still in the
        bag are dealt afresh.  Raises ``SaveError`` (a ValueError with a one-line message) for a
        document that cannot be resumed."""
        replay, state = resume_state(doc)
        seats = read_seats(ctx, replay.players, Where.LOCAL)
        scene = cls(ctx, seats, None, bool(doc.get("hide_scores", False)), state=state,
                    moves=replay.moves, slot=slot)
        if scene.keeper.saver is not None and not scene.notice:
            scene.notice = scene.keeper.saver.check_unchanged(doc) or ""
        scene.resume_record(move_events(replay.initial_state(), replay.moves), doc.get("hints"))
        return scene

    def resume_record(self, moves: Sequence[list[object]], hints: object = None) -> None:
        """Rebuild the game log (and the passes of an auction in progress) from the events of
        the moves played before a save, and the hints used."""
        self.info.log.load(moves)
        self.model.passed = self.info.log.current_auction_passes(self.state.n)
        if isinstance(hints, list) and len(hints) == self.state.n and \
                all(isinstance(h, int) and h >= 0 for h in hints):
            self.info.hints.used = list(hints)

    # -- helpers

    @property
    def state(self) -> GameState:
        return self.match.state

    @property
    def moves(self) -> list[str]:
        return self.match.moves

    @property
    def _speed(self) -> str:
        demo = getattr(self.ctx, "demo", None)
        name = demo.speed if demo is not None else self.ctx.settings.animation_speed
        return name if name in SPEED_FACTORS else "normal"

    @property
    def view(self) -> View | None:
        """The view at the window's size (None before the first frame)."""
        return self.canvas.view

    @property
    def pause(self) -> PauseMenu | None:
        """The pause menu while it is up."""
        return self.pausing.menu

    def _tell(self, notice: str) -> None:
        """A one-line notice in the status line, drawn on the next frame."""
        self.notice = notice
        self.request_redraw()

    def human_to_move(self) -> bool:
        return self.turns.person_to_move(self.state)

    def reset_to(self, state: GameState, moves: Sequence[str]) -> None:
        """Show ``state`` (reached by ``moves``) at once, without animations (replay steps)."""
        self.match.reset(state, moves)
        self._show_reset()

    def fast_forward(self, moves: Sequence[str]) -> None:
        """Play ``moves`` at once, without animations; the log and the tile counter hold them
        (the lesson's jump ahead)."""
        events = self.match.fast_forward(moves)
        self._show_reset()
        for moved in events:
            self.info.log.add_move(moved, shown=True)

    def show_kind(self, seat: int, kind: SeatKind) -> None:
        """``seat`` is played by ``kind`` from now on (its area and tooltip say so)."""
        self.seats[seat] = Seat(kind, self.seats[seat].name)

    def _show_reset(self) -> None:
        """The board shows the match's position afresh, nothing animated or open."""
        state = self.state
        self._before = state.clone()
        self.model = DisplayModel(state)
        self.director = Director(self.model, self.geom, self.cues, self.sentences)
        self.queue = AnimationQueue()
        self.moves_animating = 0
        self.undo = UndoBook()
        self._close_decision()
        self.speech.forget()

    def _close_decision(self) -> None:
        """No decision open, no notice, no hint: the position changed."""
        self.input.stop()
        self.turns.opened = None
        self.notice = ""
        self.info.hints.clear()

    def skip_offered(self) -> bool:
        """Whether "skip to the end of the epoch" is offered now: no person at this screen
        has a turn left this epoch (a mode with a script never offers it)."""
        if not self.mode.epoch_skip or self.pause is not None:
            return False
        return self.epoch_skip.offered(self.state, sorted(self.turns.person.seats))

    def _skip_epoch(self) -> None:
        """Play the rest of the epoch with its animations finished at once; the undo chance
        of the person's last decision ends here."""
        self.epoch_skip.start(self.state, len(self.moves))
        self.undo.close()
        self.queue.skip()
        self.request_redraw()

    def human_ready(self) -> bool:
        """Whether a person's decision is open on an idle board (their controls are shown)."""
        return (not self.queue.busy and self.human_to_move() and self.input.mode != "idle"
                and self.is_top())

    def current_controls(self) -> list[Control]:
        return self.input.controls() if self.human_ready() else []

    SOUNDS = ("draw", "ra", "bid", "pass", "win", "disaster", "epoch", "god")

    def enter(self) -> None:
        """Load the sound effects now, so the first one does not stall a frame mid-game; back
        from the Settings screen, the AI's next decision uses the processes chosen there."""
        if self.workers.resize(ai_workers(self.ctx)):
            self.turns.runner.repool()
            self.info.hints.repool()
        sounds = getattr(self.ctx, "sounds", None)
        if sounds is not None and not getattr(self, "_sounds_loaded", False):
            self._sounds_loaded = True
            for name in self.SOUNDS:
                sounds.load(name)

    def close(self) -> None:
        """The game is left (or the window closes): stop every process it started, now."""
        self.info.hints.clear()
        for controller in self.turns.controllers:
            controller.close()
        self.overlay.close()
        self.workers.close()

    def is_animating(self) -> bool:
        """Moving pieces, or a seat whose controller works by itself (an AI's worker is polled
        and its move paced, a replay plays)."""
        if self.queue.busy:
            return True
        if self.pause is not None or (self.state.over and self.mode.end is GameEnd.RESULTS):
            return False
        seat = self.state.current
        return self.turns.controller(seat).wants_frames(seat)

    # -- hooks used by the director

    def _sound(self, name: str) -> None:
        play = getattr(self.ctx, "play_sound", None)
        if play is not None and not self._hushed and not self.epoch_skip.active(self.state):
            play(name)

    def is_top(self) -> bool:
        """Whether the board is in front: no scene above it, none waiting for the pause menu
        to close (an animation holds there)."""
        return self.ctx.scenes.top is self and not self.pausing.held

    def _reached(self, event: object | None) -> None:
        """The animation reached ``event`` (None: the whole move): the log may show it."""
        if event is None:
            self.info.log.show_all()
        else:
            self.info.log.reached(event)

    def _epoch_scored(self, event: ev.EpochScored) -> None:
        if self.pausing.hold(lambda: self._epoch_scored(event)):
            return
        self.ctx.scenes.push(self.ctx.open(routes.EpochScoring(event, self.state,
                                                               self.hide_scores)))

    def _finish_game(self, event: ev.GameOver) -> None:
        if self.pausing.hold(lambda: self._finish_game(event)):
            return
        self.game_over = event
        if self.mode.end is GameEnd.STAY:
            return  # the board stays: the replay viewer steps back, the lesson has its note
        replay = self.overlay.final_replay() or self.keeper.document()
        seats = self.seats if self.mode.rematch else None
        self.ctx.scenes.replace(self.ctx.open(routes.FinalResults(
                                                  self.state, event, seats=seats,
                                                  replay=replay,
                                                  hide_scores=self.hide_scores,
                                                  hints_used=self.info.hints.used,
                                                  players_here=[i for i, seat in enumerate(
                                                      self.seats) if seat.is_human])))

    # -- moves

    def apply(self, move: Move, offered: bool = False) -> None:
        """Play ``move`` for the seat to move (the match's observers then show it, record it
        and save it).  A person's ``offered`` move that is not legal gets a notice; any other
        illegal move is a bug and raises the engine's ``IllegalMoveError``."""
        try:
            self.match.apply(move)
        except IllegalMoveError:
            if not offered:
                raise
            self.notice = _("That move is not possible now.")

    def offer(self, move: Move) -> None:
        """A person at this screen chose ``move``: the mode may refuse it, else it is played."""
        refusal = self.overlay.check(move)
        if refusal is not None:
            self.notice = refusal
            self.input.begin(self.state)
            return
        self.turns.person.offer(move, self.match.version)
        self._drive(0.0)

    # -- the match's observers

    def _record_undo(self, move: Move, events: Sequence[object]) -> None:
        """The undo book keeps the position before a person's decision while it may be taken
        back (the lesson and the replay viewer follow a script: nothing there is)."""
        before, self._before = self._before, self.state.clone()
        seat = before.to_move
        human = seat is not None and self.seats[seat].is_human
        self.undo.record(before, len(self.moves) - 1, seat or 0,
                         human and self.match.modes.undo, move.action, events)
        if human and seat is not None:
            self.hotseat.moved(seat)

    def _show_move(self, move: Move, events: Sequence[object]) -> None:
        """The game log and the board (its animation plays the sounds) show the move."""
        self._close_decision()
        self.info.log.add_move(events)
        # the position as this move left it: the match may be a move further on when the
        # animation ends (an AI's next move, decided meanwhile, waits behind it)
        self.queue.add(self.director.animate(list(events), self.state.clone()))
        self.moves_animating += 1
        self.queue.add(Call(self._move_shown))
        if self.epoch_skip.active(self.state):
            self.queue.skip()
        elif self.epoch_skip.ends_with(events):  # at once too, its scoring shows now
            self._finish_silently()
            self._sound("epoch")
        self._hold_own_pass(events)
        self.request_redraw()  # a move from a resting seat is drawn on the next frame

    def _move_shown(self) -> None:
        self.moves_animating = max(0, self.moves_animating - 1)

    def _hold_own_pass(self, events: Sequence[object]) -> None:
        """At the instant speed the status line holds the person's automatic pass."""
        if self._speed == "max":
            self.speech.hold_own_pass(events)

    def _take_back(self) -> None:
        """Undo the last person's decision: the exact position before it, and the record and
        the autosave without it."""
        point = self.undo.take()
        if point is None:
            return
        self.queue.skip()  # the rest of its animation (it revealed nothing)
        self.match.reset(point.state, self.moves[:point.moves])
        self._before = self.state.clone()
        self.info.log.truncate(point.moves)
        self.model.sync(self.state)
        self.model.passed = self.info.log.current_auction_passes(self.state.n)
        self._close_decision()
        self.request_redraw()
        self.keeper.autosave()

    def _ai_delay(self, speed: str) -> float:
        """How long an AI waits before its move shows: the pacing delay, or the undo grace
        period after a person's decision, whichever is longer."""
        grace = getattr(self.ctx.settings, "undo_grace", DEFAULT_GRACE)
        return self.undo.reply_delay(MIN_DELAY[speed], grace, speed)

    # -- the frame

    def update(self, dt: float) -> None:
        self.keeper.poll()
        if self.pause is not None:
            return
        self.speech.tick(dt)
        speed = self._speed
        self.queue.speed = SPEED_FACTORS[speed] * self.overlay.speed_factor()
        self.queue.update(dt)
        if not self.is_top():
            return
        self.overlay.update(dt)
        if self.state.over:
            return
        self.info.update(dt)
        moved = self._drive(dt)
        while moved and self.epoch_skip.active(self.state) and self.is_top():
            moved = self._drive(0.0)  # skipping: every move decided at once is played now

    def update_covered(self, dt: float) -> None:
        """An epoch's scoring (or another scene) lies over the board: the AI seat to move
        thinks meanwhile, its move shown once the board is in front."""
        if self.pause is None and self.ctx.scenes.top is not self:
            self.turns.think_behind(self.match, dt)

    def _drive(self, dt: float) -> bool:
        """The seat to move decides (its move is played); whether it did."""
        state = self.state
        idle = not self.queue.busy
        opening = self.turns.opens(state, len(self.moves), idle)
        if opening is not None:
            self._person_turn(opening)
        offered = self.turns.person_deciding(state)
        skipping = self.epoch_skip.active(state)
        pace = Pace(idle, self.moves_animating, 0.0 if skipping else self._ai_delay(self._speed))
        move = self.turns.drive(self.match, pace, dt)
        if move is not None:
            self.apply(move, offered=offered)
        return move is not None

    def _person_turn(self, seat: int) -> None:
        """A person's decision opens: their controls (and the hand-over screen in hotseat)."""
        self.input.begin(self.state)
        if self.hotseat.hand_to(seat, self.seats):
            self.undo.close()
            self.ctx.scenes.push(self.ctx.open(routes.HandOver(self.state.names[seat])))

    # -- input

    def to_base(self, pos: tuple[int, int]) -> tuple[float, float]:
        """A window position in the board's base pixels."""
        size = (int(self.ctx.window_size[0]), int(self.ctx.window_size[1]))
        return self.canvas.to_base(pos, size, self.state.ra_length)

    def handle_event(self, event: pygame.event.Event) -> None:
        now = InputState(self.to_base, self.pause is not None, self.queue.busy,
                         self.skip_offered(), self.human_to_move())
        intent = self.board_input.event(event, now)
        match intent:
            case None:
                pass
            case Hover(pos):
                self.hover = pos
                if self.pause is not None:
                    self.pause.hover = pos
            case ToPause(paused):
                self._pause_event(paused)
            case OpenPause():
                self._open_pause()
            case TakeBack():
                self._take_back()
            case SkipEpoch():
                self._skip_epoch()
            case SkipAnimation():
                self.queue.skip()
            case Offer(move):
                self.offer(move)
            case _:
                assert_never(intent)

    def _open_pause(self) -> None:
        """The pause menu over the board.  A move still animated is finished first (silently),
        so the menu lies over whole pieces, never a tile frozen half-way; a scene that
        animation opens (an epoch's scoring, the results) waits until the menu closes."""
        self.pausing.open(self.ctx, self.geom.rect("pause_panel"))
        self._finish_silently()
        self.request_redraw()

    def _finish_silently(self) -> None:
        """Finish the animations queued at once, without their sounds."""
        self._hushed = True
        try:
            self.queue.skip()
        finally:
            self._hushed = False

    def _pause_event(self, event: pygame.event.Event) -> None:
        """The pause menu's choice: leave, or the Rules or Settings screen over the game."""
        chosen = self.pausing.event(event, self.to_base)
        if chosen is PauseExit.LEAVE:
            self.keeper.autosave()
            self.keeper.release()
            if not self.overlay.leave():
                self.ctx.scenes.clear_to(self.ctx.open(routes.Title()))
        elif chosen is not None:
            screen = routes.Rules() if chosen is PauseExit.RULES else routes.Settings()
            self.ctx.scenes.push(self.ctx.open(screen))

    # -- drawing

    def _view_for(self, size: tuple[int, int]) -> View:
        return self.canvas.at(size, self.state.ra_length)

    def _refit(self) -> None:
        """A taller window made the board taller: the game log's panel follows."""
        self.info.panel.rect = self.geom.rect("log_panel")

    def _board_now(self) -> BoardNow:
        """What the information layer reads of the board now."""
        return BoardNow(self.state, len(self.moves), self.model, self.areas, self.input,
                        tuple(s.kind for s in self.seats), self.view, self.queue.busy,
                        self.human_ready(), self.undo.available, self.match.modes.hints,
                        self.ctx.settings.hotseat_hints)

    def status(self) -> tuple[str, bool]:
        """The status line text, and whether it asks something urgent of a human."""
        return self.speech.text(Said(self.state, len(self.moves), self.notice, self.game_over,
                                     self.queue.busy, self.model.caption, self.human_ready(),
                                     self.human_to_move()))

    def _frame(self) -> BoardFrame:
        """What the board shows in this frame."""
        controls = tuple(self.current_controls())
        return BoardFrame(
            self.state, self.geom, self.model, self.areas, self.input, self.info, self.overlay,
            self.epoch_skip, self.status(), self.hover, controls, tuple(s.kind for s in self.seats),
            self.hide_scores, self.hotseat.viewer(self.state, self.seats), self.overlay.away(),
            self.skip_offered() and self.is_top(),
            self.queue.busy and self._speed != "max" and self.mode.skip_hint, self.pause)

    def draw(self, surface: pygame.Surface) -> None:
        view = self._view_for(surface.get_size())
        assert self.canvas.static is not None
        surface.blit(self.canvas.static, (0, 0))
        draw_board(surface, view, self._frame())
