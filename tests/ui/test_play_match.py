"""The play scene drives a Match through its seat controllers: what a person sees after a
replay step, a move or a hint that arrives on a still board, and the processes a scene leaves."""

from __future__ import annotations

import multiprocessing
import time
from collections.abc import Sequence

import pygame
import pytest

from ra_game.ai import workers
from ra_game.ai.parallel import TreeJob, TreeResult
from ra_game.app import create_app, step_frame, wants_frames
from ra_game.engine import GameState, Move, Observation, parse_replay, replay_dict
from ra_game.engine.events import Event
from ra_game.table.seats import Seat, Tick
from ra_game.ui import frames
from ra_game.ui.board.modes.mode import PLAIN, Mode
from ra_game.ui.board.modes.overlay import Overlay
from tooling.autopilot import key_events


@pytest.fixture(autouse=True)
def _no_frames_asked() -> None:
    frames.reset()

NAMES = ["You", "Imhotep", "Hatshepsut"]
KINDS = ["human", "ai:easy", "ai:easy"]


def quick_tree(job: TreeJob) -> TreeResult:
    """A fake search in a worker: a short wait, then a vote for the first legal action."""
    time.sleep(0.2)
    return TreeResult({job.obs.state.legal_actions()[0]: (1, 0.5)}, 1)


def first_to_move(players: int, seat: int) -> int:
    return next(s for s in range(1, 500) if GameState.new(players, seed=s).current == seat)


def with_a_choice(players: int, seed: int) -> GameState:
    """A position where seat 0 has a real choice for a search (a few tiles on the track)."""
    from ra_game.ai.mcts import candidate_actions
    from ra_game.engine.moves import DRAW

    state = GameState.new(players, seed=seed, names=NAMES[:players])
    while not (state.current == 0 and len(candidate_actions(state)) > 1):
        legal = state.legal_actions()
        state.apply_action(DRAW if DRAW in legal else legal[-1])
    return state


def test_after_a_replay_step_the_person_is_still_you() -> None:
    """``reset_to`` keeps the scene's sentences: the status line says "You draw", never
    "You draws" (the bug: a rebuilt Director spoke of "You" in the third person)."""
    from ra_game.scenes.replay_viewer import replay_scene

    seed = first_to_move(3, 0)
    state = GameState.new(3, seed=seed, names=NAMES)
    moves = ["draw"]
    state.apply("draw")
    while len(moves) < 4:
        move = state.legal_moves()[0]
        state.apply(move)
        moves.append(move.text)
    replay = parse_replay(replay_dict(state, moves, KINDS, seed))
    ctx, _w = create_app()
    ctx.settings.animation_speed = "slow"
    play = replay_scene(ctx, replay)
    ctx.scenes.clear_to(play)
    driver = play.overlay
    driver.jump(2)
    driver.jump(0)  # back to the start: the board was rebuilt
    driver.step_forward()  # You draw
    for _ in range(200):
        if play.model.caption:
            break
        play.queue.update(0.02)
    caption = play.status()[0]
    assert caption.startswith("You draw") and "draws" not in caption, caption


def test_a_hint_that_arrives_on_a_still_board_is_drawn_on_the_next_frame() -> None:
    from ra_game.scenes.play import PlayScene

    ctx, _w = create_app(ai_workers=1)
    ctx.settings.animation_speed = "max"
    play = PlayScene(ctx, [Seat.of("human", "You"), Seat.of("ai:easy", "E")], seed=1,
                     state=with_a_choice(2, 1))
    ctx.scenes.clear_to(play)
    play.info.hints.think_ms = 300  # a hard search in this process, for 0.3 s
    step_frame(ctx, 1 / 60)
    assert play.human_ready() and not play.is_animating()
    for e in key_events(pygame.K_h):
        pygame.event.post(e)
    step_frame(ctx, 1 / 60, always_draw=False)
    assert play.info.hints.thinking
    deadline = time.monotonic() + 30
    drew = False
    while play.info.hint_action() is None and time.monotonic() < deadline:
        assert not wants_frames(ctx)  # thinking on a still board: the loop rests
        drew = step_frame(ctx, 1 / 60, always_draw=False)
    assert play.info.hint_action() is not None
    assert drew, "the frame on which the hint arrived was not drawn"
    assert play.status()[0].startswith("Hint:")
    assert not step_frame(ctx, 1 / 60, always_draw=False)  # and then the board rests again
    play.close()


class FarSeat:
    """A controller that moves only when told to (like a person far away): it asks for no
    frames while it waits."""

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.ready = False

    def controls(self, seat: int) -> bool:
        return seat == self.seat

    def poll(self, obs: Observation, tick: Tick) -> Move | None:
        if not self.ready:
            return None
        self.ready = False
        return obs.state.legal_moves()[0]

    def on_applied(self, move: Move, events: Sequence[Event]) -> None:
        """Nothing to follow."""

    def on_reset(self, moves: Sequence[str]) -> None:
        """Nothing to forget."""

    def wants_frames(self, seat: int) -> bool:
        return False

    def wait(self, timeout: float) -> None:
        """Never headless here."""

    def close(self) -> None:
        """Nothing runs."""


