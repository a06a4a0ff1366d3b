"""Rules, results, replays and statistics, each reached from the title by mouse only and by
keyboard only, with real input events."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from ra_game.scenes.play import PlayScene
from ra_game.scenes.replay_viewer import ReplayViewer
from ra_game.scenes.replays import ReplayListScene
from ra_game.scenes.results import FinalResultsScene
from ra_game.scenes.rules import RulesScene
from ra_game.scenes.stats import StatsScene
from ra_game.scenes.title import TitleScene
from ra_game.scenes.tutorial import load_lesson

from ra_game.app import create_app, run_frames
from ra_game.engine import load_replay, replay_dict
from ra_game.engine.preview import move_events
from ra_game.engine.scoring import GOD_POINTS, PHARAOH_FEWEST
from ra_game.engine.tiles import RA_TRACK_LENGTH, SUN_SETS, TOTAL_TILES
from ra_game.files.replays import list_replays, replays_dir
from ra_game.files.saves import SlotWriter
from ra_game.files.stats import load_stats, stats_path
from ra_game.text import i18n
from ra_game.ui.app_context import AppContext
from ra_game.ui.board.widgets.pause_menu import ITEMS
from tooling.autopilot import (
    Autopilot,
    click_at,
    post_events,
    press_key,
)

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"


def title_button(ctx: AppContext, name: str) -> pygame.Rect:
    title = ctx.scenes.top
    assert isinstance(title, TitleScene)
    return title.buttons[name].rect


# -- rules --------------------------------------------------------------------------------------


def test_rules_by_keyboard_sections_whole_rows_and_back(ctx: AppContext) -> None:
    press_key(ctx, pygame.K_r)
    rules = ctx.scenes.top
    assert isinstance(rules, RulesScene)
    press_key(ctx, pygame.K_2)
    assert rules.sections[rules.current].id == "setup"
    press_key(ctx, pygame.K_RIGHT)
    assert rules.sections[rules.current].id == "turn"
    press_key(ctx, pygame.K_8)
    rows = rules.rows()
    area = rules.rects["text_area"]
    for _ in range(40):  # every scroll position starts on a row and shows only whole rows
        shown = rows[rules.top:rules.top + rules.visible()]
        assert sum(r.height for r in shown) <= area.height
        press_key(ctx, pygame.K_DOWN)
    assert rules.top == rules.max_top() > 0
    press_key(ctx, pygame.K_ESCAPE)
    assert isinstance(ctx.scenes.top, TitleScene)


def test_rules_by_mouse_sections_and_wheel(ctx: AppContext) -> None:
    click_at(ctx, title_button(ctx, "rules").center)
    rules = ctx.scenes.top
    assert isinstance(rules, RulesScene)
    click_at(ctx, rules.tabs[7].rect.center)
    assert rules.sections[rules.current].id == "scoring"
    post_events(ctx, [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-3, flipped=False)])
    assert rules.top == 3
    click_at(ctx, rules.back.rect.center)
    assert isinstance(ctx.scenes.top, TitleScene)


def test_the_rules_draw_again_in_an_app_opened_after_another_one_quit() -> None:
    """Laid-out rule pages are cached; a second app (new fonts, after ``pygame.quit``) must
    draw with its own fonts, not the quit app's."""
    for _ in range(2):
        context, _ = create_app()
        run_frames(context, 2)
        press_key(context, pygame.K_r)
        assert isinstance(context.scenes.top, RulesScene)
        press_key(context, pygame.K_8)
        run_frames(context, 2)
        assert context.scenes.top.rows()
        pygame.quit()


def _all_text(rules: RulesScene) -> str:
    from ra_game.scenes.rules_text import Bullets, Glossary, Para, Sprites, Table

    parts: list[str] = []
    for section in rules.sections:
        for block in section.blocks:
            if isinstance(block, Para):
                parts.append(block.text)
            elif isinstance(block, Bullets):
                parts += block.items
            elif isinstance(block, Table):
                parts += [" ".join(r) for r in block.rows]
            elif isinstance(block, Glossary):
                parts += [t for _s, _n, t in block.items]
            elif isinstance(block, Sprites):
                parts += [c for _s, c in block.items]
    return "\n".join(parts)


