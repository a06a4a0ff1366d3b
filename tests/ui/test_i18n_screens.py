"""Every scene and every status message in every language, at 1280x720 and at the smallest
window: no text leaves its box, none (key caps aside, small by design) is drawn below 12 px at
1280x720, no English msgid shows in another language; and a language switch mid-game changes
the very next frame."""

from __future__ import annotations

import dataclasses
import functools
import gettext
import itertools
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest
from ra_game.scenes.play import PlayScene
from ra_game.scenes.results import FinalResultsScene
from ra_game.scenes.scoring import EpochScoringScene
from ra_game.scenes.settings import ROWS, SettingsScene

from ra_game.app import MIN_SIZE, crash_message, create_app, step_frame
from ra_game.engine import Decision, GameState, Move, Tile, load_replay
from ra_game.engine import events as ev
from ra_game.engine.state import BID
from ra_game.table.seat_kinds import kind_of
from ra_game.table.seats import Seat
from ra_game.text import i18n
from ra_game.ui import theme
from ra_game.ui.animation import AnimationQueue
from ra_game.ui.board.director import Director
from ra_game.ui.board.model import DisplayModel
from ra_game.ui.board.widgets.status_line import ai_status, draw_status, human_status
from tooling.autopilot import key_events
from tooling.positions import changed, with_held

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "tests" / "fixtures"
#: The wide window, the tall one (the fixed board in two rows) and the smallest.
SIZES = [(1280, 720), (1000, 900), MIN_SIZE]
LANGS = list(i18n.LANGUAGES)
NAMES = ["You", "Hatshepsut", "Imhotep"]
#: The stored default seat names, which every screen shows translated.
DEFAULT_NAME = re.compile(r"\bYou\b|\bPlayer \d")

WORKERS_ROW = [key for key, *_ in ROWS].index("workers")  # Down presses to AI processes


# -- what an English msgid looks like once formatted ------------------------------------------

@functools.cache
def _english_patterns(lang: str) -> list[tuple[str, re.Pattern[str]]]:
    """Regexes of the English msgids whose translation in ``lang`` differs (placeholders match
    anything), so a drawn text matching one is English left on the screen."""
    from babel.messages.pofile import read_po

    path = i18n.LOCALE_DIR / lang / "LC_MESSAGES" / "ra_game.po"
    with path.open("rb") as fh:
        catalog = read_po(fh)
    out = []
    for m in catalog:
        if not m.id:
            continue
        pairs = zip(m.id, m.string) if isinstance(m.id, tuple) else [(m.id, m.string)]
        for english, translated in pairs:
            if english == translated or not re.search(r"[A-Za-z]{2}", english):
                continue
            parts = re.split(r"\{\w*\}", english)
            pattern = "(.+)".join(re.escape(p) for p in parts)
            rx = re.compile(f"^{pattern}$")
            if rx.match(translated):
                continue  # the translation reads the same around its placeholders
            out.append((english, rx))
    return out


def check_records(records: list[theme.TextRecord], lang: str, size: tuple[int, int],
                  where: str) -> list[str]:
    problems = []
    patterns = _english_patterns(lang) if lang != "en" else []
    for r in records:
        if r.lost_cap:
            problems.append(f"{where} {lang} {size}: {r.content!r} at {r.rect} leaves no room "
                            f"for its key cap {r.lost_cap!r}")
        if r.box is not None and r.content.strip() in ("\u2039", "\u203a"):
            problems.append(f"{where} {lang} {size}: an arrow wrapped onto a line of its own")
        if not r.fits:
            problems.append(f"{where} {lang} {size}: {r.content!r} at {r.rect} leaves {r.box}")
        if size == (1280, 720) and r.box is not None and 0 < r.size < 12:
            problems.append(f"{where} {lang}: {r.content!r} drawn at {r.size} px")
        for english, rx in patterns:
            if rx.match(r.content):
                problems.append(f"{where} {lang}: English {english!r} shown as {r.content!r}")
        if lang != "en" and DEFAULT_NAME.search(r.content):
            problems.append(f"{where} {lang}: a default name left in English in {r.content!r}")
    return problems


# -- scenes --------------------------------------------------------------------------------

