"""The public-information helpers agree with the engine itself on whole random games."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from ra_game.engine import GameState
from ra_game.engine import events as ev
from ra_game.engine.preview import (
    drawn_tiles,
    epoch_preview,
    lot_values,
    move_events,
    tiles_left,
)
from ra_game.engine.state import BID, DISCARD, OVER
from ra_game.engine.tiles import NUM_KINDS, TILE_COUNTS
from tooling.positions import changed


def engine_epoch_scores(state: GameState) -> list[dict[str, int]]:
    """The engine's own scoring of the epoch, run on a copy as if it ended now."""
    events: list[object] = []
    state.clone()._score_epoch(events)
    scored = events[-1]
    assert isinstance(scored, ev.EpochScored)
    return [row.points for row in scored.scores]


def engine_lot_value(state: GameState, seat: int) -> int | None:
    """What the engine gives ``seat`` for winning the auction now, discarding at best; None if
    it has no sun that wins."""
    if state.high_bidder == seat:
        pay = state.high_bid
    else:
        options = [s for s in state.suns_up[seat] if s > state.high_bid]
        if not options:
            return None
        pay = min(options)
    before = sum(engine_epoch_scores(state)[seat].values())
    c = changed(state, high_bidder=seat, high_bid=pay,
                bids=tuple(pay if s == seat else 0 for s in range(state.n)))
    best = None
    for outcome in _outcomes(c):
        best = outcome if best is None else max(best, outcome)
    assert best is not None
    return best - before


def _outcomes(c: GameState) -> list[int]:
    events: list[object] = []
    seat = c.high_bidder
    c._resolve_auction(events)
    return _after(c, seat, events)


def _after(c: GameState, seat: int, events: list[object]) -> list[int]:
    scored = [e for e in events if isinstance(e, ev.EpochScored)]
    if scored:
        return [scored[0].scores[seat].epoch_total]
    if c.phase == DISCARD:
        out = []
        for action in c.legal_actions():
            d = c.clone()
            more: list[object] = []
            d.apply_action(action, more)
            out += _after(d, seat, more)
        return out
    return [sum(engine_epoch_scores(c)[seat].values())]


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_tiles_left_epoch_preview_and_lot_values_over_whole_games(players: int) -> None:
    for seed in range(6):
        rng = random.Random(seed)
        state = GameState.new(players, seed=seed)
        initial = state.clone()
        record: list[object] = []
        moves: list[str] = []
        while state.phase != OVER:
            assert epoch_preview(state) == engine_epoch_scores(state)
            if state.phase == BID and state.auction_tiles():
                values = lot_values(state)
                for seat in range(players):
                    expected = engine_lot_value(state, seat)
                    if expected is not None:
                        assert values[seat] == expected, (seed, seat)
            move = rng.choice(state.legal_moves())
            record += state.apply(move)
            moves.append(move.text)
            drawn = Counter(drawn_tiles(record))
            assert tiles_left(drawn_tiles(record)) == [TILE_COUNTS[k] - drawn[k]
                                                       for k in range(NUM_KINDS)]
            assert tiles_left(drawn_tiles(record)) == state.bag_counts()
        rebuilt = [e for events in move_events(initial, moves) for e in events]
        assert rebuilt == record


def test_a_lots_lasting_worth_counts_its_monuments_as_they_score_at_the_end() -> None:
    """Before the last epoch the lot's worth for this epoch leaves monuments out; its lasting
    worth adds what they change in the holding's end-of-game monument score."""
    from ra_game.engine.scoring import monument_points
    from ra_game.engine.tiles import IS_DISASTER, MONUMENTS, NUM_EPOCHS

    checked = 0
    for seed in range(12):
        rng = random.Random(seed)
        state = GameState.new(3, seed=seed)
        while state.phase != OVER and state.epoch < NUM_EPOCHS:
            lot = state.auction_tiles()
            if state.phase == BID and lot and not any(IS_DISASTER[t] for t in lot):
                now, lasting = lot_values(state), lot_values(state, lasting=True)
                for seat in range(3):
                    after = list(state.tiles[seat])
                    for t in lot:
                        after[t] += 1
                    extra = monument_points(after) - monument_points(state.tiles[seat])
                    assert lasting[seat] - now[seat] == extra
                    checked += extra > 0 and any(t in MONUMENTS for t in lot)
            state.apply(rng.choice(state.legal_moves()))
    assert checked > 5
