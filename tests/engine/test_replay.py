"""Replay files (NOTATION.md): save/load round trips, the golden fixtures, and every error."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from ra_game.engine import (
    GameState,
    ReplayError,
    load_replay,
    parse_replay,
    replay_dict,
)
from ra_game.engine.tiles import TILE_COUNTS
from ra_game.files.replays import save_replay

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
GOLDEN = sorted(FIXTURES.glob("*.ra.json"))


def _random_game(players: int, seed: int, limit: int | None = None) -> tuple[GameState, list[str]]:
    rng = random.Random(seed)
    state = GameState.new(players, seed=seed, names=[f"P{i}" for i in range(players)])
    moves: list[str] = []
    while not state.over and (limit is None or len(moves) < limit):
        move = rng.choice(state.legal_moves())
        state.apply(move)
        moves.append(move.text)
    return state, moves


def _write(tmp_path: Path, doc: Any, name: str = "game.ra.json") -> Path:
    path = tmp_path / name
    path.write_text(doc if isinstance(doc, str) else json.dumps(doc), encoding="utf-8")
    return path


def _doc(**changes: Any) -> dict[str, Any]:
    doc: dict[str, Any] = {
        "format": "ra-replay/1",
        "players": [{"name": "Ana", "kind": "human"}, {"name": "Bot", "kind": "random"}],
        "suns": [[9, 6, 5, 2], [8, 7, 4, 3]],
        "bag": ["gold", "pharaoh", "ra"],
        "seed": 5,
        "moves": ["draw", "draw", "draw", "bid:8", "pass"],
    }
    doc.update(changes)
    return {k: v for k, v in doc.items() if v is not None}


# ------------------------------------------------------------------ round trips


@pytest.mark.parametrize(("players", "seed", "limit"), [
    (2, 1, None), (3, 2, None), (4, 3, None), (5, 4, None), (3, 5, 40), (5, 6, 111)])
def test_save_load_replay_gives_the_same_summary(
    tmp_path: Path, players: int, seed: int, limit: int | None
) -> None:
    state, moves = _random_game(players, seed, limit)
    doc = replay_dict(state, moves, ["random"] * players, seed)
    path = tmp_path / "g.ra.json"
    save_replay(path, doc)
    assert [p.name for p in tmp_path.iterdir()] == ["g.ra.json"]  # no temporary file left
    replay = load_replay(path)
    assert replay.moves == moves and replay.seed == seed
    assert replay.play().summary() == state.summary()


def test_saved_replays_write_suns_and_the_drawn_tiles() -> None:
    state, moves = _random_game(4, 8)
    doc = replay_dict(state, moves, ["random"] * state.n)
    assert doc["format"] == "ra-replay/1"
    assert doc["suns"] == [list(s) for s in state.initial_suns]
    assert len(doc["bag"]) == 180 - state.bag_left
    assert [p["kind"] for p in doc["players"]] == ["random"] * 4
    doc.pop("seed", None)
    # Without a seed the undrawn tiles are dealt afresh: the replay must not depend on them.
    assert parse_replay(doc).play().summary() == state.summary()


def test_replay_stops_after_upto_moves() -> None:
    state, moves = _random_game(3, 9, 30)
    replay = parse_replay(replay_dict(state, moves, ["random"] * state.n))
    partial, _ = _random_game(3, 9, 12)
    assert replay.play(upto=12).summary() == partial.summary()


def test_replay_without_suns_or_bag_deals_from_the_seed() -> None:
    doc = _doc(suns=None, bag=None, moves=["draw", "draw"])
    first = parse_replay(doc).play().summary()
    assert parse_replay(doc).play().summary() == first
    dealt = GameState.new(2, seed=5, names=["Ana", "Bot"])
    dealt.apply("draw")
    dealt.apply("draw")
    assert first == dealt.summary()


def test_replay_bag_prefix_and_any_seat_order_of_suns() -> None:
    replay = parse_replay(_doc(suns=[[3, 4, 7, 8], [2, 5, 6, 9]]))
    start = replay.initial_state()
    assert start.to_move == 1 and start.suns_up == [[8, 7, 4, 3], [9, 6, 5, 2]]
    # Seat 1 draws gold, seat 0 pharaoh, seat 1 the Ra tile; seat 0 wins with 8.
    players = replay.play().summary()["players"]
    assert players[0]["suns_down"] == [1]
    assert players[0]["tiles"] == {"gold": 1, "pharaoh": 1}


def test_unknown_fields_are_ignored_and_kept(tmp_path: Path) -> None:
    replay = load_replay(_write(tmp_path, _doc(comment="hello", rating={"Ana": 1})))
    assert replay.extra == {"comment": "hello", "rating": {"Ana": 1}}
    assert replay.play().center_sun == 8


@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: p.name)
def test_golden_replays_give_their_summaries(path: Path) -> None:
    expected = json.loads(path.with_name(path.name.replace(".ra.json", ".summary.json"))
                          .read_text(encoding="utf-8"))
    state = load_replay(path).play()
    assert state.summary() == expected
    assert state.tile_census() == list(TILE_COUNTS)


def test_golden_fixtures_cover_full_games_and_pending_decisions() -> None:
    summaries = [json.loads(p.read_text(encoding="utf-8"))
                 for p in FIXTURES.glob("*.summary.json")]
    assert len(GOLDEN) == len(summaries) >= 3
    assert {s["decision"] for s in summaries} >= {None, "turn", "discard"}
    assert {len(s["players"]) for s in summaries} >= {2, 3, 4, 5}


# ------------------------------------------------------------------ errors


@pytest.mark.parametrize(("content", "message"), [
    ("{oops", "not JSON"),
    ("[1, 2]", "JSON object"),
    (_doc(format="ra-replay/2"), "'format'"),
    (_doc(format=None), "'format'"),
    (_doc(bag=["pharaoh", "dragon"]), "unknown tile 'dragon'"),
    (_doc(bag="gold"), "'bag'"),
    (_doc(suns=[[9, 6, 5, 3], [8, 7, 4, 2]]), "'suns'"),
    (_doc(suns=[[9, 6, 5, 2]]), "'suns'"),
    (_doc(suns=[[9, 6, 5, 2], ["8", 7, 4, 3]]), "'suns'"),
    (_doc(bag=["gold"] * 6), "only 5 tiles of gold"),
    (_doc(bag=["war"] * 5), "only 4 tiles of war"),
    (_doc(players=[{"name": "Solo"}]), "2 to 5 players"),
    (_doc(players=["Ana", "Bot"]), "'name'"),
    (_doc(seed="five"), "'seed'"),
    (_doc(moves=["draw", 3]), "'moves'"),
])
def test_invalid_replay_files(tmp_path: Path, content: Any, message: str) -> None:
    with pytest.raises(ReplayError, match=message) as info:
        load_replay(_write(tmp_path, content)).play()
    assert str(info.value).startswith("not a valid replay:")
    assert "\n" not in str(info.value)


def test_missing_or_binary_file(tmp_path: Path) -> None:
    with pytest.raises(ReplayError, match="cannot read"):
        load_replay(tmp_path / "nope.ra.json")
    binary = tmp_path / "bin.ra.json"
    binary.write_bytes(b"\xff\xfe\x00garbage")
    with pytest.raises(ReplayError, match="not UTF-8"):
        load_replay(binary)


@pytest.mark.parametrize(("moves", "index", "why"), [
    (["draw", "draw", "bid:9"], 2, "cannot play 'bid:9' now"),
    (["draw", "draw", "draw", "bid:5"], 3, "Sun 5 is not face up"),
    (["ra", "pass", "pass"], 2, "must bid"),
    (["draw", "god:gold"], 1, "0 God tile"),
    (["draw", "draw", "draw", "pass", "pass", "discard:gold,gold"], 5, "cannot play"),
    (["draw", "bid:²"], 1, "bad sun"),
    (["draw", "fly"], 1, "unknown move"),
])
def test_illegal_move_names_its_index_text_and_reason(
    tmp_path: Path, moves: list[str], index: int, why: str
) -> None:
    replay = load_replay(_write(tmp_path, _doc(moves=moves)))
    with pytest.raises(ReplayError) as info:
        replay.play()
    message = str(info.value)
    assert f"move {index} " in message
    assert moves[index] in message
    assert why in message
    assert "\n" not in message

