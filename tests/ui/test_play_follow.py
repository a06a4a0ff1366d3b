"""The information layer of the play scene, driven by real input events: game log, undo, tile
counter, score preview, tooltips, hints, keyboard focus, pause menu items."""

from __future__ import annotations

import os

from tooling.positions import changed, with_held

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import random
from collections import Counter
from typing import Any

import pygame
import pytest
from ra_game.scenes.results import FinalResultsScene
from ra_game.scenes.rules import RulesScene
from ra_game.scenes.settings import SettingsScene

from ra_game.app import create_app, step_frame
from ra_game.engine import GameState, Tile
from ra_game.engine import events as ev
from ra_game.engine.moves import Move, is_discard, is_god, unpack_tiles
from ra_game.engine.preview import lot_values, move_events
from ra_game.engine.state import BID, TURN
from ra_game.engine.tiles import NUM_KINDS, TILE_COUNTS
from ra_game.files.saves import read_slot
from ra_game.table.seats import Seat
from tooling.autopilot import Autopilot, click_events, key_events

FRAME_CAP = 30000


def scene(seats: list[Seat], seed: int, speed: str = "max", state: GameState | None = None,
          size: tuple[int, int] = (1280, 720), **settings: Any) -> tuple[Any, Any]:
    from ra_game.scenes.play import PlayScene

    ctx, _w = create_app(size)
    ctx.settings.animation_speed = speed
    for name, value in settings.items():
        setattr(ctx.settings, name, value)
    play = PlayScene(ctx, seats, seed=seed, state=state, slot=1)
    ctx.scenes.clear_to(play)
    frames(ctx, 2)
    return ctx, play


def load_autosave(play: Any) -> Any:
    """What the game's save slot holds once its writes reached the disk."""
    assert play.keeper.saver is not None and play.keeper.saver.flush() is None
    return read_slot(1).doc


def frames(ctx: Any, n: int = 1, events: list[pygame.event.Event] = ()) -> None:
    for e in events:
        pygame.event.post(e)
    for _ in range(n):
        step_frame(ctx, 1 / 60)


def click(ctx: Any, play: Any, rect: pygame.Rect, n: int = 2) -> None:
    frames(ctx, n, click_events(play.view.r(rect).center))


def button(play: Any, name: str) -> pygame.Rect:
    """Where the small button ``name`` (undo, hint, log) is drawn now."""
    return next(r for n, _l, _k, r in play.info.button_rects() if n == name)


def ctrl_z() -> list[pygame.event.Event]:
    return [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_LCTRL,
                               unicode="", scancode=0)]


def engine_epoch_scores(state: GameState) -> list[dict[str, int]]:
    """The engine's own epoch scoring of the current holdings (on a copy)."""
    events: list[object] = []
    state.clone()._score_epoch(events)
    scored = events[-1]
    assert isinstance(scored, ev.EpochScored)
    return [row.points for row in scored.scores]


def bag_by_record(state: GameState) -> list[int]:
    drawn = Counter(state.drawn)
    return [TILE_COUNTS[k] - drawn[k] for k in range(NUM_KINDS)]


# -- a whole game with the log and the tile counter open --------------------------------------


@pytest.mark.slow
def test_whole_game_log_counter_and_preview_follow_the_engine() -> None:
    seats = [Seat.of("human", "You"), Seat.of("random", "R1"), Seat.of("ai:easy", "E2")]
    initial = GameState.new(3, seed=3, names=[s.name for s in seats])
    ctx, play = scene(seats, seed=3)
    frames(ctx, 2, key_events(pygame.K_l))
    click(ctx, play, play.geom.rect("bag"))  # the tile counter opens from the bag
    assert play.info.panel.open and play.info.counter.open
    pilot = Autopilot(ctx, play, random.Random(3), by="mouse")
    checked_moves = decisions = 0
    for _ in range(FRAME_CAP):
        if type(ctx.scenes.top) is FinalResultsScene:
            break
        if len(play.moves) != checked_moves and not play.queue.busy:
            checked_moves = len(play.moves)
            assert play.info.tiles_left() == bag_by_record(play.state) == play.state.bag_counts()
        if play.human_ready():
            decisions += 1
            shown = play.state  # the tiles picked to discard count as gone
            if play.input.mode == "discard":
                owner = shown.disaster_owner
                left = {kind: shown.tiles[owner][kind] - play.input.selection.count(kind)
                        for kind in play.input.selection}
                shown = changed(shown, tiles=with_held(shown, owner, left))
            assert play.info.preview.points == engine_epoch_scores(shown)
            if play.state.phase == BID and play.state.auction_tiles():
                assert play.info.preview.lots == lot_values(play.state)
        for event in pilot.events():
            pygame.event.post(event)
        step_frame(ctx, 1 / 60)
    else:
        pytest.fail("the game did not end")
    assert decisions > 20
    recorded = [e for move in move_events(initial, play.moves) for e in move]
    assert play.info.log.events() == recorded
    entries = play.info.log.entries()
    assert len(entries) >= len([e for e in recorded if not isinstance(e, ev.EpochScored)])
    texts = [text for text, _tiles in entries]
    assert any(t.startswith("You ") for t in texts)
    assert not any("You draws" in t or "You passes" in t or "You: you" in t for t in texts)


