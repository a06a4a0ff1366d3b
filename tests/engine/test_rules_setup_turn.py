"""R-COMP, R-SETUP-1..5 and R-TURN-1..6: components, set-up and the three turn actions."""

from __future__ import annotations

import pytest

from ra_game.engine import GameState, IllegalMoveError
from ra_game.engine import events as ev
from ra_game.engine.moves import DRAW, PASS, RA, bid_action
from ra_game.engine.state import BID, TURN
from ra_game.engine.tiles import (
    CIVILIZATIONS,
    MONUMENTS,
    RA_TRACK_LENGTH,
    SUN_SETS,
    TILE_BY_ID,
    TILE_COUNTS,
    Tile,
)

from .builders import emptied, held, kinds, new_game, of_type, out_of_suns, play, snapshot

EXPECTED_COUNTS = {
    "ra": 30, "god": 8, "gold": 5, "pharaoh": 25, "nile": 25, "flood": 12,
    "astronomy": 5, "agriculture": 5, "writing": 5, "religion": 5, "art": 5,
    "fortress": 5, "obelisk": 5, "palace": 5, "pyramid": 5, "sphinx": 5, "statue": 5,
    "step_pyramid": 5, "temple": 5,
    "drought": 2, "funeral": 2, "war": 4, "earthquake": 2,
}


# ------------------------------------------------------------------ R-COMP


def test_R_COMP_tile_counts_and_total() -> None:
    assert {name: TILE_COUNTS[k] for name, k in TILE_BY_ID.items()} == EXPECTED_COUNTS
    assert sum(EXPECTED_COUNTS.values()) == 180
    state = GameState.new(3, seed=4)
    assert len(state.draw_order()) == 180
    assert state.bag_counts() == list(TILE_COUNTS)
    assert state.tile_census() == list(TILE_COUNTS)


def test_R_COMP_categories_gold_is_not_a_civilization() -> None:
    assert sorted(CIVILIZATIONS) == sorted(
        kinds("astronomy agriculture writing religion art"))
    assert Tile.GOLD not in CIVILIZATIONS
    assert sorted(MONUMENTS) == sorted(
        kinds("fortress obelisk palace pyramid sphinx statue step_pyramid temple"))


def test_R_COMP_sun_discs_are_numbered_1_to_16() -> None:
    five = sorted(s for sets in SUN_SETS[5] for s in sets)
    assert sorted([1, *five]) == list(range(1, 17))
    for players, sets in SUN_SETS.items():
        state = GameState.new(players, seed=1)
        assert state.sun_census() == sorted([1, *(s for st in sets for s in st)])


# ------------------------------------------------------------------ R-SETUP


def test_R_SETUP_1_all_tiles_in_a_shuffled_bag() -> None:
    orders = {GameState.new(2, seed=seed).draw_order() for seed in range(20)}
    assert len(orders) == 20
    for order in orders:
        assert sorted(order) == sorted(k for k in range(23) for _ in range(TILE_COUNTS[k]))


def test_R_SETUP_1_draws_are_uniform_over_what_remains() -> None:
    # First draws over many seeded bags: each kind appears in proportion to its count.
    firsts = [GameState.new(2, seed=seed).next_tile() for seed in range(3000)]
    ra_share = firsts.count(Tile.RA) / len(firsts)
    pharaoh_share = firsts.count(Tile.PHARAOH) / len(firsts)
    assert abs(ra_share - 30 / 180) < 0.03
    assert abs(pharaoh_share - 25 / 180) < 0.03
    assert firsts.count(Tile.DROUGHT) < firsts.count(Tile.NILE)


def test_R_SETUP_1_bag_prefix_is_drawn_first_and_counts_are_checked() -> None:
    state = new_game(2, "gold pharaoh war")
    play(state, "draw draw draw")
    assert state.auction_tiles() == kinds("gold pharaoh war")
    with pytest.raises(ValueError, match="only 5 tiles of gold"):
        GameState.new(2, seed=1, bag=kinds("gold " * 6))


def test_R_SETUP_2_everyone_starts_with_10_fame() -> None:
    for players in (2, 3, 4, 5):
        assert GameState.new(players, seed=players).scores == [10] * players