def test_rules_numbers_come_from_the_engine_tables(ctx: AppContext) -> None:
    press_key(ctx, pygame.K_r)
    rules = ctx.scenes.top
    assert isinstance(rules, RulesScene)
    text = _all_text(rules)
    for players, sets in SUN_SETS.items():
        row = next(b for b in rules.sections[1].blocks if hasattr(b, "rows")).rows  # type: ignore[attr-defined]
        line = next(r for r in row if r[0] == str(players))
        assert line[1].split("  \u00b7  ") == ["-".join(map(str, s)) for s in sets]
        assert line[2] == str(RA_TRACK_LENGTH[players])
    assert str(TOTAL_TILES) in text and f"+{GOD_POINTS} each" in text
    assert f"\u2212{-PHARAOH_FEWEST}" in text
    for word in ("Funeral", "Drought", "War", "Earthquake", "alone", "below 0", "highest sun",
                 "Full track"):
        assert word in text, word


def test_rules_from_the_pause_menu_return_to_the_game(ctx: AppContext) -> None:
    press_key(ctx, pygame.K_n)
    press_key(ctx, pygame.K_RETURN)  # Start
    play = ctx.scenes.top
    assert isinstance(play, PlayScene)
    press_key(ctx, pygame.K_ESCAPE)
    assert play.pause is not None
    assert play.view is not None
    rules_item = [name for name, _l, _k in ITEMS].index("rules")
    click_at(ctx, play.view.r(play.pause.item_rects()[rules_item]).center)
    assert isinstance(ctx.scenes.top, RulesScene)
    press_key(ctx, pygame.K_ESCAPE)
    assert ctx.scenes.top is play and play.pause is not None
    press_key(ctx, pygame.K_r)  # the menu's key for the rules
    assert isinstance(ctx.scenes.top, RulesScene)
    press_key(ctx, pygame.K_BACKSPACE)
    assert ctx.scenes.top is play


# -- results ------------------------------------------------------------------------------------


def _one_move_from_the_end() -> dict[str, object]:
    """An autosave one human move before the end: the tutorial's game with AI opponents."""
    replay, _placed = load_lesson()
    state = replay.play(upto=len(replay.moves) - 1)
    doc = replay_dict(state, replay.moves[:-1], ["human", "random", "ai:easy"], replay.seed)
    doc["hide_scores"] = False
    return doc


@pytest.fixture
def ctx_saved() -> Iterator[AppContext]:
    """The app started with a saved game (slot 0) one move before the end of a game."""
    writer = SlotWriter(0, background=False)
    writer.write(_one_move_from_the_end())
    writer.release()
    context, _ = create_app()
    context.settings.animation_speed = "max"
    run_frames(context, 2)
    yield context
    pygame.display.quit()


def _finish(ctx: AppContext, by: str) -> FinalResultsScene:
    """Continue the saved game from the title, then play the person's seat to the end by
    ``by`` alone (the bag left is dealt afresh on resuming, so the end takes a few moves)."""
    if by == "keys":
        press_key(ctx, pygame.K_c)
    else:
        click_at(ctx, title_button(ctx, "continue").center)
    play = ctx.scenes.top
    assert isinstance(play, PlayScene)
    pilot = Autopilot(ctx, play, random.Random(3), by="keyboard" if by == "keys" else "mouse")
    for _ in range(20000):
        top = ctx.scenes.top
        if isinstance(top, FinalResultsScene):
            return top
        for event in pilot.events():
            pygame.event.post(event)
        run_frames(ctx, 1)
    raise AssertionError("the saved game did not reach its results")


