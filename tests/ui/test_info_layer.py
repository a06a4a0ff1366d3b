"""The information layer on its own: it reads the board through one frozen ``BoardNow`` (made
here, no scene) and its buttons, keys, clicks and tooltips follow what that value says."""

from __future__ import annotations

from dataclasses import replace

import pygame

from ra_game.engine import GameState
from ra_game.table.seat_kinds import kind_of
from ra_game.ui.board.controls import HumanInput
from ra_game.ui.board.geometry import BoardGeometry
from ra_game.ui.board.model import DisplayModel
from ra_game.ui.board.parts.hint import HintAdvisor
from ra_game.ui.board.parts.info_layer import BoardNow, InfoLayer
from ra_game.ui.board.sentences import Sentences
from ra_game.ui.board.widgets.player_area import PlayerAreas
from ra_game.ui.layout import load_layout


class Hints(HintAdvisor):
    """A hint advisor that notes the decisions it was asked about (and thinks about none)."""

    def __init__(self, n: int) -> None:
        super().__init__(n, seed=1)
        self.asked: list[object] = []

    def ask(self, state: GameState, token: object) -> None:
        self.asked.append(token)


class Table:
    """A board without a scene: the layer reads :attr:`now`, which a test changes."""

    def __init__(self, kinds: tuple[str, ...] = ("human", "ai:easy", "random")) -> None:
        state = GameState.new(len(kinds), seed=6, names=["You", "Ann", "Bo"][:len(kinds)])
        self.geom = BoardGeometry(load_layout("play"), state.n)
        self.now = BoardNow(state, 0, DisplayModel(state), PlayerAreas(self.geom),
                            HumanInput(self.geom), tuple(kind_of(code) for code in kinds))
        self.hints = Hints(state.n)
        self.info = InfoLayer(self.geom, Sentences(state.names, 0), self.hints,
                              lambda: self.now, state.observation)

    def set(self, **changes: object) -> None:
        self.now = replace(self.now, **changes)  # type: ignore[arg-type]

    def buttons(self) -> list[str]:
        return [name for name, _label, _key in self.info.buttons()]


def test_the_small_buttons_are_those_the_board_allows_now() -> None:
    table = Table()
    assert table.buttons() == ["log"]
    table.set(undo=True)
    assert table.buttons() == ["undo", "log"]
    table.set(ready=True)
    assert table.buttons() == ["undo", "hint", "log"]
    table.set(hints=False)  # a game that follows a script
    assert table.buttons() == ["undo", "log"]


def test_several_people_at_the_screen_get_hints_only_when_the_settings_say_so() -> None:
    table = Table(("human", "human"))
    table.set(ready=True)
    assert table.buttons() == ["log"]
    table.set(hotseat_hints=True)
    assert table.buttons() == ["hint", "log"]


def test_the_status_line_gives_way_to_each_button_shown() -> None:
    table = Table()
    alone = table.info.status_rect()
    table.set(undo=True, ready=True)
    beside = table.info.status_rect()
    assert beside.x == alone.x and beside.width < alone.width
    undo = table.info.button_rects()[0][3]
    assert beside.right < undo.x


def test_the_keys_answer_undo_only_when_the_board_allows_it() -> None:
    table = Table()
    assert table.info.key(pygame.K_u, 0) == "used"
    table.set(undo=True)
    assert table.info.key(pygame.K_u, 0) == "undo"
    assert table.info.key(pygame.K_z, pygame.KMOD_CTRL) == "undo"
    assert table.info.key(pygame.K_z, 0) is None  # the board's, not the layer's


def test_the_keys_open_the_log_and_the_counter_and_walk_the_player_areas() -> None:
    table = Table()
    info = table.info
    assert info.key(pygame.K_l, 0) == "used" and info.panel.open
    assert info.key(pygame.K_t, 0) == "used" and info.counter.open
    focus = []
    for _ in range(4):
        info.key(pygame.K_i, 0)
        focus.append(info.area_focus)
    assert focus == [0, 1, 2, None]


def test_a_hint_is_asked_for_the_decision_on_the_board() -> None:
    table = Table()
    table.info.key(pygame.K_h, 0)
    assert table.hints.asked == []  # no decision open
    table.set(ready=True, moves=7)
    assert table.info.key(pygame.K_h, 0) == "used"
    hint = next(r for name, _l, _k, r in table.info.button_rects() if name == "hint")
    assert table.info.click(hint.center) == "used"
    assert table.hints.asked == [7, 7]


def test_a_click_on_undo_is_the_undo_and_one_on_the_bag_opens_the_tile_counter() -> None:
    table = Table()
    table.set(undo=True)
    undo = table.info.button_rects()[0]
    assert undo[0] == "undo" and table.info.click(undo[3].center) == "undo"
    assert table.info.click(table.geom.rect("bag").center) == "used"
    assert table.info.counter.open


def test_a_seat_area_names_its_player_and_level_and_is_quiet_while_pieces_move() -> None:
    table = Table()
    area = table.now.areas.slots(table.now.model, 1).rect
    corner = (float(area.right - 20), float(area.bottom - 20))
    lines, anchor = table.info.tooltip(corner)
    assert lines[0] == f"Ann ({kind_of('ai:easy').shown()})" and anchor == corner
    table.set(kinds=(kind_of("human"), kind_of("human"), kind_of("random")))
    assert table.info.tooltip(corner)[0][0] == "Ann"  # a person: their name alone
    table.set(animating=True)
    assert table.info.tooltip(corner) == ([], None)
