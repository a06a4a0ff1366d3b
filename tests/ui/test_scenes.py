"""Scene transitions driven by real input events, settings and saves, crashes and the demo."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from ra_game.scenes.handover import HandOverScene
from ra_game.scenes.play import PlayScene
from ra_game.scenes.results import FinalResultsScene, verdict
from ra_game.scenes.rules import RulesScene
from ra_game.scenes.scoring import EpochScoringScene
from ra_game.scenes.settings import SettingsScene
from ra_game.scenes.setup import SetupScene
from ra_game.scenes.title import TitleScene

from ra_game.app import create_app, main_loop, run_demo, run_frames
from ra_game.engine import GameState, Move, replay_dict
from ra_game.engine.events import EpochScored, GameOver
from ra_game.files.saves import SlotWriter, read_slot, slot_path
from ra_game.files.settings import load_settings, settings_path
from ra_game.table.seat_kinds import PERSON, default_ai
from ra_game.table.seats import Seat, parse_seats
from ra_game.ui.app_context import AppContext, DemoOptions
from ra_game.ui.error_scene import ErrorScene
from ra_game.ui.scene import Scene
from ra_game.ui.widgets import Choice, TextInput
from tooling.positions import changed


def click(ctx: AppContext, rect: pygame.Rect, button: int = 1) -> None:
    """Move to the centre of ``rect``, press and release there, then run a frame."""
    pos = rect.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
    run_frames(ctx, 1)


def press(ctx: AppContext, key: int, mod: int = 0, unicode: str = "") -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=unicode))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode=unicode))
    run_frames(ctx, 1)


def typing(ctx: AppContext, text: str) -> None:
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
    run_frames(ctx, 1)


def top(ctx: AppContext) -> Scene:
    scene = ctx.scenes.top
    assert scene is not None
    return scene


def saved_game(moves: int = 6, hide: bool = True) -> dict[str, object]:
    """The autosave document of a running game after ``moves`` moves (draws where possible)."""
    state = GameState.new(3, seed=11, names=["Ana", "Bo", "Cy"])
    played = []
    for _ in range(moves):
        legal = [m.text for m in state.legal_moves()]
        move = next((m for m in ("draw", "pass") if m in legal), legal[0])
        state.apply(move)
        played.append(move)
    doc = replay_dict(state, played, ["human", "human", "random"])
    doc["hide_scores"] = hide
    return doc


# -- title, setup, play ---------------------------------------------------------------------


def test_title_new_game_then_one_click_on_start_plays_one_human_against_three_ai(
    ctx: AppContext,
) -> None:
    title = top(ctx)
    assert isinstance(title, TitleScene)
    click(ctx, title.buttons["new"].rect)
    setup = top(ctx)
    assert isinstance(setup, SetupScene)
    click(ctx, setup.buttons["start"].rect)
    play = top(ctx)
    assert isinstance(play, PlayScene)
    assert [s.kind for s in play.seats] == [PERSON] + [default_ai()] * 3
    assert play.seats[0].name == "You"
    assert [type(s) for s in ctx.scenes.stack] == [TitleScene, PlayScene]


def test_setup_by_keyboard_alone(ctx: AppContext) -> None:
    press(ctx, pygame.K_n)
    setup = top(ctx)
    assert isinstance(setup, SetupScene)
    press(ctx, pygame.K_a)  # add a fifth seat
    assert len(setup.rows) == 5 and not setup.buttons["add"].enabled
    press(ctx, pygame.K_TAB)  # wraps to the first name field
    field = setup.group.focused
    assert isinstance(field, TextInput) and field.text == "You"
    for _ in range(3):
        press(ctx, pygame.K_BACKSPACE)
    press(ctx, pygame.K_n, unicode="n")  # typed letters are text, not shortcuts
    typing(ctx, "Nut")
    assert isinstance(top(ctx), SetupScene) and setup.rows[0].name == "Nut"
    press(ctx, pygame.K_DOWN)  # to seat 1's kind
    kind = setup.group.focused
    assert isinstance(kind, Choice)
    press(ctx, pygame.K_LEFT)  # wraps from "human" to the last kind
    assert setup.rows[0].kind == kind.value != PERSON
    press(ctx, pygame.K_RIGHT)
    assert setup.rows[0].kind.code == "human"
    setup.group.focus(setup.buttons["start"])
    press(ctx, pygame.K_RETURN)
    play = top(ctx)
    assert isinstance(play, PlayScene)
    assert play.seats[0].name == "Nut" and len(play.seats) == 5


def test_setup_names_follow_kinds_and_hide_scores_reaches_the_game_only(
        ctx: AppContext) -> None:
    press(ctx, pygame.K_n)
    setup = top(ctx)
    assert isinstance(setup, SetupScene)
    setup.kinds[1].step(-1)  # seat 2 becomes...
    while setup.rows[1].kind.code != "human":
        setup.kinds[1].step(1)
    assert [r.name for r in setup.rows[:2]] == ["Player 1", "Player 2"]
    press(ctx, pygame.K_x)  # remove the last seat
    assert len(setup.rows) == 3
    click(ctx, setup.hide.rect)
    # this game's choice, not the Settings default for new games
    assert setup.hide_scores and not load_settings().hide_scores
    kinds = [r.kind.code for r in setup.rows]
    click(ctx, setup.buttons["start"].rect)
    run_frames(ctx, 2)
    if isinstance(top(ctx), HandOverScene):  # hidden scores: nobody has the screen yet
        press(ctx, pygame.K_RETURN)
    play = top(ctx)
    assert isinstance(play, PlayScene) and play.hide_scores
    ctx.scenes.clear_to(TitleScene(ctx))
    press(ctx, pygame.K_n)
    again = top(ctx)  # the next setup starts from the last game's seats
    assert isinstance(again, SetupScene) and [r.kind.code for r in again.rows] == kinds
    assert [r.name for r in again.rows[:2]] == ["Player 1", "Player 2"]
    # the setup remembers this session's choice; the Settings default stays as it was
    assert again.hide_scores and not load_settings().hide_scores
    again.kinds[1].step(1)
    while again.rows[1].kind.code == "human":
        again.kinds[1].step(1)
    assert not again.hide.enabled and "two or more people" in again.hint_text(again.humans)


def test_watch_a_demo_plays_ai_seats_and_the_title_ends_demo_mode(ctx: AppContext) -> None:
    press(ctx, pygame.K_d)
    play = top(ctx)
    assert isinstance(play, PlayScene) and ctx.demo is not None and not ctx.demo.exit_on_end
    assert len(play.seats) == 4 and not any(s.is_human for s in play.seats)
    run_frames(ctx, 30)
    ctx.scenes.clear_to(TitleScene(ctx))
    assert ctx.demo is None


def test_title_rules_scroll_and_back(ctx: AppContext) -> None:
    click(ctx, top(ctx).buttons["rules"].rect)  # type: ignore[attr-defined]
    rules = top(ctx)
    assert isinstance(rules, RulesScene)
    press(ctx, pygame.K_8)  # the tile glossary, longer than one page
    assert rules.max_top() > 0
    press(ctx, pygame.K_PAGEDOWN)
    assert rules.top > 0
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False))
    run_frames(ctx, 1)
    press(ctx, pygame.K_END)
    assert rules.top == rules.max_top()
    press(ctx, pygame.K_ESCAPE)
    assert isinstance(top(ctx), TitleScene)
    press(ctx, pygame.K_r)
    press(ctx, pygame.K_RETURN)  # Back has the focus
    assert isinstance(top(ctx), TitleScene)


def test_settings_change_and_persist(ctx: AppContext) -> None:
    press(ctx, pygame.K_s)
    settings = top(ctx)
    assert isinstance(settings, SettingsScene)
    assert settings.choices["language"].focused
    press(ctx, pygame.K_DOWN)
    assert settings.choices["speed"].focused
    press(ctx, pygame.K_RIGHT)  # normal -> fast
    press(ctx, pygame.K_DOWN)  # time to undo
    press(ctx, pygame.K_RIGHT)  # 1 s -> 2 s
    press(ctx, pygame.K_DOWN)
    press(ctx, pygame.K_DOWN)
    press(ctx, pygame.K_DOWN)  # the effects' volume
    press(ctx, pygame.K_LEFT)  # 70% -> 60%
    click(ctx, settings.choices["hide"].rect)
    assert json.loads(settings_path().read_text()) == {
        "animation_speed": "fast", "hide_scores": True, "fullscreen": False,
        "effects_volume": 60, "music_volume": 30,
        "ai_workers": 0, "undo_grace": 2.0, "hotseat_hints": False,
        "language": "", "last_seats": "",
    }
    assert ctx.settings.animation_speed == "fast" and ctx.settings.effects_volume == 60
    press(ctx, pygame.K_ESCAPE)
    assert isinstance(top(ctx), TitleScene)
    pygame.display.quit()
    fresh, _ = create_app()
    assert fresh.settings == ctx.settings


def test_the_settings_fullscreen_choice_switches_the_window(ctx: AppContext) -> None:
    press(ctx, pygame.K_s)
    settings = top(ctx)
    assert isinstance(settings, SettingsScene)
    click(ctx, settings.choices["fullscreen"].rect)
    assert ctx.settings.fullscreen and load_settings().fullscreen
    assert pygame.display.get_surface().get_flags() & pygame.FULLSCREEN
    click(ctx, settings.choices["fullscreen"].rect)
    assert not ctx.settings.fullscreen and not load_settings().fullscreen
    assert not pygame.display.get_surface().get_flags() & pygame.FULLSCREEN


def test_f11_and_resize_are_handled_for_every_scene(ctx: AppContext) -> None:
    press(ctx, pygame.K_F11)
    assert ctx.settings.fullscreen and load_settings().fullscreen
    press(ctx, pygame.K_F11)
    assert not ctx.settings.fullscreen and not load_settings().fullscreen
    pygame.display.set_mode((1600, 900), pygame.RESIZABLE)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(1600, 900), w=1600, h=900))
    run_frames(ctx, 1)
    assert ctx.window_size == (1600, 900)
    title = top(ctx)
    assert isinstance(title, TitleScene)
    area = title.rects["menu_area"]  # 560x350 at a scale of 1.25
    # eleven entries: two columns, each (700 - 24 x 1.25) / 2 wide (at most 312 x 1.25)
    assert area.size == (700, 438) and title.buttons["new"].rect.width == (700 - 30) // 2
    assert title.buttons["quit"].rect.bottom <= area.bottom


# -- saves ----------------------------------------------------------------------------------


def test_continue_resumes_the_autosaved_game(ctx: AppContext) -> None:
    title = top(ctx)
    assert isinstance(title, TitleScene) and not title.buttons["continue"].enabled
    doc = saved_game()
    writer = SlotWriter(1)
    assert writer.write(doc) is None and writer.release() is None
    assert read_slot(1).doc == doc
    press(ctx, pygame.K_ESCAPE)  # Esc only moves the focus to Quit...
    assert not ctx.quit_requested
    press(ctx, pygame.K_RETURN)  # ...and Enter quits
    assert ctx.quit_requested
    pygame.display.quit()
    fresh, _ = create_app()  # ...and the next start offers Continue
    run_frames(fresh, 1)
    title = top(fresh)
    assert isinstance(title, TitleScene) and title.buttons["continue"].enabled
    assert title.save_info.startswith("Continue: Ana, Bo and Cy, epoch 1 of 3 (saved ")
    click(fresh, title.buttons["continue"].rect)
    run_frames(fresh, 2)
    if isinstance(top(fresh), HandOverScene):  # hidden scores: the screen is handed over
        press(fresh, pygame.K_RETURN)
    play = top(fresh)
    assert isinstance(play, PlayScene)
    assert play.moves == doc["moves"] and play.hide_scores is True
    assert [s.name for s in play.seats] == ["Ana", "Bo", "Cy"]


@pytest.mark.parametrize("content", ["{not json", '{"format": "ra-replay/1", "players": 3}',
                                     ('{"format": "ra-replay/1", "players": [{"name": "a"}, '
                                      '{"name": "b"}], "moves": ["bid:99"]}')])
def test_damaged_autosave_disables_continue_with_one_line(content: str) -> None:
    path = slot_path(0)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(content, encoding="utf-8")
    ctx, _ = create_app()
    run_frames(ctx, 2)
    title = top(ctx)
    assert isinstance(title, TitleScene)
    assert not title.buttons["continue"].enabled
    assert title.save_error and "\n" not in title.save_error
    press(ctx, pygame.K_c)  # the shortcut of a disabled button does nothing
    assert top(ctx) is title


def test_damaged_settings_give_defaults_and_a_notice(ra_home: Path) -> None:
    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('{"animation_speed": "warp"}', encoding="utf-8")
    ctx, _ = create_app()
    run_frames(ctx, 2)
    assert ctx.settings.animation_speed == "normal"
    assert len(ctx.notices) == 1 and "animation_speed" in ctx.notices[0]
    assert isinstance(top(ctx), TitleScene)


# -- crashes --------------------------------------------------------------------------------


class Exploding(Scene):
    def update(self, dt: float) -> None:
        raise RuntimeError("boom")


def test_an_unexpected_error_is_logged_and_shown_in_one_line(
    ctx: AppContext, ra_home: Path
) -> None:
    ctx.scenes.push(Exploding(ctx))
    run_frames(ctx, 1, guard=True)
    scene = top(ctx)
    assert isinstance(scene, ErrorScene)
    assert "RuntimeError" in scene.message and "\n" not in scene.message
    log = (ra_home / "data" / "error.log").read_text()
    assert "Traceback" in log and "boom" in log
    run_frames(ctx, 1, guard=True)
    press(ctx, pygame.K_RETURN)
    assert isinstance(top(ctx), TitleScene)


def test_the_async_main_loop_runs_frames_and_survives_a_crash(ctx: AppContext) -> None:
    assert asyncio.run(main_loop(ctx, max_frames=3, fps=0)) == 3
    ctx.scenes.push(Exploding(ctx))
    asyncio.run(main_loop(ctx, max_frames=2, fps=0))
    assert isinstance(top(ctx), ErrorScene) and ctx.exit_code == 0
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    frames = asyncio.run(main_loop(ctx, max_frames=50, fps=0))
    assert frames == 1 and ctx.quit_requested


# -- scoring, results, hand-over ------------------------------------------------------------


def finished_game(seed: int = 4, players: int = 3) -> tuple[GameState, list[EpochScored], GameOver]:
    from ra_game.ai import make_agent

    state = GameState.new(players, seed=seed)
    agents = [make_agent("random", seed + i) for i in range(players)]
    scored: list[EpochScored] = []
    over: GameOver | None = None
    while not state.over:
        seat = state.current
        action = agents[seat].choose(state.observation(seat))
        for event in state.apply(Move.from_action(action)):
            if isinstance(event, EpochScored):
                scored.append(event)
            elif isinstance(event, GameOver):
                over = event
    assert over is not None
    return state, scored, over


def test_epoch_scoring_animates_then_continues_by_keyboard(ctx: AppContext) -> None:
    state, scored, _ = finished_game()
    scene = EpochScoringScene(ctx, scored[0], state, hidden=False)
    ctx.scenes.push(scene)
    run_frames(ctx, 10)
    assert not scene.finished
    first = scene.event.scores[0]
    assert scene.row_values(0)[-1] == str(first.before)  # fame not counted up yet
    press(ctx, pygame.K_SPACE)  # skip the animation
    assert scene.finished and top(ctx) is scene
    assert scene.row_values(0)[-1] == str(first.after)
    press(ctx, pygame.K_RETURN)
    assert top(ctx) is not scene


def test_hidden_scoring_shows_the_breakdown_without_totals(ctx: AppContext) -> None:
    state, scored, _ = finished_game()
    final = scored[-1]
    scene = EpochScoringScene(ctx, final, state, hidden=True)
    ctx.scenes.push(scene)
    assert len(scene.row_values(0)) == len(final.scores[0].points) == 7
    assert [c.title for c in scene.table.columns][-2:] == ["Monuments", "Suns"]
    run_frames(ctx, 2)
    click(ctx, scene.cont.rect)  # finishes the reveal
    click(ctx, scene.cont.rect)  # continues
    assert top(ctx) is not scene


def test_scoring_advances_by_itself_in_a_demo(ctx: AppContext) -> None:
    state, scored, _ = finished_game()
    ctx.demo = DemoOptions(speed="fast")
    scene = EpochScoringScene(ctx, scored[1], state)
    ctx.scenes.push(scene)
    frames = run_frames(ctx, 600, until=lambda c: c.scenes.top is not scene)
    assert top(ctx) is not scene and frames < 200


def test_results_rank_and_explain_a_tie_break(ctx: AppContext) -> None:
    state, _, over = finished_game(seed=9)
    ctx.scenes.replace(FinalResultsScene(ctx, state, over))
    run_frames(ctx, 5)
    scene = top(ctx)
    assert isinstance(scene, FinalResultsScene)
    assert scene.order[0] == over.winner
    assert [s[0] for s in scene.series] == [10] * state.n and len(scene.series[0]) == 4
    state = changed(state, scores=(20,) * state.n)
    sentence = verdict(state, GameOver(over.winner, tuple(state.scores), True))
    assert "tie-break" in sentence and "highest sun" in sentence
    assert str(max(state.suns_up[over.winner])) in sentence
    press(ctx, pygame.K_RETURN)  # "Back to title" has the focus
    assert isinstance(top(ctx), TitleScene)


def test_results_in_exit_on_end_demo_set_the_summary_and_quit(ctx: AppContext) -> None:
    state, _, over = finished_game()
    ctx.demo = DemoOptions(speed="max", exit_on_end=True)
    ctx.scenes.replace(FinalResultsScene(ctx, state, over))
    assert ctx.final_summary == state.summary()
    frames = run_frames(ctx, 200)
    assert ctx.quit_requested and 55 <= frames <= 65


def test_handover_pops_on_space_or_click(ctx: AppContext) -> None:
    for action in ("space", "click"):
        scene = HandOverScene(ctx, "Nefertiti")
        ctx.scenes.push(scene)
        run_frames(ctx, 1)
        if action == "space":
            press(ctx, pygame.K_SPACE)
        else:
            click(ctx, pygame.Rect(20, 300, 10, 10))
        assert top(ctx) is not scene


# -- the demo -------------------------------------------------------------------------------


@pytest.mark.slow
def test_demo_reaches_the_final_results_and_prints_the_summary(
    capsys: pytest.CaptureFixture[str],
) -> None:
    seats = parse_seats("random,random,random")
    status = run_demo(seats, seed=7, speed="max", exit_on_end=True, max_frames=20000, fps=0)
    out = capsys.readouterr().out
    assert status == 0
    lines = out.splitlines()
    assert len(lines) == 1
    summary = json.loads(lines[0])
    assert summary["over"] is True and summary["winner"] is not None
    assert [p["name"] for p in summary["players"]] == [s.name for s in seats]


def test_run_app_opens_a_game_straight_away_for_given_seats() -> None:
    ctx, _ = create_app(players=[Seat.of("human", "Ana"), Seat.of("random", "Bot")], seed=3)
    run_frames(ctx, 2)
    play = top(ctx)
    assert isinstance(play, PlayScene) and play.seed == 3


def test_setup_says_what_the_expert_level_does(ctx: AppContext) -> None:
    press(ctx, pygame.K_n)
    setup = top(ctx)
    assert isinstance(setup, SetupScene)
    choice = setup.kinds[2]
    for _ in range(len(choice.options)):
        if choice.value.code == "ai:expert":
            break
        click(ctx, choice.rect)
    assert setup.rows[2].kind.code == "ai:expert"
    description = setup.kind_description()
    assert description is not None and description.startswith("Expert: thinks 2 s")


@pytest.mark.parametrize("size", [(640, 360), (1280, 720)])
def test_the_settings_focus_ring_leaves_the_help_lines_clear(size: tuple[int, int]) -> None:
    """Stepping down the Settings rows by key: the focused row's ring never paints over the
    help line above or below it (a small window has 1-3 pixels between them)."""
    from ra_game.ui import theme
    from tooling.autopilot import press_key

    context, _ = create_app(size=size)
    try:
        run_frames(context, 2)
        press_key(context, pygame.K_s)
        settings = context.scenes.top
        assert isinstance(settings, SettingsScene)
        keys = [k for k in settings.rects if k.startswith("setting_") and k.endswith("_help")]
        for _ in range(len(keys)):
            surface = pygame.display.get_surface()
            rings = [(x, y) for k in keys for x, y in _pixels(settings.rects[k])
                     if surface.get_at((x, y))[:3] == theme.TURQUOISE]
            assert rings == []
            press_key(context, pygame.K_DOWN)
    finally:
        pygame.display.quit()


def _pixels(rect: pygame.Rect) -> Iterator[tuple[int, int]]:
    return ((x, y) for y in range(rect.top, rect.bottom) for x in range(rect.left, rect.right))
