"""Calibration of an evaluation across the epoch's end: where the next Ra tile drawn ends the
epoch, the value of the position before a draw should equal, on average over the bag, the
value after it (after the epoch's scoring, if the tile is a Ra).  An evaluation that sits below
the scoring makes the epoch-ending Ra look like everyone's luckiest draw.

:func:`drift` measures it on positions (held-out games, ``tools/train_eval.py``): the mean over
positions and seats of E_bag[value after the draw] - value before, by number of players, and
the mean jump at the Ra tile alone.  No numpy: any evaluation can be measured.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from ra_game.engine import GameState
from ra_game.engine.moves import DRAW
from ra_game.engine.state import TURN
from ra_game.engine.tiles import Tile

#: Each seat's expected final fame in a position (not over).
Predictor = Callable[[GameState], list[float]]


def epoch_end_draws(state: GameState) -> list[tuple[float, int, GameState]]:
    """Where a draw may end the epoch (a turn with one Ra tile left to end it and a draw
    allowed): each kind of tile the bag holds, its probability and the state after drawing it;
    else nothing."""
    if state.phase != TURN or state.ra_count != state.ra_length - 1 or not state.can_draw():
        return []
    counts = state.bag_counts()
    total = sum(counts)
    out = []
    for kind, count in enumerate(counts):
        if count:
            after = state.clone()
            after.put_next(kind)
            after.apply_action(DRAW, None)
            out.append((count / total, kind, after))
    return out


def value(predict: Predictor, state: GameState) -> list[float]:
    """``predict``'s values, or the scores once the game is over."""
    return [float(s) for s in state.scores] if state.over else predict(state)


def drift(predict: Predictor, states: Iterable[GameState]) -> dict[str, Any]:
    """The drift of ``predict`` across the epoch's end on ``states`` (those where a draw may end
    the epoch): by number of players, how many positions, the mean over positions and seats of
    E_bag[value after] - value before (``mean``, 0 when calibrated), and of value after the Ra
    tile - value before (``ra_jump``)."""
    sums: dict[int, list[float]] = {}
    for state in states:
        draws = epoch_end_draws(state)
        if not draws:
            continue
        before = value(predict, state)
        expected = [0.0] * state.n
        ra_after = before
        for chance, kind, after in draws:
            values = value(predict, after)
            expected = [e + chance * v for e, v in zip(expected, values)]
            if kind == Tile.RA:
                ra_after = values
        s = sums.setdefault(state.n, [0.0, 0.0, 0.0])
        s[0] += 1
        s[1] += sum(e - b for e, b in zip(expected, before)) / state.n
        s[2] += sum(a - b for a, b in zip(ra_after, before)) / state.n
    return {str(n): {"positions": int(c), "mean": round(d / c, 3), "ra_jump": round(j / c, 3)}
            for n, (c, d, j) in sorted(sums.items())}
