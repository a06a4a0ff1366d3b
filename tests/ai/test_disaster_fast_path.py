"""The AI's fast disaster path (``evaluate.receive``) is the engine's rule: over many random
holdings and lots it reaches exactly the holdings of ``disaster_outcomes``, and by default it
takes the discard that costs the seat the least.

The lots hold at most two disasters whose owner chooses (War, Earthquake): the branches to
enumerate are then at most 36 x 36, whatever hypothesis draws (three or more such disasters,
up to 291,600 branches, made the run time a lottery; two already chain one choice after
another)."""

from __future__ import annotations

from collections.abc import Sequence

from hypothesis import given, settings
from hypothesis import strategies as st

from ra_game.ai.evaluate import Context, receive, tile_value
from ra_game.engine import GameState
from ra_game.engine.disasters import CHOICE_DISASTERS, disaster_outcomes
from ra_game.engine.tiles import AUCTION_TRACK_SIZE, DISASTERS, NUM_KINDS, Tile

KEPT = [k for k in range(NUM_KINDS) if k != Tile.RA and k not in DISASTERS]
holdings = st.lists(st.integers(0, 4), min_size=len(KEPT), max_size=len(KEPT))
#: The most disasters with a choice in one lot, and so the most branches of one example: an
#: Earthquake's choice among 8 monument kinds is at most 36 pairs.
MAX_CHOICES = 2
MAX_BRANCHES = 36 ** MAX_CHOICES
lots = st.lists(st.sampled_from([*KEPT, *DISASTERS, *DISASTERS]), max_size=AUCTION_TRACK_SIZE
                ).filter(lambda lot: sum(t in CHOICE_DISASTERS for t in lot) <= MAX_CHOICES)
CTX = Context(GameState.new(3, seed=1))


def counts(values: Sequence[int]) -> list[int]:
    out = [0] * NUM_KINDS
    for kind, n in zip(KEPT, values):
        out[kind] = n
    return out


def fast_outcomes(held: list[int], lot: list[int]) -> list[tuple[int, ...]]:
    """Every holding ``receive`` reaches, one per sequence of choices among the offered ones."""
    out: list[tuple[int, ...]] = []
    scripts: list[list[int]] = [[]]
    while scripts:
        script = scripts.pop()
        offered: list[int] = []

        def choose(ctx: Context, seat: int, t: list[int], options: Sequence[tuple[int, ...]],
                   script: list[int] = script, offered: list[int] = offered) -> tuple[int, ...]:
            i = len(offered)
            offered.append(len(options))
            return options[script[i] if i < len(script) else 0]

        t = held[:]
        receive(CTX, 0, t, lot, choose)
        out.append(tuple(t))
        for point in range(len(script), len(offered)):  # the other branches not tried yet
            pad = [0] * (point - len(script))
            scripts.extend(script + pad + [i] for i in range(1, offered[point]))
    return out


@settings(max_examples=500, deadline=None)
@given(holdings, lots)
def test_fast_path_reaches_exactly_the_engines_outcomes(values: list[int], lot: list[int]) -> None:
    held = counts(values)
    reached = fast_outcomes(held, lot)
    assert len(reached) <= MAX_BRANCHES
    assert sorted(reached) == sorted(tuple(o) for o in disaster_outcomes(held, lot))


def test_two_earthquakes_on_every_monument_branch_the_most() -> None:
    # The bound above is reached: every pair of monuments, twice over.
    held = counts([4] * len(KEPT))
    lot = [Tile.EARTHQUAKE, Tile.EARTHQUAKE]
    reached = fast_outcomes(held, lot)
    assert len(reached) == MAX_BRANCHES
    assert sorted(reached) == sorted(tuple(o) for o in disaster_outcomes(held, lot))


@settings(max_examples=300, deadline=None)
@given(holdings, st.sampled_from([Tile.WAR, Tile.EARTHQUAKE]))
def test_default_choice_is_the_cheapest_discard(values: list[int], disaster: int) -> None:
    held = counts(values)
    t = held[:]
    receive(CTX, 0, t, [disaster])
    best = max(tile_value(CTX, 0, list(o)) for o in disaster_outcomes(held, [disaster]))
    assert t in disaster_outcomes(held, [disaster]) and tile_value(CTX, 0, t) == best