def test_R_SETUP_3_sun_1_starts_in_the_centre() -> None:
    state = GameState.new(4, seed=9)
    assert state.center_sun == 1
    assert all(1 not in state.suns_up[p] for p in range(4))


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_R_SETUP_4_sun_sets_dealt_face_up_and_ra_track_length(players: int) -> None:
    expected_len = {2: 6, 3: 8, 4: 9, 5: 10}[players]
    seat0_sets = set()
    for seed in range(40):
        state = GameState.new(players, seed=seed)
        assert sorted(tuple(s) for s in state.suns_up) == sorted(SUN_SETS[players])
        assert state.suns_down == [[] for _ in range(players)]
        assert state.ra_length == RA_TRACK_LENGTH[players] == expected_len
        seat0_sets.add(tuple(state.suns_up[0]))
    assert seat0_sets == set(SUN_SETS[players])  # dealt at random: every set reaches seat 0


def test_R_SETUP_4_fixed_sun_sets_are_validated() -> None:
    state = GameState.new(2, suns=[[2, 5, 6, 9], [3, 4, 7, 8]])
    assert state.suns_up == [[9, 6, 5, 2], [8, 7, 4, 3]]
    with pytest.raises(ValueError, match="sun sets"):
        GameState.new(2, suns=[[9, 6, 5, 3], [8, 7, 4, 2]])
    with pytest.raises(ValueError):
        GameState.new(6)


def test_R_SETUP_5_highest_sun_starts_and_turns_go_clockwise() -> None:
    suns = [[11, 10, 7, 4], [12, 9, 6, 3], [13, 8, 5, 2]]
    state = new_game(3, "gold pharaoh nile astronomy", suns=suns)
    assert state.to_move == 2
    seen = []
    for _ in range(4):
        seen.append(state.to_move)
        state.apply("draw")
    assert seen == [2, 0, 1, 2]


# ------------------------------------------------------------------ R-TURN


def test_R_TURN_1_a_turn_is_exactly_one_of_draw_invoke_or_gods() -> None:
    state = new_game(2, "gold")
    assert state.decision == "turn"
    assert state.legal_actions() == [DRAW, RA]
    for bad in ("pass", "bid:9", "discard:astronomy,art", "god:gold"):
        before = snapshot(state)
        with pytest.raises(IllegalMoveError):
            state.apply(bad)
        assert snapshot(state) == before
    state.apply("draw")
    assert (state.to_move, state.decision) == (1, "turn")  # the turn ended after one action


def test_R_TURN_2_players_without_face_up_suns_are_skipped() -> None:
    state = out_of_suns(new_game(3, "gold pharaoh nile"), 1)
    order = []
    for _ in range(3):
        order.append(state.to_move)
        state.apply("draw")
    assert order == [0, 2, 0]


def test_R_TURN_3_draw_places_the_tile_on_the_next_free_space() -> None:
    state = new_game(2, "gold pharaoh")
    events = state.apply("draw")
    assert events == [ev.TileDrawn(0, Tile.GOLD, 0)]
    assert state.auction[:2] == [Tile.GOLD, -1]
    assert state.to_move == 1
    state.apply("draw")
    assert state.auction_tiles() == kinds("gold pharaoh")


def test_R_TURN_3_gaps_left_by_god_plays_are_filled_first() -> None:
    state = new_game(2, "god god ra gold nile astronomy fortress")
    play(state, "draw draw draw pass bid:9")  # seat 0 wins both Gods; seat 1 moves next
    assert state.tiles[0][Tile.GOD] == 2 and state.to_move == 1
    play(state, "draw draw draw")  # gold, nile, astronomy in slots 0, 1, 2; seat 0 to move
    play(state, "god:nile")
    assert state.auction[:3] == [Tile.GOLD, -1, Tile.ASTRONOMY]
    play(state, "draw")  # seat 1 draws the fortress into the gap
    assert state.auction[:4] == [Tile.GOLD, Tile.FORTRESS, Tile.ASTRONOMY, -1]


def test_R_TURN_3_no_draw_when_the_auction_track_is_full() -> None:
    state = new_game(2, "gold pharaoh nile flood astronomy writing art temple")
    play(state, "draw " * 8)
    assert len(state.auction_tiles()) == 8
    assert DRAW not in state.legal_actions()
    before = snapshot(state)
    with pytest.raises(IllegalMoveError, match="full"):
        state.apply("draw")
    assert snapshot(state) == before


def test_R_TURN_3_drawn_ra_starts_an_auction_with_the_drawer_as_ra_player() -> None:
    state = new_game(3, "gold ra")
    play(state, "draw")
    events = state.apply("draw")  # seat 1 draws the Ra tile
    assert events[:2] == [ev.RaDrawn(1, 0, False), ev.AuctionStarted(1, False, False)]
    assert (state.phase, state.ra_player, state.ra_count, state.to_move) == (BID, 1, 1, 2)
    assert state.auction_tiles() == [Tile.GOLD]  # the Ra tile is not on the auction track


