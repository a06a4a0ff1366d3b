"""Hard's tempo (issue 12): suns valued by what is left of the epoch and the rivals' suns,
play-outs that wait for good lots, and the civilization outlook; all blind to the bag order."""

from __future__ import annotations

import random

import pytest

from ra_game.ai import EasyAgent, HardAgent, MediumAgent
from ra_game.ai.evaluate import Context, sun_value, tile_value
from ra_game.ai.policy import playout_action
from ra_game.engine import GameState
from ra_game.engine.moves import DRAW, RA
from ra_game.engine.tiles import Tile
from tooling.positions import changed

from .positions import full_valuable_lot, god_and_gold, lone_holder_lot, position


def suns_position(mine: list[int], rivals: list[list[int]], ra_count: int = 1) -> GameState:
    return position(1 + len(rivals), up=[mine, *rivals], down=[[]] * (1 + len(rivals)),
                    center=1, held=[""] * (1 + len(rivals)), ra_count=ra_count)


def value(state: GameState, tempo: bool) -> float:
    return sun_value(Context(state, tempo=tempo), 0, state.suns_up[0], 0)


def test_suns_that_outlast_the_rivals_are_worth_more_with_tempo() -> None:
    ahead = suns_position([13, 6, 2], [[12], [11]])
    even = suns_position([13, 6, 2], [[12, 7, 3], [11, 8, 4]])
    assert value(ahead, True) - value(ahead, False) == pytest.approx(2 * 4.0)
    assert value(even, True) == pytest.approx(value(even, False))


def test_a_last_holder_values_every_sun_by_tempo_unless_the_epoch_is_ending() -> None:
    alone = suns_position([13, 6], [[], []], ra_count=1)
    assert value(alone, True) - value(alone, False) == pytest.approx(2 * 4.0)
    ending = suns_position([13, 6], [[], []], ra_count=7)  # the next Ra ends the epoch (8 of 8)
    assert value(ending, True) == pytest.approx(value(ending, False))


def test_with_two_players_an_outlasting_sun_is_worth_less() -> None:
    """Early in an epoch (the Ra track far from full) a sun that outlasts the rivals' is worth
    a whole lot drawn alone: TEMPO_LOT, or the smaller TWO_PLAYER_TEMPO_LOT with 2 players."""
    from ra_game.ai.evaluate import TEMPO_LOT, TWO_PLAYER_TEMPO_LOT

    two = position(2, up=[[13, 6, 2], [12]], down=[[], []], center=1, held=["", ""],
                   ra_count=1)
    three = suns_position([13, 6], [[12], [11]])
    assert Context(two, tempo=True).lone_worth == pytest.approx(TWO_PLAYER_TEMPO_LOT)
    assert Context(three, tempo=True).lone_worth == pytest.approx(TEMPO_LOT)
    assert TWO_PLAYER_TEMPO_LOT < TEMPO_LOT


def test_the_medium_level_keeps_the_plain_sun_value() -> None:
    assert Context(suns_position([13], [[12], []])).lone_worth == 0.0


def test_a_seat_without_suns_has_its_civilizations_scored_as_they_stand() -> None:
    state = position(3, up=[[], [9], [8]], down=[[13, 5], [12], [11]], center=1,
                     held=["gold", "", ""], ra_count=1)
    ctx = Context(state)
    none = tile_value(ctx, 0, state.tiles[0])
    state = changed(state, suns_up=((13,), (9,), (8,)))  # with a sun, a civilization may come
    hopeful = tile_value(Context(state), 0, state.tiles[0])
    assert hopeful - none == pytest.approx(5.0 - 1.5 - (5.0 - 1.5) * Context(state).progress)


def test_a_lone_holder_draws_on_in_play_outs_until_the_last_ra() -> None:
    state = lone_holder_lot("gold gold gold gold pharaoh astronomy")
    state = changed(state, ra_count=3)
    assert all(playout_action(state, random.Random(s)) == DRAW for s in range(20))
    state = changed(state, ra_count=7)  # the next Ra would end the epoch and lose six good tiles
    assert playout_action(state, random.Random(1)) == RA
    small = lone_holder_lot("pharaoh")  # not worth the risk of a Ra against one more tile
    assert playout_action(small, random.Random(1)) == DRAW


