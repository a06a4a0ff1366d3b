"""The whole game at a glance: every seat's review side by side, the evaluation curve, the
key moments, and every mistake of each seat with its severity.

A :class:`GameReview` is made of one :class:`~ra_game.review.Review` per seat, each listing
every confirmed mistake (not only the costliest five), and of what the replay itself gives at
once (:func:`~ra_game.review.curve.game_curve`, :func:`key_moments`).  Severity classes, in
fame the search says a confirmed mistake cost: an inaccuracy under ``MISTAKE_FROM``, a mistake
from there, a blunder from ``BLUNDER_FROM``.  Accuracy is the share of a seat's decisions the
search found close to its best (not clearly worse than its noise).  No pygame here.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any

from ..engine import Replay
from ..engine.tiles import Tile
from ..text.i18n import _, format_decimal, format_percent, ngettext, pgettext
from ..text.words import YOU, display_name, names_list, tile_name
from .curve import Curve, Step, StepKind, game_curve
from .job import MAX_LISTED
from .model import Mistake, Review
from .why import _say, moment_text

#: A confirmed mistake that cost at least this much fame (the search's estimate) is a
#: mistake, below it an inaccuracy ...
MISTAKE_FROM = 3.0
#: ... and from this much a blunder.
BLUNDER_FROM = 6.0
#: The biggest swings by a decision named among the key moments.
SWINGS = 2
#: A draw is named among the key moments when its luck is at least this much fame.
LUCK_FROM = 0.5


class Severity(Enum):
    """How much a confirmed mistake cost (see the module's docstring)."""

    INACCURACY = "inaccuracy"
    MISTAKE = "mistake"
    BLUNDER = "blunder"


def severity(loss: float) -> Severity:
    """The class of a confirmed mistake that cost ``loss`` fame."""
    if loss >= BLUNDER_FROM:
        return Severity.BLUNDER
    return Severity.MISTAKE if loss >= MISTAKE_FROM else Severity.INACCURACY


def signed(value: float) -> str:
    """A fame change with its sign, one decimal, in the chosen language (``+3.1``, ``−2.0``)."""
    text = format_decimal(abs(value))
    if round(abs(value), 1) == 0:
        return text
    return ("+" if value > 0 else "\u2212") + text


def ranked(review: Review) -> list[Mistake]:
    """The review's mistakes, the costliest first (in game order on a tie)."""
    return sorted(review.mistakes, key=lambda m: (-m.loss, m.move))


# -- key moments


class KeyKind(Enum):
    """What made a moment key: a race decided, the biggest swing by a decision, a draw."""

    PHARAOH_RACE = "pharaoh_race"
    SUN_RACE = "sun_race"
    SWING = "swing"
    LUCKY_DRAW = "lucky_draw"
    UNLUCKY_DRAW = "unlucky_draw"


@dataclass(frozen=True)
class KeyMoment:
    """A key moment: its kind, the step of the curve (the move that made it), the seat it was
    key for, the fame it moved for that seat (for a swing or a draw) and the epoch it names."""

    kind: KeyKind
    step: Step
    seat: int
    value: float
    epoch: int
    #: For a race: the other seats that held as many (a tie for the lead), else empty.
    shared: tuple[int, ...] = ()

    @property
    def move(self) -> int:
        return self.step.move

    def name(self, names: list[str]) -> str:
        """The move, as a player names it ("Epoch 2, auction 4: Ana bid sun 9")."""
        return moment_text(self.step.when, self.step.action, _person(names, self.step.seat))

    def text(self, names: list[str]) -> str:
        """Why the moment was key, one sentence (translated now)."""
        player = _person(names, self.seat)
        kind = self.kind
        if kind in (KeyKind.PHARAOH_RACE, KeyKind.SUN_RACE) and self.shared:
            return self._tie(player, names_list([names[s] for s in self.shared]))
        if kind is KeyKind.PHARAOH_RACE:
            return _say(player, _("The Pharaoh race of epoch {epoch} was decided here: you held "
                                  "the most Pharaohs from then on."),
                        _("The Pharaoh race of epoch {epoch} was decided here: {player} held "
                          "the most Pharaohs from then on."), epoch=self.epoch)
        if kind is KeyKind.SUN_RACE:
            return _say(player, _("The final sun race was decided here: you held the highest "
                                  "sun total from then on."),
                        _("The final sun race was decided here: {player} held the highest sun "
                          "total from then on."))
        value = format_decimal(abs(self.value))
        if kind is KeyKind.SWING:
            return _say(player, _("One of the biggest swings of the game: your expected fame moved by "
                                  "{value}."),
                        _("One of the biggest swings of the game: the expected fame of {player} "
                          "moved by {value}."), value=signed(self.value))
        tile = tile_name(self.step.drawn)
        if kind is KeyKind.LUCKY_DRAW:
            return _say(player, _("The luckiest draw: {tile}, worth about {value} fame more to "
                                  "you than to your rivals, against the bag's average."),
                        _("The luckiest draw: {tile}, worth about {value} fame more to {player} "
                          "than to their rivals, against the bag's average."), tile=tile,
                        value=value)
        return _say(player, _("The unluckiest draw: {tile}, worth about {value} fame less to "
                              "you than to your rivals, against the bag's average."),
                    _("The unluckiest draw: {tile}, worth about {value} fame less to {player} "
                      "than to their rivals, against the bag's average."), tile=tile,
                    value=value)

    def _tie(self, player: str | None, others: str) -> str:
        """A race the seat led together with others (``others``: their names, shown)."""
        if self.kind is KeyKind.PHARAOH_RACE:
            return _say(player, _("The Pharaoh race of epoch {epoch} was decided here: you held "
                                  "as many Pharaohs as {others}, the most, from then on."),
                        _("The Pharaoh race of epoch {epoch} was decided here: {player} held "
                          "as many Pharaohs as {others}, the most, from then on."),
                        epoch=self.epoch, others=others)
        return _say(player, _("The final sun race was decided here: you held the highest sun "
                              "total together with {others} from then on."),
                    _("The final sun race was decided here: {player} held the highest sun "
                      "total together with {others} from then on."), others=others)

    def to_json(self, names: list[str]) -> dict[str, Any]:
        return {"kind": self.kind.value, "move": self.move, "seat": self.seat,
                "value": round(self.value, 1), "epoch": self.epoch,
                "shared": list(self.shared), "name": self.name(names),
                "text": self.text(names)}


def _named(curve: Curve, step: Step) -> Step:
    """The step a moment names: the winning bid of the auction ``step`` closed, else itself."""
    return curve.steps[step.resolves] if step.resolves >= 0 else step


def _person(names: list[str], seat: int) -> str | None:
    """Whom a sentence is of: None for the person at the screen ("you"), else the name."""
    name = names[seat] if 0 <= seat < len(names) else f"Player {seat + 1}"
    return None if name == YOU else display_name(name)


def _leaders(values: list[int]) -> frozenset[int]:
    """The seats with the most (nobody when all are equal: the race scores nothing)."""
    high = max(values)
    return frozenset() if high == min(values) else frozenset(
        s for s, v in enumerate(values) if v == high)


def _decided(replay: Replay, curve: Curve) -> list[KeyMoment]:
    """The moves that decided each epoch's Pharaoh race and the final sun race: the last move
    after which the seats with the most Pharaohs (the highest sun total) were those that scored
    them, when that changed in the epoch (the game, for the suns)."""
    state = replay.initial_state()
    you = frozenset(s for s, p in enumerate(replay.players) if p.get("name") == YOU)
    pharaohs: list[frozenset[int]] = [_leaders([t[Tile.PHARAOH] for t in state.tiles])]
    suns: list[frozenset[int]] = [_leaders([sum(u) + sum(d) for u, d in
                                            zip(state.suns_up, state.suns_down)])]
    out: list[KeyMoment] = []
    epoch_start = 0
    for index, step in enumerate(curve.steps):
        epoch = state.epoch
        state.apply_action(step.action, None)
        pharaohs.append(_leaders([t[Tile.PHARAOH] for t in state.tiles]))
        suns.append(_leaders([sum(u) + sum(d) for u, d in zip(state.suns_up, state.suns_down)]))
        if state.epoch != epoch or state.over:
            moment = _last_change(pharaohs, epoch_start, index + 1, you)
            if moment is not None:
                at, seat, shared = moment
                out.append(KeyMoment(KeyKind.PHARAOH_RACE, _named(curve, curve.steps[at - 1]),
                                     seat, 0.0, epoch, shared))
            epoch_start = index + 1
    moment = _last_change(suns, 0, len(suns) - 1, you) if state.over else None
    if moment is not None:
        at, seat, shared = moment
        out.append(KeyMoment(KeyKind.SUN_RACE, _named(curve, curve.steps[at - 1]), seat, 0.0,
                             state.epoch, shared))
    return out


def _last_change(leaders: list[frozenset[int]], first: int, last: int,
                 you: frozenset[int] = frozenset()) -> tuple[int, int, tuple[int, ...]] | None:
    """The position in ``first + 1 .. last`` after which ``leaders`` stayed as at ``last``
    (and a seat of them, the person at the screen, ``you``, if among them, and the other
    seats that led with it), when it changed there."""
    final = leaders[last]
    if not final or leaders[first] == final:
        return None
    at = last
    while at > first and leaders[at - 1] == final:
        at -= 1
    if at == first:
        return None
    gained = final - leaders[at - 1]
    seat = min((final & you) or gained or final)
    return at, seat, tuple(sorted(final - {seat}))


def key_moments(replay: Replay, curve: Curve) -> list[KeyMoment]:
    """The key moments of the game, in game order: each race decided, the biggest swings by a
    move (one seat's expected fame moved most; not the move that ends an epoch, where the
    scoring replaces the evaluation's outlook by the fame scored), the luckiest and unluckiest
    draws."""
    out = _decided(replay, curve)
    swings: list[KeyMoment] = []
    for n, step in enumerate(curve.steps):
        after = curve.steps[n + 1].epoch if n + 1 < len(curve.steps) else 0
        if step.kind is StepKind.DRAW or after != step.epoch:
            continue  # a draw is luck; an epoch's scoring sets the evaluation right
        before = curve.before(n)
        moved = [after - b for after, b in zip(step.fame, before)]
        seat = max(range(len(moved)), key=lambda s: abs(moved[s]))
        swings.append(KeyMoment(KeyKind.SWING, _named(curve, step), seat, moved[seat],
                                 step.epoch))
    swings.sort(key=lambda m: -abs(m.value))
    out += swings[:SWINGS]
    draws = [(step.luck[s], s, step) for step in curve.steps if step.kind is StepKind.DRAW
             for s in range(curve.seats)]
    if draws:
        luck, seat, step = max(draws, key=lambda d: (d[0], -d[2].move))
        if luck >= LUCK_FROM:
            out.append(KeyMoment(KeyKind.LUCKY_DRAW, step, seat, luck, step.epoch))
        luck, seat, step = min(draws, key=lambda d: (d[0], d[2].move))
        if luck <= -LUCK_FROM:
            out.append(KeyMoment(KeyKind.UNLUCKY_DRAW, step, seat, luck, step.epoch))
    return sorted(out, key=lambda m: (m.move, m.kind.value))


# -- the players side by side


@dataclass(frozen=True)
class PlayerLine:
    """One seat's line of the table: its review's counts, accuracy, severities and luck."""

    seat: int
    name: str
    decisions: int
    close: int
    total_loss: float
    counts: dict[Severity, int]
    luck: float
    #: The seat's accuracy in percent (:func:`~ra_game.review.accuracy.seat_accuracy`).
    score: float = 100.0

    @property
    def accuracy(self) -> int:
        """The accuracy in whole percent (100 with no decision)."""
        return round(self.score)

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "name": self.name, "decisions": self.decisions,
                "close": self.close, "accuracy": self.accuracy,
                "total_loss": round(self.total_loss, 1), "luck": round(self.luck, 1),
                "severity": {s.value: self.counts[s] for s in Severity}}


