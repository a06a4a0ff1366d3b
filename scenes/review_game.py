"""The whole game at a glance: the evaluation graph of every seat, the players side by side
(accuracy, mistakes by severity, luck of the draws), the key moments, and every mistake of the
chosen seat.

Three areas take the keys in turn (Tab): the graph (Left/Right move its cursor, Home/End),
the key moments and the mistakes (Up/Down choose).  Enter shows the chosen position on the
board (the replay viewer there; a mistake opens as the review list opens it), and so does a
click on the graph, a moment or a mistake.  The number keys (or a click on the table) choose
whose mistakes are listed; Esc goes back.
"""

from __future__ import annotations

from enum import Enum
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from ra_game.review.game import (
    BLUNDER_FROM,
    MISTAKE_FROM,
    GameReview,
    Severity,
    played_on_line,
    severity,
    severity_word,
    signed,
)
from ra_game.text.i18n import N_, _, format_decimal, format_percent, pgettext
from ra_game.text.words import display_name, is_you
from ra_game.ui import theme
from ra_game.ui.chart import MARKERS, marker
from ra_game.ui.game_chart import GameChart, Mark
from ra_game.ui.layout_scene import LayoutScene
from ra_game.ui.review_words import better_line, seat_name
from ra_game.ui.widgets import Button

from . import routes
from .review_progress import ReviewProgressScene

if TYPE_CHECKING:
    from ra_game.engine import Replay
    from ra_game.review import Mistake, Review
    from ra_game.review.game_job import GameReviewJob
    from ra_game.ui.app_context import AppContext
    from ra_game.ui.scene import Scene

MOMENT_ROWS = 3
MISTAKE_ROWS = 3
TABLE_ROWS = 5
#: The severity columns' signs, as chess annotates moves (no words to translate).
SIGNS = {Severity.INACCURACY: "?!", Severity.MISTAKE: "?", Severity.BLUNDER: "??"}


class Area(Enum):
    """Which part of the screen the keys move in."""

    GRAPH = "graph"
    MOMENTS = "moments"
    MISTAKES = "mistakes"


