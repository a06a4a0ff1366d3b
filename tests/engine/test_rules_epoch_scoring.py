"""R-EPOCH-1..6, R-SCORE-*, R-FINAL-*, R-FLOOR-1, R-WIN-1..2 and R-LAST-1."""

from __future__ import annotations

import pytest

from ra_game.engine import GameState, IllegalMoveError
from ra_game.engine import events as ev
from ra_game.engine.moves import PASS, bid_action
from ra_game.engine.state import TURN
from ra_game.engine.tiles import Tile
from tooling.positions import changed

from .builders import (
    end_epoch_now,
    held,
    new_game,
    of_type,
    play,
    position,
    score_position,
    seat0_wins,
)

#: Two players spend all eight suns on invokes of an empty track (each forced to bid).
ALL_SUNS_2P = ("ra pass bid:9 ra pass bid:8 ra pass bid:6 ra pass bid:7 "
               "ra pass bid:5 ra pass bid:4 ra pass bid:2 ra")


# ------------------------------------------------------------------ R-EPOCH


def test_R_EPOCH_1_the_epoch_ends_when_no_face_up_sun_is_left() -> None:
    state = new_game(2)
    play(state, ALL_SUNS_2P)  # seat 0 is out of suns and passed automatically
    assert (state.epoch, state.to_move, state.suns_up) == (1, 1, [[], [3]])
    events = state.apply("bid:3")
    assert of_type(events, ev.EpochEnded) == [ev.EpochEnded(1, "no_suns", 0, ())]
    assert state.epoch == 2 and state.phase == TURN


def test_R_EPOCH_1_the_last_auction_is_fully_resolved_first() -> None:
    state = changed(position(2, bag="astronomy writing art war"),
                    suns_up=((9,), ()), suns_down=((6, 5, 2), (8, 7, 4, 3)))
    play(state, "draw draw draw draw ra bid:9")  # seat 0 alone wins a War with a choice
    assert (state.epoch, state.decision, state.to_move) == (1, "discard", 0)
    events = state.apply("discard:writing,art")
    assert [type(e) for e in events][:2] == [ev.DisasterResolved, ev.EpochEnded]
    assert state.epoch == 2


def test_R_EPOCH_2_a_ra_tile_filling_the_track_ends_the_epoch_at_once() -> None:
    state = new_game(2, "gold " + "ra " * 6)
    play(state, "draw " + "draw pass pass " * 5)
    assert state.ra_count == 5 and state.suns_up[0] and state.suns_up[1]
    events = state.apply("draw")
    assert [type(e) for e in events][:3] == [ev.RaDrawn, ev.EpochEnded, ev.EpochScored]
    assert events[0] == ev.RaDrawn(0, 5, True)
    assert state.epoch == 2


def test_R_EPOCH_3_tracks_are_cleared_and_the_centre_sun_stays() -> None:
    state = new_game(2, "gold ra pharaoh nile ra ra ra ra ra")
    play(state, "draw draw bid:9 draw draw" + " draw pass pass" * 4)
    assert (state.ra_count, state.center_sun) == (5, 9)
    assert state.auction_tiles() == [Tile.PHARAOH, Tile.NILE]
    events = state.apply("draw")
    assert of_type(events, ev.EpochEnded) == [
        ev.EpochEnded(1, "ra_track", 6, (Tile.PHARAOH, Tile.NILE))]
    assert (state.ra_count, state.auction_tiles(), state.center_sun) == (0, [], 9)
    assert state.discarded[Tile.RA] == 6
    assert state.discarded[Tile.PHARAOH] == state.discarded[Tile.NILE] == 1


def test_R_EPOCH_4_score_then_turn_suns_up_and_discard_non_keepers() -> None:
    state, _ = seat0_wins("god gold pharaoh nile flood astronomy pyramid", rest="ra")
    assert state.suns_down[0] == [1] and state.to_move == 0
    state, events = end_epoch_now(state)
    (scored,) = of_type(events, ev.EpochScored)
    assert scored.scores[0].points == {
        "god": 2, "gold": 3, "pharaoh": 5, "nile": 2, "civilization": 0}
    assert state.scores == [22, 3]
    assert held(state, 0) == {"pharaoh": 1, "nile": 1, "pyramid": 1}
    assert state.suns_up == [[6, 5, 2, 1], [8, 7, 4, 3]]
    assert state.suns_down == [[], []]
    assert state.center_sun == 9


def test_R_EPOCH_5_highest_sun_starts_the_next_epoch_and_the_bag_is_not_refilled() -> None:
    state = new_game(2)
    play(state, ALL_SUNS_2P + " bid:3")
    assert state.suns_up == [[8, 7, 4, 1], [9, 6, 5, 2]]
    assert (state.epoch, state.to_move) == (2, 1)  # seat 1 now holds sun 9
    state = new_game(2, "gold pharaoh " + "ra " * 6)
    play(state, "draw draw" + " draw pass pass" * 5 + " draw")
    assert state.epoch == 2 and state.bag_left == 180 - 8