def test_play_outs_do_not_invoke_on_a_lot_worth_more_to_a_rival() -> None:
    """Seat 0 holds the top sun, but two Pharaohs win seat 1 the Pharaoh race, not seat 0."""
    state = position(2, up=[[9, 6, 5, 2], [8, 7, 4, 3]], down=[[], []], center=1,
                     held=["pharaoh pharaoh pharaoh pharaoh", "pharaoh pharaoh pharaoh"],
                     auction="pharaoh pharaoh", ra_count=2)
    assert all(playout_action(state, random.Random(s)) == DRAW for s in range(20))


def midgame(seed: int, players: int, moves: int) -> GameState:
    state = GameState.new(players, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def reshuffled(state: GameState, seed: int = 99) -> GameState:
    other = state.redealt(random.Random(seed))
    assert other.draw_order() != state.draw_order()
    return other


POSITIONS = [lone_holder_lot, full_valuable_lot, god_and_gold,
             *(lambda s=s: midgame(s, 2 + s % 4, 20 + 9 * s) for s in range(6))]


@pytest.mark.parametrize("build", POSITIONS)
def test_play_outs_ignore_the_draw_order(build) -> None:
    """The play-out policy, fed the real (unseen) bag, decides as it does on any reshuffle."""
    state = build()
    other = reshuffled(state)
    for seed in range(5):
        assert playout_action(state, random.Random(seed)) == playout_action(other, random.Random(seed))


@pytest.mark.parametrize("build", POSITIONS)
@pytest.mark.parametrize("make", [lambda: EasyAgent(3), lambda: MediumAgent(3),
                                  lambda: HardAgent(3, iterations=40)])
def test_every_level_ignores_the_draw_order_in_the_new_positions(build, make) -> None:
    state = build()
    other = reshuffled(state)
    seat = state.current
    assert make().choose(state.observation(seat)) == make().choose(other.observation(seat))


def test_hard_does_not_consider_invoking_on_an_empty_track_while_rivals_hold_suns() -> None:
    """g3p_s404 #120: hard's only sun is 8 (centre 3); it invoked and paid 8 for the 3."""
    from ra_game.ai.mcts import candidate_actions

    state = position(3, up=[[12, 6], [13, 11, 7], [8, 5]], down=[[], [], []], center=3,
                     held=["", "", ""], ra_count=2)
    state = changed(state, current=2)
    assert RA in state.legal_actions() and candidate_actions(state) == [DRAW]
    state = changed(state, auction=(4, 4, 2))  # three tiles: the search weighs invoking again
    assert RA in candidate_actions(state)
    gold = position(3, up=[[12, 6], [13, 11, 7], [8]], down=[[], [], []], center=3,
                    held=["", "", ""], auction="gold gold", ra_count=2)
    assert RA in candidate_actions(gold)  # two Golds are worth invoking for


def test_hard_does_not_consider_its_top_sun_for_a_small_lot_early() -> None:
    """g3p_s404 #45: hard paid its 13 for Pharaoh + Earthquake + Pharaoh at Ra 1/8."""
    from ra_game.ai.mcts import candidate_actions
    from ra_game.engine.moves import PASS, bid_action

    from .positions import bidding

    state = position(3, up=[[13], [11, 10, 7], [12, 6, 3]], down=[[8], [], []], center=8,
                     held=["statue step_pyramid", "", ""], auction="pharaoh earthquake pharaoh",
                     ra_count=1)
    state = bidding(state, ra_player=2, bidder=0)
    assert candidate_actions(state) == [PASS]
    assert bid_action(13) in state.legal_actions()


def test_hard_keeps_its_last_sun_for_a_good_lot_while_a_rival_holds_more() -> None:
    """Being first out of suns hands the rivals the rest of the epoch: hard's last sun waits
    for a lot worth LAST_SUN_LOT, unless no rival keeps two suns (with 2 players: any)."""
    from ra_game.ai.mcts import candidate_actions
    from ra_game.engine.moves import PASS, bid_action

    from .positions import bidding

    small = position(2, up=[[9], [13, 11, 7]], down=[[], []], center=3, held=["", ""],
                     auction="nile nile gold", ra_count=2)
    assert RA in small.legal_actions() and RA not in candidate_actions(small)
    rich = position(2, up=[[9], [13, 11, 7]], down=[[], []], center=3, held=["", ""],
                    auction="gold gold gold pharaoh", ra_count=2)
    assert RA in candidate_actions(rich)
    even = position(2, up=[[9], [13]], down=[[], []], center=3, held=["", ""],
                    auction="nile nile gold", ra_count=2)
    assert RA not in candidate_actions(even)
    rivals_low = position(3, up=[[9], [13], [12]], down=[[], [], []], center=3,
                          held=["", "", ""], auction="nile nile gold", ra_count=2)
    assert RA in candidate_actions(rivals_low)
    rival_out = position(2, up=[[9], []], down=[[], [13]], center=3, held=["", ""],
                         auction="nile nile gold", ra_count=2)
    assert RA in candidate_actions(rival_out)
    auction = bidding(position(2, up=[[9], [13, 11, 7]], down=[[], []], center=3,
                               held=["", ""], auction="nile nile gold", ra_count=2),
                      ra_player=1, bidder=0)
    assert bid_action(9) in auction.legal_actions() and candidate_actions(auction) == [PASS]


def test_hard_uses_a_last_chance_god_where_medium_would() -> None:
    """Down to its last sun, hard's God takes the Pyramid (its search only picks which God
    play); with suns to spare, or on junk, it weighs drawing as before."""
    from ra_game.ai.mcts import candidate_actions
    from ra_game.engine.moves import god_action, is_god
    from ra_game.engine.tiles import Tile

    from .positions import last_sun_god

    last = last_sun_god([5], "pyramid")
    assert DRAW in last.legal_actions()
    assert candidate_actions(last) == [god_action((Tile.PYRAMID,))]
    assert DRAW in candidate_actions(last_sun_god([13, 5], "pyramid"))
    junk = candidate_actions(last_sun_god([5], "drought"))
    assert DRAW in junk and any(is_god(a) for a in junk)


def test_with_two_players_hard_weighs_a_monument_pairs_hope_double() -> None:
    """A seat takes about half of all tiles with 2 players: a pair of monuments still in
    the bag is likelier to grow into a set (hard's view only; medium's is unchanged)."""
    from ra_game.ai.evaluate import tile_value

    def pair_hope(players: int, tempo: bool) -> float:
        state = position(players, up=[[9]] * players, down=[[]] * players, center=1,
                         held=["pyramid pyramid"] + [""] * (players - 1), ra_count=1)
        ctx = Context(state, tempo=tempo)
        without = list(state.tiles[0])
        without[int(Tile.PYRAMID)] = 0
        return tile_value(ctx, 0, state.tiles[0]) - tile_value(ctx, 0, without)

    assert pair_hope(2, True) > pair_hope(2, False) + 1.0
    assert pair_hope(3, True) == pytest.approx(pair_hope(3, False))


def test_with_two_players_hard_charges_more_for_trading_a_high_sun_for_a_low_one() -> None:
    """With 2 players every lot of the next epochs goes to the stronger of two sun sets, so
    paying the 9 and taking the centre 1 costs hard more than medium (3 players: the same)."""
    from ra_game.ai.evaluate import SUN_POWER, TWO_PLAYER_SUN_POWER, sun_cost

    def extra_cost(players: int) -> float:
        ups = [[9, 6, 5, 2], [8, 7, 4, 3], [13, 12, 11, 10]][:players]
        state = position(players, up=ups, down=[[]] * players, center=1,
                         held=[""] * players, ra_count=1)
        return (sun_cost(Context(state, tempo=True), state, 0, 9)
                - sun_cost(Context(state, tempo=False), state, 0, 9))

    assert extra_cost(2) > 2.0
    epochs_after = 2  # (the position is in the first epoch)
    paid_less = 9 - 1
    assert extra_cost(2) == pytest.approx(
        (TWO_PLAYER_SUN_POWER - SUN_POWER) * epochs_after * paid_less)
    assert extra_cost(3) == pytest.approx(0.0)


def test_with_two_players_hard_hopes_for_more_civilizations_early_in_an_epoch() -> None:
    """With 2 players a seat with suns takes about half of the tiles, so early in an epoch hard
    expects a seat without a civilization to find some (3-5 players and medium: CIV_HOPE)."""
    from ra_game.ai.evaluate import CIV_POINTS, TWO_PLAYER_CIV_HOPE

    two = position(2, up=[[13, 6, 2], [12, 7]], down=[[], []], center=1, held=["", ""],
                   ra_count=1)
    hard, medium = Context(two, tempo=True), Context(two, tempo=False)
    assert hard.civ_terms[0] > medium.civ_terms[0] + 1.0
    assert hard.civ_terms[0] == pytest.approx(
        CIV_POINTS[0] * hard.progress + TWO_PLAYER_CIV_HOPE[0] * (1.0 - hard.progress))
    assert hard.civ_terms[5] == pytest.approx(medium.civ_terms[5])
    three = suns_position([13, 6], [[12, 7], [11, 8]])
    assert Context(three, tempo=True).civ_terms == Context(three, tempo=False).civ_terms
