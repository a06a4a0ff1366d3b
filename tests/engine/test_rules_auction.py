"""R-AUC-1..8: who bids when, what must be bid, and what the winner takes."""

from __future__ import annotations

import pytest

from ra_game.engine import IllegalMoveError
from ra_game.engine import events as ev
from ra_game.engine.moves import PASS, bid_action
from ra_game.engine.state import TURN
from ra_game.engine.tiles import Tile

from .builders import held, kinds, new_game, of_type, out_of_suns, play, snapshot


def _bids(suns: list[int]) -> list[int]:
    return [bid_action(s) for s in suns]


def test_R_AUC_1_bidding_goes_once_around_ending_with_the_ra_player() -> None:
    state = new_game(3, "gold")
    play(state, "draw")  # seat 0 draws; seat 1 invokes
    state.apply("ra")
    order = []
    for move in ("pass", "pass", "bid:3"):
        order.append(state.to_move)
        state.apply(move)
    assert order == [2, 0, 1]
    assert held(state, 1) == {"gold": 1}
    assert (state.phase, state.to_move) == (TURN, 2)


def test_R_AUC_1_players_without_face_up_suns_pass_automatically() -> None:
    state = out_of_suns(new_game(3), 1)
    events = state.apply("ra")
    assert events[1] == ev.Passed(1, True)
    assert state.to_move == 2
    events = play(state, "pass bid:13")
    assert ev.Passed(2, False) in events


def test_R_AUC_2_a_bid_must_beat_the_highest_bid() -> None:
    state = new_game(3, "gold")
    play(state, "draw ra bid:10")  # seat 1 invoked after seat 0 drew; seat 2 bids 10
    assert state.to_move == 0
    assert sorted(state.legal_actions()) == sorted([*_bids([13]), PASS])
    for bad, why in (("bid:8", "does not beat"), ("bid:5", "does not beat"),
                     ("bid:12", "not face up")):
        before = snapshot(state)
        with pytest.raises(IllegalMoveError, match=why):
            state.apply(bad)
        assert snapshot(state) == before
    events = state.apply("bid:13")  # seat 1 cannot beat 13: passes automatically, seat 0 wins
    assert ev.Passed(1, True) in events
    assert of_type(events, ev.AuctionWon) == [ev.AuctionWon(0, 13, (Tile.GOLD,), 1)]


def test_R_AUC_2_a_player_who_cannot_beat_the_bid_passes_automatically() -> None:
    state = new_game(3)
    events = play(state, "ra bid:12")  # seat 1 bids 12: seat 2's best sun is 11
    assert ev.Passed(2, True) in events
    assert state.to_move == 0


def test_R_AUC_3_forced_bid_after_invoke_on_non_full_track() -> None:
    state = new_game(2, "gold")
    play(state, "draw ra pass")  # seat 1 invokes with one tile on the track; seat 0 passes
    assert state.to_move == 1 and state.forced_bid()
    assert sorted(state.legal_actions()) == sorted(_bids([8, 7, 4, 3]))
    before = snapshot(state)
    with pytest.raises(IllegalMoveError, match="must bid"):
        state.apply("pass")
    assert snapshot(state) == before
    state.apply("bid:3")
    assert held(state, 1) == {"gold": 1}


def test_R_AUC_3_forced_bid_also_on_an_empty_track() -> None:
    state = new_game(2)
    play(state, "ra pass")
    assert PASS not in state.legal_actions()
    play(state, "bid:2")
    assert state.center_sun == 2 and state.suns_down[0] == [1] and held(state, 0) == {}


def test_R_AUC_3_no_forced_bid_when_someone_else_bid() -> None:
    state = new_game(2, "gold")
    play(state, "draw ra bid:6")
    assert state.to_move == 1 and not state.forced_bid()
    assert PASS in state.legal_actions()
    play(state, "pass")
    assert held(state, 0) == {"gold": 1}


