"""The rules of Ra as this edition plays them, in short illustrated sections.

Every number comes from the engine's tables (``ra_game.engine.tiles`` and
``ra_game.engine.scoring``), so the rules screen and the rules engine cannot drift apart.
Sentences are whole, marked for translation, and formatted after translating.  The sections are
built when shown (:func:`sections`), so a language switch shows at once.

Blocks: :class:`Para` (a paragraph), :class:`Bullets`, :class:`Sprites` (a row of the game's
pictures with captions), :class:`Table` (the set-up table) and :class:`Glossary` (a picture,
a name and what it does or scores).  A sprite is ``tile:<id>``, ``sun:<n>`` or ``sun_back``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ra_game.engine.scoring import (
    CIV_POINTS,
    DISASTER_LOSS,
    GOD_POINTS,
    GOLD_POINTS,
    MONUMENT_SET_POINTS,
    MONUMENT_VARIETY_POINTS,
    NILE_POINTS,
    PHARAOH_FEWEST,
    PHARAOH_MOST,
    SUN_FEWEST,
    SUN_MOST,
)
from ra_game.engine.tiles import (
    AUCTION_TRACK_SIZE,
    CIVILIZATIONS,
    MONUMENTS,
    NUM_EPOCHS,
    RA_TRACK_LENGTH,
    START_SCORE,
    SUN_SETS,
    TILE_COUNTS,
    TILE_IDS,
    TOTAL_TILES,
    Tile,
)
from ra_game.text.i18n import N_, _, format_signed, ngettext


@dataclass
class Para:
    text: str


@dataclass
class Bullets:
    items: list[str]


@dataclass
class Sprites:
    items: list[tuple[str, str]]  # (sprite, caption)


@dataclass
class Table:
    header: list[str]
    rows: list[list[str]]


@dataclass
class Glossary:
    items: list[tuple[str, str, str]]  # (sprite, name, text)


Block = Para | Bullets | Sprites | Table | Glossary


@dataclass
class Section:
    id: str
    title: str
    blocks: list[Block] = field(default_factory=list)


#: Section ids and titles, in order (titles translated where shown).
SECTION_TITLES = (
    ("goal", N_("The goal")),
    ("setup", N_("Set-up")),
    ("turn", N_("A turn")),
    ("auctions", N_("Auctions")),
    ("gods", N_("Gods")),
    ("disasters", N_("Disasters")),
    ("epoch", N_("End of an epoch")),
    ("scoring", N_("Scoring: the tiles")),
    ("final", N_("Game end and ties")),
    ("keys", N_("Controls")),
)

#: Tile names for the glossary (translated where shown).
TILE_LABELS = {
    "ra": N_("Ra"), "god": N_("God"), "gold": N_("Gold"), "pharaoh": N_("Pharaoh"),
    "nile": N_("Nile"), "flood": N_("Flood"), "astronomy": N_("Astronomy"),
    "agriculture": N_("Agriculture"), "writing": N_("Writing"), "religion": N_("Religion"),
    "art": N_("Art"), "fortress": N_("Fortress"), "obelisk": N_("Obelisk"),
    "palace": N_("Palace"), "pyramid": N_("Pyramid"), "sphinx": N_("Sphinx"),
    "statue": N_("Statue"), "step_pyramid": N_("Step pyramid"), "temple": N_("Temple"),
    "drought": N_("Drought"), "funeral": N_("Funeral"), "war": N_("War"),
    "earthquake": N_("Earthquake"),
}


def tile_label(kind: int) -> str:
    return _(TILE_LABELS[TILE_IDS[kind]])


def signed(value: int) -> str:
    return format_signed(value)


def _count(kind: int) -> str:
    n = TILE_COUNTS[kind]
    return ngettext("{n} in the bag", "{n} in the bag", n).format(n=n)


def _goal() -> list[Block]:
    return [
        Para(_("Over {epochs} epochs of ancient Egypt you win tiles in auctions. Tiles bring "
               "fame; whoever has the most fame after the last epoch wins.").format(
                   epochs=NUM_EPOCHS)),
        Sprites([("tile:pharaoh", _("Pharaohs")), ("tile:nile", _("the Nile")),
                 ("tile:astronomy", _("civilization")), ("tile:pyramid", _("monuments")),
                 ("sun:13", _("your suns are your bids"))]),
        Para(_("Your sun discs are your money: each one can win one auction per epoch.")),
    ]


def _setup() -> list[Block]:
    rows = []
    for players, sets in SUN_SETS.items():
        rows.append([str(players), "  \u00b7  ".join("-".join(map(str, s)) for s in sets),
                     str(RA_TRACK_LENGTH[players])])
    return [
        Para(_("All {tiles} tiles go into the bag. Everyone starts with {fame} fame, and the "
               "sun 1 lies face up in the centre of the board.").format(
                   tiles=TOTAL_TILES, fame=START_SCORE)),
        Para(_("Each player gets one set of suns, face up. The number of Ra tiles that fills "
               "the Ra track and ends an epoch depends on the number of players too:")),
        Table([_("Players"), _("Sun sets (one per player)"), _("Ra track")], rows),
        Sprites([(f"sun:{sun}", "") for sun in SUN_SETS[3][0]] + [("sun:1", _("centre"))]),
        Para(_("The player holding the highest sun starts; turns go round in seat order.")),
    ]


def _turn() -> list[Block]:
    return [
        Para(_("On your turn you do exactly one of these three things:")),
        Sprites([("tile_back", _("Draw")), ("tile:ra", _("Invoke Ra")),
                 ("tile:god", _("Play Gods"))]),
        Bullets([
            _("Draw a tile from the bag. It goes onto the next free space of the auction "
              "track, which holds {size} tiles.").format(size=AUCTION_TRACK_SIZE),
            _("If you draw a Ra tile, it goes onto the Ra track instead and an auction starts "
              "at once; if it fills the Ra track, the epoch ends at once, with no auction."),
            _("Invoke Ra: start an auction of everything on the auction track."),
            _("Play God tiles: each God takes one tile from the auction track (see Gods)."),
            _("When the auction track is full you cannot draw: invoke Ra or play a God."),
            _("A player whose suns are all face down is skipped until the epoch ends."),
        ]),
    ]


def _auctions() -> list[Block]:
    return [
        Para(_("Bidding starts with the player after the one who started the auction and goes "
               "round once, ending with that player. Each player bids one face-up sun higher "
               "than every bid so far, or passes.")),
        Sprites([("sun:9", _("a bid")), ("sun:1", _("the centre sun")),
                 ("sun_back", _("won: face down"))]),
        Bullets([
            _("The highest bid wins every tile on the track and the centre sun, which the "
              "winner keeps face down until the next epoch. The winning sun goes to the "
              "centre."),
            _("Forced bid: if you invoked Ra while the track was not full and everyone else "
              "passed, you must bid."),
            _("After a drawn Ra tile everyone may pass, you too; the tiles then stay on the "
              "track."),
            _("Full track: with {size} tiles on the track you may only invoke Ra or play a "
              "God. If everyone passes that auction, all the tiles on the track are "
              "discarded.").format(size=AUCTION_TRACK_SIZE),
            _("Play goes on with the player after the one who started the auction."),
        ]),
    ]


def _gods() -> list[Block]:
    return [
        Glossary([("tile:god", _("God"), _(
            "Instead of drawing or invoking Ra, spend one or more Gods: each takes one tile of "
            "your choice from the auction track, but never another God. Spent Gods leave the "
            "game; each God you still hold at the end of an epoch scores {points}.").format(
                points=signed(GOD_POINTS)))]),
        Para(_("A God may take a disaster tile; it then strikes you like any disaster you win.")),
    ]


def _disasters() -> list[Block]:
    n = DISASTER_LOSS
    return [
        Para(ngettext("A disaster you win discards {n} tile of its kind from your area, tiles "
                      "won in the same auction included, then leaves. With fewer, all of them "
                      "go.",
                      "A disaster you win discards {n} tiles of its kind from your area, tiles "
                      "won in the same auction included, then leaves. With fewer, all of them "
                      "go.", n).format(n=n)),
        Glossary([
            ("tile:funeral", tile_label(Tile.FUNERAL), ngettext(
                "Removes {n} Pharaoh.", "Removes {n} Pharaohs.", n).format(n=n)),
            ("tile:drought", tile_label(Tile.DROUGHT), ngettext(
                "Removes {n} tile: Floods first, then Niles.",
                "Removes {n} tiles: Floods first, then Niles.", n).format(n=n)),
            ("tile:war", tile_label(Tile.WAR), ngettext(
                "Removes {n} civilization tile, of your choice.",
                "Removes {n} civilization tiles, of your choice.", n).format(n=n)),
            ("tile:earthquake", tile_label(Tile.EARTHQUAKE), ngettext(
                "Removes {n} monument, of your choice.",
                "Removes {n} monuments, of your choice.", n).format(n=n)),
        ]),
    ]


def _epoch() -> list[Block]:
    return [
        Para(_("An epoch ends in one of two ways:")),
        Bullets([
            _("A drawn Ra tile fills the Ra track: the epoch ends at once, with no auction."),
            _("Nobody has a face-up sun any more (after the last auction is resolved)."),
            _("When only one player still has face-up suns, that player goes on alone (draw, "
              "invoke Ra, Gods) until their last sun is spent or the Ra track fills. The "
              "others pass in their auctions, so after invoking Ra on a track that is not "
              "full, they must bid."),
        ]),
        Para(_("Then the tracks are cleared and everyone scores (see Scoring). All suns turn "
               "face up; the centre sun stays. These tiles stay in front of you:")),
        Sprites([("tile:pharaoh", _("Pharaohs")), ("tile:nile", _("Niles")),
                 ("tile:temple", _("monuments"))]),
        Para(_("These leave after the scoring:")),
        Sprites([("tile:god", _("Gods")), ("tile:gold", _("Gold")), ("tile:flood", _("Floods")),
                 ("tile:art", _("civilizations"))]),
        Para(_("The highest sun starts the next epoch. The bag is not refilled.")),
    ]


def _civ_text() -> str:
    parts = [ngettext("{kinds} kind: {points}", "{kinds} kinds: {points}", k).format(
        kinds=k, points=signed(p)) for k, p in enumerate(CIV_POINTS)]
    return _("Scores by the number of different kinds you hold ({table}); duplicates add "
             "nothing.").format(table="; ".join(parts))


def _monument_text() -> str:
    variety = "; ".join(ngettext("{kinds} kind: {points}", "{kinds} kinds: {points}", k)
                        .format(kinds=k, points=signed(p))
                        for k, p in enumerate(MONUMENT_VARIETY_POINTS) if k)
    sets = "; ".join(_("{copies} of a kind: {points}").format(copies=c, points=signed(p))
                     for c, p in enumerate(MONUMENT_SET_POINTS) if p)
    return _("Scored only after the last epoch: different kinds ({variety}), plus sets "
             "({sets}).").format(variety=variety, sets=sets)


def _scoring() -> list[Block]:
    civ, mon = _civ_text(), _monument_text()
    items = [
        ("tile:god", tile_label(Tile.GOD), _("God, {count}: {points} each.").format(
            count=_count(Tile.GOD), points=signed(GOD_POINTS))),
        ("tile:gold", tile_label(Tile.GOLD), _("Gold, {count}: {points} each.").format(
            count=_count(Tile.GOLD), points=signed(GOLD_POINTS))),
        ("tile:pharaoh", tile_label(Tile.PHARAOH), _(
            "Pharaoh, {count}: most Pharaohs {most}, fewest {fewest}; tied players each score "
            "the full amount; if all hold the same number, nobody scores. Kept.").format(count=_count(Tile.PHARAOH),
                                            most=signed(PHARAOH_MOST),
                                            fewest=signed(PHARAOH_FEWEST))),
        ("tile:nile", tile_label(Tile.NILE), _(
            "River, {count}: {points} each, but only if you hold at least one Flood. Kept.")
         .format(count=_count(Tile.NILE), points=signed(NILE_POINTS))),
        ("tile:flood", tile_label(Tile.FLOOD), _("River, {count}: {points} each.").format(
            count=_count(Tile.FLOOD), points=signed(NILE_POINTS))),
    ]
    ra = [("tile:ra", tile_label(Tile.RA), _(
        "Ra, {count}: goes to the Ra track, never to a player; no points.").format(
            count=_count(Tile.RA)))]
    disasters = (Tile.FUNERAL, Tile.DROUGHT, Tile.WAR, Tile.EARTHQUAKE)
    return [
        Para(_("Every epoch ends with this scoring; monuments and suns score after the last "
               "epoch only.")),
        Glossary(items),
        Para(_("Civilizations, {count} of each kind. {rule}").format(
            count=TILE_COUNTS[CIVILIZATIONS[0]], rule=civ)),
        Sprites([(f"tile:{TILE_IDS[k]}", tile_label(k)) for k in CIVILIZATIONS]),
        Para(_("Monuments, {count} of each kind; they stay. {rule}").format(
            count=TILE_COUNTS[MONUMENTS[0]], rule=mon)),
        Sprites([(f"tile:{TILE_IDS[k]}", tile_label(k)) for k in MONUMENTS]),
        Para(_("Disasters score nothing (see Disasters): {funeral} {a}, {drought} {b}, {war} "
               "{c}, {quake} {d} in the bag.").format(
                   funeral=tile_label(Tile.FUNERAL), a=TILE_COUNTS[Tile.FUNERAL],
                   drought=tile_label(Tile.DROUGHT), b=TILE_COUNTS[Tile.DROUGHT],
                   war=tile_label(Tile.WAR), c=TILE_COUNTS[Tile.WAR],
                   quake=tile_label(Tile.EARTHQUAKE), d=TILE_COUNTS[Tile.EARTHQUAKE])),
        Sprites([(f"tile:{TILE_IDS[k]}", tile_label(k)) for k in disasters]),
        Glossary(ra),
    ]


def _final() -> list[Block]:
    return [
        Para(_("After epoch {last} is scored, monuments score (see Scoring) and so do the "
               "suns: the highest total of sun numbers (face up and face down, not the centre "
               "sun) gains {most}, the lowest {fewest}. Tied players each score the full "
               "amount; if all totals are equal, nobody scores.").format(
                   last=NUM_EPOCHS, most=signed(SUN_MOST), fewest=signed(SUN_FEWEST))),
        Para(_("Fame never drops below 0: after every epoch, the epoch's points are added up "
               "first, and a total below 0 becomes 0.")),
        Sprites([("sun:16", _("the highest sun decides a tie"))]),
        Para(_("The most fame wins. On a tie, the tied player holding the highest sun wins.")),
    ]


def _keys() -> list[Block]:
    return [
        Para(_("Mouse or keyboard alone both work: Tab and the arrow keys move between choices, "
               "Enter or Space chooses, and the keys shown on the buttons are shortcuts.")),
        Bullets([
            _("Your turn: D draws, R invokes Ra, G plays Gods (then 1-8 pick tiles and Enter "
              "takes them)."),
            _("Bidding: 1-9 or the arrows choose a sun, Enter bids, P passes."),
            _("Disasters: 1-9 pick the tiles to lose, Enter discards them."),
            _("On the board: U (or Ctrl+Z) takes back your last move while you may, H asks for "
              "a hint, L opens the game log, T the tiles left in the bag, I shows each "
              "player's area in turn, and K skips to the end of the epoch once you have no sun "
              "left."),
            _("Esc opens the menu (resume, these rules, save and quit); F11 is fullscreen."),
        ]),
    ]


_BUILDERS = {"goal": _goal, "setup": _setup, "turn": _turn, "auctions": _auctions,
             "gods": _gods, "disasters": _disasters, "epoch": _epoch, "scoring": _scoring,
             "final": _final, "keys": _keys}


def sections() -> list[Section]:
    """Every section, in the current language, with the engine's numbers."""
    return [Section(sid, _(title), _BUILDERS[sid]()) for sid, title in SECTION_TITLES]