def test_log_scrolls_by_wheel_and_keys_and_shows_the_latest() -> None:
    seats = [Seat.of("ai:easy", "A"), Seat.of("random", "B"), Seat.of("human", "You")]
    ctx, play = scene(seats, seed=8)
    pilot = Autopilot(ctx, play, random.Random(8))
    for _ in range(4000):
        if len(play.info.log.entries()) > 40:
            break
        for event in pilot.events():
            pygame.event.post(event)
        step_frame(ctx, 1 / 60)
    frames(ctx, 2, click_events(play.view.r(button(play, "log")).center))
    panel = play.info.panel
    assert panel.open and panel.back == 0
    centre = play.view.r(panel.rect).center
    frames(ctx, 1, [pygame.event.Event(pygame.MOUSEMOTION, pos=centre, rel=(0, 0),
                                       buttons=(0, 0, 0)),
                    pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=2, flipped=False)])
    assert panel.back == 6
    frames(ctx, 1, key_events(pygame.K_HOME))
    assert panel.back == len(panel.lines(play.view)) - panel.visible_count()
    frames(ctx, 1, key_events(pygame.K_PAGEDOWN))
    assert panel.back == len(panel.lines(play.view)) - 2 * panel.visible_count() + 1
    frames(ctx, 1, key_events(pygame.K_END))
    assert panel.back == 0
    frames(ctx, 1, key_events(pygame.K_l))
    assert not panel.open


@pytest.mark.parametrize("size", [(640, 480), (640, 360)])
def test_log_at_the_smallest_window_fits_its_panel(size: tuple[int, int]) -> None:
    seats = [Seat.of("human", "You"), Seat.of("random", "B")]
    ctx, play = scene(seats, seed=2, size=size)
    for _ in range(6):
        frames(ctx, 3, key_events(pygame.K_d) + key_events(pygame.K_p))
    frames(ctx, 2, key_events(pygame.K_l))
    panel = play.info.panel
    lines = panel.lines(play.view)
    assert len(lines) > 4 and play.view.size == size
    width = play.view.r(panel.rect).width
    assert all(play.view.text_width(text, 15) < width for text, _t, _f in lines)


def mid_auction_with_passes() -> tuple[Any, Any]:
    """You (seat 0) and two people: B invokes Ra, C passes; You are to bid."""
    seats = [Seat.of("human", "You"), Seat.of("human", "B"), Seat.of("human", "C")]
    ctx, play = scene(seats, seed=1)
    for _ in range(300):
        state = play.state
        if state.phase == TURN and state.current == 1 and state.auction_tiles():
            break
        if state.phase == TURN:
            keys = [pygame.K_d if state.can_draw() else pygame.K_r]
        elif state.phase == BID:
            keys = [pygame.K_1, pygame.K_RETURN] if state.forced_bid() else [pygame.K_p]
        else:
            keys = [pygame.K_1, pygame.K_2, pygame.K_RETURN]
        frames(ctx, 2, [e for k in keys for e in key_events(k)])
    frames(ctx, 2, key_events(pygame.K_r))
    frames(ctx, 2, key_events(pygame.K_p))
    assert play.state.phase == BID and play.state.ra_player == 1 and play.state.current == 0
    return ctx, play


