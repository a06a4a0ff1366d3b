"""The review's words: a claim (:mod:`~ra_game.review.claims`) as a sentence in the language
chosen now: the situation of a decision and one sentence saying why the better move was better.

Every sentence is whole and translated, with named placeholders filled after translation.
:func:`why` and :func:`situation` build the claim of a position and say it at once.
"""

from __future__ import annotations

from collections.abc import Callable

from ..engine import GameState
from ..engine.moves import DRAW, PASS, RA, bid_sun, is_bid, is_god, unpack_tiles
from ..text.i18n import N_, _, format_decimal, ngettext, npgettext, pgettext
from ..text.words import tiles_and
from .claims import Claim, Moment, Reason, Situation, situation_claim, why_claim


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


def _say(player: str | None, you: str, they: str, **values: object) -> str:
    """``you`` (translated) when the reviewed seat is the one at the screen (``player`` None),
    else ``they``, a sentence of its own naming ``player`` (third person)."""
    return (you if player is None else they).format(player=player, **values)


def _suns(suns: tuple[int, ...]) -> str:
    return _(", ").join(str(s) for s in suns)


def situation(state: GameState, seat: int, player: str | None = None) -> str:
    """The decision's position in words, e.g. "Epoch 2, auction of 5 tiles, you held 13, 6";
    ``player``: the reviewed seat's name as shown, None for "you"."""
    return situation_text(situation_claim(state, seat), player)


def situation_text(claim: Claim, player: str | None = None) -> str:
    """A situation claim in words (the language chosen now), of ``player`` (None: "you")."""
    kind, epoch = claim.kind, claim["epoch"]
    if kind is Situation.EMPTY_AUCTION:
        suns = claim.many("suns")
        return _say(player, ngettext(
            "Epoch {epoch}, an auction of the empty track, you held {suns}",
            "Epoch {epoch}, an auction of the empty track, you held {suns}", len(suns)), ngettext(
            "Epoch {epoch}, an auction of the empty track, {player} held {suns}",
            "Epoch {epoch}, an auction of the empty track, {player} held {suns}", len(suns)),
            epoch=epoch, suns=_suns(suns))
    if kind in (Situation.ONE_SUN_AUCTION, Situation.AUCTION):
        count = claim["count"]
        if kind is Situation.ONE_SUN_AUCTION:
            return _say(player, ngettext(
                "Epoch {epoch}, auction of {count} tile, you held only sun {sun}",
                "Epoch {epoch}, auction of {count} tiles, you held only sun {sun}", count),
                ngettext("Epoch {epoch}, auction of {count} tile, {player} held only sun {sun}",
                         "Epoch {epoch}, auction of {count} tiles, {player} held only sun {sun}",
                         count), epoch=epoch, count=count, sun=claim["sun"])
        return _say(player, ngettext("Epoch {epoch}, auction of {count} tile, you held {suns}",
                                     "Epoch {epoch}, auction of {count} tiles, you held {suns}",
                                     count),
                    ngettext("Epoch {epoch}, auction of {count} tile, {player} held {suns}",
                             "Epoch {epoch}, auction of {count} tiles, {player} held {suns}",
                             count), epoch=epoch, count=count, suns=_suns(claim.many("suns")))
    if kind is Situation.DISASTER:
        return _say(player, _("Epoch {epoch}, a disaster: you chose the tiles to discard"),
                    _("Epoch {epoch}, a disaster: {player} chose the tiles to discard"),
                    epoch=epoch)
    track = {"epoch": epoch, "ra": claim["ra"], "length": claim["length"]}
    if kind is Situation.EMPTY_TURN:
        return _say(player, _("Epoch {epoch}, your turn, the auction track empty, Ra track {ra} "
                              "of {length}"),
                    _("Epoch {epoch}, {player} to play, the auction track empty, Ra track {ra} "
                      "of {length}"), **track)
    count = claim["count"]
    return _say(player, ngettext(
        "Epoch {epoch}, your turn, {count} tile on the auction track, Ra track {ra} of {length}",
        "Epoch {epoch}, your turn, {count} tiles on the auction track, Ra track {ra} of {length}",
        count), ngettext(
        "Epoch {epoch}, {player} to play, {count} tile on the auction track, Ra track {ra} of "
        "{length}",
        "Epoch {epoch}, {player} to play, {count} tiles on the auction track, Ra track {ra} of "
        "{length}", count), count=count, **track)


