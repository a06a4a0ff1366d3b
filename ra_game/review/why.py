"""The review's words: the situation of a decision and one sentence saying why the better move
was better, each built from the numbers of the position (the lot's value to the seat by the
AI's evaluation, the suns, the tracks, the bag as a multiset) and the fame the search measured.

Every sentence is whole and translated, with named placeholders filled after translation.
"""

from __future__ import annotations

from ..ai.evaluate import Context, tiles_gain
from ..ai.policy import bidders_after
from ..engine import GameState
from ..engine.moves import DRAW, PASS, RA, bid_sun, is_bid, is_discard, is_god, unpack_tiles
from ..engine.state import BID, DISCARD
from ..engine.tiles import Tile
from ..i18n import _, format_decimal, ngettext, npgettext, pgettext
from ..ui.words import tiles_and


def _value(state: GameState, seat: int, tiles: list[int] | tuple[int, ...]) -> str:
    """What ``tiles`` are worth to ``seat`` by the evaluation (this epoch and later), in whole
    fame with its counted unit ("about 1 fame", "about −2 fame", "next to nothing")."""
    gain = round(tiles_gain(Context(state, tempo=True), state, seat, list(tiles)))
    if gain == 0:
        # Translators: a lot worth about 0 to the player, put into "a lot worth {value} to you"
        # (instead of "0 fame"; an empty auction track has sentences of its own)
        return pgettext("what a lot is worth", "next to nothing")
    # Translators: what a lot was worth to the player, in whole fame (can be 1 or below 0),
    # put into "a lot worth {value} to you"
    return ngettext("about {value} fame", "about {value} fame", abs(gain)).format(
        value=format_decimal(gain, 0))


def _suns(suns: list[int]) -> str:
    return _(", ").join(str(s) for s in suns)


def situation(state: GameState, seat: int) -> str:
    """The decision's position in words, e.g. "Epoch 2, auction of 5 tiles, you held 13, 6"."""
    count = len(state.auction_tiles())
    suns = state.suns_up[seat]
    if state.phase == BID and not count:
        return ngettext("Epoch {epoch}, an auction of the empty track, you held {suns}",
                        "Epoch {epoch}, an auction of the empty track, you held {suns}",
                        len(suns)).format(epoch=state.epoch, suns=_suns(suns))
    if state.phase == BID and len(suns) == 1:
        return ngettext("Epoch {epoch}, auction of {count} tile, you held only sun {sun}",
                        "Epoch {epoch}, auction of {count} tiles, you held only sun {sun}",
                        count).format(epoch=state.epoch, count=count, sun=suns[0])
    if state.phase == BID:
        return ngettext("Epoch {epoch}, auction of {count} tile, you held {suns}",
                        "Epoch {epoch}, auction of {count} tiles, you held {suns}", count).format(
            epoch=state.epoch, count=count, suns=_suns(state.suns_up[seat]))
    if state.phase == DISCARD:
        return _("Epoch {epoch}, a disaster: you chose the tiles to discard").format(
            epoch=state.epoch)
    if not count:
        return _("Epoch {epoch}, your turn, the auction track empty, Ra track {ra} of "
                 "{length}").format(epoch=state.epoch, ra=state.ra_count, length=state.ra_length)
    return ngettext(
        "Epoch {epoch}, your turn, {count} tile on the auction track, Ra track {ra} of {length}",
        "Epoch {epoch}, your turn, {count} tiles on the auction track, Ra track {ra} of {length}",
        count).format(epoch=state.epoch, count=count, ra=state.ra_count, length=state.ra_length)


def why(state: GameState, seat: int, played: int, better: int, loss: float,
        won: bool | None = None) -> str:
    """One sentence saying why ``better`` beat ``played`` (which lost about ``loss`` fame);
    ``won``: for a bid played, whether it won the auction (None: not known)."""
    lost = format_decimal(loss)
    lot = state.auction_tiles()
    if state.phase == BID:
        return _bid_why(state, seat, played, better, lost, won)
    if state.phase == DISCARD and is_discard(played) and is_discard(better):
        kept = unpack_tiles(better)
        return ngettext("Discarding {better} instead of {played} would have kept about {loss} "
                        "more fame.", "Discarding {better} instead of {played} would have kept "
                        "about {loss} more fame.", len(kept)).format(
            better=tiles_and(kept), played=tiles_and(unpack_tiles(played)), loss=lost)
    if played == RA and better == DRAW:
        return _invoke_why(state, seat, lost)
    if played == DRAW and better == RA:
        left = state.bag_left
        ra = state.bag_counts()[Tile.RA]
        if not lot:
            return _("You drew again with the auction track empty; invoking Ra was worth about "
                     "{loss} more fame ({ra} of the {left} tiles in the bag were Ra "
                     "tiles).").format(loss=lost, ra=ra, left=left)
        return _("You drew again with a lot worth {value} to you on the track; invoking Ra was "
                 "worth about {loss} more fame ({ra} of the {left} tiles in the bag were Ra "
                 "tiles).").format(value=_value(state, seat, lot), loss=lost, ra=ra, left=left)
    if is_god(played) and not is_god(better):
        taken = unpack_tiles(played)
        return ngettext("You used a God on {tiles}, worth {value} to you; keeping it was worth "
                        "about {loss} more fame.",
                        "You used {count} Gods on {tiles}, worth {value} to you; keeping them was "
                        "worth about {loss} more fame.", len(taken)).format(
            count=len(taken), tiles=tiles_and(taken), value=_value(state, seat, taken), loss=lost)
    if is_god(better):
        taken = unpack_tiles(better)
        return ngettext("Your God could have taken the {tiles} tile, worth {value} to you: "
                        "about {loss} more fame than your move.",
                        "Your Gods could have taken the {tiles} tiles, worth {value} to you: "
                        "about {loss} more fame than your move.", len(taken)).format(
            tiles=tiles_and(taken), value=_value(state, seat, taken), loss=lost)
    return _other_why(played, better, lost)


