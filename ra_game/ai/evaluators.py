"""What a search's play-out is worth: an :class:`Evaluator` gives every seat's expected final
fame in the position where a play-out stopped (OpenSpiel's ``MCTSBot`` takes its evaluator the
same way).  A search job names its evaluator by a :class:`Judgment`, and the worker process
builds it from :data:`EVALUATORS`, so the judgment travels as a word, never as code.

Every evaluator reads only what an :class:`~ra_game.engine.Observation` holds: the public
position and the bag as a multiset (:class:`~ra_game.ai.evaluate.BagInfo`), never its order.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum
from typing import Protocol

from ..engine import GameState
from ..engine.moves import DRAW, PASS, RA
from ..engine.state import BID, TURN
from .evaluate import BagInfo, Context, outlook
from .learned import LearnedModel, candidate_for, shipped_model
from .policy import medium_action

#: A play-on longer than this many moves is cut (a safety net; games end far sooner).
MOVE_LIMIT = 2000


class Judgment(str, Enum):
    """The evaluators a search job can name (see :data:`EVALUATORS`)."""

    #: The hand-made outlook of :mod:`.evaluate` (the scores once the game is over).
    HAND_MADE = "hand-made"
    #: The learned model of :mod:`.learned` (the scores once the game is over).
    LEARNED = "learned"
    #: The game played on to its end with medium's policy for every seat: the final scores.
    MEDIUM_TO_END = "medium-to-end"
    #: The same, but the observing seat keeps its suns (bids only when forced, invokes Ra only
    #: on a full track): a plan worth trying in the last epoch, where a sun kept is fame.
    KEEP_SUNS_TO_END = "keep-suns-to-end"
    #: The candidate learned model for 3-5 players (``learned_candidate.json``), with 2 players
    #: the shipped learned one: what the measuring seat ``hard-v3`` searches with.
    CANDIDATE = "candidate"
    #: What the game's searching levels use: :data:`SHIPPED` by the number of players.
    SHIPPED = "shipped"


class Evaluator(Protocol):
    """Values of a position for every seat: each seat's expected final fame."""

    def values(self, state: GameState, bag: BagInfo) -> list[float]:
        """Each seat's expected final fame in ``state`` (``bag``: its bag as a multiset)."""


def end_fame(state: GameState) -> list[float]:
    """The scores of a finished game, the tie-break winner half a point ahead."""
    values = [float(s) for s in state.scores]
    values[state.winner or 0] += 0.5
    return values


def expected_fame(state: GameState, bag: BagInfo | None = None) -> list[float]:
    """Each seat's expected final fame by the hand-made evaluation: the scores once the game is
    over (the tie-break winner half a point ahead), else the evaluation's outlook."""
    if state.over:
        return end_fame(state)
    return outlook(state, Context(state, bag, tempo=True))


class HandMade:
    """The hand-made evaluation (:func:`expected_fame`)."""

    def values(self, state: GameState, bag: BagInfo) -> list[float]:
        return expected_fame(state, bag)


class Learned:
    """A learned evaluation before the game's end (``model``: the weights for a number of
    players), the scores after it."""

    def __init__(self, model: Callable[[int], LearnedModel]) -> None:
        self.model = model

    def values(self, state: GameState, bag: BagInfo) -> list[float]:
        if state.over:
            return end_fame(state)
        return self.model(state.n).fame(state, Context(state, bag, tempo=True))


def shipped_weights(players: int) -> LearnedModel:
    """The shipped weights (:func:`~ra_game.ai.learned.shipped_model`), whatever the players."""
    return shipped_model()


def keep_suns_action(state: GameState) -> int:
    """The move of a seat that keeps its suns: pass unless forced to bid, draw unless the
    track is full (then invoke, which forces no bid); otherwise as medium plays."""
    legal = state.legal_actions()
    if state.phase == BID and PASS in legal:
        return PASS
    if state.phase == TURN and not state.can_draw() and RA in legal:
        return RA
    if state.phase == TURN and state.can_draw() and DRAW in legal:
        return DRAW
    return medium_action(state)


class PlayOn:
    """The game played on to its end (``state`` itself is played) with medium's policy for every
    seat, ``seat`` keeping its suns when ``keeps_suns``: the exact final scores."""

    def __init__(self, seat: int, keeps_suns: bool) -> None:
        self.seat = seat
        self.keeps_suns = keeps_suns

    def values(self, state: GameState, bag: BagInfo) -> list[float]:
        steps = MOVE_LIMIT
        while not state.over and steps:
            if self.keeps_suns and state.current == self.seat:
                action = keep_suns_action(state)
            else:
                action = medium_action(state)
            state.apply_action(action, None)
            steps -= 1
        return [float(s) for s in state.scores]


HAND_MADE = HandMade()
LEARNED = Learned(shipped_weights)
CANDIDATE = Learned(candidate_for)

#: Judgment -> the evaluator for a search from the seat it observes (the worker's registry).
EVALUATORS: dict[Judgment, Callable[[int], Evaluator]] = {
    Judgment.HAND_MADE: lambda seat: HAND_MADE,
    Judgment.LEARNED: lambda seat: LEARNED,
    Judgment.CANDIDATE: lambda seat: CANDIDATE,
    Judgment.MEDIUM_TO_END: lambda seat: PlayOn(seat, keeps_suns=False),
    Judgment.KEEP_SUNS_TO_END: lambda seat: PlayOn(seat, keeps_suns=True),
}


#: The evaluation hard, the Hint and the review use, by players (2-5): the learned one where a
#: confirming run showed it stronger (2 players, docs/ai.md), else the hand-made one.
SHIPPED: dict[int, Judgment] = {2: Judgment.LEARNED, 3: Judgment.HAND_MADE,
                                4: Judgment.HAND_MADE, 5: Judgment.HAND_MADE}


def shipped(judgment: Judgment, players: int) -> Judgment:
    """``judgment`` itself, or for :attr:`Judgment.SHIPPED` what ships for ``players``."""
    return SHIPPED[players] if judgment is Judgment.SHIPPED else judgment


def evaluator_for(judgment: Judgment, seat: int, players: int) -> Evaluator:
    """The evaluator named ``judgment`` for a search observing ``seat`` with ``players``."""
    return EVALUATORS[shipped(judgment, players)](seat)
