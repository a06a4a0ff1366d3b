"""Seat names and AI levels as a player reads them: the default names ("You", "Player 2") in
the chosen language on every screen that lists seats (the replay list's dates too), and each
AI's level on the board."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path

import pygame
import pytest
from ra_game.scenes import replays as replays_module
from ra_game.scenes.play import PlayScene
from ra_game.scenes.replay_viewer import ReplayViewer
from ra_game.scenes.results import FinalResultsScene
from ra_game.scenes.slots import SlotsScene

from ra_game.app import MIN_SIZE, create_app, run_frames
from ra_game.engine import GameState
from ra_game.files.replays import replays_dir
from ra_game.files.saves import SlotWriter
from ra_game.table.seats import AI_NAMES, Seat, parse_seats
from ra_game.text import i18n
from ra_game.text.i18n import format_datetime
from ra_game.ui import theme
from ra_game.ui.app_context import AppContext
from ra_game.ui.board.view import View
from tooling.autopilot import press_key
from tooling.faults import sample_save

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"


def test_command_line_seats_get_the_names_the_setup_gives() -> None:
    seats = parse_seats("human,ai:hard,ai:easy,random")
    assert [s.name for s in seats] == ["You", "Imhotep", "Hatshepsut", "Ramesses"]
    assert [s.kind.code for s in seats] == ["human", "ai:hard", "ai:easy", "random"]


@pytest.fixture
def spanish_app() -> Iterator[AppContext]:
    """The app in Spanish with a saved game of "You" and "Player 2" in slot 0, and a replay
    of theirs in the replays folder."""
    doc = sample_save(40, seed=3, players=3, kinds=["human", "human", "ai:easy"])
    doc["players"][0]["name"], doc["players"][1]["name"] = "You", "Player 2"
    writer = SlotWriter(0, background=False)
    assert writer.write(doc) is None and writer.release() is None
    replay = json.loads((FIXTURES / "golden_2p_full.ra.json").read_text())
    replay["players"][0]["name"], replay["players"][1]["name"] = "You", "Player 2"
    replays_dir().mkdir(parents=True, exist_ok=True)
    (replays_dir() / "ours.ra.json").write_text(json.dumps(replay))
    i18n.override_language("es")
    context, _ = create_app()
    context.settings.animation_speed = "max"
    run_frames(context, 2)
    yield context
    pygame.display.quit()


def test_the_save_slots_show_default_names_in_the_chosen_language(
        spanish_app: AppContext) -> None:
    press_key(spanish_app, pygame.K_l)
    slots = spanish_app.scenes.top
    assert isinstance(slots, SlotsScene)
    with theme.record_text() as records:
        slots.draw(pygame.display.get_surface())
    shown = [r.content for r in records]
    # each seat with its fame, and whose turn it is: two saves of one table read apart
    assert any(re.fullmatch(r"Tú \d+, Jugador 2 \d+, Cy \(IA\) \d+", s) for s in shown), shown
    assert any(re.match(r"Época \d de 3 · (tu turno|turno de (Jugador 2|Cy)) · guardada el ", s)
               for s in shown), shown


def test_the_replay_list_and_viewer_show_default_names_in_the_chosen_language(
        spanish_app: AppContext, monkeypatch: pytest.MonkeyPatch) -> None:
    texts: list[str] = []
    real = replays_module.theme.text
    monkeypatch.setattr(replays_module.theme, "text", lambda surface, font, content, *rest, **kw: (
        texts.append(content), real(surface, font, content, *rest, **kw))[1])
    press_key(spanish_app, pygame.K_w)
    run_frames(spanish_app, 1)
    assert "Tú, Jugador 2" in texts
    saved = datetime.fromtimestamp((replays_dir() / "ours.ra.json").stat().st_mtime)
    assert format_datetime(saved, "es") in texts  # the date as the language writes it
    press_key(spanish_app, pygame.K_RETURN)
    play = spanish_app.scenes.top
    assert isinstance(play, PlayScene) and isinstance(play.overlay, ReplayViewer)
    press_key(spanish_app, pygame.K_END)
    status = play.overlay.status()
    assert status is not None and play.state.over
    winner = ["Tú", "Jugador 2"][play.state.winner or 0]
    assert status.startswith(f"La repetición ha terminado: gana {winner} con ")


def test_the_hints_line_of_the_results_names_you_in_the_chosen_language() -> None:
    i18n.set_language("es")
    state = GameState.new(2, seed=1, names=["You", "Player 2"])
    results = FinalResultsScene.__new__(FinalResultsScene)
    results.state, results.hints_used = state, [2, 1]
    assert results.hints_text() == "Consejos usados: Tú: 2 consejos, Jugador 2: 1 consejo."


def board_texts(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every text the board renders from now on."""
    texts: list[str] = []
    real = View.text

    def record(self, content, *args, **kwargs):  # type: ignore[no-untyped-def]
        texts.append(content)
        return real(self, content, *args, **kwargs)

    monkeypatch.setattr(View, "text", record)
    return texts


