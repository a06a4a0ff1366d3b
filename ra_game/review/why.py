"""The review's words: a claim (:mod:`~ra_game.review.claims`) as a sentence in the language
chosen now: the situation of a decision and one sentence saying why the better move was better.

Every sentence is whole and translated, with named placeholders filled after translation.
:func:`why` and :func:`situation` build the claim of a position and say it at once.
"""

from __future__ import annotations

from ..engine import GameState
from ..engine.moves import DRAW, PASS, RA, bid_sun, is_bid, is_god, unpack_tiles
from ..i18n import _, format_decimal, ngettext, npgettext, pgettext
from ..ui.words import tiles_and
from .claims import Claim, Reason, Situation, situation_claim, why_claim


def _value(gain: int) -> str:
    """A lot's worth in whole fame with its counted unit ("about 1 fame", "about −2 fame",
    "next to nothing")."""
    if gain == 0:
        # Translators: a lot worth about 0 to the player, put into "a lot worth {value} to you"
        # (instead of "0 fame"; an empty auction track has sentences of its own)
        return pgettext("what a lot is worth", "next to nothing")
    # Translators: what a lot was worth to the player, in whole fame (can be 1 or below 0),
    # put into "a lot worth {value} to you"
    return ngettext("about {value} fame", "about {value} fame", abs(gain)).format(
        value=format_decimal(gain, 0))


def _suns(suns: tuple[int, ...]) -> str:
    return _(", ").join(str(s) for s in suns)


def situation(state: GameState, seat: int) -> str:
    """The decision's position in words, e.g. "Epoch 2, auction of 5 tiles, you held 13, 6"."""
    return situation_text(situation_claim(state, seat))


def situation_text(claim: Claim) -> str:
    """A situation claim in words (the language chosen now)."""
    kind, epoch = claim.kind, claim["epoch"]
    if kind is Situation.EMPTY_AUCTION:
        suns = claim.many("suns")
        return ngettext("Epoch {epoch}, an auction of the empty track, you held {suns}",
                        "Epoch {epoch}, an auction of the empty track, you held {suns}",
                        len(suns)).format(epoch=epoch, suns=_suns(suns))
    if kind is Situation.ONE_SUN_AUCTION:
        return ngettext("Epoch {epoch}, auction of {count} tile, you held only sun {sun}",
                        "Epoch {epoch}, auction of {count} tiles, you held only sun {sun}",
                        claim["count"]).format(epoch=epoch, count=claim["count"], sun=claim["sun"])
    if kind is Situation.AUCTION:
        return ngettext("Epoch {epoch}, auction of {count} tile, you held {suns}",
                        "Epoch {epoch}, auction of {count} tiles, you held {suns}",
                        claim["count"]).format(epoch=epoch, count=claim["count"],
                                               suns=_suns(claim.many("suns")))
    if kind is Situation.DISASTER:
        return _("Epoch {epoch}, a disaster: you chose the tiles to discard").format(epoch=epoch)
    if kind is Situation.EMPTY_TURN:
        return _("Epoch {epoch}, your turn, the auction track empty, Ra track {ra} of "
                 "{length}").format(epoch=epoch, ra=claim["ra"], length=claim["length"])
    return ngettext(
        "Epoch {epoch}, your turn, {count} tile on the auction track, Ra track {ra} of {length}",
        "Epoch {epoch}, your turn, {count} tiles on the auction track, Ra track {ra} of {length}",
        claim["count"]).format(epoch=epoch, count=claim["count"], ra=claim["ra"],
                               length=claim["length"])


def why(state: GameState, seat: int, played: int, better: int, loss: float,
        won: bool | None = None) -> str:
    """One sentence saying why ``better`` beat ``played`` (which lost about ``loss`` fame);
    ``won``: for a bid played, whether it won the auction (None: not known)."""
    return why_text(why_claim(state, seat, played, better, won), loss)