def severity_counts(review: Review) -> dict[Severity, int]:
    """The review's listed mistakes by severity (the possible ones are not counted)."""
    counts = dict.fromkeys(Severity, 0)
    for mistake in review.mistakes:
        if not mistake.possible:
            counts[severity(mistake.loss)] += 1
    return counts


def mistake_json(mistake: Mistake) -> dict[str, Any]:
    """A mistake of the full list: the review's fields, its severity and rank by cost."""
    return {**mistake.to_json(), "severity": severity(mistake.loss).value}


@dataclass(frozen=True)
class GameReview:
    """The review of the whole game: each seat's review (every mistake listed), the curve and
    the key moments.  ``names``: the seats' stored names."""

    names: list[str]
    reviews: dict[int, Review]
    curve: Curve
    moments: list[KeyMoment]

    @staticmethod
    def of(replay: Replay, reviews: dict[int, Review]) -> GameReview:
        """The game review of ``replay`` from its seats' reviews (the curve and the key moments
        are read from the replay now)."""
        curve = game_curve(replay)
        names = [str(p.get("name") or f"Player {s + 1}") for s, p in enumerate(replay.players)]
        return GameReview(names, dict(reviews), curve, key_moments(replay, curve))

    @property
    def seconds(self) -> float:
        return sum(r.seconds for r in self.reviews.values())

    def line(self, seat: int) -> PlayerLine:
        review = self.reviews[seat]
        return PlayerLine(seat, self.names[seat], review.decisions, review.close,
                          review.total_loss, severity_counts(review), self.curve.luck(seat),
                          review.accuracy)

    def lines(self) -> list[PlayerLine]:
        return [self.line(s) for s in sorted(self.reviews)]

    def mistakes(self, seat: int) -> list[Mistake]:
        """Every listed mistake of ``seat``, the costliest first."""
        return ranked(self.reviews[seat])

    def seat_json(self, seat: int) -> dict[str, Any]:
        """``seat``'s review as ``ra-game review --json`` gives it, with every mistake."""
        review = self.reviews[seat]
        every = self.mistakes(seat)
        line = self.line(seat)
        costliest = sorted(every[:MAX_LISTED], key=lambda m: m.move)
        return {**review.to_json(), "mistakes": [m.to_json() for m in costliest],
                "every_mistake": [mistake_json(m) for m in every], "count": len(every),
                "accuracy": line.accuracy, "luck": round(line.luck, 1),
                "severity": {s.value: line.counts[s] for s in Severity}}

    def to_json(self) -> dict[str, Any]:
        """The whole game (``ra-game review FILE --seat all --json``)."""
        return {"seat": "all", "players": [line.to_json() for line in self.lines()],
                "graph": self.curve.to_json(),
                "moments": [m.to_json(self.names) for m in self.moments],
                "seats": [self.seat_json(s) for s in sorted(self.reviews)],
                "seconds": round(self.seconds, 2)}


