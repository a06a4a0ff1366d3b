"""How a search picks its root moves: the rule is an argument of the one search
(:class:`~ra_game.ai.mcts.HardAgent`), and a picklable part of a search job.

- :class:`Uct` (hard, expert, the Hint): the tree's upper confidence bound everywhere.
- :class:`ForcedShare` (the review): the move that was played is always a root candidate and
  gets at least ``share`` of the iterations, so its value is measured even when the search
  would barely look at it; the rest is UCT.
- :class:`EveryMove` (the review's second opinion): no tree; on every deal of the unseen bag,
  each of ``moves`` is played and its position valued (the same deals serve every move, so
  their difference is measured, not their luck).
"""

from __future__ import annotations

from dataclasses import dataclass
from math import log, sqrt
from typing import TYPE_CHECKING, Final, Protocol

if TYPE_CHECKING:
    from ..engine import GameState
    from .mcts import Node

EXPLORATION: Final = 0.35
#: Virtual visits a new node starts with, at the evaluation's verdict right after its move.
PRIOR_VISITS: Final = 3


def uct(children: dict[int, Node], actions: list[int]) -> int:
    """The action with the best upper confidence bound (each child's exploration term uses how
    often it was available), counting one more availability for every action."""
    best, best_v = actions[0], -1.0
    for a in actions:
        c = children[a]
        c.avail += 1
        v = c.total / c.visits + EXPLORATION * sqrt(log(c.avail + 1) / c.visits)
        if v > best_v:
            best, best_v = a, v
    return best


class Selection(Protocol):
    """A root rule of the search (frozen and picklable: it travels in a search job)."""

    @property
    def flat(self) -> bool:
        """True: no tree, every root move valued on every deal (:class:`EveryMove`)."""

    @property
    def always_searches(self) -> bool:
        """True: the iterations run even when there is only one root move."""

    def root_moves(self, state: GameState, candidates: list[int]) -> list[int]:
        """The root's moves in ``state``, from the search's own ``candidates`` (a rule defined
        elsewhere, e.g. by the review, may choose others: it is pickled by reference)."""

    def choose_root(self, children: dict[int, Node], actions: list[int],
                    done: int) -> tuple[int, bool]:
        """The root move of iteration number ``done`` (from 0), and whether it was forced."""


@dataclass(frozen=True)
class Uct:
    """Hard's rule: UCT at the root as everywhere."""

    flat: bool = False
    always_searches: bool = False

    def __reduce__(self) -> tuple[type[Uct], tuple[bool, bool]]:
        # pickled by its fields (compiled by mypyc, a frozen class cannot be unpickled as
        # usual), as its own class (an interpreted subclass stays one)
        return type(self), (self.flat, self.always_searches)

    def root_moves(self, state: GameState, candidates: list[int]) -> list[int]:
        return candidates

    def choose_root(self, children: dict[int, Node], actions: list[int],
                    done: int) -> tuple[int, bool]:
        return uct(children, actions), False


@dataclass(frozen=True)
class ForcedShare:
    """UCT, but ``played`` is a root move and gets at least ``share`` of the iterations."""

    played: int
    share: float
    flat: bool = False
    always_searches: bool = True

    def __reduce__(self) -> tuple[type[ForcedShare], tuple[int, float, bool, bool]]:
        return type(self), (self.played, self.share, self.flat, self.always_searches)

    def root_moves(self, state: GameState, candidates: list[int]) -> list[int]:
        return candidates if self.played in candidates else [*candidates, self.played]

    def choose_root(self, children: dict[int, Node], actions: list[int],
                    done: int) -> tuple[int, bool]:
        played = children.get(self.played)
        if played is not None and played.visits - PRIOR_VISITS < self.share * (done + 1):
            for a in actions:
                children[a].avail += 1
            return self.played, True
        return uct(children, actions), False


@dataclass(frozen=True)
class EveryMove:
    """No tree: each of ``moves`` on every deal, in this order."""

    moves: tuple[int, ...]
    flat: bool = True
    always_searches: bool = True

    def __reduce__(self) -> tuple[type[EveryMove], tuple[tuple[int, ...], bool, bool]]:
        return type(self), (self.moves, self.flat, self.always_searches)

    def root_moves(self, state: GameState, candidates: list[int]) -> list[int]:
        return list(self.moves)

    def choose_root(self, children: dict[int, Node], actions: list[int],
                    done: int) -> tuple[int, bool]:
        return self.moves[0], False


UCT = Uct()