def why_text(claim: Claim, loss: float) -> str:
    """A reason claim as one sentence (the language chosen now); ``loss``: the fame lost."""
    kind, lost = claim.kind, format_decimal(loss)
    if kind is Reason.DISCARD:
        kept = claim.many("better")
        return ngettext("Discarding {better} instead of {played} would have kept about {loss} "
                        "more fame.", "Discarding {better} instead of {played} would have kept "
                        "about {loss} more fame.", len(kept)).format(
            better=tiles_and(kept), played=tiles_and(claim.many("played")), loss=lost)
    if kind is Reason.DRAW_EMPTY:
        return _("You drew again with the auction track empty; invoking Ra was worth about "
                 "{loss} more fame ({ra} of the {left} tiles in the bag were Ra "
                 "tiles).").format(loss=lost, ra=claim["ra"], left=claim["left"])
    if kind is Reason.DRAW_LOT:
        return _("You drew again with a lot worth {value} to you on the track; invoking Ra was "
                 "worth about {loss} more fame ({ra} of the {left} tiles in the bag were Ra "
                 "tiles).").format(value=_value(claim["gain"]), loss=lost, ra=claim["ra"],
                                   left=claim["left"])
    if kind is Reason.GOD_USED:
        taken = claim.many("tiles")
        return ngettext("You used a God on {tiles}, worth {value} to you; keeping it was worth "
                        "about {loss} more fame.",
                        "You used {count} Gods on {tiles}, worth {value} to you; keeping them was "
                        "worth about {loss} more fame.", len(taken)).format(
            count=len(taken), tiles=tiles_and(taken), value=_value(claim["gain"]), loss=lost)
    if kind is Reason.GOD_MISSED:
        taken = claim.many("tiles")
        return ngettext("Your God could have taken the {tiles} tile, worth {value} to you: "
                        "about {loss} more fame than your move.",
                        "Your Gods could have taken the {tiles} tiles, worth {value} to you: "
                        "about {loss} more fame than your move.", len(taken)).format(
            tiles=tiles_and(taken), value=_value(claim["gain"]), loss=lost)
    if kind in _BID_WORDS:
        return _BID_WORDS[kind](claim, lost)
    if kind in _INVOKE_WORDS:
        return _INVOKE_WORDS[kind](claim, lost)
    return _("Here, {better} was worth about {loss} more fame than {played}.").format(
        better=move_words(claim["better"]), played=move_words(claim["played"]), loss=lost)


def move_words(action: int) -> str:
    """A move as a sentence names it, translated (``bid with sun 9``, ``invoke Ra``): its own
    wording in the context "a move named in a sentence", apart from the board's button labels
    ("Pass", "Bid sun 12"), as in "played: pass; better: bid with sun 12"."""
    if action == DRAW:
        return pgettext("a move named in a sentence", "draw a tile")
    if action == RA:
        return pgettext("a move named in a sentence", "invoke Ra")
    if action == PASS:
        return pgettext("a move named in a sentence", "pass")
    if is_bid(action):
        return pgettext("a move named in a sentence", "bid with sun {sun}").format(
            sun=bid_sun(action))
    tiles = unpack_tiles(action)
    if is_god(action):
        return npgettext("a move named in a sentence", "take {tiles} with a God",
                         "take {tiles} with {count} Gods", len(tiles)).format(
            count=len(tiles), tiles=tiles_and(tiles))
    return npgettext("a move named in a sentence", "discard the {tiles} tile",
                     "discard the {tiles} tiles", len(tiles)).format(tiles=tiles_and(tiles))


# -- the auction's reasons


def _pass_empty_wins(c: Claim, lost: str) -> str:
    return _("You passed on the empty auction track (the centre sun alone); your {sun} "
             "would have won it.").format(sun=c["sun"])


def _pass_empty(c: Claim, lost: str) -> str:
    return _("You passed on the empty auction track (the centre sun alone); bidding your "
             "{sun} was worth about {loss} more fame.").format(sun=c["sun"], loss=lost)


def _pass_wins(c: Claim, lost: str) -> str:
    return _("You passed a lot worth {value} to you; your {sun} would have won it.").format(
        value=_value(c["gain"]), sun=c["sun"])


def _pass(c: Claim, lost: str) -> str:
    return _("You passed a lot worth {value} to you; bidding your {sun} was worth about "
             "{loss} more fame.").format(value=_value(c["gain"]), sun=c["sun"], loss=lost)


def _outbid_higher(c: Claim, lost: str) -> str:
    return _("Your {sun} was outbid; bidding your {better} instead was worth about {loss} "
             "more fame.").format(sun=c["sun"], better=c["better"], loss=lost)