def test_results_by_keyboard_save_replay_and_play_again(ctx_saved: AppContext) -> None:
    ctx = ctx_saved
    results = _finish(ctx, "keys")
    press_key(ctx, pygame.K_s)
    saved = list(replays_dir().glob("*.ra.json"))
    assert len(saved) == 1 and str(saved[0]) in results.saved_note
    assert "You-Imhotep-Hatshepsut" in saved[0].name
    assert load_replay(saved[0]).play().over
    stats, _notice = load_stats()
    assert stats.games == 1 and stats.by_level["ai:easy"].played == 1
    press_key(ctx, pygame.K_a)
    again = ctx.scenes.top
    assert isinstance(again, PlayScene)
    assert [s.kind.code for s in again.seats] == ["human", "random", "ai:easy"]
    assert again.state.epoch == 1 and again.state.scores == [10, 10, 10]  # a new game


def test_a_saved_replay_is_named_with_the_names_as_shown(ctx_saved: AppContext) -> None:
    i18n.set_language("es")
    results = _finish(ctx_saved, "keys")
    press_key(ctx_saved, pygame.K_s)
    assert results.saved_ok
    assert [p.name.split("_", 2)[2] for p in replays_dir().glob("*.ra.json")] == [
        "Tú-Imhotep-Hatshepsut.ra.json"]


def test_results_by_mouse_back_to_title(ctx_saved: AppContext) -> None:
    ctx = ctx_saved
    results = _finish(ctx, "mouse")
    click_at(ctx, results.save.rect.center)
    assert results.saved_ok and not results.save.enabled
    click_at(ctx, results.back.rect.center)
    assert isinstance(ctx.scenes.top, TitleScene)


# -- replays ------------------------------------------------------------------------------------


def _fill_replays() -> None:
    folder = replays_dir()
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "good.ra.json").write_text((FIXTURES / "golden_3p_full.ra.json").read_text())
    (folder / "broken.ra.json").write_text("{ not json")
    bad = json.loads((FIXTURES / "golden_2p_full.ra.json").read_text())
    bad["moves"][3] = "bid:99"
    (folder / "illegal.ra.json").write_text(json.dumps(bad))


def test_replay_list_shows_reasons_and_the_viewer_steps_by_keyboard(ctx: AppContext) -> None:
    _fill_replays()
    press_key(ctx, pygame.K_w)
    listing = ctx.scenes.top
    assert isinstance(listing, ReplayListScene)
    reasons = {e.path.name: e.error for e in listing.entries}
    assert reasons["good.ra.json"] is None
    assert "not JSON" in str(reasons["broken.ra.json"])
    assert "move 3" in str(reasons["illegal.ra.json"])
    good = [e.path.name for e in listing.entries].index("good.ra.json")
    while listing.selected != good:
        press_key(ctx, pygame.K_DOWN)
    press_key(ctx, pygame.K_RETURN)
    play = ctx.scenes.top
    assert isinstance(play, PlayScene) and isinstance(play.overlay, ReplayViewer)
    driver = play.overlay
    press_key(ctx, pygame.K_RIGHT)
    press_key(ctx, pygame.K_RIGHT)
    assert driver.index == 2
    press_key(ctx, pygame.K_LEFT)
    assert driver.index == 1 and play.moves == driver.replay.moves[:1]
    # the game log and the tile counter follow a jump back: the events of the first move only
    expected = move_events(driver.replay.initial_state(), driver.replay.moves[:1])
    assert play.info.log.events(shown_only=False) == [e for m in expected for e in m]
    assert "hint" not in [name for name, _l, _k in play.info.buttons()]
    press_key(ctx, pygame.K_s)
    assert driver.speed == 2.0
    press_key(ctx, pygame.K_SPACE)
    assert driver.playing
    run_frames(ctx, 120)
    assert driver.index > 1
    press_key(ctx, pygame.K_END)
    assert driver.index == driver.total and play.state.over and not driver.playing
    press_key(ctx, pygame.K_HOME)
    assert driver.index == 0 and not play.moves
    press_key(ctx, pygame.K_ESCAPE)
    press_key(ctx, pygame.K_q)
    assert ctx.scenes.top is listing  # back to the list it was opened from
    press_key(ctx, pygame.K_ESCAPE)
    assert isinstance(ctx.scenes.top, TitleScene)