@pytest.mark.parametrize("lang, hard, easy", [("en", "AI · hard", "AI · easy"),
                                              ("es", "IA · difícil", "IA · fácil")])
def test_each_ai_seat_shows_its_level_beside_its_name(
        lang: str, hard: str, easy: str, monkeypatch: pytest.MonkeyPatch) -> None:
    i18n.override_language(lang)
    ctx, window = create_app(size=(1280, 720))
    seats = [Seat.of("human", "You"), Seat.of("ai:hard", "Imhotep"), Seat.of("ai:easy", "Hatshepsut")]
    play = PlayScene(ctx, seats, seed=5, state=GameState.new(3, seed=5, names=[
        s.name for s in seats]))
    texts = board_texts(monkeypatch)
    play.draw(window)
    assert hard in texts and easy in texts
    pygame.display.quit()


def tags_drawn(texts: list[str]) -> list[str]:
    return [t for t in texts if t == "AI" or t.startswith("AI · ")]


@pytest.mark.parametrize("players, tag", [(2, "AI · medium"), (4, "AI"), (5, "AI · medium")])
def test_the_tags_name_the_levels_on_every_seat_or_on_none_all_game_long(
        players: int, tag: str, monkeypatch: pytest.MonkeyPatch) -> None:
    ctx, window = create_app(size=(1280, 720))
    seats = [Seat.of("human", "You")] + [Seat.of("ai:medium", AI_NAMES[i]) for i in range(1, players)]
    play = PlayScene(ctx, seats, seed=2)
    texts = board_texts(monkeypatch)
    for seat in range(players):  # the turn and the Ra marker go round: the tags stay
        play.model.current = play.model.ra_player = seat
        play.areas._cache.clear()  # every area drawn afresh, not only the ones that changed
        texts.clear()
        play.draw(window)
        assert tags_drawn(texts) == [tag] * (players - 1)  # one on each AI's area
    pygame.display.quit()


def test_hovering_a_player_area_names_the_player_and_an_ais_level() -> None:
    i18n.override_language("es")
    ctx, _window = create_app(size=(1280, 720))
    play = PlayScene(ctx, [Seat.of("human", "You"), Seat.of("ai:easy", "Imhotep")], seed=2)
    ctx.scenes.clear_to(play)
    run_frames(ctx, 1)
    assert play.view is not None

    def hover(seat: int) -> str:
        area = play.areas.slots(play.model, seat).rect
        pos = play.view.r(pygame.Rect(area.right - 20, area.bottom - 20, 1, 1)).center
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                             buttons=(0, 0, 0)))
        run_frames(ctx, 1)
        return play.info.tooltip(play.hover)[0][0]

    assert hover(0) == "Tú"
    assert hover(1) == "Imhotep (IA · fácil)"
    pygame.display.quit()


def test_a_long_seat_list_is_cut_with_an_ellipsis_not_squeezed() -> None:
    doc = sample_save(40, seed=3, players=5, kinds=["human"] * 5)
    for i, player in enumerate(doc["players"]):
        player["name"] = f"MWMWMWMWMWMWMW {i + 1}"
    writer = SlotWriter(0, background=False)
    assert writer.write(doc) is None and writer.release() is None
    ctx, window = create_app(size=MIN_SIZE)
    run_frames(ctx, 2)
    press_key(ctx, pygame.K_l)
    slots = ctx.scenes.top
    assert isinstance(slots, SlotsScene)
    with theme.record_text() as records:
        slots.draw(window)
    row = [r for r in records if r.content.startswith("MWMWMWMWMWMWMW 1")]
    assert len(row) == 1 and row[0].fits and row[0].content.endswith("\u2026")
    pygame.display.quit()