def _other_why(played: int, better: int, lost: str) -> str:
    return _("Here, {better} was worth about {loss} more fame than {played}.").format(
        better=move_words(better), played=move_words(played), loss=lost)


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


def _bid_why(state: GameState, seat: int, played: int, better: int, lost: str,
             won: bool | None) -> str:
    lot = state.auction_tiles()
    value = _value(state, seat, lot)
    later = [s for q in bidders_after(state, seat) for s in state.suns_up[q]]
    if played == PASS and is_bid(better) and not lot:
        sun = bid_sun(better)
        if all(s < sun for s in later):
            return _("You passed on the empty auction track (the centre sun alone); your {sun} "
                     "would have won it.").format(sun=sun)
        return _("You passed on the empty auction track (the centre sun alone); bidding your "
                 "{sun} was worth about {loss} more fame.").format(sun=sun, loss=lost)
    if played == PASS and is_bid(better):
        sun = bid_sun(better)
        if all(s < sun for s in later):
            return _("You passed a lot worth {value} to you; your {sun} would have won it.").format(value=value, sun=sun)
        return _("You passed a lot worth {value} to you; bidding your {sun} was worth about "
                 "{loss} more fame.").format(value=value, sun=sun, loss=lost)
    if is_bid(played) and won is False:
        return _outbid_why(played, better, lost, bool(lot))
    if is_bid(played) and better == PASS and not lot:
        return _("You paid your {sun} for an empty auction track; keeping the sun was worth "
                 "about {loss} more fame.").format(sun=bid_sun(played), loss=lost)
    if is_bid(played) and better == PASS:
        return _("You paid your {sun} for a lot worth {value} to you; keeping the sun for a "
                 "later lot was worth about {loss} more fame.").format(
            sun=bid_sun(played), value=value, loss=lost)
    if is_bid(played) and is_bid(better):
        sun, other = bid_sun(played), bid_sun(better)
        if other > sun:
            over = [s for s in later if sun < s < other]
            if over:
                return _("Your {sun} could still be outbid (a rival held {rival}); your {better} "
                         "was worth about {loss} more fame.").format(
                    sun=sun, rival=max(over), better=other, loss=lost)
            return _("Your {better} was worth about {loss} more fame than your {sun} on this "
                     "lot.").format(better=other, sun=sun, loss=lost)
        beaten = [s for s in later if other < s]
        if beaten:
            return _("A later rival could still outbid your {better} (it held {rival}), yet the "
                     "{better} was worth about {loss} more fame than your {sun}: the higher sun "
                     "counts later.").format(better=other, rival=max(beaten), sun=sun, loss=lost)
        return _("You spent your {sun} where your {better} would have done; the higher sun was "
                 "worth about {loss} more fame later.").format(sun=sun, better=other, loss=lost)
    return _other_why(played, better, lost)


def _outbid_why(played: int, better: int, lost: str, lot: bool) -> str:
    """Why a bid that was outbid was the worse move (it paid nothing: a rival took the lot)."""
    sun = bid_sun(played)
    if is_bid(better):
        return _("Your {sun} was outbid; bidding your {better} instead was worth about {loss} "
                 "more fame.").format(sun=sun, better=bid_sun(better), loss=lost)
    if lot:
        return _("Your {sun} was outbid, and this lot was not worth the risk: passing was worth "
                 "about {loss} more fame.").format(sun=sun, loss=lost)
    return _("Your {sun} was outbid on the empty auction track; passing was worth about "
             "{loss} more fame.").format(sun=sun, loss=lost)


def _invoke_why(state: GameState, seat: int, lost: str) -> str:
    lot = state.auction_tiles()
    rivals = sum(1 for q in range(state.n) if q != seat and state.suns_up[q])
    if not rivals:
        return _("Only you still held suns: drawing on towards a full auction track was worth "
                 "about {loss} more fame than invoking Ra.").format(loss=lost)
    if not lot:
        return ngettext(
            "You invoked Ra on an empty auction track while a rival still held suns; drawing "
            "was worth about {loss} more fame.",
            "You invoked Ra on an empty auction track while {rivals} rivals still held suns; "
            "drawing was worth about {loss} more fame.", rivals).format(rivals=rivals, loss=lost)
    if rivals == 1:
        text = ngettext(
            "You invoked Ra on {count} tile worth {value} to you while a rival still held "
            "suns; drawing on was worth about {loss} more fame.",
            "You invoked Ra on {count} tiles worth {value} to you while a rival still "
            "held suns; drawing on was worth about {loss} more fame.", len(lot))
    else:
        text = ngettext(
            "You invoked Ra on {count} tile worth {value} to you while {rivals} rivals "
            "still held suns; drawing on was worth about {loss} more fame.",
            "You invoked Ra on {count} tiles worth {value} to you while {rivals} rivals "
            "still held suns; drawing on was worth about {loss} more fame.", len(lot))
    return text.format(count=len(lot), value=_value(state, seat, lot), rivals=rivals, loss=lost)