def test_replay_viewer_by_mouse_and_a_broken_file_is_one_line(ctx: AppContext) -> None:
    _fill_replays()
    click_at(ctx, title_button(ctx, "replays").center)
    listing = ctx.scenes.top
    assert isinstance(listing, ReplayListScene)
    broken = [e.path.name for e in listing.entries].index("broken.ra.json")
    click_at(ctx, listing.rects[f"row_{broken}"].center)
    assert ctx.scenes.top is listing and "cannot be watched" in listing.message
    good = [e.path.name for e in listing.entries].index("good.ra.json")
    click_at(ctx, listing.rects[f"row_{good}"].center)
    play = ctx.scenes.top
    assert isinstance(play, PlayScene) and isinstance(play.overlay, ReplayViewer)
    assert play.view is not None
    driver = play.overlay
    click_at(ctx, play.view.r(play.geom.rect("replay_forward")).center)
    assert driver.index == 1
    click_at(ctx, play.view.r(play.geom.rect("replay_end")).center)
    assert driver.index == driver.total
    click_at(ctx, play.view.r(play.geom.rect("replay_back")).center)
    assert driver.index == driver.total - 1
    click_at(ctx, play.view.r(play.geom.rect("replay_speed")).center)
    assert driver.speed == 2.0
    click_at(ctx, play.view.r(play.geom.rect("replay_start")).center)
    assert driver.index == 0
    click_at(ctx, play.view.r(play.geom.rect("replay_play")).center)
    assert driver.playing


def test_a_replay_with_an_unknown_seat_kind_is_watched(ctx: AppContext) -> None:
    doc = json.loads((FIXTURES / "golden_2p_full.ra.json").read_text())
    doc["players"][1]["kind"] = "ai:from-another-game"
    folder = replays_dir()
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "other.ra.json").write_text(json.dumps(doc))
    press_key(ctx, pygame.K_w)
    press_key(ctx, pygame.K_RETURN)
    play = ctx.scenes.top
    assert isinstance(play, PlayScene) and isinstance(play.overlay, ReplayViewer)
    press_key(ctx, pygame.K_END)
    assert play.state.over


def test_empty_replay_folder_is_fine(ctx: AppContext) -> None:
    assert list_replays() == []
    press_key(ctx, pygame.K_w)
    listing = ctx.scenes.top
    assert isinstance(listing, ReplayListScene) and not listing.watch.enabled
    press_key(ctx, pygame.K_ESCAPE)
    assert isinstance(ctx.scenes.top, TitleScene)


# -- statistics ---------------------------------------------------------------------------------


def test_stats_by_keyboard_reset_asks_first(ctx: AppContext) -> None:
    stats_path().parent.mkdir(parents=True, exist_ok=True)
    stats_path().write_text(json.dumps({
        "version": 1, "games": 3, "wins": 2, "by_players": {"3": {"played": 3, "won": 2}},
        "by_level": {"ai:hard": {"played": 3, "won": 2}}, "best_score": 41,
        "total_score": 90, "streak": 2, "longest_streak": 2, "hints_used": 0}))
    press_key(ctx, pygame.K_t)
    scene = ctx.scenes.top
    assert isinstance(scene, StatsScene) and scene.stats.games == 3
    press_key(ctx, pygame.K_r)
    assert scene.confirming and load_stats()[0].games == 3  # asked, nothing reset yet
    press_key(ctx, pygame.K_ESCAPE)  # cancels the question
    assert not scene.confirming and ctx.scenes.top is scene
    press_key(ctx, pygame.K_r)
    press_key(ctx, pygame.K_r)  # R twice resets nothing
    assert scene.confirming and load_stats()[0].games == 3
    press_key(ctx, pygame.K_RETURN)  # No is the default answer
    assert not scene.confirming and load_stats()[0].games == 3
    press_key(ctx, pygame.K_r)
    press_key(ctx, pygame.K_y)
    assert load_stats()[0].games == 0
    press_key(ctx, pygame.K_ESCAPE)
    assert isinstance(ctx.scenes.top, TitleScene)


