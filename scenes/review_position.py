"""A reviewed decision on the board: the replay viewer at that move, the better move marked.

:class:`ReviewViewer` is the replay viewer (its controls and keys step through the game as
usual; its :class:`ReviewScript` plays the seats) opened at the position before the reviewed move.  There the seat's decision is drawn as
they saw it, with the better move marked the way a hint marks it, under a note saying what was
played, what was better and why.  **Try the better move** (Enter or the note's button) plays it
on the board with its animation, then every seat answers as the hard AI would
(:class:`PlayOn`) to the end of that auction (the one the move opens, or the next one after a
draw), so the player sees what would likely have happened; Space pauses and resumes it.  The
replay holds only the moves that were played, so from there the viewer offers to go back to
the game as it was played (Enter, or Left); Esc (or the note's second button, or the control
beside Speed) goes back to the review list.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ra_game.ai.runner import AiRunner
from ra_game.engine import IllegalMoveError, Move, Replay
from ra_game.engine.events import AuctionPassed, AuctionWon, EpochEnded, GameOver
from ra_game.engine.state import TURN
from ra_game.table.seat_kinds import HINT_AI, kind_of
from ra_game.table.seats import Seat
from ra_game.text.i18n import N_, _
from ra_game.ui.board.parts.review_marks import MarkedDecision, draw_marked_decision, mark_decision
from ra_game.ui.board.widgets.callout import Callout, button_rects, draw_callout
from ra_game.ui.review_words import better_line, move_words

from .replay_viewer import ReplayMode, ReplayScript, ReplayViewer, replay_scene

if TYPE_CHECKING:
    from collections.abc import Sequence

    from ra_game.ai.workers import Workers
    from ra_game.engine import Observation
    from ra_game.engine.events import Event
    from ra_game.review import Mistake
    from ra_game.table.seats import Tick
    from ra_game.ui.app_context import AppContext
    from ra_game.ui.board.view import View

    from .play import PlayScene


def review_position_scene(ctx: AppContext, replay: Replay, mistake: Mistake,
                          title: str = "") -> PlayScene:
    """The replay viewer at ``mistake``'s position, its better move marked."""
    viewer = ReviewViewer(replay, mistake, title)
    scene = replay_scene(ctx, replay, title, ReplayMode.of(viewer))
    viewer.jump(mistake.move)
    return scene


#: The most moves the AIs play on after a tried move (a safety net: an auction ends sooner).
PLAY_ON_MOVES = 30


class PlayOn:
    """The game played on after a tried move: every seat answers as the hard AI would, on the
    scene's worker processes, until the auction under way or the next one ends (the lot won,
    everyone passed, or the epoch over) or the game ends."""

    def __init__(self, seats: int, seed: int, workers: Workers | None,
                 think_ms: int | None = None) -> None:
        self.runner = AiRunner([Seat(kind_of(HINT_AI), "") for _ in range(seats)], seed,
                               think_ms, workers=workers)
        self.moves = 0
        self.paused = False
        self.finished = False
        self.auction_over = False

    def poll(self, obs: Observation, tick: Tick) -> Move | None:
        if self.finished or self.paused:
            return None
        return self.runner.poll(obs, tick)

    def applied(self, events: Sequence[Event], phase: int) -> None:
        """A move of the line was played: the line ends with its auction (and the discards a
        disaster asks for), the epoch or the game."""
        self.moves += 1
        self.auction_over |= any(isinstance(e, AuctionWon | AuctionPassed) for e in events)
        if (self.auction_over and phase == TURN) or self.moves >= PLAY_ON_MOVES or any(
                isinstance(e, EpochEnded | GameOver) for e in events):
            self.finish()

    def finish(self) -> None:
        self.finished = True
        self.runner.close()


class ReviewScript(ReplayScript):
    """The seats' controller: the game's moves, or after a tried move the AIs playing on."""

    viewer: ReviewViewer

    def __init__(self, viewer: ReviewViewer) -> None:
        super().__init__(viewer)
        self.viewer = viewer

    def poll(self, obs: Observation, tick: Tick) -> Move | None:
        if self.viewer.tried is None:
            return super().poll(obs, tick)
        on = self.viewer.play_on
        return on.poll(obs, tick) if on is not None else None

    def on_applied(self, move: Move, events: Sequence[Event]) -> None:
        on = self.viewer.play_on
        if on is not None and not on.finished:
            on.applied(events, self.viewer.scene.state.phase)

    def wants_frames(self, seat: int) -> bool:
        on = self.viewer.play_on
        return super().wants_frames(seat) or (on is not None and not on.finished
                                               and not on.paused)

    def close(self) -> None:
        self.viewer.stop_play_on()


