"""A mode's overlay on its own: the replay viewer's playback built on a board without a play
scene (a match, the layout and an animation queue behind the overlays' ``Board`` protocol)."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pygame
from ra_game.scenes.replay_viewer import ReplayViewer

from ra_game.engine import GameState, Move
from ra_game.engine.replay import Replay
from ra_game.table.match import Match
from ra_game.ui.animation import AnimationQueue
from ra_game.ui.board.geometry import BoardGeometry
from ra_game.ui.layout import load_layout


def a_replay(moves: int = 24, seed: int = 4) -> Replay:
    """The first ``moves`` moves of a game of random choices."""
    state = GameState.new(2, seed=seed, names=["Ana", "Bo"])
    rng = random.Random(seed)
    played = []
    for _ in range(moves):
        move = rng.choice(state.legal_moves())
        state.apply(move)
        played.append(move.text)
    return Replay([{"name": "Ana", "kind": "human"}, {"name": "Bo", "kind": "ai:easy"}],
                  played, seed=seed)


class Shown:
    """What the overlay sees of a board, with no scene: the match it plays on, the layout,
    the animations (none here) and the game logs it was asked to rebuild."""

    def __init__(self, replay: Replay) -> None:
        self.match = Match(replay.initial_state())
        self.geom = BoardGeometry(load_layout("play"), self.match.state.n)
        self.queue = AnimationQueue()
        self.hover: tuple[float, float] | None = None
        self.records: list[int] = []

    #: The match's position and moves, as the play scene gives them.
    state = property(lambda self: self.match.state)
    moves = property(lambda self: self.match.moves)

    def is_top(self) -> bool:
        return True

    def apply(self, move: Move, offered: bool = False) -> None:
        self.match.apply(move)

    def reset_to(self, state: GameState, moves: Sequence[str]) -> None:
        self.match.reset(state, moves)

    def resume_record(self, moves: Sequence[list[object]], hints: object = None) -> None:
        self.records.append(len(moves))

    def to_base(self, pos: tuple[int, int]) -> tuple[float, float]:
        return float(pos[0]), float(pos[1])


def viewing(replay: Replay) -> tuple[ReplayViewer, Shown]:
    viewer, board = ReplayViewer(replay), Shown(replay)
    viewer.attach(board)  # type: ignore[arg-type]  # the members the viewer uses
    return viewer, board


def key(name: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=name, mod=0)


def test_the_keys_step_and_jump_through_the_replay_on_the_board() -> None:
    replay = a_replay()
    viewer, board = viewing(replay)
    assert viewer.handle_event(key(pygame.K_RIGHT))
    assert board.moves == replay.moves[:1]
    viewer.handle_event(key(pygame.K_END))
    assert board.moves == replay.moves and board.records == [len(replay.moves)]
    viewer.handle_event(key(pygame.K_LEFT))
    assert board.moves == replay.moves[:-1]
    assert board.state.summary() == replay.play(upto=len(replay.moves) - 1).summary()
    viewer.handle_event(key(pygame.K_HOME))
    assert board.moves == [] and board.records == [len(replay.moves), 23, 0]
    assert not viewer.handle_event(key(pygame.K_q))  # the board's, not the viewer's


def test_a_click_on_a_control_runs_it_and_play_stops_at_the_end() -> None:
    replay = a_replay(moves=3)
    viewer, board = viewing(replay)
    forward = viewer.rects()["forward"].center
    down = pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=forward)
    up = pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=forward)
    assert viewer.handle_event(down) and viewer.handle_event(up)
    assert board.moves == replay.moves[:1]
    viewer.command("play")
    assert viewer.playing and "Space pauses" in (viewer.status() or "")
    viewer.command("end")
    viewer.command("play")
    assert not viewer.playing  # nothing left to play