def moment_text(claim: Claim, action: int, player: str | None = None) -> str:
    """The move as a player names it, of ``player`` (None: "you"): "Epoch 2, auction 4: you
    bid sun 9", "Epoch 1, your turn 3: you invoked Ra" (translated now)."""
    epoch, number = claim["epoch"], claim["number"]
    if claim.kind is Moment.AUCTION:
        return _auction_move(epoch, number, action, player)
    if action == DRAW:
        return _say(player, _("Epoch {epoch}, your turn {turn}: you drew a tile"),
                    _("Epoch {epoch}, {player}'s turn {turn}: drew a tile"),
                    epoch=epoch, turn=number)
    if action == RA:
        return _say(player, _("Epoch {epoch}, your turn {turn}: you invoked Ra"),
                    _("Epoch {epoch}, {player}'s turn {turn}: invoked Ra"),
                    epoch=epoch, turn=number)
    tiles = unpack_tiles(action)
    return _say(player, ngettext("Epoch {epoch}, your turn {turn}: you took {tiles} with a God",
                                 "Epoch {epoch}, your turn {turn}: you took {tiles} with {count} "
                                 "Gods", len(tiles)),
                ngettext("Epoch {epoch}, {player}'s turn {turn}: took {tiles} with a God",
                         "Epoch {epoch}, {player}'s turn {turn}: took {tiles} with {count} Gods",
                         len(tiles)),
                epoch=epoch, turn=number, tiles=tiles_and(tiles), count=len(tiles))


def _auction_move(epoch: int, number: int, action: int, player: str | None) -> str:
    if is_bid(action):
        return _say(player, _("Epoch {epoch}, auction {auction}: you bid sun {sun}"),
                    _("Epoch {epoch}, auction {auction}: {player} bid sun {sun}"),
                    epoch=epoch, auction=number, sun=bid_sun(action))
    if action == PASS:
        return _say(player, _("Epoch {epoch}, auction {auction}: you passed"),
                    _("Epoch {epoch}, auction {auction}: {player} passed"),
                    epoch=epoch, auction=number)
    tiles = unpack_tiles(action)
    return _say(player, ngettext("Epoch {epoch}, auction {auction}: you discarded the {tiles} "
                                 "tile", "Epoch {epoch}, auction {auction}: you discarded the "
                                 "{tiles} tiles", len(tiles)),
                ngettext("Epoch {epoch}, auction {auction}: {player} discarded the {tiles} tile",
                         "Epoch {epoch}, auction {auction}: {player} discarded the {tiles} tiles",
                         len(tiles)), epoch=epoch, auction=number, tiles=tiles_and(tiles))


def why(state: GameState, seat: int, played: int, better: int, loss: float,
        won: bool | None = None, player: str | None = None, winning: int | None = None) -> str:
    """One sentence saying why ``better`` beat ``played`` (which lost about ``loss`` fame);
    ``won``: for a bid played, whether it won the auction (None: not known), ``winning``: the
    sun that outbid it; ``player``: the reviewed seat's name as shown, None for "you"."""
    return why_text(why_claim(state, seat, played, better, won, winning), loss, player)


def why_text(claim: Claim, loss: float, player: str | None = None) -> str:
    """A reason claim in words (the language chosen now) of ``player`` (None: "you"): one
    sentence why, then what decides it (the centre sun, who could still outbid, the final sun
    race, the Ra tiles left); ``loss``: the fame lost."""
    return " ".join([reason_text(claim, format_decimal(loss), player),
                     *_deciding(claim, player)])