class GameReviewScene(LayoutScene):
    """The review of the whole game of ``replay``; ``seat``: whose mistakes are listed first."""

    layout_name = "review_game"
    REQUIRED = ("heading", "graph_panel", "graph", "graph_note", "table_panel", "legend",
                "moments_panel", "moments_title", "mistakes_panel", "mistakes_title",
                "button_back", "help", "button_show",
                *(f"table_{i}" for i in range(TABLE_ROWS + 1)),
                *(f"moment_{i}" for i in range(MOMENT_ROWS)),
                *(f"mistake_{i}" for i in range(MISTAKE_ROWS)))

    def __init__(self, ctx: AppContext, replay: Replay, game: GameReview, seat: int = 0,
                 title: str = "") -> None:
        self.replay, self.game, self.title = replay, game, title
        self.seats = sorted(game.reviews)
        self.seat = seat if seat in game.reviews else (self.seats[0] if self.seats else 0)
        self.area = Area.GRAPH
        self.cursor = 0
        self.moment = 0
        self.chosen = 0  # the chosen mistake in the list
        super().__init__(ctx)

    def build(self) -> None:
        self.back = self.group.add(Button((0, 0, 10, 10), N_("Back"), self.manager.pop,
                                          shortcut=pygame.K_ESCAPE))
        self.show = self.group.add(Button((0, 0, 10, 10), N_("Show on the board"),
                                          self.open_chosen, style="primary", hint="Enter"))
        self.group.focus(self.show)

    def place(self) -> None:
        self.back.rect = self.rects["button_back"]
        self.show.rect = self.rects["button_show"]

    # -- what is chosen

    @property
    def mistakes(self) -> list[Mistake]:
        return self.game.mistakes(self.seat) if self.seat in self.game.reviews else []

    @property
    def chart(self) -> GameChart:
        return GameChart(self.game.curve, self.rects["graph"], self.scale)

    def choose_seat(self, seat: int) -> None:
        if seat in self.game.reviews:
            self.seat, self.chosen = seat, 0

    def move_cursor(self, delta: int) -> None:
        last = len(self.game.curve.steps)
        self.cursor = max(0, min(last, self.cursor + delta))

    def select(self, delta: int) -> None:
        if self.area is Area.MOMENTS and self.game.moments:
            self.moment = max(0, min(len(self.game.moments) - 1, self.moment + delta))
        elif self.area is Area.MISTAKES and self.mistakes:
            self.chosen = max(0, min(len(self.mistakes) - 1, self.chosen + delta))
        elif self.area is Area.GRAPH:
            self.move_cursor(delta)

    def next_area(self, back: bool = False) -> None:
        areas = list(Area)
        self.area = areas[(areas.index(self.area) + (-1 if back else 1)) % len(areas)]

    # -- opening a position on the board

    def open_position(self, position: int) -> None:
        """The replay viewer after ``position`` moves."""
        self.manager.push(self.ctx.open(routes.Watch(self.replay, self.title, at=position)))

    def open_mistake(self, mistake: Mistake) -> None:
        self.manager.push(self.ctx.open(routes.ReviewPosition(self.replay, mistake, self.title)))

    def open_chosen(self) -> None:
        """Enter: the chosen thing of the area the keys move in, on the board."""
        if self.area is Area.MISTAKES and self.mistakes:
            self.open_mistake(self.mistakes[self.chosen])
        elif self.area is Area.MOMENTS and self.game.moments:
            self.open_position(self.game.moments[self.moment].move)
        else:
            self.open_position(self.cursor)

    # -- input

    def handle_event(self, event: pygame.event.Event) -> None:
        self.relayout()
        if event.type == pygame.KEYDOWN and self.key(event):
            return
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.click(event.pos):
            return
        self.group.handle_event(event)

    def key(self, event: pygame.event.Event) -> bool:
        """The scene's own keys; False for the buttons' (Esc)."""
        key = event.key
        steps = {pygame.K_LEFT: -1, pygame.K_RIGHT: 1, pygame.K_UP: -1, pygame.K_DOWN: 1,
                 pygame.K_PAGEUP: -10, pygame.K_PAGEDOWN: 10}
        if key == pygame.K_TAB:
            self.next_area(back=bool(event.mod & pygame.KMOD_SHIFT))
        elif key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.area = Area.GRAPH
            self.move_cursor(steps[key] * (10 if event.mod & pygame.KMOD_SHIFT else 1))
        elif key in steps:
            self.select(steps[key])
        elif key in (pygame.K_HOME, pygame.K_END) and self.area is Area.GRAPH:
            self.cursor = 0 if key == pygame.K_HOME else len(self.game.curve.steps)
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            (self.back.activate if self.group.focused is self.back else self.open_chosen)()
        elif pygame.K_1 <= key <= pygame.K_9 and key - pygame.K_1 < len(self.seats):
            self.choose_seat(self.seats[key - pygame.K_1])
            self.area = Area.MISTAKES
        else:
            return False
        return True

    def click(self, pos: tuple[int, int]) -> bool:
        position = self.chart.position_at(pos)
        if position is not None:
            self.area, self.cursor = Area.GRAPH, position
            self.open_position(position)
            return True
        for i, seat in enumerate(self.seats[:TABLE_ROWS]):
            if self.rects[f"table_{i + 1}"].collidepoint(pos):
                self.choose_seat(seat)
                self.area = Area.MISTAKES
                return True
        first = self.first_row(self.moment, MOMENT_ROWS)
        for i in range(MOMENT_ROWS):
            if self.rects[f"moment_{i}"].collidepoint(pos) and first + i < len(
                    self.game.moments):
                self.area, self.moment = Area.MOMENTS, first + i
                self.open_chosen()
                return True
        first = self.first_row(self.chosen, MISTAKE_ROWS)
        for i in range(MISTAKE_ROWS):
            if self.rects[f"mistake_{i}"].collidepoint(pos) and first + i < len(self.mistakes):
                self.area, self.chosen = Area.MISTAKES, first + i
                self.open_chosen()
                return True
        return False

    @staticmethod
    def first_row(selected: int, rows: int) -> int:
        """The first row shown of a list scrolled to keep ``selected`` in view."""
        return max(0, selected - rows + 1)

    # -- drawing

    def draw_content(self, surface: pygame.Surface) -> None:
        self.draw_friezes(surface)
        self.heading(surface, _("The whole game at a glance"))
        for name, area in (("graph_panel", Area.GRAPH), ("table_panel", None),
                           ("moments_panel", Area.MOMENTS), ("mistakes_panel", Area.MISTAKES)):
            rect = self.rects[name]
            theme.panel(surface, rect, radius=self.px(14))
            if area is self.area:
                pygame.draw.rect(surface, theme.GOLD, rect, max(2, self.px(3)),
                                 border_radius=self.px(14))
        self.draw_graph(surface)
        self.draw_table(surface)
        self.draw_moments(surface)
        self.draw_mistakes(surface)
        theme.fitted_text(surface, lambda s: self.font(s),
                          _("Tab: graph, moments or mistakes; arrows choose; Enter shows it on "
                            "the board; 1 to 5: whose mistakes."),
                          self.rects["help"], 15, theme.INK_SOFT, min_size=15)

    def draw_graph(self, surface: pygame.Surface) -> None:
        marks = [Mark(seat, m.move, severity(m.loss)) for seat in self.seats
                 for m in self.game.mistakes(seat)]
        self.chart.draw(surface, self.font, self.cursor, marks, self.area is Area.GRAPH)
        theme.fitted_text(surface, lambda s: self.font(s, bold=True), self.cursor_note(),
                          self.rects["graph_note"], 15, theme.INK, "left", min_size=15,
                          max_lines=2, clip=True)

    def cursor_note(self) -> str:
        """What the cursor shows: the move after it, then each seat's expected fame."""
        curve, at = self.game.curve, self.cursor
        fame = _(", ").join(
            _("{player} {fame}").format(player=display_name(self.game.names[s]),
                                        fame=format_decimal(v))
            for s, v in enumerate(curve.before(at)))
        if at >= len(curve.steps):
            return _("End of the game: {fame}").format(fame=fame)
        step = curve.steps[at]
        from ra_game.review.why import moment_text

        name = moment_text(step.when, step.action, self.person(step.seat))
        return _("Next: {move}. Expected final fame: {fame}").format(move=name, fame=fame)

    def person(self, seat: int) -> str | None:
        from ra_game.text.words import YOU

        name = self.game.names[seat]
        return None if name == YOU else display_name(name)

    def draw_table(self, surface: pygame.Surface) -> None:
        """The players side by side: accuracy, mistakes by severity, luck of the draws."""
        head = self.rects["table_0"]
        columns = self.columns(head)
        labels = [pgettext("a column of the review's table", "Player"),
                  pgettext("a column of the review's table", "Accuracy"),
                  *SIGNS.values(), pgettext("a column of the review's table", "Luck")]
        for (x, w), label in zip(columns, labels):
            box = pygame.Rect(x, head.y, w, head.h)
            theme.fitted_text(surface, lambda s: self.font(s, bold=True), label, box, 15,
                              theme.INK_SOFT, "center" if x != columns[0][0] else "left",
                              min_size=15, max_lines=1, clip=True)
        for i, seat in enumerate(self.seats[:TABLE_ROWS]):
            row = self.rects[f"table_{i + 1}"]
            line = self.game.line(seat)
            if seat == self.seat:
                pygame.draw.rect(surface, theme.shade(theme.GOLD_LIGHT, 1.2), row,
                                 border_radius=self.px(8))
            color = theme.SEAT_COLORS[seat % len(theme.SEAT_COLORS)]
            marker(surface, MARKERS[seat % len(MARKERS)], (row.x + self.px(12), row.centery),
                   self.px(6), color)
            cells = [display_name(line.name), format_percent(line.accuracy),
                     *(str(line.counts[k]) for k in SIGNS), signed(line.luck)]
            for n, ((x, w), text) in enumerate(zip(columns, cells)):
                box = pygame.Rect(x + (self.px(24) if n == 0 else 0), row.y,
                                  w - (self.px(24) if n == 0 else 0), row.h)
                theme.fitted_text(surface, partial(self.font, bold=n == 0), text, box, 16,
                                  theme.INK, "left" if n == 0 else "center", min_size=15,
                                  max_lines=1, clip=True)
        legend = _("Accuracy: 100 % when no decision lost fame, the lower the more fame the "
                   "decisions lost. ?! inaccuracy (under {mistake} fame), ? mistake, ?? blunder "
                   "(from {blunder}). Luck: what the draws brought against the bag's average, "
                   "beside what they brought the rivals. On the graph, a tick on the floor is a draw, a "
                   "marker on a line a mistake (the larger, the costlier).").format(mistake=format_decimal(MISTAKE_FROM, None),
                                                        blunder=format_decimal(BLUNDER_FROM, None))
        theme.fitted_text(surface, lambda s: self.font(s), legend, self.rects["legend"], 15,
                          theme.INK_SOFT, "left", min_size=15, max_lines=9)

    def columns(self, row: pygame.Rect) -> list[tuple[int, int]]:
        """The table's columns: the name, accuracy, the three severities, luck."""
        shares = (0.34, 0.18, 0.1, 0.1, 0.1, 0.18)
        out, x = [], row.x
        for share in shares:
            w = round(row.w * share)
            out.append((x, w))
            x += w
        return out

    def draw_moments(self, surface: pygame.Surface) -> None:
        theme.fitted_text(surface, lambda s: self.font(s, bold=True), _("Key moments"),
                          self.rects["moments_title"], 17, theme.LAPIS_DARK, "left",
                          max_lines=1)
        moments = self.game.moments
        if not moments:
            theme.fitted_text(surface, lambda s: self.font(s), _("No key moment stood out."),
                              self.rects["moment_0"], 15, theme.INK_SOFT, "left")
        first = self.first_row(self.moment, MOMENT_ROWS)
        for i, moment in enumerate(moments[first:first + MOMENT_ROWS]):
            self.draw_row(surface, self.rects[f"moment_{i}"], first + i == self.moment and
                          self.area is Area.MOMENTS, moment.name(self.game.names),
                          moment.text(self.game.names))

    def draw_mistakes(self, surface: pygame.Surface) -> None:
        mistakes = self.mistakes
        person = self.person(self.seat) if self.seats else None
        title = (_("Every mistake of yours: {count}") if person is None else
                 _("Every mistake of {player}: {count}")).format(player=person,
                                                                 count=len(mistakes))
        theme.fitted_text(surface, lambda s: self.font(s, bold=True), title,
                          self.rects["mistakes_title"], 17, theme.LAPIS_DARK, "left",
                          max_lines=1)
        if not mistakes:
            theme.fitted_text(surface, lambda s: self.font(s),
                              _("No decision cost clearly more fame than the best move: well "
                                "played!"), self.rects["mistake_0"], 15, theme.INK_SOFT, "left")
        first = self.first_row(self.chosen, MISTAKE_ROWS)
        for i, mistake in enumerate(mistakes[first:first + MISTAKE_ROWS]):
            head = _("{rank}. {severity}, {loss}: {name}").format(
                rank=first + i + 1, severity=severity_word(severity(mistake.loss)),
                loss=signed(-mistake.loss), name=mistake.name)
            detail = played_on_line(mistake) or better_line(mistake)
            self.draw_row(surface, self.rects[f"mistake_{i}"], first + i == self.chosen and
                          self.area is Area.MISTAKES, head, detail)

    def draw_row(self, surface: pygame.Surface, row: pygame.Rect, chosen: bool, head: str,
                 detail: str) -> None:
        """A row of two lines: its name (bold) and what it says."""
        fill = theme.shade(theme.GOLD_LIGHT, 1.25) if chosen else theme.shade(theme.PAPYRUS, 0.97)
        pygame.draw.rect(surface, fill, row, border_radius=self.px(8))
        pygame.draw.rect(surface, theme.GOLD if chosen else theme.PAPYRUS_SHADE, row,
                         max(1, self.px(2)), border_radius=self.px(8))
        inner = row.inflate(-self.px(16), -self.px(6))
        half = inner.h // 2
        for n, (text, bold) in enumerate(((head, True), (detail, False))):
            box = pygame.Rect(inner.x, inner.y + n * half, inner.w, half)
            theme.fitted_text(surface, partial(self.font, bold=bold), text, box, 15, theme.INK,
                              "left", min_size=15, max_lines=1, clip=True)