def replay_events(path: Path) -> tuple[GameState, list[list[object]]]:
    """A golden replay played with our seat names; its final state and every move's events."""
    replay = load_replay(path)
    replay.players = [{"name": NAMES[i % 3] if i < 3 else f"Player {i}", "kind": "random"}
                      for i in range(len(replay.players))]
    state = replay.initial_state()
    events = [state.apply(Move.parse(text)) for text in replay.moves]
    return state, events


def god_position() -> GameState:
    s = GameState.new(3, seed=4, names=NAMES)
    return changed(s, current=0, auction=(Tile.GOLD, Tile.EARTHQUAKE, Tile.GOD, Tile.PHARAOH),
                   tiles=with_held(s, 0, {Tile.GOD: 2, Tile.FORTRESS: 2, Tile.TEMPLE: 1,
                                          Tile.PYRAMID: 1}))


def play_scene(ctx: Any, state: GameState, humans: int = 1) -> Any:

    seats = [Seat.of("human" if i < humans else "random", n) for i, n in enumerate(state.names)]
    return PlayScene(ctx, seats, seed=1, state=state)


def scene_makers() -> Iterator[tuple[str, Callable[[Any], Any], list[int]]]:
    """(name, make(ctx) -> scene, keys to press after it shows)."""
    from ra_game.scenes.handover import HandOverScene
    from ra_game.scenes.setup import SetupScene
    from ra_game.scenes.slots import SlotsScene
    from ra_game.scenes.title import TitleScene

    from ra_game.ui.error_scene import ErrorScene

    final, moves = replay_events(FIXTURES / "golden_3p_full.ra.json")
    scored = [e for m in moves for e in m if isinstance(e, ev.EpochScored)]
    over = next(e for m in moves for e in m if isinstance(e, ev.GameOver))
    tie = dataclasses.replace(over, tie_break=True)

    def setup_full(ctx: Any) -> Any:
        scene = SetupScene(ctx)
        scene.add_seat()
        scene.set_kind(2, kind_of("human"))
        return scene

    yield "title", TitleScene, []
    yield "slots", SlotsScene, []
    yield "slots_confirm", SlotsScene, [pygame.K_DELETE]
    yield "setup", SetupScene, [pygame.K_x]
    yield "setup5", setup_full, []
    yield "settings", SettingsScene, [pygame.K_DOWN, pygame.K_RIGHT]
    yield "settings_workers", SettingsScene, [pygame.K_DOWN] * WORKERS_ROW + [pygame.K_RIGHT]
    yield "handover", lambda ctx: HandOverScene(ctx, "Player 2"), []
    yield "error", lambda ctx: ErrorScene(ctx, crash_message(
        ValueError("x"), Path("/home/someone/.local/share/ra-game/error.log"))), []
    for e in scored:
        yield f"scoring{e.epoch}", lambda ctx, e=e: EpochScoringScene(ctx, e, final), []
    yield "scoring_hidden", lambda ctx: EpochScoringScene(ctx, scored[0], final, True), []
    yield "results", lambda ctx: FinalResultsScene(ctx, final, over), []
    yield "results_tie", lambda ctx: FinalResultsScene(ctx, final, tie), []
    yield "play_turn", lambda ctx: play_scene(ctx, god_position()), []
    yield "play_god", lambda ctx: play_scene(ctx, god_position()), [pygame.K_g, pygame.K_2]
    yield "play_discard", lambda ctx: play_scene(ctx, god_position()), [
        pygame.K_g, pygame.K_2, pygame.K_RETURN]
    yield "play_pause", lambda ctx: play_scene(ctx, god_position()), [pygame.K_ESCAPE]
    yield "play_bid", lambda ctx: play_scene(ctx, god_position()), [pygame.K_r]
    yield "play_over", lambda ctx: play_scene(ctx, final), []
    yield "play_log", lambda ctx: play_scene(ctx, final), [pygame.K_l]
    yield "play_tiles", lambda ctx: play_scene(ctx, god_position()), [pygame.K_t]
    yield "play_inspect", lambda ctx: play_scene(ctx, god_position()), [pygame.K_i]
    from ra_game.scenes.replays import ReplayListScene
    from ra_game.scenes.rules import RulesScene
    from ra_game.scenes.stats import StatsScene
    from ra_game.scenes.tutorial import load_lesson, tutorial_scene

    for key in (pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4, pygame.K_5, pygame.K_6,
                pygame.K_7, pygame.K_8, pygame.K_9, pygame.K_0):
        yield f"rules_{pygame.key.name(key)}", RulesScene, [key]
    yield "stats", StatsScene, []
    yield "replays", ReplayListScene, []
    for step in range(0, len(load_lesson()[1]), 5):
        yield f"tutorial_{step}", lambda ctx, step=step: tutorial_scene(ctx, step), []


