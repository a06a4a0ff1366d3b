"""One registry of AI levels (``ra_game.ai.levels``): every place that lists levels shows each
registered one -- the setup choices and descriptions, the statistics rows, the board's tags,
``--players`` and its help, the catalogs -- and a new level needs only its registry entry."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest
from babel.messages import pofile
from ra_game.scenes.setup import SetupScene, kind_description
from ra_game.scenes.stats import StatsScene

from ra_game.ai import LEVELS, Level, RootParallelAgent, make_agent
from ra_game.ai.random_agent import RandomAgent
from ra_game.app import run_frames
from ra_game.cli import main
from ra_game.engine import GameState
from ra_game.files.stats import load_stats, record_game, stats_path
from ra_game.table.seat_kinds import ai_label, kind_of
from ra_game.table.seats import parse_seats, seat_kinds
from ra_game.text.i18n import LANGUAGES, set_language
from ra_game.ui.app_context import AppContext

ROOT = Path(__file__).resolve().parents[2]


def press(ctx: AppContext, key: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode=""))
    run_frames(ctx, 1)


def setup_options(ctx: AppContext) -> list[str]:
    press(ctx, pygame.K_n)
    setup = ctx.scenes.top
    assert isinstance(setup, SetupScene)
    values = [value.code for value, _ in setup.kinds[0].options]
    press(ctx, pygame.K_ESCAPE)
    return values


def stats_rows(ctx: AppContext) -> list[str]:
    press(ctx, pygame.K_t)
    scene = ctx.scenes.top
    assert isinstance(scene, StatsScene)
    rows = [label for label, _ in scene.level_rows()]
    press(ctx, pygame.K_ESCAPE)
    return rows


def play_help(capsys: pytest.CaptureFixture[str]) -> str:
    with pytest.raises(SystemExit) as stop:
        main(["play", "--help"])
    assert stop.value.code == 0
    return " ".join(capsys.readouterr().out.split())


def finished_game() -> GameState:
    state = GameState.new(3, seed=4, names=["You", "A", "B"])
    while not state.over:
        legal = [m.text for m in state.legal_moves()]
        state.apply(next((m for m in ("draw", "pass") if m in legal), legal[0]))
    return state


def test_every_level_is_offered_listed_tagged_and_helped(
        ctx: AppContext, capsys: pytest.CaptureFixture[str]) -> None:
    offered, rows, helped = setup_options(ctx), stats_rows(ctx), play_help(capsys)
    assert list(LEVELS) == ["random", "ai:easy", "ai:medium", "ai:hard", "ai:expert"]
    for kind, level in LEVELS.items():
        assert kind in offered and kind in seat_kinds()
        assert ai_label(level) == f"AI · {level.name}" and ai_label(level) in rows
        assert kind in helped.split("seats:")[1]
        assert kind_description(kind_of(kind)) == level.description
        assert [seat.kind.code for seat in parse_seats(f"human,{kind}")] == ["human", kind]


def test_every_level_is_translated_in_every_catalog() -> None:
    for lang in (code for code in LANGUAGES if code != "en"):
        path = ROOT / "ra_game" / "locale" / lang / "LC_MESSAGES" / "ra_game.po"
        with path.open("rb") as fh:
            catalog = pofile.read_po(fh)
        for level in LEVELS.values():
            for msgid in (level.name, level.description):
                entry = catalog.get(msgid)
                assert entry is not None and entry.string and not entry.fuzzy, (lang, msgid)
        set_language(lang)
        for level in LEVELS.values():  # the board's tag reads the compiled catalog
            assert catalog.get(level.name).string in ai_label(level)


def test_a_new_level_is_one_registry_entry(
        ctx: AppContext, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(LEVELS, "ai:novice", Level(
        "ai:novice", "novice", "Novice: plays any legal move.", False,
        lambda seed, think_ms: RandomAgent(seed)))
    assert "ai:novice" in setup_options(ctx)
    assert "AI · novice" in stats_rows(ctx)
    assert "ai:novice" in play_help(capsys)
    assert isinstance(make_agent("ai:novice", 1), RandomAgent)
    assert record_game(finished_game(), [kind_of(k) for k in ("human", "ai:novice", "ai:easy")]) is None
    assert load_stats()[0].by_level["ai:novice"].played == 1


def test_games_against_expert_count_and_show_in_statistics(ctx: AppContext) -> None:
    stats_path().parent.mkdir(parents=True, exist_ok=True)
    old = {"version": 1, "games": 2, "wins": 1, "by_players": {"3": {"played": 2, "won": 1}},
           "by_level": {"ai:hard": {"played": 2, "won": 1}, "random": {"played": 1, "won": 1}},
           "best_score": 30, "total_score": 50, "streak": 0, "longest_streak": 1}
    stats_path().write_text(json.dumps(old))  # a file from before expert was counted
    state = finished_game()
    assert record_game(state, [kind_of(k) for k in ("human", "ai:expert", "ai:hard")]) is None
    stats = load_stats()[0]
    assert stats.by_level["ai:expert"].played == 1 and stats.by_level["ai:hard"].played == 3
    assert stats.by_level["random"].played == 1
    press(ctx, pygame.K_t)
    scene = ctx.scenes.top
    assert isinstance(scene, StatsScene)
    rows = dict(scene.level_rows())
    expert = rows["AI · expert"]
    assert expert is not None and (expert.played, expert.won) == (1, int(state.winner == 0))
    assert rows["AI · hard"] is not None and rows["AI · hard"].played == 3


def test_searches_says_which_levels_plan_trees() -> None:
    for kind, level in LEVELS.items():
        assert level.searches == isinstance(make_agent(kind, 1), RootParallelAgent), kind


def test_the_registry_imports_without_pygame() -> None:
    code = ("import sys; sys.modules['pygame'] = None\n"
            "from ra_game.ai.levels import LEVELS; import ra_game.table.seats, ra_game.cli\n"
            "print(sorted(LEVELS))")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env=env, cwd=ROOT, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    assert "ai:expert" in done.stdout