# -- words for the command line


def severity_word(kind: Severity) -> str:
    """The severity's name, translated now."""
    if kind is Severity.BLUNDER:
        return pgettext("the severity of a mistake", "blunder")
    if kind is Severity.MISTAKE:
        return pgettext("the severity of a mistake", "mistake")
    return pgettext("the severity of a mistake", "inaccuracy")


def player_sentence(line: PlayerLine) -> str:
    """One seat's line of the table as a sentence (translated now)."""
    return _("{player}: accuracy {accuracy}; inaccuracies: {inaccuracies}, mistakes: "
             "{mistakes}, blunders: {blunders}; luck of the draws: {luck} fame.").format(
        player=display_name(line.name), accuracy=format_percent(line.accuracy),
        inaccuracies=line.counts[Severity.INACCURACY], mistakes=line.counts[Severity.MISTAKE],
        blunders=line.counts[Severity.BLUNDER], luck=signed(line.luck))


def mistake_sentence(mistake: Mistake) -> str:
    """A mistake of the full list with its severity and the second opinion's figure."""
    text = _("{line} Severity: {severity}.").format(
        line=mistake.line(), severity=severity_word(severity(mistake.loss)))
    later = later_sentence(mistake)
    return f"{text} {later}" if later else text


def later_sentence(mistake: Mistake) -> str:
    """What the better move would likely have led to, by the second opinion (translated; empty
    without one)."""
    gain = mistake.values.get("second_opinion")
    if not isinstance(gain, int | float):
        return ""
    return _("Played on to the end of the game, the better move kept about {gain} fame more."
             ).format(gain=format_decimal(gain))