def test_resumed_mid_auction_the_log_and_the_board_show_the_passes() -> None:
    from ra_game.scenes.play import PlayScene

    ctx, play = mid_auction_with_passes()
    doc = load_autosave(play)
    assert doc is not None and doc["moves"] == play.moves
    resumed = PlayScene.from_save(ctx, doc)
    assert resumed.model.passed == [False, False, True]
    assert resumed.info.log.events() == play.info.log.events()
    assert resumed.info.log.entries()[-1][0] == "C passes."


# -- undo ---------------------------------------------------------------------------------------


def test_undo_by_the_button_during_the_ai_grace_period() -> None:
    seats = [Seat.of("human", "You"), Seat.of("ai:easy", "E")]
    s = changed(GameState.new(2, seed=4, names=["You", "E"]), current=0,
                auction=(Tile.GOLD, Tile.PHARAOH))
    ctx, play = scene(seats, seed=4, speed="fast", state=s, undo_grace=2.0)
    assert play.human_ready()
    before = play.state.summary()
    click(ctx, play, play.geom.rect("button_ra"))
    assert play.moves == ["ra"] and play.state.current == 1
    frames(ctx, 30, key_events(pygame.K_SPACE))  # the animation is over; E thinks and waits
    assert "undo" in [name for name, _l, _k in play.info.buttons()]
    assert play.moves == ["ra"] and play.turns.runner.token is not None
    click(ctx, play, button(play, "undo"))
    assert play.state.summary() == before and play.moves == []
    assert play.turns.runner.token is None  # the AI heard the take-back: its decision is forgotten
    assert load_autosave(play)["moves"] == []
    assert play.info.log.events() == []
    frames(ctx, 2)
    assert play.human_ready() and play.state.current == 0
    # the same decision again: E replies once the grace period (1 s at fast) is over
    frames(ctx, 2, key_events(pygame.K_r))
    for _ in range(200):
        if len(play.moves) > 1:
            break
        frames(ctx)
    assert play.moves[0] == "ra" and len(play.moves) >= 2
    assert "undo" not in [name for name, _l, _k in play.info.buttons()]


def test_ctrl_z_in_hotseat_until_the_next_decision_and_never_after_a_draw() -> None:
    ctx, play = mid_auction_with_passes()
    before, moves = play.state.summary(), list(play.moves)
    frames(ctx, 2, key_events(pygame.K_p))  # You pass; B must bid now
    assert play.state.current == 1
    frames(ctx, 2, ctrl_z())
    assert play.state.summary() == before and play.moves == moves
    assert play.model.passed == [False, False, True]
    # a draw can never be taken back
    frames(ctx, 2, key_events(pygame.K_1) + key_events(pygame.K_RETURN))  # You bid
    while not (play.state.phase == TURN and play.human_ready()):
        frames(ctx, 2, key_events(pygame.K_p))
    drawn = play.state.summary()
    frames(ctx, 2, key_events(pygame.K_d))
    after = play.state.summary()
    assert after != drawn and "undo" not in [n for n, _l, _k in play.info.buttons()]
    frames(ctx, 2, key_events(pygame.K_u) + ctrl_z())
    assert play.state.summary() == after


def test_no_undo_once_an_ai_has_replied() -> None:
    seats = [Seat.of("human", "You"), Seat.of("random", "R")]
    s = changed(GameState.new(2, seed=6, names=["You", "R"]), current=0, auction=(Tile.GOLD,))
    ctx, play = scene(seats, seed=6, state=s)  # max speed: no grace period
    frames(ctx, 2, key_events(pygame.K_r))  # You invoke Ra; R bids or passes at once
    frames(ctx, 5)
    assert play.moves[0] == "ra" and len(play.moves) >= 2
    assert "undo" not in [n for n, _l, _k in play.info.buttons()]
    snapshot = play.state.summary()
    frames(ctx, 2, key_events(pygame.K_u))
    assert play.state.summary() == snapshot


# -- hints --------------------------------------------------------------------------------------


