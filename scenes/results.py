"""Final results: the ranking, the tie-break when it decided, and a chart of fame by epoch."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import pygame

from ra_game.engine.events import GameOver
from ra_game.engine.tiles import START_SCORE
from ra_game.text.i18n import N_, _, ngettext, pgettext
from ra_game.text.words import display_name, fame, is_you, names_list, shown_path
from ra_game.ui import theme
from ra_game.ui.chart import draw_chart
from ra_game.ui.layout_scene import LayoutScene, speed_factor
from ra_game.ui.widgets import Button

from . import routes

if TYPE_CHECKING:
    from ra_game.engine.state import GameState
    from ra_game.review import Review
    from ra_game.table.seats import Seat
    from ra_game.ui.app_context import AppContext

EXIT_AFTER = 1.0  # seconds the results show before ``demo --exit-on-end`` quits
CHART_TIME = 1.6


def ordinal(place: int) -> str:
    """``1st``, ``2nd``... in the chosen language (``place`` counts from 1)."""
    return {1: _("1st"), 2: _("2nd"), 3: _("3rd"), 4: _("4th"), 5: _("5th")}[place]


def highest_sun(state: GameState, seat: int) -> int:
    return max([*state.suns_up[seat], *state.suns_down[seat]], default=0)


def ranking(state: GameState) -> list[int]:
    """Seats from first to last: fame, then the highest sun (R-WIN-2)."""
    return sorted(range(state.n), key=lambda p: (-state.scores[p], -highest_sun(state, p)))


def verdict(state: GameState, event: GameOver) -> str:
    """One sentence on how the game was decided (the tie-break when it was needed)."""
    order = ranking(state)
    win = event.winner
    name, points = state.names[win], state.scores[win]
    player, you = display_name(name), is_you(name)
    if event.tie_break:
        tied = names_list([state.names[p] for p in order if state.scores[p] == points])
        sun = highest_sun(state, win)
        if you:
            return _("{players} tied on {fame}; you win the tie-break by holding the highest "
                     "sun, {sun}.").format(players=tied, fame=fame(points), sun=sun)
        if any(is_you(state.names[p]) for p in order if state.scores[p] == points):
            # Translators: {players} names you among others ("You and Imhotep"): Spain's Spanish
            # says "empatáis"
            return pgettext("you are among the tied players", "{players} tied on {fame}; {player} "
                            "wins the tie-break by holding the highest sun, {sun}.").format(
                players=tied, fame=fame(points), player=player, sun=sun)
        return _("{players} tied on {fame}; {player} wins the tie-break by holding the highest "
                 "sun, {sun}.").format(players=tied, fame=fame(points), player=player, sun=sun)
    if len(order) > 1:
        second = order[1]
        lead = points - state.scores[second]
        other = display_name(state.names[second])
        if you:
            return ngettext("You win with {fame}, {lead} point ahead of {other}.",
                            "You win with {fame}, {lead} points ahead of {other}.", lead
                            ).format(fame=fame(points), lead=lead, other=other)
        return ngettext("{player} wins with {fame}, {lead} point ahead of {other}.",
                        "{player} wins with {fame}, {lead} points ahead of {other}.", lead
                        ).format(player=player, fame=fame(points), lead=lead, other=other)
    if you:
        return _("You win with {fame}.").format(fame=fame(points))
    return _("{player} wins with {fame}.").format(player=player, fame=fame(points))


class FinalResultsScene(LayoutScene):
    """Replaces the play scene at the end of the game: Play again (same seats, new seed), Save
    replay (into the replays folder; the path is shown), Review my game (the AI's review of the
    person's decisions), Back to title."""

    layout_name = "results"
    REQUIRED = ("heading", "ranking", "chart", "tiebreak", "save_note", "button_again",
                "button_save", "button_title", "button_review")

    def __init__(self, ctx: AppContext, state: GameState, event: GameOver, *,
                 seats: list[Seat] | None = None, replay: dict[str, Any] | None = None,
                 hide_scores: bool = False, hints_used: Sequence[int] = (),
                 players_here: Sequence[int] = ()) -> None:
        self.state, self.event = state, event
        #: The seats a person at this screen played, when ``seats`` is not given (an online
        #: game: Review my game reviews them, as after a local game).
        self.players_here = list(players_here)
        self.seats, self.replay, self.hide_scores = seats, replay, hide_scores
        self.saved_note = ""
        self.saved_ok = False
        #: Hints each seat asked for during the game (counted, as Board Game Arena does).
        self.hints_used = list(hints_used)
        #: The reviews made here, by seat (Review my game twice does not think twice).
        self.reviews: dict[int, Review] = {}
        self.t = 0.0
        self.shown = 0.0
        super().__init__(ctx)
        if ctx.demo is not None and ctx.demo.exit_on_end:
            ctx.final_summary = state.summary()

    def build(self) -> None:
        self.again = self.group.add(Button((0, 0, 10, 10), N_("Play again"), self.play_again,
                                           style="primary", shortcut="a"))
        self.save = self.group.add(Button((0, 0, 10, 10), N_("Save replay"), self.save_replay,
                                          shortcut="s"))
        people = bool(self.players_here) or (
            self.seats is not None and any(seat.is_human for seat in self.seats))
        self.review = self.group.add(Button(
            (0, 0, 10, 10), N_("Review my game") if people else N_("Review the game"),
            self.review_game, shortcut="r"))
        self.back = self.group.add(Button((0, 0, 10, 10), N_("Back to title"), self.to_title,
                                          shortcut="t"))
        self.again.enabled = self.seats is not None
        self.save.enabled = self.replay is not None
        self.review.enabled = self.replay is not None
        # a stray Enter (after the scoring screen) never starts a new game by surprise
        self.group.focus(self.back)
        self.order = ranking(self.state)
        self.series = [[START_SCORE, *(h[p] for h in self.state.score_history)]
                       for p in range(self.state.n)]

    @property
    def sentence(self) -> str:
        """How the game was decided, in the chosen language."""
        return verdict(self.state, self.event)

    def place(self) -> None:
        self.again.rect = self.rects["button_again"]
        self.save.rect = self.rects["button_save"]
        self.back.rect = self.rects["button_title"]
        self.review.rect = self.rects["button_review"]

    def play_again(self) -> None:
        """A new game with the same seats and a new seed (in a free save slot, as a new game
        from the setup screen; the finished game has just freed its own)."""
        if self.seats is None:
            return
        from ra_game.files.saves import first_free_slot, list_slots

        humans = any(seat.is_human for seat in self.seats)
        slot = first_free_slot(list_slots()) if humans and self.ctx.demo is None else None
        scene = self.ctx.open(routes.Play(list(self.seats), seed=None,
                                          hide_scores=self.hide_scores, slot=slot))
        if slot is None and humans and self.ctx.demo is None:
            scene.notice = _("Every save slot holds a game: this game is not being saved.")
        self.manager.replace(scene)

    def save_replay(self) -> None:
        """Write the game's replay into the replays folder and show where."""
        if self.replay is None:
            return
        from ra_game.files.replays import save_game_replay

        try:
            path = save_game_replay(self.replay, [display_name(n) for n in self.state.names])
        except OSError as exc:
            self.saved_ok = False
            self.saved_note = _("The replay could not be saved: {why}").format(
                why=exc.strerror or exc)
            return
        self.saved_ok = True
        self.saved_note = _("Replay saved to {path}").format(path=shown_path(path))
        self.save.enabled = False

    def review_seats(self) -> list[int]:
        """Whose decisions may be reviewed: the people at the table, else every seat."""
        people = [i for i, seat in enumerate(self.seats or []) if seat.is_human]
        return people or self.players_here or list(range(self.state.n))

    def review_game(self) -> None:
        """Review the person's decisions (asking whose first when there is a choice)."""
        if self.replay is None:
            return
        from ra_game.engine import parse_replay

        try:
            replay = parse_replay(self.replay)
        except ValueError as exc:
            self.saved_ok = False
            self.saved_note = _("The game could not be reviewed: {why}").format(why=exc)
            return
        self.manager.push(self.ctx.open(routes.ReviewGame(replay, self.review_seats(),
                                                          reviews=self.reviews)))

    def to_title(self) -> None:
        self.manager.clear_to(self.ctx.open(routes.Title()))

    def enter(self) -> None:
        super().enter()
        self.ctx.play_sound("fanfare")

    def is_animating(self) -> bool:
        demo = self.ctx.demo
        return self.t < CHART_TIME or (demo is not None and demo.exit_on_end)

    def update(self, dt: float) -> None:
        super().update(dt)
        self.t = min(CHART_TIME, self.t + dt * speed_factor(self.ctx))
        self.shown += dt
        demo = self.ctx.demo
        if demo is not None and demo.exit_on_end and self.shown >= EXIT_AFTER:
            self.ctx.quit_requested = True

    def handle_event(self, event: pygame.event.Event) -> None:
        self.relayout()
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.to_title()
            return
        if not self.group.handle_event(event) and event.type == pygame.MOUSEBUTTONUP:
            self.t = CHART_TIME

    # -- drawing ------------------------------------------------------------------------------

    def draw_content(self, surface: pygame.Surface) -> None:
        self.draw_friezes(surface)
        winner = self.state.names[self.event.winner]
        self.heading(surface, _("You win!") if is_you(winner) else
                     _("{player} wins!").format(player=display_name(winner)))
        self.draw_ranking(surface, self.rects["ranking"])
        chart = self.rects["chart"]
        theme.panel(surface, chart, radius=self.px(18))
        draw_chart(surface, chart, self.ctx.assets, self.series, self.state.names, self.scale,
                   progress=self.t / CHART_TIME)
        self.draw_sentence(surface, self.rects["tiebreak"])
        self.draw_note(surface, self.rects["save_note"])

    def hints_text(self) -> str:
        """How many hints each player used ("" if none)."""
        parts = [ngettext("{player}: {count} hint", "{player}: {count} hints", n).format(
            player=display_name(self.state.names[seat]), count=n)
            for seat, n in enumerate(self.hints_used) if n]
        return _("Hints used: {list}.").format(list=_(", ").join(parts)) if parts else ""

    def draw_note(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """Above the buttons: the hints used, then where the replay was saved (or why not)."""
        text = "   ".join(filter(None, (self.hints_text(), self.saved_note)))
        if not text:
            return
        color = theme.INK_SOFT if self.saved_ok or not self.saved_note else theme.TERRACOTTA
        for size in (17, 15, 13, 12):
            font = self.font(size)
            if font.size(text)[0] <= rect.width:
                break
        theme.text(surface, font, text, rect.center, color, "center")

    def draw_sentence(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The verdict on one line if it fits (shrinking a little), else on two."""
        theme.fitted_text(surface, lambda s: self.font(s, bold=True), self.sentence, rect, 22,
                          theme.LAPIS_DARK, min_size=14)

    def draw_ranking(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        theme.panel(surface, rect, radius=self.px(18))
        theme.fitted_text(surface, lambda s: self.font(s, bold=True), _("Final ranking"),
                          pygame.Rect(rect.x + self.px(12), rect.y + self.px(10),
                                      rect.w - self.px(24), self.px(32)), 17, theme.INK,
                          max_lines=1)
        top = rect.y + self.px(56)
        row_h = min(self.px(100), (rect.bottom - top - self.px(12)) // self.state.n)
        for place, seat in enumerate(self.order):
            row = pygame.Rect(rect.x + self.px(20), top + place * row_h, rect.w - self.px(40),
                              row_h - self.px(8))
            self.draw_rank_row(surface, row, place, seat)

    def draw_rank_row(self, surface: pygame.Surface, row: pygame.Rect, place: int,
                      seat: int) -> None:
        winner = seat == self.event.winner
        fill = theme.shade(theme.GOLD_LIGHT, 1.25) if winner else theme.shade(theme.PAPYRUS, 0.98)
        pygame.draw.rect(surface, fill, row, border_radius=self.px(12))
        pygame.draw.rect(surface, theme.GOLD if winner else theme.PAPYRUS_SHADE, row, 2,
                         border_radius=self.px(12))
        badge = (row.x + self.px(34), row.centery)
        if winner:
            theme.sun_disc(surface, badge, self.px(15))
        else:
            pygame.draw.circle(surface, theme.PAPYRUS_SHADE, badge, self.px(18))
        theme.text(surface, self.font(16, bold=True), ordinal(place + 1), badge, theme.INK,
                   "center")
        chip = (row.x + self.px(76), row.centery)
        pygame.draw.circle(surface, theme.SEAT_COLORS[seat % 5], chip, self.px(9))
        text_box = pygame.Rect(row.x + self.px(94), row.y, row.right - self.px(150) -
                               row.x - self.px(94), row.h)
        name_box = pygame.Rect(text_box.x, row.centery - self.px(26), text_box.w, self.px(32))
        theme.fitted_text(surface, lambda s: self.font(s, bold=True),
                          display_name(self.state.names[seat]), name_box, 26, theme.INK, "left",
                          min_size=14, max_lines=1)
        sun_box = pygame.Rect(text_box.x, row.centery + self.px(6), text_box.w, self.px(22))
        theme.fitted_text(surface, lambda s: self.font(s),
                          _("highest sun {sun}").format(sun=highest_sun(self.state, seat)),
                          sun_box, 16, theme.INK_SOFT, "left", max_lines=1)
        points = self.state.scores[seat]
        theme.text(surface, self.font(40, bold=True), str(points),
                   (row.right - self.px(70), row.centery), theme.LAPIS_DARK, "midright")
        word = ngettext("fame", "fame", points)
        word_box = pygame.Rect(row.right - self.px(68), row.y, self.px(64), row.h)
        theme.fitted_text(surface, lambda s: self.font(s), word, word_box, 16, theme.INK_SOFT,
                          "right", max_lines=1)