def game_review_scene(ctx: AppContext, replay: Replay, seat: int = 0, title: str = "",
                      **job_options: Any) -> Scene:
    """The whole game's review: at once when every seat's was made and kept with the game,
    else the progress overlay while the AI makes the seats' still missing."""
    from ra_game.review.store import kept_reviews, load_review

    kept = kept_reviews(replay, **job_options)
    scene: Scene
    if len(kept) == len(replay.players):
        scene = GameReviewScene(ctx, replay, GameReview.of(replay, kept), seat, title)
    else:
        lists = {s: load_review(replay, s, **job_options) for s in range(len(replay.players))
                 if s not in kept}
        earlier = {s: r for s, r in lists.items() if r is not None}
        scene = GameProgressScene(ctx, replay, seat, title=title, known=kept, earlier=earlier,
                                  **job_options)
    return scene


class GameProgressScene(ReviewProgressScene):
    """The whole game under review: every seat's decisions in turn (``known``: the seats'
    reviews kept before); done, each is kept with the game and the game's review takes this
    overlay's place."""

    def __init__(self, ctx: AppContext, replay: Replay, seat: int, *, title: str = "",
                 known: dict[int, Review] | None = None, whole: GameReviewJob | None = None,
                 earlier: dict[int, Review] | None = None, **job_options: Any) -> None:
        self.known = known or {}
        #: The seats' lists of their costliest mistakes made before (their work is reused).
        self.earlier = earlier or {}
        #: The whole game's job (``whole``: one made already, else made on this overlay's
        #: worker processes when it is first shown).
        self.whole = whole
        super().__init__(ctx, replay, seat, title=title, **job_options)

    def start(self) -> None:
        if self.whole is not None or self.error:
            return
        from ra_game.review.game_job import GameReviewJob

        try:
            self.whole = GameReviewJob(self.replay, self.open_workers(), known=self.known,
                                       earlier=self.earlier, **self.job_options)
        except ValueError as exc:
            self.fail(str(exc))

    @property
    def progress(self) -> tuple[int, int]:
        return self.whole.progress if self.whole is not None else (0, 0)

    def is_animating(self) -> bool:
        return self.whole is not None and not self.whole.done and not self.error

    def update(self, dt: float) -> None:
        self.relayout()
        self.start()
        job = self.whole
        if not self.advance(job) or job is None or job.result is None:
            return
        from ra_game.review.store import save_reviews

        save_reviews(self.replay, job.result.reviews, job.budget, job.salt, job.confirm)
        self.manager.replace(GameReviewScene(self.ctx, self.replay, job.result, self.seat,
                                             self.title))

    def close(self) -> None:
        if self.whole is not None and not self.whole.done:
            self.whole.cancel()
        super().close()

    def detail(self, name: str) -> str:
        seat = self.whole.seat if self.whole is not None else None
        if seat is None:
            return _("The hard AI looks again at every player's decisions.")
        name = seat_name(self.replay, seat)
        if is_you(name):
            return _("The hard AI looks again at every player's decisions: now yours.")
        return _("The hard AI looks again at every player's decisions: now those of "
                 "{player}.").format(player=display_name(name))