def _deciding(claim: Claim, player: str | None) -> list[str]:
    """The sentences naming what decides the advice, from the claim's numbers."""
    values = claim.values
    out = []
    if "center" in values:
        out.append((_("The prize was the centre sun {center}.") if not claim["lot"]
                    else _("The winner of this auction also takes the centre sun {center}."))
                   .format(center=claim["center"]))
    if "later" in values:
        out.append(_("A later rival held the {later}, enough to outbid the {sun}.").format(
            later=claim["later"], sun=claim["sun"]))
    if "winning" in values:
        out.append(_("A rival's {winning} won this auction.").format(winning=claim["winning"]))
    if "total" in values:
        race = {"total": claim["total"], "low": claim["low"], "high": claim["high"]}
        rivals = claim["players"] - 1
        if race["low"] == race["high"]:
            out.append(_say(player, ngettext(
                "Final sun race: your suns total {total}, your rival's {high}.",
                "Final sun race: your suns total {total}, every rival's {high}.", rivals),
                ngettext("Final sun race: the suns of {player} total {total}, their rival's "
                         "{high}.",
                         "Final sun race: the suns of {player} total {total}, every rival's "
                         "{high}.", rivals), **race))
        else:
            out.append(_say(player, _("Final sun race: your suns total {total}, your rivals' "
                                      "from {low} to {high}."),
                            _("Final sun race: the suns of {player} total {total}, the "
                              "rivals' from {low} to {high}."), **race))
    if "more" in values:
        more = claim["more"]
        if claim.kind in (Reason.DRAW_EMPTY, Reason.DRAW_LOT):  # its sentence counts the bag
            # Translators: "at the latest": the epoch also ends when every sun is spent
            out.append(ngettext("The epoch ends with the next Ra tile at the latest.",
                                "The epoch ends after {more} more Ra tiles at the latest.",
                                more).format(more=more))
        else:
            # Translators: "at the latest": the epoch also ends when every sun is spent
            out.append(ngettext(
                "The epoch ends with the next Ra tile at the latest; {ra} of the {left} tiles "
                "in the bag are Ra tiles.",
                "The epoch ends after {more} more Ra tiles at the latest; {ra} of the {left} "
                "tiles in the bag are Ra tiles.", more).format(more=more, ra=claim["ra"],
                                                               left=claim["left"]))
    return out


def reason_text(claim: Claim, lost: str, player: str | None = None) -> str:
    """The reason's own sentence, without what decides it; ``lost``: the fame lost, in
    words."""
    words = _WORDS.get(claim.kind)
    if words is not None:
        return words(claim, lost, player)
    if isinstance(claim.kind, Reason) and claim.kind in SENTENCES:
        you, they = SENTENCES[claim.kind]
        values: dict[str, object] = {n: v for n, v in claim.values.items() if isinstance(v, int)}
        if "gain" in claim.values:
            values["value"] = _value(claim["gain"])
        return _say(player, _(you), _(they), loss=lost, **values)
    return _("Here, {better} was worth about {loss} more fame than {played}.").format(
        better=move_words(claim["better"]), played=move_words(claim["played"]),
        loss=lost)


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


# -- turns, Gods and disasters


def _discard(c: Claim, lost: str, player: str | None) -> str:
    kept = c.many("better")
    return _say(player, ngettext(
        "Discarding {better} instead of {played} would have kept about {loss} more fame.",
        "Discarding {better} instead of {played} would have kept about {loss} more fame.",
        len(kept)), ngettext(
        "{player} would have kept about {loss} more fame by discarding {better} instead of "
        "{played}.",
        "{player} would have kept about {loss} more fame by discarding {better} instead of "
        "{played}.", len(kept)),
        better=tiles_and(kept), played=tiles_and(c.many("played")), loss=lost)


def _god_used(c: Claim, lost: str, player: str | None) -> str:
    taken = c.many("tiles")
    return _say(player, ngettext(
        "You used a God on {tiles}, worth {value} to you; keeping it was worth about {loss} "
        "more fame.",
        "You used {count} Gods on {tiles}, worth {value} to you; keeping them was worth about "
        "{loss} more fame.", len(taken)), ngettext(
        "{player} used a God on {tiles}, worth {value} to them; keeping it was worth about "
        "{loss} more fame.",
        "{player} used {count} Gods on {tiles}, worth {value} to them; keeping them was worth "
        "about {loss} more fame.", len(taken)),
        count=len(taken), tiles=tiles_and(taken), value=_value(c["gain"]), loss=lost)


