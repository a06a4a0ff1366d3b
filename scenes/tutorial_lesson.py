"""The lesson of the guided first game: its steps, their callouts and the moves they teach.

The game itself (players, sun sets, the stacked bag and every move) is the replay document
``scenes/tutorial.ra.json``, written by ``tools/make_tutorial.py`` from these steps; its
``lesson`` field says how many of its moves each step plays.  A step is one of:

- ``you``: the callout asks the player for ``moves[0]``; only that move is accepted.
- ``them``: the scripted opponents play ``moves``, then the callout (if any) explains them.
- ``note``: a callout to read; Next (Enter, N or a click on it) goes on.
- ``skip``: moves played at once without animation (the generator fills them in); with a
  note, the note comes first and its Next makes the jump.

A step without text is silent (no callout): it has no number (see :func:`step_number`).

``target`` names the part of the board the callout points at (a name of ``scenes/play.tmx``,
or ``seat_N`` for a player's area).  Texts are whole sentences marked with ``N_`` and
translated where they are shown.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ra_game.engine.scoring import CIV_POINTS, DISASTER_LOSS, SUN_MOST
from ra_game.engine.tiles import AUCTION_TRACK_SIZE
from ra_game.files.safefile import read_json_bounded
from ra_game.files.settings import data_dir, write_json_atomic
from ra_game.table.seat_kinds import LESSON_AI, PERSON
from ra_game.text.i18n import N_

#: The step the player reached, kept in the user data folder ("Learn to play" resumes there).
PROGRESS_FILE = "tutorial.json"

#: The seats' names; the player's is translated where shown (``_(NAMES[0])``).
NAMES = (N_("You"), "Imhotep", "Hatshepsut")
#: The seats' kinds, as written in the lesson's file.
KINDS = (PERSON.code, LESSON_AI, LESSON_AI)
SUNS = ((13, 8, 5, 2), (12, 9, 6, 3), (11, 10, 7, 4))
#: The rule numbers the callouts name, from the engine's tables (``text.format(**NUMBERS)``).
NUMBERS = {"track": AUCTION_TRACK_SIZE, "civ3": CIV_POINTS[3], "sun_most": SUN_MOST,
           "loss": DISASTER_LOSS}
#: The lesson's final fame by seat (the last step names the winner; a test replays the game).
FINAL_FAME = (33, 17, 31)
NUMBERS |= {"won": FINAL_FAME[0], "second": FINAL_FAME[2]}


@dataclass(frozen=True)
class Step:
    """One step of the lesson (see the module docstring)."""

    id: str
    kind: str
    target: str
    text: str
    moves: tuple[str, ...] = ()
    #: The tiles the bag gives to the ``draw`` moves of this step, in order.
    draws: tuple[str, ...] = ()
    #: For ``you`` steps: how to do the move, shown when the player tries something else.
    how: str = ""


#: What a step talks about besides its ``target`` (names as for ``target``): its note never
#: covers these either.
ALSO: dict[str, tuple[str, ...]] = {
    "invoke": ("auction_track",),
    "bid": ("bid_area", "auction_track"),
    "exchange": ("seat_0",),
    "invoke_again": ("auction_track",),
    "forced": ("bid_area", "auction_track"),
    "ra_track": ("bid_area",),
    "win_god": ("bid_area", "auction_track"),
    "play_god": ("auction_track", "button_confirm", "button_cancel"),
    "disaster_tiles": ("auction_track",),
    "bid_last_sun": ("bid_area", "auction_track"),
    "discard": ("button_confirm", "seat_0"),
    "epoch_end": ("seat_0", "seat_1", "seat_2"),
    "final": ("ra_track", "seat_0"),
}

STEPS: tuple[Step, ...] = (
    Step("welcome", "note", "bag", N_(
        "Welcome to Ra! You play against Imhotep and Hatshepsut. Over three epochs you collect "
        "tiles that bring fame; the most fame at the end wins. These tiles come out of the bag.")),
    Step("draw", "you", "button_draw", N_(
        "On your turn you do one thing. First, draw a tile from the bag: click Draw or press D."),
        ("draw",), ("pharaoh",), N_("This time, draw a tile: click Draw or press D.")),
    Step("track", "note", "auction_track", N_(
        "Your Pharaoh went onto the auction track. Drawn tiles wait here, up to {track}, until "
        "someone wins them in an auction.")),
    Step("others_draw", "them", "auction_track", N_(
        "Imhotep and Hatshepsut draw too: a Gold tile and a civilization tile join the track."),
        ("draw", "draw"), ("gold", "astronomy")),
    Step("invoke", "you", "button_ra", N_(
        "Three tiles are worth having. Invoke Ra to auction the whole track: click Invoke Ra or "
        "press R."), ("ra",), (), N_("Now invoke Ra: click Invoke Ra or press R.")),
    Step("bids_go_round", "them", "bid_area", N_(
        "Everyone after you bids once, ending with you. Bids are sun discs: Imhotep bids his 9, "
        "Hatshepsut passes."), ("bid:9", "pass")),
    Step("bid", "you", "bid_panel", N_(
        "A bid must beat the highest bid so far. Only your 13 beats 9: click it, or press 1 "
        "and Enter."), ("bid:13",), (), N_("Bid your 13: click that sun, or press 1 and Enter.")),
    Step("exchange", "note", "center_sun", N_(
        "You won all three tiles. You also took the sun from the centre of the board: it lies "
        "face down in your area until the next epoch. Your 13 now sits in the centre for the "
        "next winner.")),
    Step("more_tiles", "them", "auction_track", "", ("draw", "draw"), ("writing", "flood")),
    Step("invoke_again", "you", "button_ra", N_(
        "Invoke Ra again, to see what happens when nobody else wants the lot."),
        ("ra",), (), N_("Invoke Ra: click Invoke Ra or press R.")),
    Step("all_pass", "them", "bid_area", N_("Imhotep and Hatshepsut both pass..."),
         ("pass", "pass")),
    Step("forced", "you", "bid_panel", N_(
        "When you invoke Ra and everyone passes, you must bid yourself. Bid your smallest sun, "
        "the 2."), ("bid:2",), (), N_("You must bid: bid your 2 (click it, or its number key "
        "and Enter).")),
    Step("before_ra", "them", "auction_track", "", ("draw", "draw"), ("god", "art")),
    Step("ra_tile", "you", "button_draw", N_(
        "Draw again. Sometimes a Ra tile comes out of the bag..."), ("draw",), ("ra",),
        N_("Draw a tile: click Draw or press D.")),
    Step("ra_track", "note", "ra_track", N_(
        "A Ra tile! It goes onto the Ra track and starts an auction at once. In this auction "
        "everyone may pass, even you. When the Ra track is full, the epoch ends.")),
    Step("ra_auction_passes", "them", "bid_area", "", ("pass", "pass")),
    Step("win_god", "you", "bid_panel", N_(
        "Both passed. Bid your 5 to win the God and the Art tile (in a real game you could "
        "pass too)."),
        ("bid:5",), (), N_("Bid your 5: click that sun, or its number key and Enter.")),
    Step("god_tiles", "them", "auction_track", "", ("draw", "draw"), ("temple", "pyramid")),
    Step("play_god", "you", "button_god", N_(
        "A God tile takes one tile from the track instead of an auction. Click Play God (or "
        "press G), pick the Pyramid, then Take 1 tile (Enter)."), ("god:pyramid",), (),
        N_("Use your God on the Pyramid: Play God (G), click the Pyramid (or its number), "
           "then Take 1 tile (Enter).")),
    Step("disaster_tiles", "them", "auction_track", N_(
        "Watch out: Hatshepsut draws a War, a disaster tile."), ("draw", "draw"),
        ("religion", "war")),
    Step("draw_religion", "you", "button_draw", N_(
        "Draw once more before the auction."), ("draw",), ("religion",),
        N_("Draw a tile: click Draw or press D.")),
    Step("their_auction", "them", "bid_area", N_(
        "Imhotep invokes Ra; Hatshepsut passes."), ("ra", "pass")),
    Step("bid_last_sun", "you", "bid_panel", N_(
        "Bid your last face-up sun, the 8. The chips in the Bids row show what the lot is worth "
        "to each player: only +1 here, the Temple, since the War takes {loss} civilization tiles "
        "back. A poor lot, but it shows you how a disaster works."),
        ("bid:8",), (), N_("Bid your 8: click that sun, or press 1 and Enter.")),
    Step("imhotep_passes", "them", "bid_area", "", ("pass",)),
    Step("discard", "you", "discard_panel", N_(
        "The War takes {loss} of your civilization tiles, and you choose which. Lose both "
        "Religion tiles: you keep three different civilizations, worth {civ3} fame."),
        ("discard:religion,religion",), (),
        N_("Pick the two Religion tiles (click them or press their number), then Enter.")),
    Step("sit_out", "note", "seat_0", N_(
        "All your suns are face down now, so you sit out until the epoch ends. The others go "
        "on; let's skip ahead to the last tile of the epoch.")),
    Step("rest_of_epoch", "skip", "ra_track", ""),
    Step("epoch_end", "note", "ra_track", N_(
        "Imhotep is about to draw the last Ra tile the track has room for: the Ra track is then "
        "full and the epoch ends at once, without an auction. Then everyone scores.")),
    Step("last_ra", "them", "ra_track", "", ("draw",), ("ra",)),
    Step("stays", "note", "seat_0", N_(
        "After the scoring, Pharaohs, Niles and monuments stay in front of you. Gods, Gold, "
        "Floods and civilizations left. Every sun is face up again; the centre sun stays.")),
    Step("jump", "skip", "epoch_label", N_(
        "Let's jump ahead to the end of the third epoch: one more Ra tile will end the game.")),
    Step("final", "you", "button_draw", N_(
        "At the end of the third epoch monuments and suns score too: variety and sets of "
        "monuments, and the highest total of suns gains {sun_most}. Draw the last Ra tile."),
        ("draw",), ("ra",), N_("Draw the last tile: click Draw or press D.")),
    Step("the_end", "end", "seat_0", N_(
        "That is Ra! You won with {won} fame, ahead of Hatshepsut's {second}. You know every "
        "rule you need. Play a real game now?")),
)


#: The steps the player sees (a callout), numbered 1 to this in the callouts and on the title.
SHOWN_STEPS = sum(bool(step.text) for step in STEPS)


def step_number(index: int) -> int:
    """The number shown for ``STEPS[index]`` (a silent step: the number of the next shown)."""
    return sum(bool(step.text) for step in STEPS[:index]) + 1


# -- the step reached ---------------------------------------------------------------------------


def progress_path() -> Path:
    return data_dir() / PROGRESS_FILE


def saved_step() -> int:
    """The step the player left the lesson at (0 when new, finished, or unreadable)."""
    try:
        data = read_json_bounded(progress_path(), 4096)  # never a FIFO, never unbounded
        step = int(data["step"])
    except (OSError, ValueError, KeyError, TypeError, OverflowError):
        return 0
    return step if 0 <= step < len(STEPS) else 0


def save_step(step: int) -> None:
    try:
        write_json_atomic(progress_path(), {"step": step})
    except OSError:
        pass  # losing the bookmark is harmless: the lesson starts over


def clear_progress() -> None:
    try:
        progress_path().unlink()
    except OSError:
        pass
