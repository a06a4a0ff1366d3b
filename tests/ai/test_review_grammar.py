"""The review's sentences keep their grammar in every language, rendered from real positions of
a recorded game: one sun held, a lot worth +1, −1 and 0, an empty track, one tile and three
tiles, and moves named inside a sentence (the native-speaker review's findings)."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from ra_game.engine import GameState, Move, load_replay
from ra_game.engine.moves import DRAW, PASS, bid_action, god_action
from ra_game.engine.preview import lot_worth
from ra_game.engine.state import BID, TURN
from ra_game.engine.tiles import Tile
from ra_game.review.claims import Claim, why_claim
from ra_game.review.model import Mistake
from ra_game.review.why import situation, why, why_text
from ra_game.text.i18n import set_language
from ra_game.text.words import tile_name

GAME = Path(__file__).resolve().parents[1] / "fixtures" / "golden_3p_full.ra.json"
LANGS = ("en", "es", "pt", "tr")


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    set_language("en")


def decisions() -> Iterator[GameState]:
    """Every position of the recorded game, before its move."""
    replay = load_replay(GAME)
    state = replay.initial_state()
    for text in replay.moves:
        yield state.clone()
        state.apply(Move.parse(text))


def first(test: Callable[[GameState], bool]) -> GameState:
    found = next((s for s in decisions() if test(s)), None)
    assert found is not None, "the recorded game has no such position"
    return found


def gain(state: GameState) -> int:
    return lot_worth(state, state.current)


def worth(value: int) -> str:
    """The reason of passing a lot worth ``value`` (a real position when a recorded game has
    one, else a real position's reason with that worth: no game here has a lot of −1)."""
    state = first(lambda s: s.phase == BID and bool(s.auction_tiles())
                  and gain(s) in (value, 2))
    claim = why_claim(state, state.current, PASS, bid_action(max(state.suns_up[state.current])))
    return why_text(Claim(claim.kind, {**claim.values, "gain": value}), 2.0)


def pass_why(state: GameState) -> str:
    return why(state, state.current, PASS, bid_action(max(state.suns_up[state.current])), 2.0)


@pytest.mark.parametrize("lang", LANGS)
def test_one_sun_held_is_named_in_the_singular(lang: str) -> None:
    state = first(lambda s: s.phase == BID and bool(s.auction_tiles())
                  and len(s.suns_up[s.current]) == 1)
    sun = state.suns_up[state.current][0]
    set_language(lang)
    text = situation(state, state.current)
    expected = {"en": f"you held only sun {sun}", "es": f"solo tenías el sol {sun}",
                "pt": f"você só tinha o sol {sun}", "tr": f"elinde yalnızca güneş {sun} vardı"}
    assert text.endswith(expected[lang])
    assert not re.search(r"los soles \d+$|os sóis \d+$|\d+ güneş", text)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(("value", "words"), [
    (1, {"en": "about 1 fame", "es": "alrededor de 1 punto para", "pt": "cerca de 1 ponto para",
         "tr": "yaklaşık 1 puan değerindeki"}),
    (-1, {"en": "about \u22121 fame", "es": "alrededor de \u22121 punto para",
          "pt": "cerca de \u22121 ponto para", "tr": "yaklaşık \u22121 puan değerindeki"}),
    (0, {"en": "worth next to nothing to you", "es": "valía casi nada para ti",
         "pt": "valia quase nada para você", "tr": "neredeyse sıfır puan değerindeki"}),
])
def test_a_lots_value_carries_its_counted_unit(lang: str, value: int,
                                              words: dict[str, str]) -> None:
    set_language(lang)
    text = worth(value)
    assert words[lang] in text
    whole = r"(?<![\d,.])"  # a whole number, not the end of "2,0"
    assert not re.search(rf"\+\d|{whole}1 (puntos|pontos)|{whole}0 (fame|puntos|pontos|puan)",
                         text)


@pytest.mark.parametrize("lang", LANGS)
def test_an_empty_track_is_not_called_a_lot_of_0_tiles(lang: str) -> None:
    state = first(lambda s: s.phase == BID and not s.auction_tiles())
    turn = first(lambda s: s.phase == TURN and not s.auction_tiles())
    set_language(lang)
    texts = [situation(state, state.current), pass_why(state), situation(turn, turn.current)]
    empty = {"en": "empty", "es": "vacía", "pt": "vazia", "tr": "boş"}[lang]
    assert all(empty in t for t in texts), texts
    assert not any(re.search(r"\b0 (tiles|fichas|peças|karo)|\blot\b|\blote\b", t)
                   for t in texts), texts


@pytest.mark.parametrize("lang", LANGS)
def test_tile_lists_are_counted_and_joined_with_and(lang: str) -> None:
    state = first(lambda s: s.phase == TURN
                  and len({t for t in s.auction_tiles() if t != Tile.GOD}) >= 3)
    tiles = sorted({int(t) for t in state.auction_tiles() if t != Tile.GOD})[:3]
    set_language(lang)
    one = why(state, state.current, DRAW, god_action(tiles[:1]), 2.0)
    three = why(state, state.current, DRAW, god_action(tiles), 2.0)
    a, b, c = (tile_name(t) for t in tiles)
    singular = {"en": f"the {a} tile", "es": f"la ficha de {a} (", "pt": f"a peça de {a} (",
                "tr": f"{a} karosunu"}
    joined = {"en": f"{a}, {b} and {c} tiles", "es": f"las fichas de {a}, {b} [ye] {c} (",
              "pt": f"as peças de {a}, {b} e {c} (", "tr": f"{a}, {b} ve {c} karolarını"}
    assert singular[lang] in one
    assert re.search(re.escape(joined[lang]).replace(r"\[ye\]", "[ye]"), three), three
    assert "podía haber" not in one + three


@pytest.mark.parametrize(("lang", "played", "better"), [
    ("en", ": Bruno bid sun ", "; better: pass ("),
    ("es", ": Bruno pujó con el sol ", "; mejor: pasar ("),
    ("pt", ": Bruno deu um lance com o sol ", "; melhor: passar ("),
    ("tr", ": Bruno güneş ", "; daha iyisi: pas ("),
])
def test_moves_inside_a_sentence_are_worded_for_it_not_as_button_labels(
        lang: str, played: str, better: str) -> None:
    state = first(lambda s: s.phase == BID and bool(s.auction_tiles()) and gain(s) == 1)
    sun = max(state.suns_up[state.current])
    set_language(lang)
    line = Mistake.at(3, state, state.current, bid_action(sun), PASS, 2.5).line()
    assert played in line and better in line
    assert "Teklif:" not in line and "Pujar" not in line and "Pasar" not in line

