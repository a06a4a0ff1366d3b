"""The review's sentences: each kind says what the position shows (the lot's value, the suns,
the Ra tiles in the bag), and every one is translated."""

from __future__ import annotations

import pytest

from ra_game.engine.moves import DRAW, PASS, RA, bid_action, discard_action, god_action
from ra_game.engine.tiles import Tile
from ra_game.review.model import Mistake, Review
from ra_game.review.why import move_words, situation, why
from ra_game.text.i18n import set_language
from tooling.positions import changed

from .positions import bidding, position, war_choice


@pytest.fixture(autouse=True)
def english():
    set_language("en")
    yield
    set_language("en")


def auction(first_up: list[int], auction_tiles: str = "gold pharaoh"):
    """4 players, a drawn Ra: seat 0 bids first, seat 1 (12, 7) and seat 2 (11, 8) after it."""
    state = position(4, up=[first_up, [12, 7], [11, 8], [10, 9]], down=[[], [], [], []],
                     center=1, held=["", "", "", ""], auction=auction_tiles, ra_count=3)
    return bidding(state, ra_player=3, bidder=0)


def test_a_low_bid_names_the_rival_sun_that_could_beat_it():
    text = why(auction([13, 6]), 0, bid_action(6), bid_action(13), 2.345)
    assert text == ("Your 6 could still be outbid (a rival held 12); your 13 was worth about 2.3 "
                    "more fame. The winner of this auction also takes the centre sun 1.")


def test_an_empty_track_names_its_prize_the_centre_sun_and_the_final_sun_race():
    state = position(3, up=[[11, 4], [12, 7], [9]], down=[[3], [2], [10, 8]], center=13,
                     held=["", "", ""], epoch=3)
    state = bidding(state, ra_player=2, bidder=0)
    text = why(state, 0, PASS, bid_action(11), 3.0)
    assert "The prize was the centre sun 13." in text
    assert "A later rival held the 12, enough to outbid the 11." in text
    assert text.endswith("Final sun race: your suns total 18, your rivals' from 21 to 27.")


def test_with_one_rival_the_final_sun_race_names_your_rival_and_turkish_writes_gunes_12():
    state = position(2, up=[[11, 4], [12, 7]], down=[[3], [2]], center=13, held=["", ""],
                     epoch=3, auction="gold")
    state = bidding(state, ra_player=1, bidder=0)
    text = why(state, 0, PASS, bid_action(11), 3.0)
    assert "The winner of this auction also takes the centre sun 13." in text
    assert "A later rival held the 12, enough to outbid the 11." in text
    assert text.endswith("Final sun race: your suns total 18, your rival's 21.")
    assert why(state, 0, PASS, bid_action(11), 3.0, player="Bruno").endswith(
        "Final sun race: the suns of Bruno total 18, their rival's 21.")
    set_language("tr")
    turkish = why(state, 0, PASS, bid_action(11), 3.0)
    assert "güneş 12" in turkish and "güneş 11" in turkish and "12 güneş" not in turkish
    assert "güneş 13" in turkish


def test_the_ra_tiles_left_end_the_epoch_at_the_latest():
    state = position(3, up=[[11], [12], [9]], down=[[], [], []], center=5,
                     held=["", "", ""], ra_count=7)
    text = why(state, 0, RA, DRAW, 2.0)
    assert "The epoch ends with the next Ra tile at the latest; " in text
    assert text.endswith(f"{state.bag_counts()[Tile.RA]} of the {state.bag_left} tiles in the "
                         "bag are Ra tiles.")
    assert state.ra_length - state.ra_count == 1


def test_a_high_bid_where_a_low_one_would_do():
    state = changed(auction([13, 6]), suns_up=((13, 6), (5, 4), (3, 2), ()))
    text = why(state, 0, bid_action(13), bid_action(6), 4.0, won=True)
    assert text.startswith("You spent your 13 where your 6 would have done")


def test_a_lower_sun_later_rivals_could_beat_is_never_said_to_have_done():
    text = why(auction([13, 6]), 0, bid_action(13), bid_action(6), 4.0, won=True)
    assert "would have done" not in text
    assert text.startswith("A later rival could still outbid your 6 (it held 12)")


