"""The wording a native-speaker review asked for, held in place: the catalogs' terms, numbers as
each language writes them, lists of names, and disasters named with their articles."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from babel.messages.pofile import read_po

from ra_game.engine import Decision
from ra_game.engine import events as ev
from ra_game.engine.tiles import Tile
from ra_game.text import i18n
from ra_game.text.words import names_list
from ra_game.ui.board.sentences import Sentences
from tooling.positions import changed

LOCALE = i18n.LOCALE_DIR


def entries(lang: str) -> Iterator[tuple[str | None, str, list[str]]]:
    """(context, msgid, msgstrs) of every entry of ``lang``'s catalog."""
    with (LOCALE / lang / "LC_MESSAGES" / "ra_game.po").open("rb") as fh:
        for m in read_po(fh):
            if m.id:
                msgid = m.id[0] if isinstance(m.id, tuple) else m.id
                strings = list(m.string) if isinstance(m.string, tuple) else [m.string]
                yield m.context, msgid, strings


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    i18n.set_language("en")


def test_a_hint_is_a_consejo_in_spanish_not_a_pista_which_is_the_track() -> None:
    hints = [(msgid, s) for _, msgid, strings in entries("es") for s in strings
             if msgid.startswith("Hint")]
    assert len(hints) > 10
    assert [h for h in hints if "Pista" in h[1] or "pista:" in h[1].lower()[:8]] == []


@pytest.mark.parametrize("lang", ["es", "pt", "tr"])
def test_tied_players_each_score_the_full_amount_not_a_share(lang: str) -> None:
    ties = [s for _, msgid, strings in entries(lang) for s in strings
            if "Tied players each score" in msgid or "tied players each score" in msgid]
    assert len(ties) == 2
    shared = re.compile(r"compart|divid|paylaş", re.IGNORECASE)
    assert [s for s in ties if shared.search(s)] == []
    assert all("ties share" not in msgid for _, msgid, _s in entries(lang))


def test_the_replay_viewers_play_button_plays_the_replay_not_a_game() -> None:
    expected = {"es": "Reproducir", "pt": "Reproduzir", "tr": "Oynat"}
    for lang, word in expected.items():
        i18n.set_language(lang)
        assert i18n.pgettext("start the replay", "Play") == word


@pytest.mark.parametrize(("lang", "decimal", "percent"), [
    ("en", "9.1", "25%"), ("es", "9,1", "25\u00a0%"), ("pt", "9,1", "25%"), ("tr", "9,1", "%25"),
])
def test_numbers_are_written_as_each_language_writes_them(lang: str, decimal: str,
                                                          percent: str) -> None:
    assert i18n.format_decimal(9.125, 1, lang) == decimal
    assert i18n.format_percent(25, lang) == percent
    assert i18n.format_decimal(1.5, None, lang) == "1" + decimal[1] + "5"
    assert i18n.format_decimal(-0.04, 1, lang) == ("0.0" if lang == "en" else "0,0")


def test_every_minus_sign_a_player_reads_is_the_same_sign() -> None:
    assert (i18n.format_signed(5), i18n.format_signed(-5), i18n.format_signed(0)) == (
        "+5", "\u22125", "0")
    for lang in ("es", "pt", "tr"):
        hyphen = [msgid for _, msgid, strings in entries(lang) for s in [msgid, *strings]
                  if re.search(r"(^|[\s(:;,])-\d", s)]
        assert hyphen == [], lang


@pytest.mark.parametrize(("lang", "names", "expected"), [
    ("es", ["You", "Imhotep"], "Tú e Imhotep"),
    ("es", ["Ana", "Bo", "Hilda"], "Ana, Bo e Hilda"),
    ("es", ["Ana", "Hierro"], "Ana y Hierro"),
    ("es", ["Imhotep", "Ana"], "Imhotep y Ana"),
    ("pt", ["You", "Imhotep"], "Você e Imhotep"),
    ("tr", ["You", "Imhotep"], "Sen ve Imhotep"),
    ("en", ["You", "Imhotep"], "You and Imhotep"),
])
def test_spanish_writes_e_for_y_before_an_i_sound(lang: str, names: list[str],
                                                 expected: str) -> None:
    i18n.set_language(lang)
    assert names_list(names) == expected


