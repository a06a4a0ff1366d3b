"""What the status line says now: a notice, the mode's word, the end of the game, the skip,
the animation's caption, the person's decision (or its hint), or whose turn it is.

:class:`StatusText` reads the board through the typed :class:`Speaking` protocol (the play
scene implements it) and keeps a line the person should read for a few seconds.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

from ...engine import events as ev
from ...i18n import _, resolve
from .status_line import ai_status, human_status

if TYPE_CHECKING:
    from .board import BoardView
    from .epoch_skip import EpochSkip
    from .info_layer import InfoLayer
    from .overlay import Overlay
    from .sentences import Sentences

    class Speaking(BoardView, Protocol):
        """The board as the status line reads it."""

        notice: str
        game_over: ev.GameOver | None

        @property
        def overlay(self) -> Overlay: ...
        @property
        def sentences(self) -> Sentences: ...
        @property
        def epoch_skip(self) -> EpochSkip: ...
        @property
        def you(self) -> int | None: ...
        @property
        def info(self) -> InfoLayer: ...

        def human_to_move(self) -> bool:
            """Whether a person at this screen decides the seat to move."""
            ...


class StatusText:
    """The status line's text, and a line held a few seconds for the person."""

    #: How long a held line stays (the person's automatic pass at the instant speed).
    SAID_SECONDS = 4.0

    def __init__(self) -> None:
        self.said = ""
        self.said_for = 0.0

    def tick(self, dt: float) -> None:
        self.said_for = max(0.0, self.said_for - dt)

    def forget(self) -> None:
        """The held line is no longer shown (the board shows another position)."""
        self.said_for = 0.0

    def hold_own_pass(self, events: Sequence[object], you: int | None,
                      sentences: Sentences) -> None:
        """At the instant speed no animation holds the person's automatic pass on screen:
        the status line says it for a few seconds (before their own next question, if that
        comes first)."""
        for e in events:
            if isinstance(e, ev.Passed) and e.automatic and e.player == you:
                self.said = " ".join(sentences.event(e))
                self.said_for = self.SAID_SECONDS

    def text(self, board: Speaking) -> tuple[str, bool]:
        """The status line text, and whether it asks something urgent of a person."""
        if board.notice:
            return board.notice, True
        said = board.overlay.status()
        if said is not None:
            return said, False
        state = board.state
        if state.over:
            end = board.game_over or ev.GameOver(state.winner or 0, tuple(state.scores), False)
            return " ".join(board.sentences.event(end)), False
        if board.epoch_skip.active(state) and not board.human_to_move():
            return board.epoch_skip.status(len(board.moves)), False
        if board.queue.busy:
            return resolve(board.model.caption) if board.model.caption else "", False
        said = self.said if self.said_for > 0 else ""
        if board.human_ready():
            text, urgent = self._decision(board)
            return (f"{said} {text}" if said else text), urgent
        if said:
            return said, False
        return ai_status(state, board.you), False

    @staticmethod
    def _decision(board: Speaking) -> tuple[str, bool]:
        """The status line for a person's open decision: a hint, or what they may do."""
        hints = board.info.hints
        if hints.for_token(len(board.moves)) is not None:
            return hints.reason, False
        if hints.thinking:
            return _("Looking for a hint: the hard AI is thinking..."), False
        state = board.state
        text = human_status(state, board.input.mode, board.input.legal, state.current == board.you)
        return text, state.forced_bid() or board.input.mode == "discard"
