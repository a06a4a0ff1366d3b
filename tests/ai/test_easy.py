"""Easy makes a beginner's mistakes, never the absurd ones (issue 12)."""

from __future__ import annotations

from ra_game.ai import EasyAgent
from ra_game.ai.policy import sensible
from ra_game.engine.moves import PASS, RA
from tooling.positions import changed

from .positions import bidding, position

SEEDS = range(40)


def empty_lot_bid():
    """Seat 0 may bid 8 (or 2) for an empty track and the centre 5."""
    state = position(3, up=[[8, 2], [9], [10]], down=[[13, 5], [12, 6, 3], [11, 7, 4]],
                     center=5, held=["", "", ""], ra_count=3)
    return bidding(state, ra_player=2, bidder=0)


def disasters_for_the_last_sun():
    """Seat 0, with only its 13 and four monuments and two Pharaohs, could invoke on
    Earthquake + Funeral that nobody else would buy."""
    return position(4, up=[[13], [3], [2], [4]], down=[[6, 5], [12, 7], [11, 8], [10, 9]],
                    center=1, held=["pyramid pyramid temple sphinx pharaoh pharaoh", "", "", ""],
                    auction="earthquake funeral", ra_count=3)


def test_sensible_drops_clearly_losing_options_only() -> None:
    options = [(3.0, 1), (0.5, 2), (-1.0, 3), (-3.0, 4)]
    assert [a for _, a in sensible(options)] == [1, 2, 3]
    assert [a for _, a in sensible([(-5.0, 1), (-8.0, 2)])] == [1]  # the least bad stays


def test_easy_never_pays_its_8_for_an_empty_track() -> None:
    state = empty_lot_bid()
    assert 8 + 2 in state.legal_actions()
    choices = {EasyAgent(seed).choose(state.observation(0)) for seed in SEEDS}
    assert 8 + 2 not in choices


def test_easy_never_invokes_disasters_on_its_own_monuments() -> None:
    state = disasters_for_the_last_sun()
    choices = {EasyAgent(seed).choose(state.observation(0)) for seed in SEEDS}
    assert RA not in choices


def test_easy_is_a_different_beginner_from_game_to_game() -> None:
    """Tempers are timid or greedy, and a close call goes either way."""
    tempers = [EasyAgent(seed).temper for seed in SEEDS]
    assert min(tempers) < 0 < max(tempers)
    state = empty_lot_bid()
    state = changed(state, center_sun=9)  # now the 2 for the 9 is a fair bet
    choices = {EasyAgent(seed).choose(state.observation(0)) for seed in SEEDS}
    assert {PASS, 2 + 2} <= choices