def played_on_line(mistake: Mistake) -> str:
    """The better move and what it would likely have led to, short, for a row of the full
    list (translated; empty without the second opinion's figure)."""
    gain = mistake.values.get("second_opinion")
    if not isinstance(gain, int | float):
        return ""
    return _("Better: {better}; played on to the end, about {gain} fame more.").format(
        better=mistake.better_words, gain=format_decimal(gain))


def seat_lines(game: GameReview, seat: int) -> list[str]:
    """``seat``'s review for the command line: its summary, then every mistake, the costliest
    first."""
    review = game.reviews[seat]
    every = game.mistakes(seat)
    count = ngettext("{count} mistake listed, the costliest first:",
                     "{count} mistakes listed, the costliest first:", len(every)).format(
        count=len(every))
    return [review.summary(), *([count] if every else []),
            *(mistake_sentence(m) for m in every)]


def moment_lines(game: GameReview) -> list[str]:
    return [_("{name}. {text}").format(name=m.name(game.names), text=m.text(game.names))
            for m in game.moments]


def game_lines(game: GameReview, seat: int | None) -> list[str]:
    """The review for the command line: one seat's (``seat``) or the whole game's (None)."""
    seats = sorted(game.reviews) if seat is None else [seat]
    lines = [player_sentence(game.line(s)) for s in seats] if seat is None else []
    for s in seats:
        if seat is None:
            lines.append(_("Decisions of {player}:").format(
                player=display_name(game.names[s])))
        lines += seat_lines(game, s)
    if game.moments:
        lines += [_("Key moments of the game:"), *moment_lines(game)]
    return lines


def seat_and_game_json(game: GameReview, seat: int) -> dict[str, Any]:
    """``ra-game review FILE --seat N --json``: the seat's fields, the graph, the moments."""
    return {**game.seat_json(seat), "graph": game.curve.to_json(),
            "moments": [m.to_json(game.names) for m in game.moments]}
