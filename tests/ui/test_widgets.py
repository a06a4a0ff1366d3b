"""Buttons, choices, text fields and the focus group, driven by events without a scene."""

from __future__ import annotations

import pygame
import pytest

from ra_game.text import i18n
from ra_game.ui import theme
from ra_game.ui.assets import Assets
from ra_game.ui.widgets import Button, Choice, FocusGroup, TextInput


@pytest.fixture(autouse=True)
def display() -> None:
    pygame.display.init()
    pygame.font.init()


def key(k: int, mod: int = 0, unicode: str = "") -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=unicode)


def mouse(kind: int, pos: tuple[int, int]) -> pygame.event.Event:
    return pygame.event.Event(kind, pos=pos, button=1)


def test_a_click_needs_press_and_release_inside_and_an_enabled_button() -> None:
    hits: list[str] = []
    button = Button((10, 10, 100, 40), "Go", lambda: hits.append("go"))
    assert not button.handle_event(mouse(pygame.MOUSEBUTTONUP, (20, 20)))  # no press first
    assert button.handle_event(mouse(pygame.MOUSEBUTTONDOWN, (20, 20)))
    assert button.state_name() == "pressed"
    assert not button.handle_event(mouse(pygame.MOUSEBUTTONUP, (300, 300)))  # released outside
    assert hits == []
    button.handle_event(mouse(pygame.MOUSEBUTTONDOWN, (20, 20)))
    assert button.handle_event(mouse(pygame.MOUSEBUTTONUP, (21, 21)))
    assert hits == ["go"]
    button.enabled = False
    assert button.state_name() == "disabled"
    assert not button.handle_event(mouse(pygame.MOUSEBUTTONDOWN, (20, 20)))
    assert not button.handle_event(key(pygame.K_RETURN))
    assert hits == ["go"]


def test_shortcuts_ignore_ctrl_chords_and_show_as_a_keycap() -> None:
    hits: list[int] = []
    button = Button((0, 0, 300, 50), "Draw", lambda: hits.append(1), shortcut="d")
    assert button.hint == "D"
    assert not button.handle_event(key(pygame.K_d, mod=pygame.KMOD_LCTRL))
    assert button.handle_event(key(pygame.K_d))
    assert hits == [1]


def drawn_texts(button: Button) -> list[str]:
    surface = pygame.Surface((400, 100))
    with theme.record_text() as records:
        button.draw(surface, Assets())
    return [r.content for r in records]


def test_a_named_key_shows_on_its_key_cap_as_the_language_prints_it() -> None:
    delete = Button((0, 0, 300, 50), "Delete", lambda: None, shortcut=pygame.K_DELETE)
    back = Button((0, 0, 300, 50), "Back", lambda: None, shortcut=pygame.K_ESCAPE)
    assert (delete.hint, back.hint) == ("Del", "Esc")  # not pygame's "DELETE" / "ESCAPE"
    assert drawn_texts(delete) == ["Del", "Delete"]
    i18n.set_language("es")
    assert drawn_texts(delete) == ["Supr", "Borrar"]  # a fresh face: the cache knows the cap
    assert drawn_texts(Button((0, 0, 300, 50), "Draw", lambda: None, shortcut="d")) == [
        "D", "Robar"]


def test_focus_moves_with_tab_and_arrows_and_enter_activates() -> None:
    hits: list[str] = []
    a = Button((0, 0, 100, 40), "A", lambda: hits.append("a"))
    b = Button((0, 50, 100, 40), "B", lambda: hits.append("b"), enabled=False)
    c = Button((0, 100, 100, 40), "C", lambda: hits.append("c"))
    group = FocusGroup([a, b, c])
    assert group.focused is a
    group.handle_event(key(pygame.K_TAB))
    assert group.focused is c  # the disabled button is skipped
    group.handle_event(key(pygame.K_DOWN))
    assert group.focused is a  # wraps
    group.handle_event(key(pygame.K_TAB, mod=pygame.KMOD_LSHIFT))
    assert group.focused is c
    group.handle_event(key(pygame.K_SPACE))
    assert hits == ["c"]
    group.handle_event(mouse(pygame.MOUSEBUTTONDOWN, (5, 5)))
    group.handle_event(mouse(pygame.MOUSEBUTTONUP, (5, 5)))
    assert hits == ["c", "a"] and group.focused is a  # a click moves the focus too


