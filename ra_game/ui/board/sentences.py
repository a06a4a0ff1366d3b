"""Engine events as sentences a player reads (captions, the game log).

Each message is one whole translatable sentence per subject, with named placeholders filled
after translation; the person at the screen (``you``: the only human seat, if there is one) gets
its own "you" sentences ("You draw Gold." / "Nefertiti draws Gold.").
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ...engine import events as ev
from ...engine.tiles import Tile
from ...text import words
from ...text.i18n import N_, _, format_signed, ngettext, pgettext

if TYPE_CHECKING:
    from ...table.seat_kinds import SeatKind

#: Score categories of ``PlayerScore.points`` as shown in the log and the score preview.
CATEGORY_NAMES: dict[str, str] = {
    "god": N_("Gods"), "gold": N_("Gold"), "pharaoh": N_("Pharaohs"), "nile": N_("Nile"),
    "civilization": N_("Civilizations"), "monuments": N_("Monuments"), "suns": N_("Suns"),
}


def tile_name(kind: int) -> str:
    """The translated name of a tile kind."""
    return words.tile_name(kind)


def disaster_name(kind: int, start: bool = False) -> str:
    """A disaster's name with its article where the language puts one: inside a sentence ("the
    War", "la Guerra") or, with ``start``, starting one ("The War", "La Guerra"; each form is
    translated: no case mapping in code, for Turkish i/İ)."""
    forms = {
        Tile.DROUGHT: (pgettext("a disaster inside a sentence", "the Drought"),
                       pgettext("a disaster starting a sentence", "The Drought")),
        Tile.FUNERAL: (pgettext("a disaster inside a sentence", "the Funeral"),
                       pgettext("a disaster starting a sentence", "The Funeral")),
        Tile.WAR: (pgettext("a disaster inside a sentence", "the War"),
                   pgettext("a disaster starting a sentence", "The War")),
        Tile.EARTHQUAKE: (pgettext("a disaster inside a sentence", "the Earthquake"),
                          pgettext("a disaster starting a sentence", "The Earthquake")),
    }
    return forms[Tile(kind)][1 if start else 0]


def tile_list(kinds: Sequence[int]) -> str:
    """Tile names separated by commas (a list, not a sentence)."""
    return _(", ").join(tile_name(k) for k in kinds)


def you_seat(kinds: Sequence[SeatKind]) -> int | None:
    """The seat addressed as "you": the only person at this screen, if there is exactly one."""
    humans = [i for i, kind in enumerate(kinds) if kind.person_here]
    return humans[0] if len(humans) == 1 else None


def breakdown(points: dict[str, int]) -> str:
    """Non-zero score categories, e.g. ``Gods +4, Pharaohs -2``."""
    parts = [_("{category} {points}").format(category=_(CATEGORY_NAMES.get(k, k)),
                                         points=format_signed(v))
             for k, v in points.items() if v]
    return _(", ").join(parts) if parts else _("nothing")


class Sentences:
    """Sentences for the events of one game; ``names`` by seat, ``you`` the addressed seat."""

    def __init__(self, names: Sequence[str], you: int | None, hide_scores: bool = False) -> None:
        self.stored = list(names)
        self.you = you
        self.hide_scores = hide_scores

    @property
    def names(self) -> list[str]:
        """The seats' names as shown now (default names in the chosen language)."""
        return [words.display_name(name) for name in self.stored]

    def _pick(self, seat: int, mine: str, theirs: str, **values: Any) -> str:
        if seat == self.you:
            return _(mine).format(**values)
        return _(theirs).format(player=self.names[seat], **values)

    def event(self, e: Any) -> list[str]:
        """The sentences for one event (none for events a player need not read)."""
        handler = getattr(self, "_" + type(e).__name__, None)
        return handler(e) if handler else []

    def _TileDrawn(self, e: ev.TileDrawn) -> list[str]:
        return [self._pick(e.player, N_("You draw {tile}."), N_("{player} draws {tile}."),
                           tile=tile_name(e.tile))]

    def _RaDrawn(self, e: ev.RaDrawn) -> list[str]:
        if e.ends_epoch:
            return [self._pick(
                e.player, N_("You draw a Ra tile: the Ra track is full and the epoch ends."),
                N_("{player} draws a Ra tile: the Ra track is full and the epoch ends."))]
        return [self._pick(e.player, N_("You draw a Ra tile: auction!"),
                           N_("{player} draws a Ra tile: auction!"))]

    def _AuctionStarted(self, e: ev.AuctionStarted) -> list[str]:
        if e.invoked:
            return [self._pick(e.ra_player, N_("You invoke Ra."), N_("{player} invokes Ra."))]
        return [self._pick(e.ra_player, N_("Your auction starts."),
                           N_("The auction of {player} starts."))]

    def _BidMade(self, e: ev.BidMade) -> list[str]:
        return [self._pick(e.player, N_("You bid sun {sun}."), N_("{player} bids sun {sun}."),
                           sun=e.sun)]

    def _Passed(self, e: ev.Passed) -> list[str]:
        if e.automatic:
            return [self._pick(e.player, N_("You have no sun that can bid, so you pass."),
                               N_("{player} has no sun that can bid and passes."))]
        return [self._pick(e.player, N_("You pass."), N_("{player} passes."))]

    def _AuctionWon(self, e: ev.AuctionWon) -> list[str]:
        n = len(e.tiles)
        if e.player == self.you:
            text = ngettext("You win the auction with sun {sun}: {count} tile and sun {center}.",
                            "You win the auction with sun {sun}: {count} tiles and sun {center}.",
                            n)
            return [text.format(sun=e.sun, count=n, center=e.center_sun)]
        text = ngettext(
            "{player} wins the auction with sun {sun}: {count} tile and sun {center}.",
            "{player} wins the auction with sun {sun}: {count} tiles and sun {center}.", n)
        return [text.format(player=self.names[e.player], sun=e.sun, count=n, center=e.center_sun)]

    def _AuctionPassed(self, e: ev.AuctionPassed) -> list[str]:
        if e.discarded:
            return [_("Everyone passes: the full auction track is discarded.")]
        return [_("Everyone passes: the tiles stay on the track.")]

    def _GodsPlayed(self, e: ev.GodsPlayed) -> list[str]:
        n = len(e.tiles)
        if e.player == self.you:
            text = ngettext("You play a God tile and take {tiles}.",
                            "You play {count} God tiles and take {tiles}.", n)
            return [text.format(count=n, tiles=tile_list(e.tiles))]
        text = ngettext("{player} plays a God tile and takes {tiles}.",
                        "{player} plays {count} God tiles and takes {tiles}.", n)
        return [text.format(player=self.names[e.player], count=n, tiles=tile_list(e.tiles))]

    def _DisasterResolved(self, e: ev.DisasterResolved) -> list[str]:
        disaster = disaster_name(e.disaster, start=True)
        if not e.discarded:
            return [self._pick(
                e.player, N_("{disaster} strikes you, but you hold nothing it takes."),
                N_("{disaster} strikes {player}, who holds nothing it takes."),
                disaster=disaster)]
        return [self._pick(e.player, N_("{disaster} strikes you: you lose {tiles}."),
                           N_("{disaster} strikes {player}, who loses {tiles}."),
                           disaster=disaster, tiles=tile_list(e.discarded))]

    def _EpochEnded(self, e: ev.EpochEnded) -> list[str]:
        if e.reason == "ra_track":
            return [_("Epoch {epoch} ends: the Ra track is full.").format(epoch=e.epoch)]
        return [_("Epoch {epoch} ends: nobody has a face-up sun left.").format(epoch=e.epoch)]

    def _EpochScored(self, e: ev.EpochScored) -> list[str]:
        if self.hide_scores:
            return [_("Epoch {epoch} is scored; fame stays hidden.").format(epoch=e.epoch)]
        out = []
        for row in e.scores:
            total = row.epoch_total
            if row.player == self.you:
                text = ngettext("You score {points} fame ({detail}): now {fame}.",
                                "You score {points} fame ({detail}): now {fame}.", abs(total))
                out.append(text.format(points=format_signed(total), detail=breakdown(row.points),
                                       fame=row.after))
            else:
                text = ngettext("{player} scores {points} fame ({detail}): now {fame}.",
                                "{player} scores {points} fame ({detail}): now {fame}.",
                                abs(total))
                out.append(text.format(player=self.names[row.player], points=format_signed(total),
                                       detail=breakdown(row.points), fame=row.after))
        return out

    def _GameOver(self, e: ev.GameOver) -> list[str]:
        fame = e.scores[e.winner]
        if e.tie_break:
            return [self._pick(e.winner, N_("Game over: you win with {fame} fame, on the highest "
                                            "sun."),
                               N_("Game over: {player} wins with {fame} fame, on the highest "
                                  "sun."), fame=fame)]
        return [self._pick(e.winner, N_("Game over: you win with {fame} fame."),
                           N_("Game over: {player} wins with {fame} fame."), fame=fame)]


def event_tiles(e: Any) -> tuple[int, ...]:
    """The tiles an event shows as icons in the log."""
    if isinstance(e, ev.TileDrawn):
        return (e.tile,)
    if isinstance(e, ev.RaDrawn):
        return (Tile.RA,)
    if isinstance(e, (ev.AuctionWon, ev.GodsPlayed)):
        return tuple(e.tiles)
    if isinstance(e, ev.DisasterResolved):
        return (e.disaster, *e.discarded)
    if isinstance(e, ev.AuctionPassed):
        return tuple(e.discarded)
    return ()
