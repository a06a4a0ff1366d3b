"""The game's evaluation curve: every seat's expected final fame after every move of a replay,
with the draws (chance) told apart from the decisions.

The values are the hard AI's evaluation of the position, the one its search and the review's
use for the game's player count (:data:`~ra_game.ai.evaluators.SHIPPED`: the fame held plus
the evaluation's outlook to the end of the game; at the end, the final scores), one estimator
at every position, so a change of the line is a change of the position and never a change of
estimator.  It reads the public position and the bag as a multiset (what
any player can count), never the bag's order.  A draw's change is split in two: the draw's mean
over the tiles left in the bag (what drawing was worth, the decision) and the tile that came
(:attr:`Step.luck`, the chance: what it brought the seat against the bag's mean, less what it
brought the rivals, :func:`against_rivals`).  Luck is measured with one estimator on every
tile: a Ra tile that ends the epoch is valued just before the scoring it starts
(:func:`chance_value`), so the scoring is not luck.  It costs well under a second for a whole
game.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum

from ..ai.evaluate import BagInfo
from ..ai.evaluators import Judgment, evaluator_for
from ..engine import GameState, Move, Replay
from ..engine.moves import DRAW, is_bid
from ..engine.state import BID, DISCARD, TURN
from ..engine.tiles import Tile
from .claims import Claim, moment_claim


class StepKind(Enum):
    """What moved the game on: a choice among several moves, the only move left, or a draw (a
    choice to draw, then chance: the tile that came)."""

    DECISION = "decision"
    FORCED = "forced"
    DRAW = "draw"


@dataclass(frozen=True)
class Step:
    """One move of the game: its index in the replay's ``moves``, who made it, what kind of
    step it was, when (the moment claim that names it), every seat's expected final fame after
    it, and, for a draw, each seat's luck (what the tile brought the seat against the draw's
    mean over the bag, less what it brought the rivals: :func:`against_rivals`; zeros
    otherwise)."""

    move: int
    seat: int
    kind: StepKind
    action: int
    when: Claim
    fame: tuple[float, ...]
    luck: tuple[float, ...]
    #: The tile a draw brought (-1 for any other move).
    drawn: int = -1
    #: When this move closed an auction won by a bid: the step of that winning bid (its index
    #: in :attr:`Curve.steps`), else -1.
    resolves: int = -1

    @property
    def epoch(self) -> int:
        return self.when["epoch"]


@dataclass(frozen=True)
class Curve:
    """Every seat's expected final fame before the first move (``start``) and after each."""

    start: tuple[float, ...]
    steps: tuple[Step, ...]

    @property
    def seats(self) -> int:
        return len(self.start)

    def values(self, seat: int) -> list[float]:
        """``seat``'s expected final fame after 0, 1, ... moves."""
        return [self.start[seat], *(s.fame[seat] for s in self.steps)]

    def before(self, step: int) -> tuple[float, ...]:
        """Every seat's values before the ``step``-th move."""
        return self.start if step == 0 else self.steps[step - 1].fame

    def luck(self, seat: int) -> float:
        """The fame the draws brought ``seat`` (their tiles against the bag's mean), in all."""
        return sum(s.luck[seat] for s in self.steps)

    def to_json(self) -> dict[str, object]:
        return {"start": [round(v, 2) for v in self.start],
                "steps": [{"move": s.move, "seat": s.seat, "kind": s.kind.value,
                           "fame": [round(v, 2) for v in s.fame],
                           **({"luck": [round(v, 2) for v in s.luck]}
                              if s.kind is StepKind.DRAW else {})} for s in self.steps]}


def fame_now(state: GameState) -> tuple[float, ...]:
    """Every seat's expected final fame in ``state`` by the evaluation hard ships for its
    player count: the scores once the game is over."""
    if state.over:
        return tuple(float(s) for s in state.scores)
    return tuple(evaluator_for(Judgment.SHIPPED, 0, state.n).values(state, BagInfo(state)))


def chance_value(state: GameState, tile: int) -> tuple[float, ...]:
    """Every seat's expected final fame once ``tile`` is drawn in ``state``, valued by one
    estimator whatever the tile: a Ra tile that ends the epoch is valued as the position just
    before the epoch's scoring (the Ra track full, the tiles still held), so the scoring, which
    the evaluation's outlook only estimates, is never counted as the draw's luck."""
    deal = state.clone()
    if tile == Tile.RA and state.ra_count + 1 >= state.ra_length:
        deal.ra_count += 1  # the track full: the outlook at the scoring, before it is made
        return fame_now(deal)
    deal.put_next(tile)
    deal.apply_action(DRAW, None)
    return fame_now(deal)


#: How a draw's outcome is valued: every seat's expected final fame once a tile is drawn.
ChanceValue = Callable[[GameState, int], tuple[float, ...]]


def draw_mean(state: GameState, value: ChanceValue = chance_value) -> tuple[float, ...]:
    """Every seat's ``value`` (:func:`chance_value`) of drawing in ``state``, averaged over
    the tiles left in the bag (each kind once, weighted by its count)."""
    counts = state.bag_counts()
    total = [0.0] * state.n
    for tile, count in enumerate(counts):
        if count:
            for seat, value_of in enumerate(value(state, tile)):
                total[seat] += value_of * count
    left = sum(counts)
    return tuple(v / left for v in total)


def against_rivals(brought: list[float]) -> tuple[float, ...]:
    """Each seat's luck from what a draw brought every seat against the bag's mean: what it
    brought the seat less what it brought its rivals on average.  A tile that helps or hurts
    every seat alike (a Ra tile shortens the epoch for the whole table) is no one's luck, and
    the seats' luck adds up to zero."""
    total, rivals = sum(brought), len(brought) - 1
    return tuple(b - (total - b) / rivals for b in brought)


def game_curve(replay: Replay, value: ChanceValue = chance_value) -> Curve:
    """The curve of ``replay`` (which must play: :meth:`Replay.play` checks it); ``value``
    values a draw's outcomes for its luck (another way of valuing them is measured by
    ``tools/bench_review.py --luck``)."""
    state = replay.initial_state()
    start = fame_now(state)
    steps: list[Step] = []
    epoch, auctions = state.epoch, 0
    turns = [0] * state.n
    zero = (0.0,) * state.n
    winning = -1  # the step of the auction's highest bid so far
    for index, text in enumerate(replay.moves):
        move = Move.parse(text)
        seat, phase = state.current, state.phase
        if phase == TURN:
            turns[seat] += 1
        when = moment_claim(state, auctions, turns[seat])
        choices = len(state.legal_actions())
        mean = draw_mean(state, value) if move.action == DRAW else None
        came = state.next_tile() if mean is not None else None
        brought = value(state, came) if came is not None else None
        state.apply(move)
        fame = fame_now(state)
        drawn = -1 if came is None else came
        if mean is not None and brought is not None:
            kind = StepKind.DRAW
            luck = against_rivals([b - m for b, m in zip(brought, mean)])
        else:
            kind, luck = (StepKind.DECISION if choices > 1 else StepKind.FORCED), zero
        if phase == BID and is_bid(move.action):
            winning = index
        closed = phase == BID and state.phase != BID
        steps.append(Step(index, seat, kind, move.action, when, fame, luck, drawn,
                          winning if closed else -1))
        if closed:
            winning = -1
        if state.epoch != epoch:
            epoch, auctions, turns = state.epoch, 0, [0] * state.n
        elif phase == TURN and state.phase in (BID, DISCARD):
            auctions += 1
    return Curve(start, tuple(steps))
