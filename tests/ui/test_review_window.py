"""Review my game in the window: the way in (results, replay viewer), the progress overlay and
its Cancel, the review list, a reviewed position on the board and trying the better move."""

from __future__ import annotations

import itertools
from pathlib import Path
from typing import Any

import pygame
from ra_game.scenes.play import PlayScene
from ra_game.scenes.replay_viewer import replay_scene
from ra_game.scenes.results import FinalResultsScene
from ra_game.scenes.review_list import ReviewListScene
from ra_game.scenes.review_position import ReviewViewer
from ra_game.scenes.review_progress import ReviewProgressScene
from ra_game.scenes.review_seat import SeatChoiceScene

from ra_game.app import run_frames
from ra_game.engine import GameState, Move, Replay, load_replay, replay_dict
from ra_game.engine.events import GameOver
from ra_game.engine.state import BID, TURN
from ra_game.review import Mistake, Review, ReviewBudget, ReviewJob
from ra_game.table.seats import Seat
from ra_game.ui.app_context import AppContext

GAME = Path(__file__).resolve().parents[1] / "fixtures" / "golden_2p_full.ra.json"
SMALL = ReviewBudget(trees=1, iterations=20)



def click(ctx: AppContext, pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    run_frames(ctx, 1)


def press(ctx: AppContext, key: int, unicode: str = "") -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=unicode))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode=unicode))
    run_frames(ctx, 1)


def finished(kinds: list[str]) -> tuple[GameState, GameOver, dict[str, Any], list[Seat]]:
    """The recorded game played to its end, with seats of ``kinds``."""
    replay = load_replay(GAME)
    state = replay.play()
    winner = state.winner or 0
    doc = replay_dict(state, replay.moves, kinds, None)
    seats = [Seat.of(kind, p["name"]) for kind, p in zip(kinds, replay.players)]
    return state, GameOver(winner, tuple(state.scores), False), doc, seats


def results(ctx: AppContext, kinds: list[str]) -> FinalResultsScene:
    state, over, doc, seats = finished(kinds)
    scene = FinalResultsScene(ctx, state, over, seats=seats, replay=doc)
    ctx.scenes.clear_to(scene)
    run_frames(ctx, 2)
    return scene


def decision(replay: Replay, seat: int, phase: int) -> tuple[int, str, str]:
    """The first decision of ``seat`` in ``phase`` with another legal move: its index, the
    move played and another legal move."""
    state = replay.initial_state()
    for index, text in enumerate(replay.moves):
        legal = [Move.from_action(a).text for a in state.legal_actions()]
        if state.current == seat and state.phase == phase and len(legal) > 1:
            other = next(m for m in legal if m != Move.parse(text).text)
            return index, text, other
        state.apply(Move.parse(text))
    raise AssertionError("no such decision")


def made_review(replay: Replay, phase: int = BID) -> Review:
    index, played, better = decision(replay, 0, phase)
    mistake = Mistake.at(index, replay.play(index), 0, Move.parse(played).action,
                         Move.parse(better).action, 6.25)
    return Review(seat=0, decisions=30, close=28, total_loss=9.5, mistakes=[mistake])


def test_the_board_layout_has_the_review_control_and_note() -> None:
    from ra_game.ui.layout import load_layout

    layout = load_layout("play")
    assert not layout.missing(["replay_review", "review_note"])
    controls = [layout.rect(f"replay_{n}") for n in ("speed", "review", "info")]
    assert not any(a.colliderect(b) for a, b in itertools.pairwise(controls))


# -- the way in ---------------------------------------------------------------------------------


def test_review_my_game_by_click_and_by_key_reviews_the_person(ctx: AppContext) -> None:
    scene = results(ctx, ["human", "ai:easy"])
    assert scene.review.text == "Review my game" and scene.review.enabled
    click(ctx, scene.review.rect.center)
    top = ctx.scenes.top
    assert isinstance(top, ReviewProgressScene) and top.seat == 0
    press(ctx, pygame.K_ESCAPE)  # Cancel
    assert ctx.scenes.top is scene
    press(ctx, pygame.K_r)
    assert isinstance(ctx.scenes.top, ReviewProgressScene)


