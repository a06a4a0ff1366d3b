"""R-DIS-1..7: what each disaster discards, in which order, and when the owner chooses."""

from __future__ import annotations

import pytest

from ra_game.engine import IllegalMoveError
from ra_game.engine import events as ev
from ra_game.engine.tiles import Tile

from .builders import held, kinds, of_type, play, position, seat0_wins, snapshot


def _resolved(events: list[object]) -> list[tuple[str, tuple[int, ...]]]:
    return [(Tile(e.disaster).name.lower(), e.discarded)
            for e in of_type(events, ev.DisasterResolved)]


def test_R_DIS_1_funeral_discards_two_pharaohs() -> None:
    state, events = seat0_wins("pharaoh pharaoh pharaoh funeral")
    assert _resolved(events) == [("funeral", (Tile.PHARAOH, Tile.PHARAOH))]
    assert held(state, 0) == {"pharaoh": 1}
    assert state.discarded[Tile.FUNERAL] == 1  # the disaster itself is discarded
    assert state.tiles[0][Tile.FUNERAL] == 0


def test_R_DIS_2_drought_takes_floods_first_then_nile() -> None:
    state, events = seat0_wins("nile nile flood drought")
    assert _resolved(events) == [("drought", (Tile.FLOOD, Tile.NILE))]
    assert held(state, 0) == {"nile": 1}
    state, _ = seat0_wins("flood nile flood drought nile")
    assert held(state, 0) == {"nile": 2}
    state, _ = seat0_wins("nile drought nile nile")
    assert held(state, 0) == {"nile": 1}


def test_R_DIS_3_war_discards_two_civilizations_of_the_owners_choice() -> None:
    state, _ = seat0_wins("astronomy astronomy writing art war")
    assert (state.to_move, state.decision) == (0, "discard")
    assert {m.text for m in state.legal_moves()} == {
        "discard:astronomy,astronomy", "discard:astronomy,writing", "discard:astronomy,art",
        "discard:writing,art"}
    events = state.apply("discard:art,writing")  # any order of the pair is accepted
    assert _resolved(events) == [("war", (Tile.WRITING, Tile.ART))]
    assert held(state, 0) == {"astronomy": 2}
    assert (state.decision, state.to_move) == ("turn", 0)  # seat 1 invoked; seat 0 follows


def test_R_DIS_3_war_choice_must_be_two_of_the_owners_civilizations() -> None:
    state, _ = seat0_wins("astronomy astronomy writing war")
    for bad in ("discard:astronomy", "discard:writing,writing", "discard:religion,art",
                "discard:astronomy,astronomy,writing", "discard:pharaoh,gold", "pass",
                "draw", "bid:9", "god:astronomy"):
        before = snapshot(state)
        with pytest.raises(IllegalMoveError):
            state.apply(bad)
        assert snapshot(state) == before, bad


def test_R_DIS_4_earthquake_discards_two_monuments_of_the_owners_choice() -> None:
    state, _ = seat0_wins("pyramid temple sphinx earthquake")
    assert state.decision == "discard"
    assert {m.text for m in state.legal_moves()} == {
        "discard:pyramid,sphinx", "discard:pyramid,temple", "discard:sphinx,temple"}
    with pytest.raises(IllegalMoveError, match="monument"):
        state.apply("discard:pyramid,pyramid")
    events = state.apply("discard:temple,pyramid")
    assert _resolved(events) == [("earthquake", (Tile.PYRAMID, Tile.TEMPLE))]
    assert held(state, 0) == {"sphinx": 1}


def test_R_DIS_5_fewer_than_two_all_go_none_nothing() -> None:
    state, events = seat0_wins("pharaoh funeral gold")
    assert _resolved(events) == [("funeral", (Tile.PHARAOH,))]
    assert held(state, 0) == {"gold": 1}
    state, events = seat0_wins("gold earthquake")
    assert _resolved(events) == [("earthquake", ())]
    assert held(state, 0) == {"gold": 1}
    state, events = seat0_wins("drought")
    assert _resolved(events) == [("drought", ())]


def test_R_DIS_6_several_disasters_resolve_in_auction_track_order() -> None:
    state, events = seat0_wins("writing war temple earthquake art pyramid astronomy sphinx")
    # Civilizations: writing, art, astronomy; monuments: temple, pyramid, sphinx -> two choices.
    assert state.decision == "discard" and state.pending == kinds("war earthquake")
    play(state, "discard:art,writing")
    assert state.decision == "discard" and state.pending == kinds("earthquake")
    play(state, "discard:temple,sphinx")
    assert held(state, 0) == {"astronomy": 1, "pyramid": 1}
    state, events = seat0_wins("earthquake funeral pharaoh drought nile war gold")
    assert [name for name, _ in _resolved(events)] == ["earthquake", "funeral", "drought", "war"]


def test_R_DIS_6_god_plays_resolve_disasters_in_the_order_taken() -> None:
    track = "war earthquake drought funeral"
    holdings = {0: "god god god god pharaoh nile"}
    state = position(2, track, holdings)
    events = state.apply("god:funeral,earthquake,drought,war")
    assert [name for name, _ in _resolved(events)] == ["funeral", "earthquake", "drought", "war"]
    state = position(2, track, holdings)
    events = state.apply("god:war,drought,earthquake,funeral")
    assert [name for name, _ in _resolved(events)] == ["war", "drought", "earthquake", "funeral"]
    assert held(state, 0) == {}


def test_R_DIS_7_automatic_when_the_owner_has_no_real_choice() -> None:
    # One type only: two of it go, no decision.
    state, events = seat0_wins("astronomy astronomy astronomy war")
    assert state.decision == "turn"
    assert held(state, 0) == {"astronomy": 1}
    # Two tiles in all: both go.
    state, events = seat0_wins("temple sphinx earthquake")
    assert state.decision == "turn" and held(state, 0) == {}
    assert _resolved(events) == [("earthquake", (Tile.SPHINX, Tile.TEMPLE))]


def test_R_DIS_7_the_owner_chooses_even_after_a_god_play() -> None:
    state = position(3, "war gold", {0: "god god writing writing religion"})
    events = state.apply("god:war,gold")
    assert not of_type(events, ev.DisasterResolved)
    assert (state.to_move, state.decision) == (0, "discard")
    assert {m.text for m in state.legal_moves()} == {
        "discard:writing,writing", "discard:writing,religion"}
    events = state.apply("discard:religion,writing")
    assert held(state, 0) == {"gold": 1, "writing": 1}
    assert (state.to_move, state.decision) == (1, "turn")  # the God turn ends after the choice