def _settled(scene: Any) -> bool:
    """Whether a board's animations are over and it waits on a person (or the game is over);
    any other scene is settled at once."""
    queue = getattr(scene, "queue", None)
    if queue is None:
        return True
    return not queue.busy and (scene.state.over or scene.human_to_move())


def show(ctx: Any, scene: Any, keys: list[int]) -> None:
    ctx.scenes.clear_to(scene)
    step_frame(ctx, 1 / 60)
    for key in keys:
        for e in key_events(key):
            pygame.event.post(e)
        for _ in range(3):
            step_frame(ctx, 1 / 60)
        for _ in range(600):  # the board: until the moves are shown and a person is to move
            if _settled(scene):
                break
            step_frame(ctx, 1 / 60)
    for attr in ("skip",):  # scoring: the whole table, counted up
        if hasattr(scene, attr) and callable(getattr(scene, attr)):
            getattr(scene, attr)()
    if hasattr(scene, "t") and hasattr(scene, "series"):
        scene.t = 10.0  # results: the whole chart


@pytest.mark.slow
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_scene_fits_in_every_language(size: tuple[int, int]) -> None:
    from ra_game.files.saves import SlotWriter
    from tooling.faults import sample_save

    writer = SlotWriter(0, background=False)  # the title shows its "Continue" line with the date
    doc = sample_save(60, players=4)
    doc["players"][0]["name"], doc["players"][1]["name"] = "You", "Player 2"
    assert writer.write(doc) is None and writer.release() is None
    ctx, _w = create_app(size=size)
    ctx.settings.animation_speed = "max"
    problems: list[str] = []
    shown: set[str] = set()
    for lang in LANGS:
        i18n.set_language(lang)
        for name, make, keys in scene_makers():
            scene = make(ctx)
            with theme.record_text() as records:  # cached layers are drawn in the first frame
                show(ctx, scene, keys)
                ctx.scenes.top.draw(pygame.display.get_surface())
            assert records, f"{name}: nothing drawn"
            shown.update(f"{name}:{r.content}" for r in records)
            problems += check_records(records, lang, size, name)
    assert problems == []
    assert "play_discard:Deprem! Atılacak 2 Anıt karosu seç." in shown
    assert "play_god:1 karo al" in shown
    assert "rules_8:Puanlama: karolar" in shown  # the new screens are checked too
    assert any(item.startswith("tutorial_5:") for item in shown)
    assert any(item.startswith("stats:") for item in shown)
    assert any(item.startswith("settings_workers:Más procesos hacen") for item in shown)


@pytest.mark.slow
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_settings_ai_processes_fit_in_every_language(size: tuple[int, int]) -> None:
    """The AI processes row at its longest: a large saved count, and the note that
    ``--ai-workers`` wins for this session."""

    ctx, _w = create_app(size=size, ai_workers=64)
    ctx.settings.ai_workers = 256
    problems: list[str] = []
    shown = []
    for lang in LANGS:
        i18n.set_language(lang)
        scene = SettingsScene(ctx)
        with theme.record_text() as records:
            show(ctx, scene, [pygame.K_DOWN] * WORKERS_ROW)
            scene.draw(pygame.display.get_surface())
        shown += [r.content for r in records]
        problems += check_records(records, lang, size, "settings_cli")
    assert problems == []
    assert "AI processes: 256 processes" in shown
    assert "Procesos de la IA: 256 procesos" in shown
    assert any(text.startswith("Bu oturum 64 işlem kullanıyor") for text in shown)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_title_with_a_lesson_half_done_fits_in_every_language(size: tuple[int, int]) -> None:
    """The lesson's resume button ("Lesson: step 5/26") keeps one line in its button, with its key cap."""
    from ra_game.scenes.title import TitleScene
    from ra_game.scenes.tutorial import save_step

    save_step(4)
    ctx, _w = create_app(size=size)
    problems: list[str] = []
    shown: list[str] = []
    for lang in LANGS:
        i18n.set_language(lang)
        scene = TitleScene(ctx)
        with theme.record_text() as records:
            show(ctx, scene, [])
            scene.draw(pygame.display.get_surface())
        learn = scene.buttons["learn"]
        lines = {r.content for r in records if learn.rect.contains(r.rect) and r.box is not None}
        shown += [f"{lang}:{content}" for content in lines]
        assert len(lines) == 2, f"{lang}: the label on one line and its key cap: {lines}"
        problems += check_records(records, lang, size, "title_lesson")
    assert problems == []
    assert "en:P" in shown and any(t.startswith("en:") and "5" in t and "26" in t for t in shown)