def test_hints_are_legal_moves_marked_on_the_board_and_counted() -> None:
    seats = [Seat.of("human", "You"), Seat.of("ai:easy", "E")]
    ctx, play = scene(seats, seed=12)
    play.info.hints.think_ms = 15
    hints = 0
    for _ in range(FRAME_CAP):
        if hints >= 10 or play.state.over:
            break
        if not play.human_ready():
            frames(ctx)
            continue
        frames(ctx, 1, key_events(pygame.K_h))
        while play.info.hint_action() is None:
            frames(ctx)
        action = play.info.hint_action()
        assert action in play.state.legal_actions()
        text, _urgent = play.status()
        assert text.startswith("Hint:")
        hints += 1
        controls = play.current_controls()
        assert play.info.hinted(controls), "the hint is shown on the board"
        moves = len(play.moves)
        for _step in range(8):  # carry it out through the marked controls
            if len(play.moves) != moves:
                break
            click(ctx, play, next_hinted_control(play, action).rect)
        assert play.moves[moves] == Move.from_action(action).text
    assert hints == 10 and play.info.hints.used[0] == hints
    assert play.keeper.document()["hints"] == [hints, 0]


def next_hinted_control(play: Any, action: int) -> Any:
    """The marked control to use next (a tile still to pick, else the confirm button)."""
    controls = play.current_controls()
    wanted = Counter(unpack_tiles(action)) if is_god(action) or is_discard(action) else Counter()
    picked = Counter(play.state.auction[i] if play.input.mode == "god" else i
                     for i in play.input.selection)
    for i in sorted(play.info.hinted(controls)):
        c = controls[i]
        if c.name == "slot":
            kind = play.state.auction[c.value]
            if not c.selected and picked[kind] < wanted[kind]:
                return c
        elif c.name == "kind":
            if picked[c.value] < wanted[c.value]:
                return c
        else:
            return c
    return next(c for c in controls if c.name == "confirm")


def test_hints_off_in_hotseat_unless_the_setup_allows() -> None:
    seats = [Seat.of("human", "Ana"), Seat.of("human", "Ben")]
    ctx, play = scene(seats, seed=3)
    frames(ctx, 2, key_events(pygame.K_h))
    assert play.info.hints.runner is None
    assert "hint" not in [n for n, _l, _k in play.info.buttons()]
    ctx.settings.hotseat_hints = True
    frames(ctx, 2, key_events(pygame.K_h))
    assert play.info.hints.runner is not None


# -- tooltips, focus, labels, pause menu --------------------------------------------------------


def test_tooltips_for_a_tile_a_sun_and_a_player_area_and_keyboard_focus() -> None:
    s = GameState.new(2, seed=4, names=["You", "Bot"])
    s = changed(s, current=0, auction=(Tile.GOLD, Tile.EARTHQUAKE),
                tiles=with_held(s, 0, {Tile.PHARAOH: 2}))
    ctx, play = scene([Seat.of("human", "You"), Seat.of("random", "Bot")], seed=1, state=s)

    def hover(rect: pygame.Rect) -> list[str]:
        frames(ctx, 1, [pygame.event.Event(pygame.MOUSEMOTION, pos=play.view.r(rect).center,
                                           rel=(0, 0), buttons=(0, 0, 0))])
        return play.info.tooltip(play.hover)[0]
    assert hover(play.geom.auction_slots[0])[0] == "Gold (Gold)"
    assert "3 fame" in hover(play.geom.auction_slots[0])[1]
    area = play.areas.slots(play.model, 0)
    sun, rect = area.suns_up[0]
    assert hover(rect)[0] == f"Sun {sun}"
    pharaoh = area.tile_rect(Tile.PHARAOH)
    assert pharaoh is not None and hover(pharaoh)[0] == "Pharaoh (Pharaoh)"
    lines = hover(pygame.Rect(area.rect.right - 20, area.rect.bottom - 20, 1, 1))
    assert lines[0] == "You" and "Pharaohs +5" in lines[1]
    # Tab moves the focus between Draw / Invoke Ra / Play God; Enter uses it
    frames(ctx, 1, key_events(pygame.K_TAB))
    assert [c.name for c in play.input.controls() if c.selected] == ["draw"]
    frames(ctx, 1, key_events(pygame.K_RIGHT))
    assert [c.name for c in play.input.controls() if c.selected] == ["ra"]
    frames(ctx, 2, key_events(pygame.K_RETURN))
    assert play.moves[0] == "ra"


