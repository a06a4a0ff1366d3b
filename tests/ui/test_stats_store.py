"""The statistics store: what a finished game adds, streaks, and damaged files set aside."""

from __future__ import annotations

import json

from ra_game.engine import GameState
from ra_game.files.stats import load_stats, record_game, stats_path
from ra_game.table.seat_kinds import kind_of


def finished(seed: int) -> GameState:
    state = GameState.new(3, seed=seed, names=["You", "A", "B"])
    while not state.over:
        legal = [m.text for m in state.legal_moves()]
        state.apply(next((m for m in ("draw", "pass") if m in legal), legal[0]))
    return state


def test_a_game_with_one_person_counts_by_players_and_level_with_streaks() -> None:
    kinds = [kind_of(k) for k in ("human", "ai:hard", "random")]
    results = []
    for seed in range(6):
        state = finished(seed)
        assert record_game(state, kinds, hints=1) is None
        results.append((state.winner == 0, state.scores[0]))
    stats, notice = load_stats()
    assert notice is None and stats.games == 6
    assert stats.wins == sum(w for w, _s in results)
    assert stats.by_players["3"].played == 6 and stats.by_level["ai:hard"].played == 6
    assert stats.by_level["random"].won == stats.wins
    assert stats.best_score == max(s for _w, s in results)
    assert stats.total_score == sum(s for _w, s in results) and stats.hints_used == 6
    longest = run = 0
    for won, _s in results:
        run = run + 1 if won else 0
        longest = max(longest, run)
    assert stats.longest_streak == longest and stats.streak == run
    assert not list(stats_path().parent.glob("*.tmp"))


def test_hotseat_and_ai_only_games_are_not_counted() -> None:
    state = finished(1)
    record_game(state, [kind_of(k) for k in ("human", "human", "ai:easy")])
    record_game(state, [kind_of(k) for k in ("ai:easy", "ai:easy", "ai:easy")])
    assert load_stats()[0].games == 0


def test_a_file_with_an_impossible_shape_is_set_aside_and_restarted() -> None:
    stats_path().parent.mkdir(parents=True, exist_ok=True)
    stats_path().write_text(json.dumps({"version": 1, "games": 1, "wins": 5, "total_score": 0,
                                        "streak": 0, "longest_streak": 0}))
    stats, notice = load_stats()
    assert stats.games == 0 and notice is not None and "more wins than games" in notice
    assert not stats_path().exists()
    aside = list(stats_path().parent.glob("stats.damaged-*.json"))
    assert len(aside) == 1 and json.loads(aside[0].read_text())["wins"] == 5
    assert record_game(finished(2), [kind_of(k) for k in ("human", "ai:easy", "ai:easy")]) is None
    assert load_stats()[0].games == 1
