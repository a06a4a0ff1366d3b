"""What the status line says now: a notice, the mode's word, the end of the game, the skip,
the animation's caption, the person's decision (or its hint), or whose turn it is.

:class:`StatusText` reads the board of one frame from a :class:`Said` value and keeps a line
the person should read for a few seconds.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ....engine import events as ev
from ....text.i18n import Text, _, resolve
from ..widgets.status_line import ai_status, human_status

if TYPE_CHECKING:
    from ....engine import GameState
    from ..controls import HumanInput
    from ..modes.overlay import Overlay
    from ..sentences import Sentences
    from .epoch_skip import EpochSkip
    from .hint import HintAdvisor


@dataclass(frozen=True)
class Said:
    """What the status line depends on in one frame of the board."""

    state: GameState
    #: How many moves the record holds.
    moves: int
    #: A one-line notice (the empty string: none).
    notice: str = ""
    #: How the game ended, once the board has shown it.
    game_over: ev.GameOver | None = None
    #: Pieces are moving.
    busy: bool = False
    #: The animation's caption (the empty text: none).
    caption: Text = ""
    #: A person's decision is open on an idle board.
    ready: bool = False
    #: A person at this screen decides the seat to move.
    person_to_move: bool = False


class StatusText:
    """The status line's text, and a line held a few seconds for the person."""

    #: How long a held line stays (the person's automatic pass at the instant speed).
    SAID_SECONDS = 4.0

    def __init__(self, sentences: Sentences, you: int | None, epoch_skip: EpochSkip,
                 overlay: Overlay, hints: HintAdvisor, decision: HumanInput) -> None:
        self.sentences = sentences
        self.you = you
        self.epoch_skip = epoch_skip
        self.overlay = overlay
        self.hints = hints
        self.decision = decision
        self.said = ""
        self.said_for = 0.0

    def tick(self, dt: float) -> None:
        self.said_for = max(0.0, self.said_for - dt)

    def forget(self) -> None:
        """The held line is no longer shown (the board shows another position)."""
        self.said_for = 0.0

    def hold_own_pass(self, events: Sequence[object]) -> None:
        """At the instant speed no animation holds the person's automatic pass on screen:
        the status line says it for a few seconds (before their own next question, if that
        comes first)."""
        for e in events:
            if isinstance(e, ev.Passed) and e.automatic and e.player == self.you:
                self.said = " ".join(self.sentences.event(e))
                self.said_for = self.SAID_SECONDS

    def text(self, now: Said) -> tuple[str, bool]:
        """The status line text, and whether it asks something urgent of a person."""
        if now.notice:
            return now.notice, True
        said = self.overlay.status()
        if said is not None:
            return said, False
        state = now.state
        if state.over:
            end = now.game_over or ev.GameOver(state.winner or 0, tuple(state.scores), False)
            return " ".join(self.sentences.event(end)), False
        if self.epoch_skip.active(state) and not now.person_to_move:
            return self.epoch_skip.status(now.moves), False
        if now.busy:
            return resolve(now.caption) if now.caption else "", False
        said = self.said if self.said_for > 0 else ""
        if now.ready:
            text, urgent = self._decision(now)
            return (f"{said} {text}" if said else text), urgent
        if said:
            return said, False
        return ai_status(state, self.you), False

    def _decision(self, now: Said) -> tuple[str, bool]:
        """The status line for a person's open decision: a hint, or what they may do."""
        hints = self.hints
        if hints.for_token(now.moves) is not None:
            return hints.reason, False
        if hints.thinking:
            return _("Looking for a hint: the hard AI is thinking..."), False
        state = now.state
        mode = self.decision.mode
        text = human_status(state, mode, self.decision.legal, state.current == self.you)
        return text, state.forced_bid() or mode == "discard"