def auction_of(seat: int, names: list[str], first: str) -> GameState:
    """Three players (the highest sun a 13): ``seat`` invokes Ra over one Gold tile, and the
    next seat's ``first`` move is made."""
    state = GameState.new(3, seed=2, names=names, suns=[[13, 8, 5, 2], [12, 9, 6, 3],
                                                         [11, 10, 7, 4]])
    state = changed(state, current=seat, auction=(Tile.GOLD,))
    state.apply("ra")
    state.apply(first)
    return state


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_bid_row_fits_in_every_language(size: tuple[int, int]) -> None:
    """A two-digit bid keeps its Enter key cap, and a seat's "pass" stays inside its bid chip."""
    ctx, _w = create_app(size=size)
    ctx.settings.animation_speed = "max"
    problems: list[str] = []
    for lang in LANGS:
        i18n.set_language(lang)
        state = auction_of(1, NAMES, "pass")
        assert state.current == 0 and state.phase == BID
        play = play_scene(ctx, state)
        play.model.passed[2] = True  # (as the pass's animation leaves it)
        with theme.record_text() as records:
            show(ctx, play, [pygame.K_1])
            play.draw(pygame.display.get_surface())
        problems += check_records(records, lang, size, "bid_row")
        view = play._view_for(size)
        texts = {r.content: r.rect for r in records if r.box is not None}
        bid = i18n._("Bid sun {sun}").format(sun=13)
        assert bid in texts and view.r(play.geom.rect("button_confirm")).contains(texts[bid])
        chip = play.geom.bid_chip(2).inflate(-8, 0)  # clear of its rounded ends
        assert view.r(chip).contains(texts[i18n._("pass")]), f"{lang}: pass leaves its chip"
    assert problems == []


# -- every status line -----------------------------------------------------------------------

class _Hooks:
    def sound(self, name: str) -> None: ...
    def epoch_scored(self, event: ev.EpochScored) -> None: ...
    def finish_game(self, event: ev.GameOver) -> None: ...
    def is_top(self) -> bool:
        return True


class _RecordingModel(DisplayModel):
    captions: list[Any]

    def __setattr__(self, key: str, value: Any) -> None:
        if key == "caption" and value:
            self.__dict__.setdefault("captions", []).append(value)
        super().__setattr__(key, value)


def every_caption() -> list[Any]:
    """The sentence (function) of every animated move of three whole games."""
    from ra_game.engine.replay import load_replay as load
    from ra_game.ui.board.geometry import BoardGeometry
    from ra_game.ui.layout import load_layout

    captions: list[Any] = []
    for fixture in ("golden_2p_full", "golden_3p_full", "golden_5p_discard"):
        replay = load(FIXTURES / f"{fixture}.ra.json")
        replay.players = [{"name": (NAMES + ["Khufu", "Player 2"])[i], "kind": "random"}
                          for i in range(len(replay.players))]
        state = replay.initial_state()
        model = _RecordingModel(state)
        director = Director(model, BoardGeometry(load_layout("play"), state.n), _Hooks())
        queue = AnimationQueue()
        for text in replay.moves:
            queue.add(director.animate(state.apply(Move.parse(text)), state))
            queue.skip()
        captions += model.__dict__.get("captions", [])
    return captions