def test_turkish_softens_epok_before_a_vowel_and_names_buttons_without_a_glued_suffix() -> None:
    texts = [s for _, _id, strings in entries("tr") for s in strings]
    assert [s for s in texts if re.search(r"\b[Ee]pok[aeıiuü]", s)] == []
    assert any("epoğun" in s for s in texts) and any("Epoğun sonu" == s for s in texts)
    assert [s for s in texts if re.search(r"'(e|a|ya|ye) tıkla", s)] == []
    assert [s for s in texts if re.search(r"Nil'l|Tanrı'|Savaş'|Deprem'", s)] == []
    assert [s for s in texts if re.search(r"\blot(u|a)?\b", s)] == []
    # a suffix glued to a placeholder would not follow the name's vowels: never write one
    assert [s for s in texts if re.search(r"\}'?[a-zçğıöşü]", s)] == []


@pytest.mark.parametrize(("lang", "you", "them", "choosing"), [
    ("en", "The War strikes you: you lose Art.", "The Drought strikes Ana, who loses Flood.",
     "Ana chooses what the Earthquake takes..."),
    ("es", "La Guerra te golpea: pierdes Arte.", "La Sequía golpea a Ana, que pierde Inundación.",
     "Ana elige qué se lleva el Terremoto..."),
    ("pt", "A Guerra atinge você: você perde Arte.",
     "A Seca atinge Ana, que perde Inundação.", "Ana escolhe o que o Terremoto leva..."),
])
def test_disasters_are_named_with_their_articles(lang: str, you: str, them: str,
                                                 choosing: str) -> None:
    from ra_game.engine.state import GameState
    from ra_game.ui.board.widgets.status_line import ai_status

    i18n.set_language(lang)
    words = Sentences(["You", "Ana"], you=0)
    assert words.event(ev.DisasterResolved(0, Tile.WAR, (Tile.ART,))) == [you]
    assert words.event(ev.DisasterResolved(1, Tile.DROUGHT, (Tile.FLOOD,))) == [them]
    state = GameState.new(2, seed=1, names=["You", "Ana"])
    state = changed(state, decision=Decision.DISCARD, current=1, pending=(Tile.EARTHQUAKE,),
                    disaster_owner=1)
    assert ai_status(state, you=0) == choosing


def test_spanish_writes_e_before_every_i_sound_key_caps_included() -> None:
    texts = [s for _, _id, strings in entries("es") for s in strings]
    assert [s for s in texts if re.search(r"\by (?:[IiÍí]|[Hh][IiÍí])(?![aeouáéó])", s)] == []
    assert sum("e Intro" in s for s in texts) > 10


def test_portuguese_calls_one_match_a_partida_and_jogo_only_the_program_or_ra() -> None:
    # "saem do jogo": out of play, as the rule text says of spent Gods
    program_or_ra = re.compile(
        r"the game is shown|this game can(not)? read|board game|auction game|leave the game"
        r"|copy of the game|game server|game's data folder")
    jogo = [(msgid, s) for _, msgid, strings in entries("pt") for s in strings
            if re.search(r"\bgames?\b", msgid, re.IGNORECASE) and re.search(r"\bjogos?\b", s,
                                                                            re.IGNORECASE)]
    assert [(msgid, s) for msgid, s in jogo if not program_or_ra.search(msgid)] == []
    assert len(jogo) >= 3


def test_turkish_never_writes_sıradan_which_also_means_ordinary_and_one_word_for_sun_sets() -> None:
    texts = [s for _, _id, strings in entries("tr") for s in strings]
    assert [s for s in texts if re.search(r"\bsıradan\b", s)] == []
    assert [s for s in texts if "güneş takım" in s] == []
    assert sum("güneş set" in s for s in texts) >= 3


def test_turkish_writes_the_sun_disc_as_gunes_9_never_9_gunes_which_reads_as_a_count() -> None:
    texts = [s for _, _id, strings in entries("tr") for s in strings]
    assert [s for s in texts if re.search(r"\d+ güneş", s)] == []
    # a sun's number in a placeholder follows the word too ("güneş {sun}", not "{sun} güneşi")
    assert [s for s in texts if re.search(r"\{(sun|better|rival|high|other)\} güneş", s)] == []
    assert sum("güneş {sun}" in s for s in texts) >= 8


def test_spain_says_empatais_when_you_are_among_the_tied_players() -> None:
    from ra_game.scenes.results import verdict

    from ra_game.engine.events import GameOver
    from ra_game.engine.state import GameState

    i18n.set_language("es")
    state = changed(GameState.new(2, seed=1, names=["You", "Imhotep"]), scores=(20, 20))
    lost = GameOver(1, (20, 20), True)
    assert verdict(state, lost).startswith("Imhotep y Tú empatáis a 20 puntos; Imhotep gana")
    won = GameOver(0, (20, 20), True)
    assert "Tú empatáis a 20 puntos; ganas el desempate" in verdict(state, won)
