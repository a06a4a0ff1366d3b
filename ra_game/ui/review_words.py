"""The review of a game in words: moves as a player reads them, the fame a decision cost, and
the summary line of a review (the window's review scenes share these)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..engine.moves import Move
from ..review.model import Mistake
from ..review.why import move_words as action_words
from ..text.i18n import _, format_decimal, ngettext
from ..text.words import display_name, is_you

if TYPE_CHECKING:
    from ..engine import Replay


def move_words(text: str) -> str:
    """A move in notation (``bid:13``) as the board's buttons name it (``Bid sun 13``); text
    that is not a move is shown as it is."""
    try:
        return action_words(Move.parse(text).action)
    except ValueError:
        return text


def fame_lost(loss: float) -> str:
    """``about 4.5 fame`` (the estimated cost of a decision, one decimal)."""
    shown = format_decimal(loss, 1)
    return ngettext("about {fame} fame", "about {fame} fame",
                    max(1, round(loss))).format(fame=shown)


def better_line(mistake: Mistake) -> str:
    """The note under a reviewed decision's name: the better move and what it was worth."""
    return _("Better: {better}, worth {cost} more.").format(
        better=move_words(mistake.better), cost=fame_lost(mistake.loss))


def time_left(elapsed: float, done: int, total: int) -> str:
    """How long a review still takes, estimated from the ``elapsed`` seconds its ``done`` units
    of work took (of ``total``, known from the start): "About 40 seconds left", "About 3
    minutes left"; "Estimating the time left..." before the first unit."""
    if done <= 0 or elapsed <= 0.0 or total <= 0:
        return _("Estimating the time left...")
    left = elapsed * max(0, total - done) / done
    if left < 60:
        seconds = max(5, 5 * round(left / 5))
        return ngettext("About {count} second left", "About {count} seconds left",
                        seconds).format(count=seconds)
    minutes = max(1, round(left / 60))
    return ngettext("About {count} minute left", "About {count} minutes left",
                    minutes).format(count=minutes)


def summary_line(name: str, decisions: int, close: int, total_loss: float) -> str:
    """Decisions reviewed, how many were close to the best, and the fame lost in all."""
    lost = format_decimal(total_loss, 1)
    if is_you(name):
        return ngettext(
            "You made {decisions} decision: {close} close to the best; about {fame} fame lost "
            "in all.",
            "You made {decisions} decisions: {close} close to the best; about {fame} fame lost "
            "in all.", decisions).format(decisions=decisions, close=close, fame=lost)
    return ngettext(
        "{player} made {decisions} decision: {close} close to the best; about {fame} fame "
        "lost in all.",
        "{player} made {decisions} decisions: {close} close to the best; about {fame} fame "
        "lost in all.", decisions).format(player=display_name(name), decisions=decisions,
                                          close=close, fame=lost)


def seat_names(replay: Replay) -> list[str]:
    """The stored names of the replay's seats (as the game wrote them)."""
    return [seat_name(replay, seat) for seat in range(len(replay.players))]


def seat_name(replay: Replay, seat: int) -> str:
    """The stored name of ``seat`` (a seat the replay lacks gets a default name)."""
    player = replay.players[seat] if 0 <= seat < len(replay.players) else {}
    return str(player.get("name") or f"Player {seat + 1}")
