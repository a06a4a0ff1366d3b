"""Another seat's review speaks of that seat: every situation and reason has a sentence of its
own naming the player (third person), in every language, and a review says "you" only of the
one person at the screen."""

from __future__ import annotations

import re

import pytest

from ra_game.engine.moves import DRAW, PASS, RA, bid_action
from ra_game.engine.tiles import Tile
from ra_game.review.claims import Claim, Reason, Situation
from ra_game.review.model import Mistake
from ra_game.review.why import situation_text, why_text
from ra_game.text.i18n import set_language
from ra_game.text.words import YOU
from tooling.positions import changed

from .test_review_words import auction

TILES = (int(Tile.GOLD), int(Tile.PHARAOH))
#: One claim of every kind, with the numbers its sentence names.
SAMPLES = [
    Claim(Situation.EMPTY_AUCTION, {"epoch": 2, "suns": (13, 6)}),
    Claim(Situation.ONE_SUN_AUCTION, {"epoch": 2, "count": 3, "sun": 9}),
    Claim(Situation.AUCTION, {"epoch": 2, "count": 3, "suns": (13, 6)}),
    Claim(Situation.DISASTER, {"epoch": 1}),
    Claim(Situation.EMPTY_TURN, {"epoch": 3, "ra": 2, "length": 8}),
    Claim(Situation.TURN, {"epoch": 3, "count": 4, "ra": 2, "length": 8}),
    Claim(Reason.DISCARD, {"better": TILES[:1], "played": TILES[1:]}),
    Claim(Reason.DRAW_EMPTY, {"ra": 3, "left": 40}),
    Claim(Reason.DRAW_LOT, {"ra": 3, "left": 40, "gain": 5}),
    Claim(Reason.GOD_USED, {"tiles": TILES, "gain": 1}),
    Claim(Reason.GOD_MISSED, {"tiles": TILES[:1], "gain": 4}),
    Claim(Reason.OTHER, {"played": DRAW, "better": RA}),
    *(Claim(kind, {"sun": 9}) for kind in (Reason.PASS_EMPTY_WINS, Reason.PASS_EMPTY,
                                            Reason.OUTBID_LOT, Reason.OUTBID_EMPTY,
                                            Reason.PAID_EMPTY)),
    *(Claim(kind, {"sun": 9, "gain": 6}) for kind in (Reason.PASS_WINS, Reason.PASS,
                                                       Reason.PAID)),
    *(Claim(kind, {"sun": 9, "better": 5}) for kind in (Reason.OUTBID_HIGHER, Reason.HIGHER,
                                                         Reason.HIGHER_EMPTY,
                                                         Reason.LOWER_DONE)),
    Claim(Reason.LOW_OUTBID, {"sun": 5, "rival": 7, "better": 9}),
    Claim(Reason.LOWER_BEATEN, {"sun": 9, "rival": 7, "better": 5}),
    Claim(Reason.INVOKE_ALONE),
    Claim(Reason.INVOKE_EMPTY, {"rivals": 2}),
    Claim(Reason.INVOKE_LOT, {"rivals": 1, "count": 3, "gain": 2}),
    Claim(Reason.INVOKE_LOT, {"rivals": 3, "count": 1, "gain": 0}),
]
SECOND_PERSON = re.compile(r"\b(you|your)\b", re.IGNORECASE)


@pytest.fixture(autouse=True)
def english():
    set_language("en")
    yield
    set_language("en")


def said(claim: Claim, player: str | None) -> str:
    if isinstance(claim.kind, Situation):
        return situation_text(claim, player)
    return why_text(claim, 2.5, player)


def test_every_kind_has_a_sample():
    kinds = {c.kind for c in SAMPLES}
    assert kinds == set(Situation) | set(Reason)


@pytest.mark.parametrize("claim", SAMPLES, ids=lambda c: c.kind.value)
def test_in_english_another_seat_is_named_never_you(claim: Claim):
    text = said(claim, "Bruno")
    if claim.kind is not Reason.OTHER:  # "Here, invoke Ra was worth..." names no one
        assert "Bruno" in text, text
    assert not SECOND_PERSON.search(text), text


@pytest.mark.parametrize("lang", ["es", "pt", "tr"])
def test_every_language_has_a_sentence_of_its_own_for_another_seat(lang: str):
    set_language(lang)
    for claim in SAMPLES:
        they, you = said(claim, "Bruno"), said(claim, None)
        if claim.kind is Reason.OTHER:
            assert they == you
            continue
        assert "Bruno" in they and they != you, (claim.kind, they)
        assert "{" not in they, they
        if lang == "tr":
            assert not re.search(r"\b\d+ güneş\b", they), they  # güneş 9, never 9 güneş


def test_a_mistake_speaks_of_its_seat_by_the_name_in_the_game():
    state = changed(auction([13, 6]), names=("Ana", YOU, "Chiara", "Dmitri"))
    theirs = Mistake.at(3, state, 0, PASS, bid_action(13), 2.5)
    assert theirs.player == "Ana" and theirs.why.startswith("Ana passed a lot worth")
    assert theirs.situation == "Epoch 1, auction of 2 tiles, Ana held 13, 6"
    assert theirs.line().startswith("Epoch 1, auction 1: Ana passed (Epoch 1, auction of 2 "
                                    "tiles, Ana held 13, 6); better: bid with sun 13")
    mine = Mistake.at(3, state, 1, PASS, bid_action(12), 2.5)
    assert mine.why.startswith("You passed") and "you held" in mine.situation