def test_an_outbid_sun_is_never_said_to_be_spent_or_paid():
    for better in (bid_action(6), PASS):
        text = why(auction([13, 6]), 0, bid_action(13), better, 4.0, won=False)
        assert text.startswith("Your 13 was outbid") and "spent" not in text and "paid" not in text


def test_a_pass_that_later_bidders_could_have_beaten_says_so_without_won_it():
    text = why(auction([6, 2]), 0, PASS, bid_action(6), 1.8)
    assert text.startswith("You passed a lot worth ") and "bidding your 6" in text


def test_drawing_instead_of_invoking_counts_the_ra_tiles_in_the_bag():
    state = position(4, up=[[13, 6], [12, 7], [11, 8], [10, 9]], down=[[], [], [], []],
                     center=1, held=["", "", "", ""], auction="gold gold pharaoh", ra_count=2)
    text = why(state, 0, DRAW, RA, 3.0)
    ra = state.bag_counts()[Tile.RA]
    assert f"({ra} of the {state.bag_left} tiles in the bag were Ra tiles)" in text


def test_invoking_while_only_you_hold_suns():
    state = position(3, up=[[11], [], []], down=[[9, 7, 3], [13, 12, 8, 2], [6, 5, 4, 1]],
                     center=10, held=["", "", ""], auction="gold", ra_count=2)
    assert why(state, 0, RA, DRAW, 5.0).startswith("Only you still held suns")


def test_god_and_discard_sentences_name_the_tiles():
    state = position(4, up=[[13, 6], [12, 7], [11, 8], [10, 9]], down=[[], [], [], []],
                     center=1, held=["god", "", "", ""], auction="gold nile", ra_count=2)
    gold = god_action([int(Tile.GOLD)])
    assert why(state, 0, DRAW, gold, 2.0).startswith("Your God could have taken the Gold tile")
    assert why(state, 0, gold, DRAW, 2.0).startswith("You used a God on Gold")
    war = war_choice(position(3, up=[[13], [12], [11]], down=[[], [], []], center=1,
                              held=["astronomy writing", "", ""]), owner=0)
    text = why(war, 0, discard_action([int(Tile.ASTRONOMY)]), discard_action([int(Tile.WRITING)]),
               1.6)
    assert text.startswith("Discarding Writing instead of Astronomy")


def test_situations_and_moves_in_words():
    assert situation(auction([13, 6]), 0) == "Epoch 1, auction of 2 tiles, you held 13, 6"
    assert move_words(bid_action(9)) == "bid with sun 9" and move_words(RA) == "invoke Ra"


@pytest.mark.parametrize("lang", ["es", "pt", "tr"])
def test_every_sentence_is_translated(lang):
    state = auction([13, 6])
    english = [why(state, 0, PASS, bid_action(13), 2.5), situation(state, 0)]
    review = Review(0, 30, 28, 12.3, [Mistake.at(3, state, 0, PASS, bid_action(13), 2.5)])
    english += [review.summary(), review.mistakes[0].line()]
    set_language(lang)
    translated = [why(state, 0, PASS, bid_action(13), 2.5), situation(state, 0),
                  review.summary(), review.mistakes[0].line()]
    assert all(t != e for t, e in zip(translated, english))
    assert "12,3" in translated[2] and "2,5" in translated[3]


def _mistake(move: int, loss: float) -> Mistake:
    return Mistake.at(move, auction([13, 6]), 0, PASS, bid_action(13), loss)


def test_a_mistake_is_numbered_from_1_as_the_replay_viewer_numbers_it():
    mistake = _mistake(58, 3.0)
    assert mistake.number == 59 and mistake.line().startswith("Epoch 1, auction 1: ")
    assert mistake.to_json()["move"] == 58  # the replay's index, for programs


def test_the_summary_says_what_the_fame_lost_beyond_the_list_is():
    review = Review(seat=0, decisions=49, close=47, total_loss=12.4,
                    mistakes=[_mistake(10, 5.0), _mistake(20, 3.6)])
    text = review.summary()
    assert "about 12.4 fame lost in all" in text
    assert "The list accounts for 8.6 of it; the other 3.8 are small" in text
    exact = Review(seat=0, decisions=3, close=2, total_loss=5.0, mistakes=[_mistake(1, 5.0)])
    assert exact.rest_sentence() == "" and "other" not in exact.summary()