def test_choice_cycles_both_ways_and_keeps_left_right_for_itself() -> None:
    seen: list[str] = []
    choice = Choice((0, 0, 300, 40), [("x", "X"), ("y", "Y"), ("z", "Z")], "y",
                    on_change=seen.append)
    other = Button((0, 50, 100, 40), "Other", lambda: None)
    group = FocusGroup([choice, other])
    group.handle_event(key(pygame.K_RIGHT))
    group.handle_event(key(pygame.K_RIGHT))
    group.handle_event(key(pygame.K_LEFT))
    assert seen == ["z", "x", "z"] and group.focused is choice
    group.handle_event(mouse(pygame.MOUSEBUTTONDOWN, (5, 20)))  # the left arrow goes back
    group.handle_event(mouse(pygame.MOUSEBUTTONUP, (5, 20)))
    assert choice.value == "y"


def test_text_input_takes_typing_only_while_focused() -> None:
    names: list[str] = []
    field = TextInput((0, 0, 200, 40), "Ra", on_change=names.append, max_length=4)
    hits: list[int] = []
    button = Button((0, 50, 100, 40), "Quit", lambda: hits.append(1), shortcut="q")
    group = FocusGroup([button, field])
    group.handle_event(pygame.event.Event(pygame.TEXTINPUT, text="m"))
    assert field.text == "Ra"
    group.handle_event(mouse(pygame.MOUSEBUTTONDOWN, (10, 10)))
    assert group.focused is field
    group.handle_event(key(pygame.K_q, unicode="q"))  # a letter typed is no shortcut
    group.handle_event(pygame.event.Event(pygame.TEXTINPUT, text="mses"))
    assert hits == [] and field.text == "Rams"  # cut at max_length
    group.handle_event(key(pygame.K_BACKSPACE))
    assert field.text == "Ram" and names[-1] == "Ram"
    group.handle_event(key(pygame.K_RETURN))  # Enter finishes typing: focus moves on
    assert group.focused is button and hits == []


def test_buttons_draw_in_every_state() -> None:
    from ra_game.ui.assets import Assets

    surface = pygame.Surface((400, 200))
    assets = Assets()
    button = Button((20, 20, 200, 50), "A long label that must shrink", lambda: None, shortcut="z",
                    style="primary")
    for state in ("idle", "hover", "pressed", "disabled"):
        button.hover, button.pressed = state == "hover", state == "pressed"
        button.enabled = state != "disabled"
        button.focused = state == "idle"
        surface.fill((0, 0, 0))
        button.draw(surface, assets)
        assert surface.get_at(button.rect.center) != (0, 0, 0, 255)


def test_a_button_label_layout_is_fresh_for_a_new_assets_after_the_font_module_restarts(
) -> None:
    """A cached label font belongs to its Assets: a new one (even at a reused address, as
    happens when one app closes and the next opens) never gets a font from a quit module."""
    from ra_game.ui.assets import Assets
    from ra_game.ui.widgets import button_label_layout

    for _ in range(5):
        first = Assets()
        font, lines = button_label_layout((140, 44), "Menu", first)
        assert font.size(lines[0])[0] > 0
        del first, font
        pygame.font.quit()
        pygame.font.init()
        font, lines = button_label_layout((140, 44), "Menu", Assets())
        assert font.size(lines[0])[0] > 0


def test_a_long_label_is_shrunk_to_keep_its_key_cap_beside_it() -> None:
    """A label too wide for the room a key cap leaves is set smaller (or wrapped), the cap
    kept; without the cap the same label takes the button's whole width at a larger size."""
    from ra_game.ui.assets import Assets
    from ra_game.ui.widgets import MIN_CAPPED_LABEL, button_label_layout, shows_keycap

    assets = Assets()
    size, label = (240, 44), "Assistir a uma demonstração"
    plain, _lines = button_label_layout(size, label, assets)
    font, lines = button_label_layout(size, label, assets, "Intro")
    widest = max(font.size(line)[0] for line in lines)
    assert shows_keycap(size, widest, "Intro", assets)
    assert not shows_keycap(size, plain.size(label)[0], "Intro", assets)
    assert MIN_CAPPED_LABEL <= font.get_height() < plain.get_height()


def test_a_score_tables_rows_start_right_under_its_header() -> None:
    """Two or three players leave no blank band between the header and the first row."""
    from ra_game.ui.assets import Assets
    from ra_game.ui.score_table import Column, ScoreTable

    table = ScoreTable([Column("Gods", None), Column("Fame", None, strong=True)])
    tops: list[int] = []
    table._row = lambda _s, _a, _row, box, *_rest: tops.append(box.y)  # type: ignore[method-assign]
    rect = pygame.Rect(0, 0, 1000, 520)
    table.draw(pygame.Surface(rect.size), rect, Assets(), [("You", 0, ["+2", "9"], 1.0)] * 2, 1.0)
    assert tops[0] == 100 + 12 and tops[1] - tops[0] == 84