def test_a_move_that_arrives_on_a_still_board_is_drawn_on_the_next_frame() -> None:
    from ra_game.scenes.play import PlayScene

    seed = first_to_move(2, 1)
    ctx, _w = create_app()
    ctx.settings.animation_speed = "max"
    far = FarSeat(1)
    play = PlayScene(ctx, [Seat.of("human", "You"), Seat.of("ai:easy", "Far")], seed=seed,
                     mode=Mode(scripted=frozenset({1})), controller=far)
    ctx.scenes.clear_to(play)
    step_frame(ctx, 1 / 60)
    assert play.turns.controller(1) is far and not play.is_animating() and not wants_frames(ctx)
    assert not play.turns.runner.controls(1)  # the mode's seat: no AI was made for it
    assert not step_frame(ctx, 1 / 60, always_draw=False)  # waiting: nothing drawn
    far.ready = True
    assert step_frame(ctx, 1 / 60, always_draw=False)  # its move is shown at once
    assert len(play.moves) == 1
    play.close()


def test_closing_a_scene_with_ai_seats_and_a_hint_stops_every_process(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A hint thinks on the scene's own worker processes (it starts none of its own), and
    leaving the game stops all of them."""
    from ra_game.scenes.play import PlayScene

    before = set(multiprocessing.active_children())
    monkeypatch.setattr(workers, "DEFAULT_RUNNER", quick_tree)
    ctx, _w = create_app(ai_workers=1)
    ctx.settings.animation_speed = "max"
    seats = [Seat.of("human", "You"), Seat.of("ai:hard", "H"), Seat.of("ai:expert", "X")]
    play = PlayScene(ctx, seats, seed=2, state=with_a_choice(3, 2))
    ctx.scenes.clear_to(play)
    step_frame(ctx, 1 / 60)
    assert play.human_ready()
    started = set(multiprocessing.active_children()) - before
    assert len(started) == 1  # the scene's one worker process
    for e in key_events(pygame.K_h):
        pygame.event.post(e)
    step_frame(ctx, 1 / 60)
    assert play.info.hints.thinking and play.info.hints.runner is not None
    assert play.info.hints.runner.pool is play.turns.runner.pool  # the scene's pool
    deadline = time.monotonic() + 30
    while play.info.hint_action() is None and time.monotonic() < deadline:
        step_frame(ctx, 1 / 60)
        time.sleep(0.01)
    assert play.info.hint_action() is not None
    assert set(multiprocessing.active_children()) - before == started  # none added
    ctx.scenes.close_all()  # the game is left
    assert set(multiprocessing.active_children()) - before == set()


class Notes(Overlay):
    """A mode's overlay: a line in the status line and an item in the pause menu."""

    def __init__(self) -> None:
        self.chosen: list[str] = []

    def status(self) -> str | None:
        return "Notes speak here."

    def pause_items(self) -> list[tuple[str, str, str]]:
        return [("note", "Take a note", "N")]

    def pause_choice(self, name: str) -> bool:
        self.chosen.append(name)
        return name == "note"


def test_a_plain_game_and_a_modes_overlay_on_the_same_board() -> None:
    """A plain game has the plain mode and an overlay that adds nothing; another mode's
    overlay speaks in the status line and adds to the pause menu, and its words lead it."""
    from ra_game.scenes.play import PlayScene

    ctx, _w = create_app()
    seats = [Seat.of("human", "You"), Seat.of("ai:easy", "E")]
    plain = PlayScene(ctx, seats, seed=3)
    assert plain.mode is PLAIN and type(plain.overlay) is Overlay
    assert plain.status()[0] != "Notes speak here."
    plain.close()
    notes = Notes()
    mode = Mode(quit_label="Leave the notes", pause_title="Notes", epoch_skip=False)
    play = PlayScene(ctx, seats, seed=3, mode=mode, overlay=notes)
    ctx.scenes.clear_to(play)
    step_frame(ctx, 1 / 60)
    assert play.status() == ("Notes speak here.", False) and play.overlay.scene is play
    assert not play.skip_offered()
    for event in key_events(pygame.K_ESCAPE):
        play.handle_event(event)
    assert play.pause is not None and play.pause.title == "Notes"
    assert ("note", "Take a note", "N") in play.pause.items
    assert ("quit", "Leave the notes", "Q") in play.pause.items
    for event in key_events(pygame.K_n):
        play.handle_event(event)
    assert notes.chosen == ["note"] and play.pause is None
    play.close()