def test_R_EPOCH_6_the_game_ends_after_the_third_epoch() -> None:
    state = new_game(2, "ra " * 18)
    for epoch in (1, 2, 3):
        assert state.epoch == epoch and not state.over
        events = play(state, "draw pass pass " * 5 + "draw")
    assert of_type(events, ev.GameOver)
    assert len(state.score_history) == 3
    assert (state.over, state.to_move, state.decision, state.legal_actions()) == (
        True, None, None, [])
    with pytest.raises(IllegalMoveError, match="over"):
        state.apply("ra")
    summary = state.summary()
    assert (summary["over"], summary["epoch"], summary["ra_track"]) == (True, 3, 0)


# ------------------------------------------------------------------ R-SCORE


def test_R_SCORE_GOD_two_points_per_god_still_held() -> None:
    _, points = score_position({0: "god god", 1: "god"})
    assert [p["god"] for p in points] == [4, 2]


def test_R_SCORE_GOD_spent_gods_score_nothing() -> None:
    state = position(2, track="gold", holdings={0: "god god"}, bag="nile ra")
    play(state, "god:gold draw")  # seat 0 spends one God; seat 1 draws; seat 0 to move
    (scored,) = of_type(end_epoch_now(state)[1], ev.EpochScored)
    assert scored.scores[0].points["god"] == 2


def test_R_SCORE_GOLD_three_points_per_gold() -> None:
    _, points = score_position({0: "gold gold", 2: "gold"}, players=3)
    assert [p["gold"] for p in points] == [6, 0, 3]


@pytest.mark.parametrize(("pharaohs", "expected"), [
    ((2, 1, 1), [5, -2, -2]),
    ((2, 2, 1), [5, 5, -2]),
    ((0, 0, 3), [-2, -2, 5]),
    ((1, 1, 1), [0, 0, 0]),
    ((0, 0, 0), [0, 0, 0]),
    ((3, 1, 2), [5, -2, 0]),
])
def test_R_SCORE_PHARAOH_most_and_fewest(pharaohs: tuple[int, ...], expected: list[int]) -> None:
    holdings = {seat: "pharaoh " * count for seat, count in enumerate(pharaohs)}
    _, points = score_position(holdings, players=3)
    assert [p["pharaoh"] for p in points] == expected


def test_R_SCORE_NILE_counts_only_with_a_flood() -> None:
    holdings = {0: "nile nile nile", 1: "flood nile nile", 2: "flood flood", 3: ""}
    _, points = score_position(holdings, players=4)
    assert [p["nile"] for p in points] == [0, 3, 2, 0]


def test_R_SCORE_CIV_by_number_of_different_types() -> None:
    holdings = {
        0: "gold",
        1: "astronomy astronomy astronomy",
        2: "art writing writing",
        3: "art writing religion religion",
        4: "art writing religion agriculture",
    }
    _, points = score_position(holdings, players=5)
    assert [p["civilization"] for p in points] == [-5, 0, 0, 5, 10]
    _, points = score_position({0: "astronomy agriculture writing religion art"})
    assert [p["civilization"] for p in points] == [15, -5]


# ------------------------------------------------------------------ R-FINAL


def test_R_FINAL_MON_only_after_the_third_epoch() -> None:
    monuments = "pyramid pyramid pyramid temple"
    _, points = score_position({0: monuments}, epoch=2)
    assert "monuments" not in points[0]
    _, points = score_position({0: monuments}, epoch=3)
    assert [p["monuments"] for p in points] == [2 + 5, 0]


@pytest.mark.parametrize(("monuments", "expected"), [
    ("fortress", 1),
    ("fortress obelisk palace pyramid sphinx statue", 6),
    ("fortress obelisk palace pyramid sphinx statue step_pyramid", 10),
    ("fortress obelisk palace pyramid sphinx statue step_pyramid temple", 15),
    ("temple temple temple temple temple", 1 + 15),
    ("temple temple temple temple sphinx sphinx sphinx", 2 + 10 + 5),
    ("fortress fortress obelisk palace pyramid sphinx statue step_pyramid temple", 15),
])
def test_R_FINAL_MON_types_and_sets(monuments: str, expected: int) -> None:
    _, points = score_position({0: monuments}, epoch=3)
    assert points[0]["monuments"] == expected