def test_R_AUC_4_after_a_drawn_ra_everyone_may_pass_and_tiles_stay() -> None:
    state = new_game(2, "gold pharaoh ra")
    play(state, "draw draw")
    events = play(state, "draw pass")  # seat 0 drew the Ra tile; seat 1 passes
    assert events[1] == ev.AuctionStarted(0, False, False)
    assert state.to_move == 0 and PASS in state.legal_actions()
    events = play(state, "pass")
    assert of_type(events, ev.AuctionPassed) == [ev.AuctionPassed(0, ())]
    assert state.auction_tiles() == kinds("gold pharaoh")
    assert state.center_sun == 1 and state.to_move == 1


def test_R_AUC_5_full_track_invoke_may_be_passed_and_discards_the_track() -> None:
    eight = "gold pharaoh nile flood astronomy writing art temple"
    state = new_game(2, eight)
    play(state, "draw " * 8 + "ra pass")
    assert state.to_move == 0 and PASS in state.legal_actions()  # no forced bid
    events = play(state, "pass")
    assert of_type(events, ev.AuctionPassed) == [ev.AuctionPassed(0, tuple(kinds(eight)))]
    assert state.auction_tiles() == []
    assert state.center_sun == 1
    assert all(state.discarded[k] == 1 for k in kinds(eight))
    assert state.tile_census() == new_game(2).bag_counts()


def test_R_AUC_6_winner_takes_all_tiles_and_centre_sun_face_down() -> None:
    state = new_game(3, "gold pharaoh")
    events = play(state, "draw draw ra bid:5 bid:9 pass")  # seat 2 invokes; 0 bids 5, 1 bids 9
    assert of_type(events, ev.AuctionWon) == [ev.AuctionWon(1, 9, tuple(kinds("gold pharaoh")), 1)]
    assert held(state, 1) == {"gold": 1, "pharaoh": 1}
    assert state.suns_up[1] == [12, 6, 3] and state.suns_down[1] == [1]
    assert state.center_sun == 9
    assert state.suns_up[0] == [13, 8, 5, 2]  # the losing bid returns face up
    assert state.auction_tiles() == []


def test_R_AUC_6_the_winner_may_win_an_empty_track() -> None:
    state = new_game(2)
    play(state, "ra bid:8 pass")
    assert held(state, 1) == {} and state.suns_down[1] == [1] and state.center_sun == 8


def test_R_AUC_7_won_tiles_are_placed_before_disasters_resolve() -> None:
    state = new_game(2, "funeral pharaoh pharaoh gold")
    events = play(state, "draw draw draw draw ra pass bid:9")
    # The Funeral lies left of both Pharaohs yet discards them: they were placed first.
    assert of_type(events, ev.DisasterResolved) == [
        ev.DisasterResolved(0, Tile.FUNERAL, (Tile.PHARAOH, Tile.PHARAOH))]
    assert held(state, 0) == {"gold": 1}


def test_R_AUC_7_disasters_also_hit_tiles_held_before() -> None:
    state = new_game(2, "pharaoh pharaoh ra funeral")
    play(state, "draw draw draw pass bid:9")  # seat 0 wins two Pharaohs
    assert held(state, 0) == {"pharaoh": 2}
    play(state, "draw ra pass")  # seat 1 draws the Funeral; seat 0 invokes, seat 1 passes
    assert state.forced_bid()
    play(state, "bid:6")
    assert held(state, 0) == {}


def test_R_AUC_8_play_continues_after_the_ra_player() -> None:
    state = new_game(3)
    play(state, "ra bid:12 pass")  # seat 0 invoked; seat 1 won (seat 2 could not beat 12)
    assert (state.phase, state.to_move) == (TURN, 1)
    state = new_game(3, "gold")
    play(state, "draw ra pass pass bid:12")  # seat 1 invoked and won
    assert state.to_move == 2


def test_R_AUC_8_skips_players_without_face_up_suns() -> None:
    state = out_of_suns(new_game(3), 1)
    play(state, "ra pass bid:13")
    assert state.to_move == 2