def test_stats_by_mouse_and_a_damaged_file_is_set_aside(ctx: AppContext) -> None:
    stats_path().parent.mkdir(parents=True, exist_ok=True)
    stats_path().write_text("{ damaged")
    click_at(ctx, title_button(ctx, "stats").center)
    scene = ctx.scenes.top
    assert isinstance(scene, StatsScene)
    assert "damaged" in scene.notice and scene.stats.games == 0
    assert list(stats_path().parent.glob("stats.damaged-*.json"))
    click_at(ctx, scene.reset.rect.center)
    click_at(ctx, scene.reset.rect.center)
    assert load_stats() == (scene.stats, None)
    click_at(ctx, scene.back.rect.center)
    assert isinstance(ctx.scenes.top, TitleScene)


# -- the watch command ----------------------------------------------------------------------------


def test_watch_command_opens_the_viewer_alone_and_closing_it_exits() -> None:
    replay = load_replay(FIXTURES / "golden_2p_full.ra.json")
    context, _ = create_app(watch=(replay, "golden_2p_full.ra.json"))
    try:
        play = context.scenes.top
        assert isinstance(play, PlayScene) and isinstance(play.overlay, ReplayViewer)
        press_key(context, pygame.K_ESCAPE)
        press_key(context, pygame.K_q)  # the viewer's menu: leave
        assert play not in context.scenes.stack and context.quit_requested
    finally:
        pygame.display.quit()


def test_the_replay_list_names_the_winner_and_deletes_only_on_a_second_press(
        ctx: AppContext) -> None:
    _fill_replays()
    press_key(ctx, pygame.K_w)
    listing = ctx.scenes.top
    assert isinstance(listing, ReplayListScene)
    good = next(e for e in listing.entries if e.path.name == "good.ra.json")
    assert good.replay is not None and good.winner is not None
    assert good.fame == max(good.replay.play().scores)
    listing.select([e.path.name for e in listing.entries].index("broken.ra.json"))
    press_key(ctx, pygame.K_DELETE)
    assert "broken.ra.json" in listing.message and (replays_dir() / "broken.ra.json").exists()
    press_key(ctx, pygame.K_ESCAPE)  # takes the question back, stays on the list
    assert ctx.scenes.top is listing and (replays_dir() / "broken.ra.json").exists()
    press_key(ctx, pygame.K_DELETE)
    press_key(ctx, pygame.K_DELETE)
    assert not (replays_dir() / "broken.ra.json").exists()
    assert "broken.ra.json" not in [e.path.name for e in listing.entries]
    assert ctx.scenes.top is listing


def test_the_rules_controls_name_every_board_key() -> None:
    import re

    from ra_game.scenes.rules_text import Bullets, Para, sections

    keys = next(s for s in sections() if s.id == "keys")
    text = " ".join(" ".join(b.items) if isinstance(b, Bullets) else b.text
                    for b in keys.blocks if isinstance(b, Bullets | Para))
    for key in ("D", "R", "G", "P", "K", "U", "H", "L", "T", "I", "Esc"):
        assert re.search(rf"\b{key}\b", text), key


@pytest.mark.parametrize("lang", ["en", "es", "pt", "tr"])
def test_the_rules_start_no_word_after_a_semicolon_with_a_capital(lang: str) -> None:
    import re

    from ra_game.scenes.rules_text import Bullets, Para, sections

    i18n.set_language(lang)
    try:
        text = " ".join(" ".join(b.items) if isinstance(b, Bullets) else b.text
                        for s in sections() for b in s.blocks if isinstance(b, Bullets | Para))
    finally:
        i18n.set_language("en")
    capitals = set(re.findall(r"; ([A-ZÁÉÍÓÚÇÖÜŞĞİ]\w*)", text)) - {"Ra", "Rá", "F11"}
    assert not capitals, capitals
