"""Medium's fixes of issue 12, each in the position that showed the habit."""

from __future__ import annotations

from pathlib import Path

from ra_game.ai import MediumAgent
from ra_game.ai.evaluate import Context
from ra_game.ai.policy import auction_value, bid_choice, tiny_invoke_ok
from ra_game.engine import load_replay
from ra_game.engine.moves import DRAW, PASS, RA, god_action
from ra_game.engine.tiles import Tile
from tooling.positions import changed

from .positions import (
    bidding,
    full_valuable_lot,
    god_and_gold,
    last_sun_god,
    lone_holder_lot,
    position,
)

#: A replay from ../shared/ai-review (the review of issue 12).
REVIEW = Path(__file__).parent / "data" / "review_g3p_s303.ra.json"


def test_an_auction_that_ends_the_epoch_is_valued_from_its_events() -> None:
    """Spending the last sun flips every sun face up; the lot still counts."""
    state = lone_holder_lot("gold gold gold")
    assert auction_value(Context(state), state, 0) > 3.0


def test_the_last_holder_draws_on_instead_of_paying_11_for_a_funeral() -> None:
    """g3p_s303 #76: medium, last with suns (its 11, centre 10), invoked on a lone Funeral."""
    state = load_replay(REVIEW).play(76)
    assert state.auction_tiles() == [Tile.FUNERAL] and state.current == 1
    obs = state.observation(1)
    assert MediumAgent(1).choose(obs) == DRAW


def test_no_invoke_on_one_tile_that_could_only_be_bought_at_a_loss_of_suns() -> None:
    state = lone_holder_lot("pharaoh")
    assert not tiny_invoke_ok(state, 0)
    assert MediumAgent(1).choose(state.observation(0)) != RA
    state = changed(state, center_sun=12)
    assert tiny_invoke_ok(state, 0)


def test_as_invoker_of_one_tile_it_never_pays_above_the_centre() -> None:
    state = position(3, up=[[11, 3], [9], [8]], down=[[], [], []], center=5,
                     held=["", "", ""], auction="gold", ra_count=2)
    state = bidding(state, ra_player=0, bidder=0, invoked=True,
                    bidders_left=0)  # everyone else passed: a forced bid
    assert PASS not in state.legal_actions()
    assert bid_choice(Context(state), state) == 3 + 2


def test_a_valuable_full_lot_is_bid_for_even_if_the_rival_could_outbid() -> None:
    """g2p_s606 #27: medium passed a full lot worth ~+9.7 to it because hard held a 9."""
    state = full_valuable_lot()
    assert MediumAgent(1).choose(state.observation(0)) != PASS


def test_a_god_takes_a_gold_worth_more_than_its_two_fame() -> None:
    state = god_and_gold()
    assert MediumAgent(1).choose(state.observation(0)) == god_action((Tile.GOLD,))


def test_with_its_last_sun_a_god_takes_a_monument_rather_than_score_two_unused() -> None:
    """Down to its last sun, the God may get no later turn: it takes the Pyramid (worth a
    little under its 2 fame, and kept from the rival who buys the lot)."""
    state = last_sun_god([5], "pyramid")
    assert MediumAgent(1).choose(state.observation(0)) == god_action((Tile.PYRAMID,))


def test_with_suns_to_spare_the_god_waits_for_a_better_tile() -> None:
    state = last_sun_god([13, 5], "pyramid")
    assert MediumAgent(1).choose(state.observation(0)) == DRAW


def test_a_last_chance_god_is_not_wasted_on_junk() -> None:
    """A Drought would cost it its Nile: the God is kept for its 2 fame."""
    state = last_sun_god([5], "drought")
    assert MediumAgent(1).choose(state.observation(0)) == DRAW