class ReviewViewer(ReplayViewer):
    """The replay viewer of one reviewed decision (see the module's docstring)."""

    quit_label = N_("Back to the review")

    def __init__(self, replay: Replay, mistake: Mistake, title: str = "") -> None:
        super().__init__(replay, title)
        self.mistake = mistake
        #: The move tried in place of the one played (notation), or None on the game's line.
        self.tried: str | None = None
        #: The AIs playing on after the tried move (None on the game's line).
        self.play_on: PlayOn | None = None
        #: The AIs' thinking time per move (None: the hard level's own).
        self.think_ms: int | None = None
        self._marks: tuple[int, MarkedDecision] | None = None

    # -- where the viewer is

    @property
    def at_decision(self) -> bool:
        """On the reviewed position, the better move not tried yet."""
        return self.tried is None and self.index == self.mistake.move

    def marks(self) -> MarkedDecision:
        """The decision's controls with the better move and the move made marked (made once per
        position)."""
        if self._marks is None or self._marks[0] != self.scene.match.version:
            try:
                marked = mark_decision(self.scene.geom, self.scene.state,
                                       Move.parse(self.mistake.better).action,
                                       Move.parse(self.mistake.played).action)
            except ValueError:  # not a move: nothing to mark
                marked = MarkedDecision("idle", [], set())
            self._marks = (self.scene.match.version, marked)
        return self._marks[1]

    def script(self) -> ReviewScript:
        return ReviewScript(self)

    def jump(self, index: int) -> None:
        """Show the game as played after ``index`` moves (leaving a tried move)."""
        self.stop_play_on()
        self.tried = None
        self._marks = None
        super().jump(index)

    def stop_play_on(self) -> None:
        if self.play_on is not None:
            self.play_on.finish()
            self.play_on = None

    # -- actions

    def try_better(self) -> None:
        """Play the better move on the reviewed position (animated)."""
        if not self.at_decision:
            return
        self.playing = False
        try:
            move = Move.parse(self.mistake.better)
            self.tried = move.text
            self.play_on = PlayOn(self.scene.state.n, self.replay.seed + self.mistake.move,
                                  self.scene.workers, self.think_ms)
            self.scene.apply(move)  # the first move of the line the AIs play on
        except (IllegalMoveError, ValueError):
            self.stop_play_on()
            self.tried = None
            self.scene.notice = _("The better move cannot be played on this position.")

    def back_to_list(self) -> None:
        """Close the board: the review list is beneath it."""
        self.leave()

    def command(self, name: str) -> None:
        """The viewer's controls; a tried move has no next move, and Review goes back."""
        if name == "review":
            self.back_to_list()
        elif not self.enabled(name):
            return
        elif self.tried is not None and name == "back":
            self.jump(self.mistake.move)
        elif self.tried is not None and name == "play":
            if self.play_on is not None and not self.play_on.finished:
                self.play_on.paused = not self.play_on.paused
        else:
            super().command(name)

    def enabled(self, name: str) -> bool:
        """A tried move has no next move in the replay; Play pauses the AIs playing on."""
        if self.tried is None:
            return True
        if name == "play":
            return self.play_on is not None and not self.play_on.finished
        return name != "forward"

    def rects(self) -> dict[str, pygame.Rect]:
        """The viewer's controls, hidden while the reviewed decision is shown in their row."""
        return {} if self.at_decision else super().rects()

    def enter_key(self) -> None:
        """Enter: try the better move; after a try, or elsewhere, back to the reviewed move."""
        if self.at_decision:
            self.try_better()
        else:
            self.jump(self.mistake.move)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.back_to_list()
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.enter_key()
                return True
            if event.key == pygame.K_r:
                return True
        if event.type in (pygame.MOUSEBUTTONUP, pygame.MOUSEBUTTONDOWN) and event.button == 1:
            callout = self.callout()
            view = self.scene.view
            if callout is not None and view is not None:
                pos = self.scene.to_base(event.pos)
                for i, rect in enumerate(button_rects(view, callout)):
                    if rect.collidepoint(pos):
                        if event.type == pygame.MOUSEBUTTONUP:
                            (self.enter_key if i == 0 else self.back_to_list)()
                        return True
        return super().handle_event(event)

    # -- drawing

    def callout(self) -> Callout | None:
        """The note on the decision (or on the tried move), when one is shown."""
        if self.scene.queue.busy:
            return None
        m = self.mistake
        area = self.scene.geom.rect("review_note")
        title = m.name
        buttons = (_("Back to the game"), _("Back to the list"))
        if self.at_decision:
            text = " ".join((better_line(m), m.why))
            return Callout(text, None, area, title,
                           hint=_("Left and Right step through the game"),
                           buttons=(_("Try the better move"), buttons[1]))
        on = self.play_on
        if self.tried is not None and (on is None or on.finished or on.paused):
            text = _("Tried: {better}. Then every player answered as the hard AI would, to the "
                     "end of the auction: what would likely have happened. The replay goes on "
                     "from the move that was played.").format(better=move_words(self.tried))
            return Callout(text, None, area, title, buttons=buttons)
        return None

    def labels(self) -> dict[str, tuple[str, str]]:
        labels = super().labels()
        labels["review"] = (_("Back to the list"), "Esc")
        on = self.play_on
        if self.tried is not None and on is not None and not on.finished and not on.paused:
            labels["play"] = (_("Pause"), "Space")
        return labels

    def draw(self, surface: pygame.Surface, view: View) -> None:
        if self.at_decision:
            draw_marked_decision(surface, view, self.scene.geom, self.marks(), self.scene.hover)
        else:
            super().draw(surface, view)
        callout = self.callout()
        if callout is not None:
            draw_callout(surface, view, callout, self.scene.hover)

    def status(self) -> str | None:
        if self.scene.queue.busy:
            return None
        if self.at_decision:
            return _("The reviewed decision: Enter tries the better move; Esc goes back to the "
                     "list.")
        on = self.play_on
        if self.tried is not None and on is not None and not on.finished and not on.paused:
            return _("The players answer as the hard AI would, to the end of the auction. "
                     "Space pauses; Left goes back to the game as it was played.")
        if self.tried is not None:
            return _("Enter or Left goes back to the game as it was played; Esc goes back to "
                     "the list.")
        if self.scene.state.over:
            return super().status()
        return _("Enter goes back to the reviewed move; Esc goes back to the list.")