def test_a_game_played_online_is_reviewed_from_its_results_and_its_replay(
        ctx: AppContext) -> None:
    """Online the results have no local seats (no Play again), yet Review my game reviews the
    person here; the server's replay (remote seats) is reviewed from the viewer too."""
    from ra_game.engine import parse_replay

    state, over, _doc, _seats = finished(["human", "human"])
    doc = replay_dict(state, load_replay(GAME).moves, ["remote", "human"], None)
    scene = FinalResultsScene(ctx, state, over, seats=None, replay=doc, players_here=[1])
    ctx.scenes.clear_to(scene)
    run_frames(ctx, 2)
    assert scene.review.text == "Review my game" and not scene.again.enabled
    press(ctx, pygame.K_r)
    top = ctx.scenes.top
    assert isinstance(top, ReviewProgressScene) and top.seat == 1
    run_frames(ctx, 2)
    assert top.job is not None and not top.error  # the server's replay plays
    press(ctx, pygame.K_ESCAPE)
    viewer = replay_scene(ctx, parse_replay(doc))
    ctx.scenes.clear_to(viewer)
    run_frames(ctx, 2)
    press(ctx, pygame.K_r)
    chooser = ctx.scenes.top
    assert isinstance(chooser, SeatChoiceScene) and chooser.seats == [0, 1]


def test_hotseat_asks_which_person_and_no_person_offers_every_seat(ctx: AppContext) -> None:
    scene = results(ctx, ["ai:easy", "human"])
    press(ctx, pygame.K_r)
    assert isinstance(ctx.scenes.top, ReviewProgressScene) and ctx.scenes.top.seat == 1
    press(ctx, pygame.K_ESCAPE)
    scene = results(ctx, ["human", "human"])
    press(ctx, pygame.K_r)
    chooser = ctx.scenes.top
    assert isinstance(chooser, SeatChoiceScene) and chooser.seats == [0, 1]
    assert [b.text for b in chooser.buttons] == ["Ana", "Bruno"]
    press(ctx, pygame.K_2)
    top = ctx.scenes.top
    assert isinstance(top, ReviewProgressScene) and top.seat == 1
    press(ctx, pygame.K_ESCAPE)
    assert ctx.scenes.top is scene
    scene = results(ctx, ["ai:easy", "ai:hard"])
    assert scene.review.text == "Review the game"
    click(ctx, scene.review.rect.center)
    chooser = ctx.scenes.top
    assert isinstance(chooser, SeatChoiceScene) and chooser.seats == [0, 1]
    click(ctx, chooser.buttons[0].rect.center)
    top = ctx.scenes.top
    assert isinstance(top, ReviewProgressScene) and top.seat == 0


def test_the_replay_viewer_asks_whose_decisions_by_click_and_by_key(ctx: AppContext) -> None:
    replay = load_replay(GAME)
    play = replay_scene(ctx, replay, "game.ra.json")
    ctx.scenes.clear_to(play)
    run_frames(ctx, 2)
    press(ctx, pygame.K_r)
    chooser = ctx.scenes.top
    assert isinstance(chooser, SeatChoiceScene) and chooser.seats == [0, 1]
    press(ctx, pygame.K_ESCAPE)
    assert ctx.scenes.top is play
    assert play.view is not None
    rect = play.view.r(play.geom.rect("replay_review"))
    click(ctx, rect.center)
    chooser = ctx.scenes.top
    assert isinstance(chooser, SeatChoiceScene)
    press(ctx, pygame.K_DOWN)  # Bruno
    press(ctx, pygame.K_RETURN)
    top = ctx.scenes.top
    assert isinstance(top, ReviewProgressScene) and top.seat == 1 and top.title == "game.ra.json"


# -- progress, list, position ----------------------------------------------------------------


def test_the_progress_runs_a_real_review_to_the_list(ctx: AppContext) -> None:
    replay = load_replay(GAME)
    # the search alone (the second opinion's play-outs are tested in tests/ai/test_review.py)
    job = ReviewJob(replay, 0, None, budget=SMALL, confirm=False)
    kept: dict[int, Review] = {}
    progress = ReviewProgressScene(ctx, replay, 0, job=job, reviews=kept)
    ctx.scenes.clear_to(progress)
    run_frames(ctx, 600, until=lambda c: progress.progress[0] > 0)
    done, total = progress.progress
    assert 0 < done < total and progress.is_animating()  # a small slice each frame
    run_frames(ctx, 3000, until=lambda c: c.scenes.top is not progress)
    listing = ctx.scenes.top
    assert isinstance(listing, ReviewListScene) and listing.review is job.result
    assert listing.mistakes and listing.show.enabled
    losses = [m.loss for m in listing.mistakes]
    assert losses == sorted(losses, reverse=True)  # the costliest first
    assert kept == {0: job.result}  # kept for the next time


