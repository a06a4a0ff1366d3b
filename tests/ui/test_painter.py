"""The painter on its own: it draws one frozen :class:`BoardFrame` (built here from the board's
widgets, no scene), and what the frame says is what appears."""

from __future__ import annotations

from dataclasses import replace

import pygame
import pytest

from ra_game.engine import GameState
from ra_game.table.seat_kinds import kind_of
from ra_game.ui.assets import Assets
from ra_game.ui.board.controls import Control, HumanInput
from ra_game.ui.board.geometry import BoardGeometry
from ra_game.ui.board.model import DisplayModel
from ra_game.ui.board.modes.overlay import Overlay
from ra_game.ui.board.parts.epoch_skip import EpochSkip
from ra_game.ui.board.parts.frame import BoardFrame
from ra_game.ui.board.parts.painter import draw_board
from ra_game.ui.board.score_preview import ScorePreview
from ra_game.ui.board.view import View
from ra_game.ui.board.widgets.player_area import PlayerAreas
from ra_game.ui.layout import load_layout
from ra_game.ui.sprites import SpriteBank

SIZE = (1280, 720)


class Info:
    """The information layer as drawn: nothing of its own, the status line where the
    layout puts it; it keeps the pointer it was drawn with."""

    def __init__(self, geom: BoardGeometry) -> None:
        self.preview = ScorePreview()
        self.rect = geom.rect("status_line")
        self.hovers: list[tuple[float, float] | None] = []

    def hinted(self, controls: list[Control]) -> set[int]:
        return set()

    def status_rect(self) -> pygame.Rect:
        return self.rect

    def draw(self, surface: pygame.Surface, view: View,
             hover: tuple[float, float] | None) -> None:
        self.hovers.append(hover)


@pytest.fixture(scope="module")
def view() -> View:
    pygame.init()
    pygame.display.set_mode((320, 200))
    return View(SIZE, SpriteBank(Assets()))


def a_frame() -> BoardFrame:
    state = GameState.new(3, seed=6, names=["You", "Ann", "Bo"])
    geom = BoardGeometry(load_layout("play"), state.n)
    return BoardFrame(state, geom, DisplayModel(state), PlayerAreas(geom), HumanInput(geom),
                      Info(geom), Overlay(), EpochSkip(), ("Ann is thinking...", False),
                      kinds=tuple(kind_of(code) for code in ("human", "ai:easy", "random")))


def drawn(frame: BoardFrame, view: View, rect: pygame.Rect) -> bytes:
    """The pixels of ``rect`` (base pixels) once ``frame`` is drawn."""
    surface = pygame.Surface(SIZE)
    surface.fill((0, 0, 0))
    draw_board(surface, view, frame)
    return pygame.image.tobytes(surface.subsurface(view.r(rect)), "RGB")


def test_the_skip_button_shows_only_when_the_frame_says_so(view: View) -> None:
    frame = a_frame()
    rect = EpochSkip.rect(frame.geom)
    assert drawn(frame, view, rect) != drawn(replace(frame, skip_button=True), view, rect)


def test_the_status_line_shows_the_frames_text(view: View) -> None:
    frame = a_frame()
    rect = frame.info.status_rect()
    urgent = replace(frame, status=("Choose a tile to discard.", True))
    assert drawn(frame, view, rect) != drawn(urgent, view, rect)
    assert drawn(frame, view, rect) == drawn(a_frame(), view, rect)


def test_the_persons_controls_are_the_frames_own(view: View) -> None:
    frame = a_frame()
    frame.decision.begin(frame.state)
    controls = tuple(frame.decision.controls())
    rect = controls[0].rect
    assert drawn(frame, view, rect) != drawn(replace(frame, controls=controls), view, rect)


def test_the_information_layer_gets_the_pointer(view: View) -> None:
    frame = replace(a_frame(), hover=(10.0, 20.0))
    drawn(frame, view, frame.geom.rect("status_line"))
    assert isinstance(frame.info, Info) and frame.info.hovers == [(10.0, 20.0)]