def test_i_focuses_each_player_area_in_turn_with_its_breakdown() -> None:
    s = GameState.new(2, seed=4, names=["You", "Bot"])
    s = changed(s, current=0, tiles=with_held(s, 0, {Tile.PHARAOH: 2}))
    s = changed(s, tiles=with_held(s, 1, {Tile.GOLD: 1}))
    ctx, play = scene([Seat.of("human", "You"), Seat.of("random", "Bot")], seed=1, state=s)
    assert play.info.tooltip(None)[0] == []
    frames(ctx, 1, key_events(pygame.K_i))
    lines, anchor = play.info.tooltip(None)
    assert lines[0] == "You" and "Pharaohs +5" in lines[1]
    assert anchor is not None and play.geom.seats[0].collidepoint(anchor)
    frames(ctx, 1, key_events(pygame.K_i))
    lines, anchor = play.info.tooltip(None)
    assert lines[0] == "Bot (AI · random)" and any("Gold +3" in line for line in lines[1:])
    frames(ctx, 1, key_events(pygame.K_i))
    assert play.info.tooltip(None)[0] == []  # and off again
    assert play.moves == []  # inspecting is no move


def test_a_standing_bid_of_the_last_sun_is_not_no_suns_left() -> None:
    s = GameState.new(2, seed=4, names=["You", "Bot"])
    up, down = s.position().suns_up, s.position().suns_down
    s = changed(s, current=0, auction=(Tile.GOLD,), suns_up=(up[0], up[1][-1:]),  # Bot has one
                suns_down=(down[0], up[1][:-1]))  # sun left, its lowest
    s.apply("ra")
    s.apply(f"bid:{s.suns_up[1][0]}")  # Bot bids it: it stands, and You decide
    assert s.current == 0 and s.phase == BID
    ctx, play = scene([Seat.of("human", "You"), Seat.of("random", "Bot")], seed=1, state=s)
    assert play.model.suns_up[1] == [] and play.model.bids[1]
    seen: list[str] = []
    original = play.view.text

    def spy(content: str, *args: Any, **kw: Any) -> pygame.Surface:
        seen.append(content)
        return original(content, *args, **kw)
    play.view.text = spy  # type: ignore[method-assign]
    play.areas._cache.clear()
    frames(ctx, 1)
    assert not any("no suns left" in t for t in seen)


def test_pause_menu_opens_rules_and_settings_and_a_demo_is_not_saved() -> None:
    from ra_game.scenes.play import PlayScene

    from ra_game.ui.app_context import DemoOptions

    ctx, play = scene([Seat.of("human", "You"), Seat.of("random", "B")], seed=2)
    frames(ctx, 2, key_events(pygame.K_ESCAPE))
    assert [name for name, _l, _k in play.pause.items] == ["resume", "rules", "settings", "quit"]
    click(ctx, play, play.pause.item_rects()[1])
    assert type(ctx.scenes.top) is RulesScene
    frames(ctx, 2, key_events(pygame.K_ESCAPE))
    assert ctx.scenes.top is play and play.pause is not None  # back in the menu
    frames(ctx, 2, key_events(pygame.K_s))
    assert type(ctx.scenes.top) is SettingsScene
    frames(ctx, 2, key_events(pygame.K_ESCAPE) + key_events(pygame.K_ESCAPE))
    assert ctx.scenes.top is play and play.pause is None
    ctx.demo = DemoOptions(speed="max")
    demo = PlayScene(ctx, [Seat.of("random", "A"), Seat.of("random", "B")], seed=2)
    ctx.scenes.clear_to(demo)
    frames(ctx, 2, key_events(pygame.K_ESCAPE))
    labels = [label for _n, label, _k in demo.pause.items]
    assert "Quit to title" in labels and not any("Save" in label for label in labels)


def test_status_lines_speak_to_you_and_nothing_looks_recommended() -> None:
    s = changed(GameState.new(2, seed=2, names=["You", "B"]), current=0)
    ctx, play = scene([Seat.of("human", "You"), Seat.of("random", "B")], seed=2, speed="slow", state=s)
    text, _urgent = play.status()
    assert text == "Your turn: draw a tile (D) or invoke Ra (R)."
    assert play.info.hinted(play.input.controls()) == set()
    frames(ctx, 2, key_events(pygame.K_d))
    from ra_game.text.i18n import resolve

    assert resolve(play.model.caption).startswith("You draw")