def every_status() -> list[Callable[[], str]]:
    """Every kind of status line the board can show (as functions, made in each language)."""
    out: list[Callable[[], str]] = []
    for names in (NAMES, ["Ana", "Bo", "Cy"]):
        s = changed(god_position(), names=names)
        legal = s.legal_actions()
        for mode in ("turn", "god"):
            out.append(lambda s=s, m=mode, lg=legal: human_status(s, m, lg, 1))
        full = changed(god_position(), names=names, auction=(Tile.GOLD,) * 5 + (Tile.PHARAOH,) * 3)
        out.append(lambda s=full: human_status(s, "turn", s.legal_actions(), 0))
        forced = GameState.new(2, seed=2, names=names[:2], suns=[[9, 6, 5, 2], [8, 7, 4, 3]])
        forced = changed(forced, current=0, auction=(Tile.GOLD,))
        forced.apply("ra")
        forced.apply("pass")
        assert forced.phase == BID
        out.append(lambda s=forced: human_status(s, "bid", s.legal_actions(), 0))
        raised = auction_of(2, names, "bid:2")
        out.append(lambda s=raised: human_status(s, "bid", s.legal_actions(), 0))
        out.append(lambda s=raised: ai_status(s))
        for disaster in (Tile.WAR, Tile.EARTHQUAKE):
            d = changed(god_position(), names=names, decision=Decision.DISCARD, pending=(disaster,),
                        disaster_owner=0)
            out.append(lambda s=d: human_status(s, "discard", [], 0))
            out.append(lambda s=d: ai_status(s))
        idle = god_position()
        out.append(lambda s=idle: ai_status(s))
    return out


