"""The catalogs against the glossary of docs/translating.md and the printed rules, and every
count in the form its number asks for: each plural form of each language, the Hint lines'
worth for any number (its own words for 0 and below), and the terms a native review found
wrong (a hint is not the track, the key cap's name, a draw is a retirada, a seat is a yer)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from ra_game.engine import GameState
from ra_game.engine.moves import DRAW, PASS, RA, bid_action, god_action
from ra_game.engine.tiles import Tile
from ra_game.text import i18n
from ra_game.ui.board.parts import hint

LOCALE = i18n.LOCALE_DIR
DOCS = Path(__file__).resolve().parents[2] / "docs"
LANGS = ("es", "pt", "tr")


def entries(lang: str) -> Iterator[tuple[str, str, list[str]]]:
    """(msgid, msgid_plural or "", msgstrs) of every entry of ``lang``'s catalog."""
    with (LOCALE / lang / "LC_MESSAGES" / "ra_game.po").open("rb") as fh:
        for m in read_po(fh):
            if not m.id:
                continue
            ids = m.id if isinstance(m.id, tuple) else (m.id, "")
            strings = list(m.string) if isinstance(m.string, tuple) else [m.string]
            yield ids[0], ids[1], strings


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    i18n.set_language("en")


@pytest.mark.parametrize("lang", ["es", "pt"])
def test_every_plural_form_past_one_is_a_plural(lang: str) -> None:
    """Spanish and Portuguese: 0, 2, 3... take form 2 and a million form 1; where the English
    singular and plural differ, neither may read as the singular ("3 error en la lista")."""
    wrong = [(msgid, strings) for msgid, plural, strings in entries(lang)
             if plural and plural != msgid and (strings[2] == strings[0] or
                                                strings[1] == strings[0])]
    assert wrong == []
    i18n.set_language(lang)
    line = i18n.ngettext("{count} mistake listed, the costliest first:",
                         "{count} mistakes listed, the costliest first:", 3)
    assert line == {"es": "{count} errores en la lista, los más costosos primero:",
                    "pt": "{count} erros na lista, os mais custosos primeiro:"}[lang]


def _positions() -> Iterator[tuple[GameState, int]]:
    """A position for each kind of Hint line (bid, pass, draw, invoke Ra, play a God)."""
    state = GameState.new(3, seed=5)
    yield state.clone(), DRAW  # the empty auction track
    state.apply("draw")
    yield state.clone(), DRAW
    yield state.clone(), RA
    state.auction[1] = Tile.PHARAOH
    state.auction[2] = Tile.GOD
    state.tiles[state.current][Tile.GOD] += 1
    yield state.clone(), god_action((Tile.PHARAOH,))
    state.apply("ra")
    yield state.clone(), PASS
    yield state.clone(), bid_action(max(state.suns_up[state.current]))


@pytest.mark.parametrize("lang", ["en", *LANGS])
def test_the_hint_lines_count_their_worth_in_every_language(
        lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Whatever the lot is worth (below 0, 0, 1, many), the Hint line says it in words of that
    number: never "1 puntos", "0 pontos" or "0 puan"."""
    i18n.set_language(lang)
    wrong = re.compile(r"(?<![\d,.])(1 (puntos|pontos|fames)|0 (puntos|pontos|puan|fame)|"
                       r"about −?\d+ fame fame)\b")
    said: set[str] = set()
    for gain in (-2, -1, 0, 1, 2, 7):
        monkeypatch.setattr(hint, "lot_worth", lambda _s, _seat, g=gain: g)
        monkeypatch.setattr(hint, "tiles_worth", lambda _s, _seat, _t, g=gain: g)
        for state, action in _positions():
            text = hint.hint_reason(state, action)
            assert "{" not in text and not wrong.search(text), (gain, text)
            said.add(text)
    one = {"en": "about 1 fame", "es": "alrededor de 1 punto", "pt": "cerca de 1 ponto",
           "tr": "yaklaşık 1 puan"}[lang]
    nothing = {"en": "next to nothing", "es": "casi nada", "pt": "quase nada",
               "tr": "neredeyse sıfır puan"}[lang]
    assert any(one in t for t in said) and any(nothing in t for t in said)
    assert len(said) > 20  # the words follow the number


def _strings(lang: str, where: str = "") -> list[tuple[str, str]]:
    """(msgid, msgstr) of ``lang``'s entries whose msgid contains ``where``."""
    return [(msgid, s) for msgid, _p, strings in entries(lang) for s in strings
            if where.lower() in msgid.lower()]


def test_spanish_a_hint_is_a_consejo_and_enter_is_intro_as_the_key_cap_reads() -> None:
    hints = [(m, s) for m, s in _strings("es", "hint") if "track" not in m.lower()]
    assert len(hints) > 10 and [h for h in hints if re.search(r"\bpistas?\b", h[1])] == []
    assert [(m, s) for m, s in _strings("es") if re.search(r"\bEnter\b", s)] == []
    i18n.set_language("es")
    assert i18n.pgettext("key on the keyboard", "Enter") == "Intro"


def test_portuguese_draws_are_retiradas_auctions_are_won_and_seats_are_lugares() -> None:
    banned = re.compile(r"\bcompras?\b|\bsaco\b|\bsacad[ao]s?\b|\bassentos?\b|vez nº")
    assert [(m, s) for m, s in _strings("pt") if banned.search(s)] == []
    auctions = [(m, s) for m, s in _strings("pt") if "leilão" in s or "leilões" in s]
    assert len(auctions) > 10
    assert [(m, s) for m, s in auctions if re.search(r"\bvenc", s)
            and not re.search(r"game|most fame", m.lower())] == []  # vencer: the game


def test_turkish_never_says_koltuk_and_a_player_gains_kendisine() -> None:
    assert [(m, s) for m, s in _strings("tr") if "koltu" in s.lower()] == []
    themselves = _strings("tr", "worth {value} to them")
    assert len(themselves) >= 8
    assert [(m, s) for m, s in themselves if re.search(r"\bona\b", s)] == []
    assert all("kendisine" in s for _m, s in themselves)
    i18n.set_language("tr")
    # the host hands the away player's seat: "onun yerine", never "yerini" (read as your own)
    seat = i18n._("Hand the seat to an AI")
    assert "onun yerine" in seat and "yerini" not in seat


def test_the_translators_guide_never_suggests_a_count_for_a_turkish_sun() -> None:
    text = (DOCS / "translating.md").read_text("utf-8")
    for found in re.finditer(r"\{sun\} güneşi", text):
        assert "never" in text[found.start() - 12:found.start()], text[found.start() - 60:]
