"""An engine error a player reads (why a replay cannot be watched, why a save cannot be resumed)
is shown in the chosen language, a reason inside it too; the engine's own text stays English."""

from __future__ import annotations

import json
import os
import pickle
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from ra_game.scenes.replays import ReplayListScene
from ra_game.scenes.title import TitleScene

from ra_game.app import create_app, run_frames
from ra_game.engine import GameState, IllegalMoveError, Move, NotationError, Tile
from ra_game.engine.tiles import TILE_NAMES
from ra_game.files.replays import replays_dir
from ra_game.files.saves import slot_path
from ra_game.text import i18n
from ra_game.text.words import TILE_LABELS, error_text, shown_path
from ra_game.ui import theme
from ra_game.ui.app_context import AppContext
from tooling.autopilot import press_key
from tooling.faults import sample_save
from tooling.positions import changed, with_held

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"


def start(lang: str) -> AppContext:
    i18n.override_language(lang)
    context, _ = create_app()
    run_frames(context, 2)
    return context


@pytest.fixture
def replays() -> Iterator[None]:
    """Two replays that cannot be watched: one seat only, and a pass where "You" must draw."""
    folder = replays_dir()
    folder.mkdir(parents=True, exist_ok=True)
    doc = json.loads((FIXTURES / "golden_2p_full.ra.json").read_text())
    alone = dict(doc, players=doc["players"][:1])
    (folder / "alone.ra.json").write_text(json.dumps(alone))
    first = GameState.new(2, seed=doc["seed"]).current
    doc["players"][first]["name"] = "You"
    doc["moves"][0] = "pass"
    (folder / "early_pass.ra.json").write_text(json.dumps(doc))
    yield
    pygame.display.quit()


def reasons(ctx: AppContext) -> dict[str, str | None]:
    press_key(ctx, pygame.K_w)
    listing = ctx.scenes.top
    assert isinstance(listing, ReplayListScene)
    return {e.path.name: e.error for e in listing.entries}


def test_the_replay_list_gives_each_reason_in_the_chosen_language(replays: None) -> None:
    shown = reasons(start("es"))
    assert shown["alone.ra.json"] == (
        "no es una repetición válida: 'players' debe listar de 2 a 5 jugadores")
    assert shown["early_pass.ra.json"] == (
        "la jugada 0 'pass' no es legal: Tú: no se puede jugar 'pass' ahora; toca jugar el "
        "turno: robar, invocar a Ra o jugar fichas de Dios.")


def test_in_english_the_reason_is_the_engines_own_text(replays: None) -> None:
    shown = reasons(start("en"))
    assert shown["alone.ra.json"] == "not a valid replay: 'players' must list 2 to 5 players"
    assert shown["early_pass.ra.json"] == (
        "move 0 'pass' is illegal: You cannot play 'pass' now: it is time to take your turn: "
        "draw, invoke Ra or play God tiles.")


def test_a_save_that_cannot_be_resumed_says_why_in_the_chosen_language() -> None:
    doc = sample_save(40, seed=3, players=3)
    doc["moves"][5] = "bid:99"
    path = slot_path(0)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(doc))
    ctx = start("pt")
    title = ctx.scenes.top
    assert isinstance(title, TitleScene)
    problem = str(title.save_problem)
    assert problem.startswith(
        "A partida salva não pode ser retomada: a jogada 5 'bid:99' não é permitida: sol inválido "
        "em 'bid:99': os sóis vão de 1 a 16. O arquivo foi guardado como ")
    with theme.record_text() as records:
        title.draw(pygame.display.get_surface())
    notice = [r for r in records if r.box == title.rects["notice"]]
    assert " ".join(r.content for r in notice) == problem
    assert len(notice) == 2 and all(r.fits for r in notice)  # wrapped, not shrunk to a speck
    pygame.display.quit()


def test_a_tile_named_in_an_error_is_translated() -> None:
    state = GameState.new(2, seed=1)
    state = changed(state, tiles=with_held(state, state.current, {Tile.GOD: 1}))
    with pytest.raises(IllegalMoveError) as caught:
        state.apply(Move("god", tiles=(Tile.PHARAOH,)))
    assert str(caught.value) == "There is no Pharaoh left on the auction track to take."
    i18n.set_language("tr")
    assert error_text(caught.value) == (
        "Açık artırma sırasında alınacak Firavun karosu kalmadı.")
    assert TILE_NAMES == TILE_LABELS  # the English names the errors use are the catalog's msgids


def test_a_kept_file_under_the_home_folder_is_named_from_tilde(
        ra_home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HOME", str(ra_home.parent))
    assert shown_path(ra_home / "x.json") == os.path.join("~", ra_home.name, "x.json")
    assert shown_path("/elsewhere/x.json") == "/elsewhere/x.json"
    doc = sample_save(40, seed=3, players=3)
    doc["moves"][5] = "bid:99"
    slot_path(0).parent.mkdir(parents=True, exist_ok=True)
    slot_path(0).write_text(json.dumps(doc))
    title = start("en").scenes.top
    assert isinstance(title, TitleScene)
    assert f"It was kept as ~{os.sep}{ra_home.name}{os.sep}" in str(title.save_problem)
    pygame.display.quit()


def test_an_error_passed_between_processes_is_still_translated() -> None:
    with pytest.raises(NotationError) as caught:
        Move.parse({"move": 1})  # type: ignore[arg-type]
    rebuilt = pickle.loads(pickle.dumps(caught.value))  # as from an AI worker process
    i18n.set_language("es")
    assert error_text(rebuilt) == error_text(caught.value) == (
        "una jugada debe ser un texto, no {'move': 1}")
    assert error_text(NotationError("braces {kept} as written")) == "braces {kept} as written"
