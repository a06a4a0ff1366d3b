"""The review's screens in every language, at 1280x720 and at the smallest window: no text
leaves its box, none is drawn below 12 px at 1280x720, no English is left (the checks of
test_i18n_screens), with the review's own sentences of a real position."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest
from ra_game.scenes.results import FinalResultsScene
from ra_game.scenes.review_game import GameProgressScene, GameReviewScene
from ra_game.scenes.review_list import ReviewListScene
from ra_game.scenes.review_position import review_position_scene
from ra_game.scenes.review_progress import ReviewProgressScene
from ra_game.scenes.review_seat import SeatChoiceScene
from test_i18n_screens import LANGS, NAMES, SIZES, check_records, show

from ra_game.app import create_app
from ra_game.engine import Move, Replay, load_replay, replay_dict
from ra_game.engine.events import GameOver
from ra_game.review import Mistake, Review
from ra_game.review.game import GameReview
from ra_game.text import i18n
from ra_game.ui import theme

GAME = Path(__file__).resolve().parents[1] / "fixtures" / "golden_3p_full.ra.json"
#: A saved replay's file name, as the viewer shows it under the move count.
TITLE = "2026-11-30_2010_You-Imhotep-Hatshepsut.ra.json"


class HalfDone:
    """A review job stopped half-way (the progress overlay's picture; the overlays are shown
    alone here, over the backdrop)."""

    done = False
    result = None
    progress = (27, 54)

    def step(self, max_seconds: float = 0.01) -> None:
        """Does nothing: the bar stays half full."""

    def cancel(self) -> None:
        """Nothing runs."""


class WholeHalfDone(HalfDone):
    """A whole-game review stopped half-way, on the second seat."""

    seat = 1


def mistakes_of(replay: Replay, seat: int) -> list[Mistake]:
    """Two decisions of ``seat`` as mistakes, each with the second opinion's figure."""
    state = replay.initial_state()
    out: list[Mistake] = []
    for index, text in enumerate(replay.moves):
        played = Move.parse(text).action
        legal = state.legal_actions()
        if state.current == seat and len(legal) > 1 and len(out) < 2:
            better = next(a for a in legal if a != played)
            out.append(Mistake.at(index, state, seat, played, better, 6.5 - 3 * len(out),
                                  values={"second_opinion": 4.25}))
        state.apply(Move.parse(text))
    return out


def recorded() -> Replay:
    replay = load_replay(GAME)
    replay.players = [{"name": NAMES[i], "kind": "human" if i == 0 else "ai:hard"}
                      for i in range(len(replay.players))]
    return replay


def mistakes(replay: Replay, count: int = 5) -> list[Mistake]:
    """Seat 0's first ``count`` decisions with another legal move, as mistakes whose words are
    the review's own for those positions (in the language chosen now)."""
    state = replay.initial_state()
    out: list[Mistake] = []
    for index, text in enumerate(replay.moves):
        played = Move.parse(text).action
        legal = state.legal_actions()
        if state.current == 0 and len(legal) > 1 and len(out) < count:
            better = next(a for a in legal if a != played)
            out.append(Mistake.at(index, state, 0, played, better, 12.5 - len(out)))
        state.apply(Move.parse(text))
    return out


def makers(replay: Replay) -> Iterator[tuple[str, Callable[[Any], Any], list[int]]]:
    state = replay.play()
    doc = replay_dict(state, replay.moves, ["human"] * 3, None)
    over = GameOver(state.winner or 0, tuple(state.scores), False)
    review = Review(0, 54, 44, 76.5, mistakes(replay))
    worst = review.mistakes[0]

    yield "results", lambda ctx: FinalResultsScene(ctx, state, over, replay=doc), []
    yield "review_seat", lambda ctx: SeatChoiceScene(ctx, replay, [0, 1, 2]), []
    yield "review_progress", lambda ctx: ReviewProgressScene(ctx, replay, 1, job=HalfDone()), []
    yield "review_list", lambda ctx: ReviewListScene(ctx, replay, review), []
    yield "review_empty", lambda ctx: ReviewListScene(ctx, replay, Review(0, 54, 54, 0.0, [])), []
    game = GameReview.of(replay, {0: review, 1: Review(1, 50, 49, 3.5, mistakes_of(replay, 1)),
                                  2: Review(2, 50, 50, 0.0, [])})
    yield "review_game", lambda ctx: GameReviewScene(ctx, replay, game, 0), [pygame.K_RIGHT]
    yield "review_game_other", lambda ctx: GameReviewScene(ctx, replay, game, 1), [
        pygame.K_TAB, pygame.K_DOWN, pygame.K_TAB]
    yield "review_game_empty", lambda ctx: GameReviewScene(ctx, replay, game, 2), [
        pygame.K_END]
    yield "review_game_progress", lambda ctx: GameProgressScene(
        ctx, replay, 0, whole=WholeHalfDone()), []  # type: ignore[arg-type]
    yield "review_position", lambda ctx: review_position_scene(ctx, replay, worst), []
    yield "review_tried", lambda ctx: review_position_scene(ctx, replay, worst), [
        pygame.K_RETURN, pygame.K_SPACE]  # tried, the AIs' answers paused: the note shows
    yield "review_away", lambda ctx: review_position_scene(ctx, replay, worst, TITLE), [
        pygame.K_RIGHT]


@pytest.mark.slow
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_review_screens_fit_in_every_language(size: tuple[int, int]) -> None:
    ctx, _w = create_app(size=size)
    ctx.settings.animation_speed = "max"
    problems: list[str] = []
    shown: set[str] = set()
    try:
        for lang in LANGS:
            i18n.set_language(lang)
            for name, make, keys in makers(recorded()):
                scene = make(ctx)
                with theme.record_text() as records:
                    show(ctx, scene, keys)
                    ctx.scenes.top.draw(pygame.display.get_surface())
                assert records, f"{name}: nothing drawn"
                shown.update(f"{lang}:{name}:{r.content}" for r in records)
                problems += check_records(records, lang, size, name)
    finally:
        i18n.set_language("en")
        ctx.scenes.close_all()
    assert problems == [], "\n".join(problems)
    assert "es:review_list:Revisión de tu partida" in shown
    assert "tr:review_seat:YZ kimin kararlarını incelesin?" in shown
    assert any(s.startswith("pt:review_tried:Testada: ") for s in shown)
    assert "es:review_game:La partida entera de un vistazo" in shown
    assert "tr:review_game_other:Hatshepsut adlı oyuncunun tüm hataları: 2" in shown