def _god_missed(c: Claim, lost: str, player: str | None) -> str:
    taken = c.many("tiles")
    return _say(player, ngettext(
        "Your God could have taken the {tiles} tile, worth {value} to you: about {loss} more "
        "fame than your move.",
        "Your Gods could have taken the {tiles} tiles, worth {value} to you: about {loss} more "
        "fame than your move.", len(taken)), ngettext(
        "With a God, {player} could have taken the {tiles} tile, worth {value} to them: about "
        "{loss} more fame than the move played.",
        "With {count} Gods, {player} could have taken the {tiles} tiles, worth {value} to them: "
        "about {loss} more fame than the move played.", len(taken)),
        count=len(taken), tiles=tiles_and(taken), value=_value(c["gain"]), loss=lost)


def _invoke_empty(c: Claim, lost: str, player: str | None) -> str:
    rivals = c["rivals"]
    return _say(player, ngettext(
        "You invoked Ra on an empty auction track while a rival still held suns; drawing "
        "was worth about {loss} more fame.",
        "You invoked Ra on an empty auction track while {rivals} rivals still held suns; "
        "drawing was worth about {loss} more fame.", rivals), ngettext(
        "{player} invoked Ra on an empty auction track while a rival still held suns; drawing "
        "was worth about {loss} more fame.",
        "{player} invoked Ra on an empty auction track while {rivals} rivals still held suns; "
        "drawing was worth about {loss} more fame.", rivals), rivals=rivals, loss=lost)


def _invoke_lot(c: Claim, lost: str, player: str | None) -> str:
    count, rivals = c["count"], c["rivals"]
    if rivals == 1:
        you = ngettext(
            "You invoked Ra on {count} tile worth {value} to you while a rival still held "
            "suns; drawing on was worth about {loss} more fame.",
            "You invoked Ra on {count} tiles worth {value} to you while a rival still "
            "held suns; drawing on was worth about {loss} more fame.", count)
        they = ngettext(
            "{player} invoked Ra on {count} tile worth {value} to them while a rival still held "
            "suns; drawing on was worth about {loss} more fame.",
            "{player} invoked Ra on {count} tiles worth {value} to them while a rival still "
            "held suns; drawing on was worth about {loss} more fame.", count)
    else:
        you = ngettext(
            "You invoked Ra on {count} tile worth {value} to you while {rivals} rivals "
            "still held suns; drawing on was worth about {loss} more fame.",
            "You invoked Ra on {count} tiles worth {value} to you while {rivals} rivals "
            "still held suns; drawing on was worth about {loss} more fame.", count)
        they = ngettext(
            "{player} invoked Ra on {count} tile worth {value} to them while {rivals} rivals "
            "still held suns; drawing on was worth about {loss} more fame.",
            "{player} invoked Ra on {count} tiles worth {value} to them while {rivals} rivals "
            "still held suns; drawing on was worth about {loss} more fame.", count)
    return _say(player, you, they, count=count, value=_value(c["gain"]), rivals=rivals,
                loss=lost)