def test_a_review_made_before_opens_at_once(ctx: AppContext) -> None:
    scene = results(ctx, ["human", "ai:easy"])
    scene.reviews[0] = made_review(load_replay(GAME))
    press(ctx, pygame.K_r)
    listing = ctx.scenes.top
    assert isinstance(listing, ReviewListScene) and listing.review is scene.reviews[0]
    press(ctx, pygame.K_ESCAPE)
    assert ctx.scenes.top is scene


def test_cancel_stops_the_review_and_its_worker_processes(ctx: AppContext) -> None:
    ctx.run.ai_workers = 1
    results_scene = results(ctx, ["human", "ai:easy"])
    press(ctx, pygame.K_r)
    progress = ctx.scenes.top
    assert isinstance(progress, ReviewProgressScene)
    run_frames(ctx, 3)
    assert progress.job is not None and progress.workers is not None
    pool = progress.workers.pool
    assert pool is not None and pool.current is not None  # the workers have the trees
    processes = [w.process for w in pool._workers]
    click(ctx, progress.cancel.rect.center)
    assert ctx.scenes.top is results_scene and progress.job.cancelled
    assert pool.closed and pool.current is None
    for process in processes:
        process.join(5)
        assert not process.is_alive()


def test_a_bad_seat_is_one_line_and_close(ctx: AppContext) -> None:
    replay = load_replay(GAME)
    progress = ReviewProgressScene(ctx, replay, 1, budget=SMALL)
    progress.seat = 7  # a replay the review cannot read for this seat
    ctx.scenes.clear_to(progress)
    run_frames(ctx, 2)
    assert progress.error.startswith("The game could not be reviewed:")
    assert progress.cancel.text == "Close" and not progress.is_animating()


def test_choosing_a_decision_opens_the_board_there_with_the_better_move_marked(
        ctx: AppContext) -> None:
    replay = load_replay(GAME)
    review = made_review(replay)
    listing = ReviewListScene(ctx, replay, review)
    ctx.scenes.clear_to(listing)
    run_frames(ctx, 2)
    mistake = listing.mistakes[0]
    click(ctx, listing.rects["row_0"].center)
    play = ctx.scenes.top
    assert isinstance(play, PlayScene) and isinstance(play.overlay, ReviewViewer)
    driver = play.overlay
    assert play.moves == replay.moves[:mistake.move] and driver.at_decision
    marks = driver.marks()
    sun = Move.parse(mistake.better).sun
    marked = [marks.controls[i] for i in marks.marked]
    assert ("sun", sun) in [(c.name, c.value) for c in marked]
    callout = driver.callout()
    assert callout is not None
    assert f"Better: bid with sun {sun}" in callout.text and mistake.why in callout.text
    assert callout.title == mistake.name and callout.title.startswith("Epoch 1, auction ")
    run_frames(ctx, 2)  # drawn without error
    press(ctx, pygame.K_RIGHT)  # the viewer's controls step on
    assert play.moves == replay.moves[:mistake.move + 1] and not driver.at_decision
    press(ctx, pygame.K_RETURN)  # back to the reviewed move
    assert driver.at_decision
    press(ctx, pygame.K_ESCAPE)
    assert ctx.scenes.top is listing
    press(ctx, pygame.K_RETURN)
    assert isinstance(ctx.scenes.top, PlayScene)