def test_R_FINAL_SUN_sums_of_face_up_and_face_down_suns() -> None:
    _, points = score_position({}, players=4, epoch=3)  # sums 21, 22, 23, 24
    assert [p["suns"] for p in points] == [-5, 0, 0, 5]
    state = changed(position(2, bag="ra"), epoch=3)
    play(state, "ra pass bid:2")  # seat 0 trades sun 2 for sun 1 (face down): 21 against 22
    assert state.suns_down[0] == [1] and state.center_sun == 2
    (scored,) = of_type(end_epoch_now(state)[1], ev.EpochScored)
    assert [row.points["suns"] for row in scored.scores] == [-5, 5]
    _, points = score_position({}, players=2, epoch=3)  # 22 against 22
    assert [p["suns"] for p in points] == [0, 0]


# ------------------------------------------------------------------ R-FLOOR


def test_R_FLOOR_1_the_epoch_sum_is_applied_once_then_floored() -> None:
    holdings = {0: "flood nile nile astronomy", 1: "pharaoh astronomy"}
    state, points = score_position(holdings, scores=[0, 10])
    assert sum(points[0].values()) == -2 + 3
    assert state.scores == [1, 15]  # not 3, as flooring after each category would give
    state, _ = score_position({1: "pharaoh"}, scores=[3, 10])
    assert state.scores == [0, 10]  # seat 0: -5 civilization, -2 pharaoh


# ------------------------------------------------------------------ R-WIN


def test_R_WIN_1_highest_fame_wins() -> None:
    state, _ = score_position({}, epoch=3, scores=[20, 30])
    assert state.scores == [15, 25]
    assert (state.winner, state.summary()["winner"]) == (1, 1)


def test_R_WIN_2_ties_go_to_the_highest_sun_among_the_tied() -> None:
    state, _ = score_position({}, epoch=3, scores=[20, 20])
    assert state.scores == [15, 15] and state.winner == 0  # seat 0 holds sun 9
    state, _ = score_position({}, epoch=3, scores=[20, 20],
                              suns=[[8, 7, 4, 3], [9, 6, 5, 2]])
    assert state.winner == 1
    state = changed(position(3, bag="ra"), epoch=3, scores=(10, 30, 25))  # sums 28, 30, 32
    state, events = end_epoch_now(state)  # -5, 0, +5 for suns
    assert state.scores == [0, 25, 25]
    assert state.winner == 1  # 12 beats 11; seat 0's 13 does not count, it is not tied
    assert of_type(events, ev.GameOver) == [ev.GameOver(1, (0, 25, 25), True)]


def test_R_WIN_2_even_at_zero_points() -> None:
    state = new_game(2, "ra " * 18)
    play(state, ("draw pass pass " * 5 + "draw ") * 3)
    assert state.score_history == [(5, 5), (0, 0), (0, 0)]  # floored at 0 (R-FLOOR-1)
    assert state.winner == 0


# ------------------------------------------------------------------ R-LAST


def _seat1_out_of_suns(bag: str) -> GameState:
    """Seat 1 spends its four suns; seat 0 keeps all of its own and is to move."""
    state = new_game(2, bag)
    play(state, "ra bid:8 pass ra pass bid:7 ra bid:4 pass ra pass bid:3")
    assert state.suns_up == [[9, 6, 5, 2], []] and state.to_move == 0
    return state


def test_R_LAST_1_the_last_player_with_suns_plays_alone() -> None:
    state = _seat1_out_of_suns("gold pharaoh ra")
    play(state, "draw")
    assert (state.to_move, state.decision) == (0, "turn")  # seat 1 is skipped
    play(state, "draw")
    events = play(state, "draw")  # a drawn Ra: seat 1 passes automatically, seat 0 may pass
    assert ev.Passed(1, True) in events and state.to_move == 0
    assert PASS in state.legal_actions()
    play(state, "pass")
    assert state.auction_tiles() == [Tile.GOLD, Tile.PHARAOH]
    play(state, "ra")  # a voluntary invoke on a non-full track: seat 0 must bid
    assert state.to_move == 0
    assert sorted(state.legal_actions()) == sorted(bid_action(s) for s in (9, 6, 5, 2))
    play(state, "bid:2 ra bid:5 ra bid:6")
    assert held(state, 0) == {"gold": 1, "pharaoh": 1} and state.epoch == 1
    events = play(state, "ra bid:9")
    assert of_type(events, ev.EpochEnded)[0].reason == "no_suns"
    assert state.epoch == 2


def test_R_LAST_1_the_lone_player_stops_when_the_ra_track_fills() -> None:
    state = _seat1_out_of_suns("ra " * 6)
    play(state, "draw pass " * 5)
    assert state.epoch == 1 and state.suns_up[0] == [9, 6, 5, 2]
    events = play(state, "draw")
    assert of_type(events, ev.EpochEnded)[0].reason == "ra_track"
    assert state.epoch == 2 and state.suns_down == [[], []]