#: The sentences of the reasons that name no count: (of "you", of a named player), each
#: filled with the claim's numbers, "loss" and "value" (the lot's worth in words).
SENTENCES: dict[Reason, tuple[str, str]] = {
    Reason.DRAW_EMPTY: (
        N_("You drew again with the auction track empty; invoking Ra was worth about {loss} more "
           "fame ({ra} of the {left} tiles in the bag were Ra tiles)."),
        N_("{player} drew again with the auction track empty; invoking Ra was worth about {loss} "
           "more fame ({ra} of the {left} tiles in the bag were Ra tiles).")),
    Reason.DRAW_LOT: (
        N_("You drew again with a lot worth {value} to you on the track; invoking Ra was worth "
           "about {loss} more fame ({ra} of the {left} tiles in the bag were Ra tiles)."),
        N_("{player} drew again with a lot worth {value} to them on the track; invoking Ra was "
           "worth about {loss} more fame ({ra} of the {left} tiles in the bag were Ra tiles).")),
    Reason.PASS_EMPTY_WINS: (
        N_("You passed on the empty auction track (the centre sun alone); your {sun} would have "
           "won it."),
        N_("{player} passed on the empty auction track (the centre sun alone); their {sun} would "
           "have won it.")),
    Reason.PASS_EMPTY: (
        N_("You passed on the empty auction track (the centre sun alone); bidding your {sun} was "
           "worth about {loss} more fame."),
        N_("{player} passed on the empty auction track (the centre sun alone); bidding their "
           "{sun} was worth about {loss} more fame.")),
    Reason.PASS_WINS: (
        N_("You passed a lot worth {value} to you; your {sun} would have won it."),
        N_("{player} passed a lot worth {value} to them; their {sun} would have won it.")),
    Reason.PASS: (
        N_("You passed a lot worth {value} to you; bidding your {sun} was worth about {loss} more "
           "fame."),
        N_("{player} passed a lot worth {value} to them; bidding their {sun} was worth about "
           "{loss} more fame.")),
    Reason.OUTBID_HIGHER: (
        N_("Your {sun} was outbid; bidding your {better} instead was worth about {loss} more "
           "fame."),
        N_("{player} was outbid with the {sun}; bidding the {better} instead was worth about "
           "{loss} more fame.")),
    Reason.OUTBID_LOT: (
        N_("Your {sun} was outbid, and this lot was not worth the risk: passing was worth about "
           "{loss} more fame."),
        N_("{player} was outbid with the {sun}, and this lot was not worth the risk: passing was "
           "worth about {loss} more fame.")),
    Reason.OUTBID_EMPTY: (
        N_("Your {sun} was outbid on the empty auction track; passing was worth about {loss} more "
           "fame."),
        N_("{player} was outbid with the {sun} on the empty auction track; passing was worth "
           "about {loss} more fame.")),
    Reason.PAID_EMPTY: (
        N_("You paid your {sun} for an empty auction track; keeping the sun was worth about "
           "{loss} more fame."),
        N_("{player} paid the {sun} for an empty auction track; keeping the sun was worth about "
           "{loss} more fame.")),
    Reason.PAID: (
        N_("You paid your {sun} for a lot worth {value} to you; keeping the sun for a later lot "
           "was worth about {loss} more fame."),
        N_("{player} paid the {sun} for a lot worth {value} to them; keeping the sun for a later "
           "lot was worth about {loss} more fame.")),
    Reason.LOW_OUTBID: (
        N_("Your {sun} could still be outbid (a rival held {rival}); your {better} was worth "
           "about {loss} more fame."),
        N_("{player}'s {sun} could still be outbid (a rival held {rival}); the {better} was "
           "worth about {loss} more fame.")),
    Reason.HIGHER: (
        N_("Your {better} was worth about {loss} more fame than your {sun} on this lot."),
        N_("On this lot, the {better} was worth about {loss} more fame to {player} than the "
           "{sun}.")),
    Reason.HIGHER_EMPTY: (
        N_("On the empty auction track (the centre sun alone), your {better} was worth about "
           "{loss} more fame than your {sun}."),
        N_("On the empty auction track (the centre sun alone), the {better} was worth about "
           "{loss} more fame to {player} than the {sun}.")),
    Reason.LOWER_BEATEN: (
        N_("A later rival could still outbid your {better} (it held {rival}), yet the {better} "
           "was worth about {loss} more fame than your {sun}: the higher sun counts later."),
        N_("A later rival could still outbid {player}'s {better} (it held {rival}), yet the "
           "{better} was worth about {loss} more fame than the {sun}: the higher sun counts "
           "later.")),
    Reason.LOWER_DONE: (
        N_("You spent your {sun} where your {better} would have done; the higher sun was worth "
           "about {loss} more fame later."),
        N_("{player} spent the {sun} where the {better} would have done; the higher sun was worth "
           "about {loss} more fame later.")),
    Reason.INVOKE_ALONE: (
        N_("Only you still held suns: drawing on towards a full auction track was worth about "
           "{loss} more fame than invoking Ra."),
        N_("Only {player} still held suns: drawing on towards a full auction track was worth "
           "about {loss} more fame than invoking Ra.")),
}


_WORDS: dict[Situation | Reason | Moment, Callable[[Claim, str, str | None], str]] = {
    Reason.DISCARD: _discard, Reason.GOD_USED: _god_used, Reason.GOD_MISSED: _god_missed,
    Reason.INVOKE_EMPTY: _invoke_empty, Reason.INVOKE_LOT: _invoke_lot,
}