def every_small_button() -> list[tuple[str, str, str]]:
    """Undo, Hint and Log, all shown (the status line's narrowest room)."""
    return [("undo", i18n._("Undo"), "U"), ("hint", i18n._("Hint"), "H"),
            ("log", i18n._("Log"), "L")]


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_status_message_fits_in_every_language(size: tuple[int, int],
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """In the room Undo, Hint and Log leave it (each with its label and key cap)."""
    ctx, _w = create_app(size=size)
    play = play_scene(ctx, god_position())
    assert isinstance(play, PlayScene)
    view = play._view_for(size)
    monkeypatch.setattr(play.info, "buttons", every_small_button)
    messages = every_status() + every_caption()
    assert len(messages) > 200
    surface = pygame.Surface(size)
    problems: list[str] = []
    for lang in LANGS:
        i18n.set_language(lang)
        rect = play.info.status_rect()
        assert rect.width < play.geom.rect("status_line").width - 300
        with theme.record_text() as records:
            for message in messages:
                draw_status(surface, view, rect, message() if callable(message) else message)
        problems += check_records(records, lang, size, "status")
    assert problems == []


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_undo_hint_and_log_show_label_and_key_cap_in_every_language(
        size: tuple[int, int], monkeypatch: pytest.MonkeyPatch) -> None:
    """The small buttons beside the status line keep their words and their key caps, side by
    side inside the status row, at every window size."""
    ctx, _w = create_app(size=size)
    play = play_scene(ctx, god_position())
    assert isinstance(play, PlayScene)
    ctx.scenes.clear_to(play)
    monkeypatch.setattr(play.info, "buttons", every_small_button)
    problems: list[str] = []
    for lang in LANGS:
        i18n.set_language(lang)
        with theme.record_text() as records:
            step_frame(ctx, 1 / 60)
            play.draw(pygame.display.get_surface())
        problems += check_records(records, lang, size, "small_buttons")
        view, row = play._view_for(size), play.geom.rect("status_line")
        rects = play.info.button_rects()
        assert rects[0][3].x > row.x + row.width // 2, f"{lang}: the status line keeps half"
        for left, right in itertools.pairwise(r for *_name, r in rects):
            assert left.right < right.x
        assert rects[-1][3].right <= row.right
        for name, label, key, rect in rects:
            inside = {r.content for r in records if view.r(rect).contains(r.rect) and r.box}
            assert {label, key} <= inside, f"{lang} {size}: {name} shows {inside}"
    assert problems == []


# -- switching mid-game ----------------------------------------------------------------------

def test_switching_language_mid_game_changes_the_next_frame() -> None:
    """Esc -> Settings -> Language (Right) -> Esc: the board below speaks Spanish at once."""
    ctx, _w = create_app()
    play = play_scene(ctx, god_position())
    ctx.scenes.clear_to(play)
    for _ in range(3):
        step_frame(ctx, 1 / 60)
    assert play.status()[0].startswith("Your turn:")
    before = pygame.display.get_surface().copy()

    def press(key: int) -> None:
        for e in key_events(key):
            pygame.event.post(e)
        step_frame(ctx, 1 / 60)

    press(pygame.K_ESCAPE)  # pause menu
    press(pygame.K_s)  # Settings
    assert type(ctx.scenes.top) is SettingsScene
    press(pygame.K_RIGHT)  # English -> Español
    assert i18n.current_language() == "es" and ctx.settings.language == "es"
    with theme.record_text() as records:
        step_frame(ctx, 1 / 60)
    assert any(r.content == "Idioma: Español" for r in records)
    with theme.record_text() as records:
        press(pygame.K_ESCAPE)  # back to the paused board: its first frame is in Spanish
        assert ctx.scenes.top is play and play.pause is not None
        assert "Reanudar" in [r.content for r in records]
        press(pygame.K_ESCAPE)  # resume
    assert ctx.scenes.top is play and play.pause is None
    texts = [r.content for r in records]
    assert play.status()[0].startswith("Tu turno:")
    assert "Robar" in texts and "Invocar a Ra" in texts and "Pujas" in texts
    assert "Draw" not in texts and "Bids" not in texts
    assert pygame.display.get_surface().get_view("2").raw != before.get_view("2").raw


# -- a whole game in another language ----------------------------------------------------------

@pytest.mark.slow
@pytest.mark.parametrize(("lang", "by"), [("tr", "keyboard"), ("pt", "mouse")])
def test_a_whole_game_in_another_language(lang: str, by: str) -> None:
    """A person plays to the final results; every frame is checked: no English, no overflow."""
    import random

    from tooling.autopilot import Autopilot

    ctx, _w = create_app()
    ctx.settings.animation_speed = "max"
    i18n.set_language(lang)
    seats = [Seat.of("human", "You"), Seat.of("ai:easy", "Khufu"), Seat.of("random", "Imhotep")]
    play = PlayScene(ctx, seats, seed=7)
    ctx.scenes.clear_to(play)
    pilot = Autopilot(ctx, play, random.Random(7), by=by)
    problems: list[str] = []
    scenes: set[type[object]] = set()
    for _ in range(20000):
        top = ctx.scenes.top
        scenes.add(type(top))
        if type(top) is FinalResultsScene:
            with theme.record_text() as records:
                step_frame(ctx, 1 / 60)
            problems += check_records(records, lang, (1280, 720), "results")
            break
        for event in pilot.events():
            pygame.event.post(event)
        with theme.record_text() as records:
            step_frame(ctx, 1 / 60)
        problems += check_records(records, lang, (1280, 720), type(top).__name__)
        if len(problems) > 20:
            break
    assert play.state.over
    assert {PlayScene, EpochScoringScene, FinalResultsScene} <= scenes
    assert sorted(set(problems)) == []


# -- room to grow: every text 30 % longer ------------------------------------------------------

def _longer(text: str) -> str:
    """``text`` with every word of 3+ letters 30 % longer (placeholders kept)."""
    def word(m: re.Match[str]) -> str:
        return m.group(0) + "x" * round(len(m.group(0)) * 0.3)
    parts = re.split(r"(\{[^}]*\})", text)
    return "".join(p if p.startswith("{") else re.sub(r"[A-Za-z]{3,}", word, p) for p in parts)


class _LongerTranslations(gettext.NullTranslations):
    """A pseudo-language: the English text, 30 % longer (a future language's head room)."""

    def gettext(self, message: str) -> str:
        return _longer(message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return _longer(msgid1 if n == 1 else msgid2)

    def pgettext(self, context: str, message: str) -> str:
        return _longer(message)


@pytest.mark.slow
def test_text_30_percent_longer_than_english_still_fits(monkeypatch: pytest.MonkeyPatch) -> None:
    """Head room for the strings and languages still to come, at 1280x720."""
    ctx, _w = create_app()
    ctx.settings.animation_speed = "max"
    monkeypatch.setattr(i18n, "_translation", _LongerTranslations())
    monkeypatch.setattr(i18n, "_generation", i18n.generation() + 1000)
    problems: list[str] = []
    for name, make, keys in scene_makers():
        with theme.record_text() as records:
            show(ctx, make(ctx), keys)
            ctx.scenes.top.draw(pygame.display.get_surface())
        assert any("xx" in r.content for r in records), name
        problems += check_records(records, "en", (1280, 720), name)
    assert problems == []