def test_try_the_better_move_plays_it_then_goes_back_to_the_game(ctx: AppContext) -> None:
    replay = load_replay(GAME)
    review = made_review(replay, TURN)
    listing = ReviewListScene(ctx, replay, review)
    ctx.scenes.clear_to(listing)
    press(ctx, pygame.K_RETURN)
    play = ctx.scenes.top
    assert isinstance(play, PlayScene) and isinstance(play.overlay, ReviewViewer)
    driver, mistake = play.overlay, review.mistakes[0]
    marked = [driver.marks().controls[i].name for i in driver.marks().marked]
    assert marked == [mistake.better]  # the Draw or Invoke Ra button, lit as a hint lights it
    made = [driver.marks().controls[i].name for i in driver.marks().played]
    assert made == [mistake.played]  # the button of the move made, outlined
    assert play.view is not None
    callout = driver.callout()
    assert callout is not None
    from ra_game.ui.board.widgets.callout import button_rects

    try_rect = play.view.r(button_rects(play.view, callout)[0])
    driver.think_ms = 5
    click(ctx, try_rect.center)
    assert play.moves == [*replay.moves[:mistake.move], mistake.better]
    assert driver.tried == mistake.better and play.queue.busy  # animated
    press(ctx, pygame.K_RIGHT)  # a tried move has no next move in the replay
    assert len(play.moves) == mistake.move + 1
    press(ctx, pygame.K_LEFT)  # back to the game as it was played, even while the AIs answer
    assert play.moves == replay.moves[:mistake.move] and driver.at_decision
    assert driver.play_on is None


def test_after_the_better_move_the_ais_play_on_to_the_end_of_the_auction(
        ctx: AppContext) -> None:
    """Reached by keys: Enter opens the decision, Enter tries the better move, the players
    answer as the hard AI would until the auction ends, Space pauses, Left goes back."""
    replay = load_replay(GAME)
    review = made_review(replay, TURN)
    ctx.scenes.clear_to(ReviewListScene(ctx, replay, review))
    press(ctx, pygame.K_RETURN)
    play = ctx.scenes.top
    assert isinstance(play, PlayScene) and isinstance(play.overlay, ReviewViewer)
    driver, mistake = play.overlay, review.mistakes[0]
    driver.think_ms = 5  # the hard AI's search, cut short for the test
    press(ctx, pygame.K_RETURN)
    assert play.moves == [*replay.moves[:mistake.move], mistake.better]
    on = driver.play_on
    assert on is not None and not on.finished
    press(ctx, pygame.K_SPACE)  # pause: nobody moves
    assert on.paused
    run_frames(ctx, 600, until=lambda c: not play.queue.busy)
    run_frames(ctx, 120)
    assert len(play.moves) == mistake.move + 1
    press(ctx, pygame.K_SPACE)
    assert not on.paused and "answer as the hard AI would" in (driver.status() or "")
    run_frames(ctx, 6000, until=lambda c: on.finished and not play.queue.busy)
    assert on.finished and on.auction_over and on.moves >= 2
    line = play.moves[mistake.move:]
    assert line[0] == mistake.better and len(line) == on.moves
    state = replay.play(upto=mistake.move)  # every answer a legal move of the tried line
    for text in line:
        state.apply(Move.parse(text))
    assert play.state.phase == TURN or play.state.over
    callout = driver.callout()
    assert callout is not None and callout.text.startswith("Tried: ")
    assert "as the hard AI would" in callout.text
    press(ctx, pygame.K_LEFT)
    assert play.moves == replay.moves[:mistake.move] and driver.at_decision


def test_a_god_move_and_a_discard_are_marked_on_their_tiles() -> None:
    from test_i18n_screens import god_position

    from ra_game.engine import Tile
    from ra_game.engine.state import DISCARD
    from ra_game.ui.board.geometry import BoardGeometry
    from ra_game.ui.board.parts.review_marks import mark_decision
    from ra_game.ui.layout import load_layout

    state = god_position()
    geom = BoardGeometry(load_layout("play"), state.n)
    marks = mark_decision(geom, state, Move("god", tiles=(Tile.PHARAOH,)).action)
    marked = [(c.name, c.value) for i, c in enumerate(marks.controls) if i in marks.marked]
    assert marked == [("god", 0), ("slot", 3)]  # Play God lit, the Pharaoh's slot ringed
    state.apply(Move("god", tiles=(Tile.EARTHQUAKE,)))
    assert state.phase == DISCARD
    better = Move("discard", tiles=(Tile.FORTRESS, Tile.TEMPLE))
    marks = mark_decision(geom, state, better.action)
    kinds = {c.value for i, c in enumerate(marks.controls) if i in marks.marked}
    assert marks.mode == "discard" and kinds == {Tile.FORTRESS, Tile.TEMPLE}
