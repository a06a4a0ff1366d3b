"""Statistics: games played and won, by number of players and by opponent level, best and
average score, the longest winning streak and hints used; Reset asks first."""

from __future__ import annotations

import pygame

from ra_game.ai.levels import LEVELS
from ra_game.files.stats import Record, Stats, load_stats, reset_stats
from ra_game.table.seat_kinds import ai_label
from ra_game.text.i18n import N_, _, format_decimal, format_percent
from ra_game.ui import theme
from ra_game.ui.layout_scene import LayoutScene
from ra_game.ui.widgets import Button


class StatsScene(LayoutScene):
    """The player's statistics (``ra_game.files.stats``), with a reset that asks for confirmation."""

    layout_name = "stats"
    REQUIRED = ("heading", "summary_panel", "players_panel", "levels_panel", "notice",
                "button_back", "button_reset")

    def build(self) -> None:
        self.stats, self.notice = load_stats()
        self.confirming = False
        self.back = Button((0, 0, 10, 10), N_("Back"), self.go_back, shortcut=pygame.K_ESCAPE)
        self.reset = Button((0, 0, 10, 10), N_("Reset statistics"), self.ask_reset, shortcut="r")
        self.group.add(self.back)
        self.group.add(self.reset)
        self.group.focus(self.back)

    def place(self) -> None:
        self.back.rect = self.rects["button_back"]
        self.reset.rect = self.rects["button_reset"]

    # -- actions

    def go_back(self) -> None:
        """Back to the title; while asking, Esc or Back only cancels the question."""
        if self.confirming:
            self.cancel_reset()
        else:
            self.manager.pop()

    def ask_reset(self) -> None:
        """The first press asks; No (Cancel, Esc, Enter) is the default answer, and only a
        click on Yes or its own key Y resets: pressing R twice resets nothing."""
        if not self.confirming:
            self.confirming = True
            self.reset.label = N_("Yes, reset")
            self.reset.shortcut, self.reset.hint = pygame.K_y, "Y"
            self.back.label = N_("Cancel")
            self.back.style = "primary"
            self.group.focus(self.back)
            self.notice = _("Reset all statistics? This cannot be undone.")
            return
        error = reset_stats()
        self.stats = Stats()
        self.cancel_reset()
        self.notice = error or _("The statistics were reset.")

    def cancel_reset(self) -> None:
        self.confirming = False
        self.reset.label = N_("Reset statistics")
        self.reset.shortcut, self.reset.hint = pygame.K_r, "R"
        self.back.label = N_("Back")
        self.back.style = "normal"
        self.group.focus(self.back)
        self.notice = ""

    def level_rows(self) -> list[tuple[str, Record | None]]:
        """One row per registered AI level: its label, as on the board, and its record."""
        return [(ai_label(level), self.stats.by_level.get(kind)) for kind, level in LEVELS.items()]

    # -- drawing

    def draw_content(self, surface: pygame.Surface) -> None:
        self.draw_friezes(surface)
        self.heading(surface, _("Statistics"))
        self.draw_summary(surface, self.rects["summary_panel"])
        by_players = [(_("{n} players").format(n=n), self.stats.by_players.get(str(n)))
                      for n in range(2, 6)]
        self.draw_table(surface, self.rects["players_panel"], _("By number of players"),
                        by_players)
        self.draw_table(surface, self.rects["levels_panel"], _("Against each opponent level"),
                        self.level_rows())
        if self.notice:
            color = theme.TERRACOTTA if self.confirming else theme.INK_SOFT
            theme.text(surface, self.font(18, bold=True), self.notice,
                       self.rects["notice"].center, color, "center")

    def draw_summary(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        theme.panel(surface, rect, radius=self.px(18))
        s = self.stats
        average = s.average_score
        rows = [
            (_("Games played"), str(s.games)),
            (_("Games won"), str(s.wins)),
            (_("Win rate"), format_percent(round(100 * s.wins / s.games)) if s.games
             else "\u2013"),
            (_("Best score"), "\u2013" if s.best_score is None else str(s.best_score)),
            (_("Average score"), "\u2013" if average is None else format_decimal(average)),
            (_("Longest winning streak"), str(s.longest_streak)),
            (_("Current streak"), str(s.streak)),
            (_("Hints used"), str(s.hints_used)),
        ]
        theme.text(surface, self.font(20, bold=True), _("All games"),
                   (rect.x + self.px(24), rect.y + self.px(30)), theme.LAPIS_DARK, "midleft")
        step = (rect.height - self.px(112)) / len(rows)  # the note takes the bottom
        for i, (label, value) in enumerate(rows):
            y = rect.y + self.px(64) + int(step * (i + 0.5))
            theme.text(surface, self.font(19), label, (rect.x + self.px(24), y), theme.INK,
                       "midleft")
            theme.text(surface, self.font(24, bold=True), value, (rect.right - self.px(24), y),
                       theme.LAPIS_DARK, "midright")
        theme.fitted_text(surface, self.font, _(
            "Finished games against the AI count here; games of two or more people at one "
            "screen do not."),
            pygame.Rect(rect.x + self.px(16), rect.bottom - self.px(44), rect.width - self.px(32),
                        self.px(40)), 15, theme.INK_SOFT)

    def draw_table(self, surface: pygame.Surface, rect: pygame.Rect, title: str,
                   rows: list[tuple[str, Record | None]]) -> None:
        theme.panel(surface, rect, radius=self.px(18))
        theme.text(surface, self.font(20, bold=True), title,
                   (rect.x + self.px(24), rect.y + self.px(28)), theme.LAPIS_DARK, "midleft")
        cols = (rect.x + self.px(330), rect.x + self.px(460), rect.x + self.px(600))
        head_y = rect.y + self.px(62)
        for x, head in zip(cols, (_("Played"), _("Won"), _("Win rate"))):
            theme.text(surface, self.font(16, bold=True), head, (x, head_y), theme.INK_SOFT,
                       "center")
        step = (rect.bottom - head_y - self.px(20)) / len(rows)
        bar_w = self.px(120)
        for i, (label, record) in enumerate(rows):
            y = head_y + self.px(14) + int(step * (i + 0.5))
            theme.text(surface, self.font(19), label, (rect.x + self.px(24), y), theme.INK,
                       "midleft")
            played = record.played if record else 0
            won = record.won if record else 0
            theme.text(surface, self.font(20, bold=True), str(played), (cols[0], y), theme.INK,
                       "center")
            theme.text(surface, self.font(20, bold=True), str(won), (cols[1], y), theme.INK,
                       "center")
            bar = pygame.Rect(0, 0, bar_w, self.px(14))
            bar.midleft = (cols[2] - bar_w // 2, y)
            pygame.draw.rect(surface, theme.PAPYRUS_SHADE, bar, border_radius=bar.height // 2)
            if won:
                fill = bar.copy()
                fill.width = max(bar.height, int(bar_w * won / played))
                pygame.draw.rect(surface, theme.GOLD, fill, border_radius=bar.height // 2)
            if played:
                theme.text(surface, self.font(15), format_percent(round(100 * won / played)),
                           (bar.right + self.px(8), y), theme.INK_SOFT, "midleft")