def test_R_TURN_3_ra_tile_filling_the_track_ends_the_epoch_without_auction() -> None:
    state = new_game(2, "ra " * 6)
    play(state, "draw pass pass " * 5)
    assert state.ra_count == 5 and state.epoch == 1
    events = state.apply("draw")
    assert not of_type(events, ev.AuctionStarted)
    assert of_type(events, ev.EpochEnded)[0].reason == "ra_track"
    assert state.epoch == 2 and state.phase == TURN


def test_R_TURN_4_invoke_is_always_allowed_even_with_full_track_or_empty_bag() -> None:
    state = new_game(2, "gold pharaoh nile flood astronomy writing art temple")
    assert RA in state.legal_actions()
    play(state, "draw " * 8)
    assert RA in state.legal_actions()
    events = state.apply("ra")
    assert events[0] == ev.AuctionStarted(0, True, True)
    assert (state.ra_player, state.invoked, state.full_invoke) == (0, True, True)
    empty = emptied(new_game(2))
    assert empty.legal_actions() == [RA]


def _gods_for_seat_0(bag_after: str) -> GameState:
    """Seat 0 wins two Gods; then seat 1 and seat 0 alternate drawing ``bag_after``."""
    state = new_game(2, "god god ra " + bag_after)
    play(state, "draw draw draw pass bid:9")
    return state


def test_R_TURN_5_gods_take_tiles_then_disasters_resolve() -> None:
    state = _gods_for_seat_0("pharaoh funeral gold")
    play(state, "draw draw draw")  # pharaoh, funeral (seat 0's draw), gold; seat 0 to move
    assert state.to_move == 0
    events = state.apply("god:funeral,pharaoh")
    taken = tuple(kinds("funeral pharaoh"))
    assert of_type(events, ev.GodsPlayed) == [ev.GodsPlayed(0, taken, (1, 0))]
    # Both tiles are placed first, so the Funeral discards the Pharaoh taken with it.
    assert of_type(events, ev.DisasterResolved) == [
        ev.DisasterResolved(0, Tile.FUNERAL, (Tile.PHARAOH,))]
    assert held(state, 0) == {}
    assert state.discarded[Tile.GOD] == 2  # spent Gods leave the game
    assert state.auction_tiles() == [Tile.GOLD]
    assert (state.to_move, state.decision) == (1, "turn")


def test_R_TURN_5_god_play_limits() -> None:
    state = _gods_for_seat_0("god gold pharaoh")
    play(state, "draw draw draw")  # god, gold, pharaoh on the track; seat 0 to move
    legal = {m.text for m in state.legal_moves() if m.kind == "god"}
    assert legal == {"god:gold", "god:pharaoh", "god:gold,pharaoh"}
    for bad, why in (("god:god", "God tile cannot take"), ("god:nile", "no Nile"),
                     ("god:gold,gold", "no Gold"), ("god:gold,pharaoh,god", "2 God")):
        before = snapshot(state)
        with pytest.raises(IllegalMoveError, match=why):
            state.apply(bad)
        assert snapshot(state) == before
    state.apply("god:pharaoh,gold")
    assert held(state, 0) == {"gold": 1, "pharaoh": 1}


def test_R_TURN_5_no_god_play_without_gods() -> None:
    state = new_game(2, "gold")
    play(state, "draw")
    with pytest.raises(IllegalMoveError, match="0 God"):
        state.apply("god:gold")


def test_R_TURN_6_no_draw_from_an_empty_bag() -> None:
    state = _gods_for_seat_0("gold pharaoh nile")
    play(state, "draw draw draw")
    assert (state.to_move, state.decision) == (0, "turn")
    state = emptied(state)
    assert state.bag_left == 0
    legal = state.legal_actions()
    assert DRAW not in legal and RA in legal and len(legal) > 1  # invoke and Gods remain
    before = snapshot(state)
    with pytest.raises(IllegalMoveError, match="bag is empty"):
        state.apply("draw")
    assert snapshot(state) == before


def test_R_TURN_4_invoke_opens_bidding_with_the_next_player() -> None:
    state = new_game(2)
    play(state, "ra")
    assert (state.phase, state.to_move, state.ra_player) == (BID, 1, 0)
    assert sorted(state.legal_actions()) == sorted([PASS, *map(bid_action, (8, 7, 4, 3))])