def _outbid_lot(c: Claim, lost: str) -> str:
    return _("Your {sun} was outbid, and this lot was not worth the risk: passing was worth "
             "about {loss} more fame.").format(sun=c["sun"], loss=lost)


def _outbid_empty(c: Claim, lost: str) -> str:
    return _("Your {sun} was outbid on the empty auction track; passing was worth about "
             "{loss} more fame.").format(sun=c["sun"], loss=lost)


def _paid_empty(c: Claim, lost: str) -> str:
    return _("You paid your {sun} for an empty auction track; keeping the sun was worth "
             "about {loss} more fame.").format(sun=c["sun"], loss=lost)


def _paid(c: Claim, lost: str) -> str:
    return _("You paid your {sun} for a lot worth {value} to you; keeping the sun for a "
             "later lot was worth about {loss} more fame.").format(
        sun=c["sun"], value=_value(c["gain"]), loss=lost)


def _low_outbid(c: Claim, lost: str) -> str:
    return _("Your {sun} could still be outbid (a rival held {rival}); your {better} "
             "was worth about {loss} more fame.").format(
        sun=c["sun"], rival=c["rival"], better=c["better"], loss=lost)


def _higher(c: Claim, lost: str) -> str:
    return _("Your {better} was worth about {loss} more fame than your {sun} on this "
             "lot.").format(better=c["better"], sun=c["sun"], loss=lost)


def _lower_beaten(c: Claim, lost: str) -> str:
    return _("A later rival could still outbid your {better} (it held {rival}), yet the "
             "{better} was worth about {loss} more fame than your {sun}: the higher sun "
             "counts later.").format(better=c["better"], rival=c["rival"], sun=c["sun"],
                                     loss=lost)


def _lower_done(c: Claim, lost: str) -> str:
    return _("You spent your {sun} where your {better} would have done; the higher sun was "
             "worth about {loss} more fame later.").format(sun=c["sun"], better=c["better"],
                                                          loss=lost)


_BID_WORDS = {
    Reason.PASS_EMPTY_WINS: _pass_empty_wins, Reason.PASS_EMPTY: _pass_empty,
    Reason.PASS_WINS: _pass_wins, Reason.PASS: _pass, Reason.OUTBID_HIGHER: _outbid_higher,
    Reason.OUTBID_LOT: _outbid_lot, Reason.OUTBID_EMPTY: _outbid_empty,
    Reason.PAID_EMPTY: _paid_empty, Reason.PAID: _paid, Reason.LOW_OUTBID: _low_outbid,
    Reason.HIGHER: _higher, Reason.LOWER_BEATEN: _lower_beaten, Reason.LOWER_DONE: _lower_done,
}


# -- invoking Ra too soon


def _invoke_alone(c: Claim, lost: str) -> str:
    return _("Only you still held suns: drawing on towards a full auction track was worth "
             "about {loss} more fame than invoking Ra.").format(loss=lost)


def _invoke_empty(c: Claim, lost: str) -> str:
    return ngettext(
        "You invoked Ra on an empty auction track while a rival still held suns; drawing "
        "was worth about {loss} more fame.",
        "You invoked Ra on an empty auction track while {rivals} rivals still held suns; "
        "drawing was worth about {loss} more fame.", c["rivals"]).format(rivals=c["rivals"],
                                                                         loss=lost)


def _invoke_lot(c: Claim, lost: str) -> str:
    count, rivals = c["count"], c["rivals"]
    if rivals == 1:
        text = ngettext(
            "You invoked Ra on {count} tile worth {value} to you while a rival still held "
            "suns; drawing on was worth about {loss} more fame.",
            "You invoked Ra on {count} tiles worth {value} to you while a rival still "
            "held suns; drawing on was worth about {loss} more fame.", count)
    else:
        text = ngettext(
            "You invoked Ra on {count} tile worth {value} to you while {rivals} rivals "
            "still held suns; drawing on was worth about {loss} more fame.",
            "You invoked Ra on {count} tiles worth {value} to you while {rivals} rivals "
            "still held suns; drawing on was worth about {loss} more fame.", count)
    return text.format(count=count, value=_value(c["gain"]), rivals=rivals, loss=lost)


_INVOKE_WORDS = {Reason.INVOKE_ALONE: _invoke_alone, Reason.INVOKE_EMPTY: _invoke_empty,
                 Reason.INVOKE_LOT: _invoke_lot}
