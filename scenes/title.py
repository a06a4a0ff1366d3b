"""The title screen: the sun of Ra over the name, and the main menu."""

from __future__ import annotations

import math

import pygame

from ra_game.engine import RaError, parse_replay
from ra_game.engine.tiles import TILE_BY_ID
from ra_game.i18n import N_, _, format_datetime, generation
from ra_game.saves import SaveError, autosave_time, load_autosave
from ra_game.ui import theme
from ra_game.ui.app_context import DemoOptions
from ra_game.ui.assets import Assets
from ra_game.ui.layout_scene import LayoutScene
from ra_game.ui.sprites import SpriteBank
from ra_game.ui.widgets import Button
from ra_game.ui.words import names_list

MENU = (
    ("new", N_("New game"), "n"),
    ("continue", N_("Continue"), "c"),
    ("learn", N_("Learn to play"), "p"),
    ("demo", N_("Watch a demo"), "d"),
    ("replays", N_("Watch a replay"), "w"),
    ("rules", N_("Rules"), "r"),
    ("stats", N_("Statistics"), "t"),
    ("settings", N_("Settings"), "s"),
    ("quit", N_("Quit"), "q"),
)


class TitleScene(LayoutScene):
    """New game, Continue (only with a good autosave), Watch a demo, Rules, Settings, Quit."""

    layout_name = "title"
    REQUIRED = (
        "title_sun", "title_text", "subtitle", "menu_panel", "notice", "deco_left", "deco_right",
        *(f"button_{key}" for key, _, _ in MENU),
    )

    def build(self) -> None:
        self.buttons: dict[str, Button] = {}
        actions = {
            "new": self.new_game, "continue": self.continue_game, "demo": self.watch_demo,
            "rules": self.rules, "settings": self.settings, "quit": self.quit,
            "learn": self.learn, "replays": self.replays, "stats": self.stats,
        }
        for key, label, shortcut in MENU:
            style = "primary" if key == "new" else "normal"
            button = Button((0, 0, 10, 10), label, actions[key], shortcut=shortcut, style=style)
            self.buttons[key] = self.group.add(button)  # type: ignore[assignment]
        self.save_doc: dict[str, object] | None = None
        self.save_error: str | None = None
        self.clock = 0.0
        self.refresh_save()
        self.group.focus(self.buttons["new"])

    def place(self) -> None:
        for key, button in self.buttons.items():
            button.rect = self.rects[f"button_{key}"]

    def enter(self) -> None:
        self.ctx.demo = None
        self.refresh_save()
        super().enter()

    def refresh_save(self) -> None:
        """Look at the autosave: Continue is enabled only when it can be resumed."""
        try:
            self.save_doc, self.save_error = load_autosave(), None
        except SaveError as exc:
            self.save_doc, self.save_error = None, str(exc)
        self.buttons["continue"].enabled = self.save_doc is not None
        self._save_line: tuple[int, str] | None = None

    @property
    def save_info(self) -> str:
        """The line about the autosave, made again only after a language switch."""
        if not self.save_doc:
            return ""
        if self._save_line is None or self._save_line[0] != generation():
            self._save_line = (generation(), describe_save(self.save_doc))
        return self._save_line[1]

    # -- actions ------------------------------------------------------------------------------

    def new_game(self) -> None:
        from ra_game.scenes.setup import SetupScene

        self.manager.push(SetupScene(self.ctx))

    def continue_game(self) -> None:
        if self.save_doc is None:
            return
        from ra_game.scenes.play import PlayScene

        try:
            scene = PlayScene.from_save(self.ctx, dict(self.save_doc))
        except ValueError as exc:  # ReplayError and friends: one line, no crash
            self.save_doc = None
            self.save_error = _("The saved game cannot be resumed: {reason}").format(reason=exc)
            self.buttons["continue"].enabled = False
            return
        self.manager.push(scene)

    def watch_demo(self) -> None:
        from ra_game.scenes.play import PlayScene
        from ra_game.scenes.setup import demo_seats

        speed = self.ctx.settings.animation_speed
        self.ctx.demo = DemoOptions(speed="normal" if speed == "slow" else speed)
        self.manager.push(PlayScene(self.ctx, demo_seats(), seed=None, hide_scores=False))

    def rules(self) -> None:
        from ra_game.scenes.rules import RulesScene

        self.manager.push(RulesScene(self.ctx))

    def learn(self) -> None:
        """The guided first game, from the step the player left it at."""
        from ra_game.scenes.tutorial import tutorial_scene

        self.manager.push(tutorial_scene(self.ctx))

    def replays(self) -> None:
        from ra_game.scenes.replays import ReplayListScene

        self.manager.push(ReplayListScene(self.ctx))

    def stats(self) -> None:
        from ra_game.scenes.stats import StatsScene

        self.manager.push(StatsScene(self.ctx))

    def settings(self) -> None:
        from ra_game.scenes.settings import SettingsScene

        self.manager.push(SettingsScene(self.ctx))

    def quit(self) -> None:
        self.ctx.quit_requested = True

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.group.focus(self.buttons["quit"])  # a second Esc never quits by surprise
            return
        super().handle_event(event)

    def update(self, dt: float) -> None:
        super().update(dt)
        self.clock += dt

    # -- drawing ------------------------------------------------------------------------------

    def draw_content(self, surface: pygame.Surface) -> None:
        self.draw_friezes(surface)
        sun = self.rects["title_sun"]
        draw_glow(surface, sun.center, int(sun.width * 0.75), self.clock)
        theme.sun_disc(surface, sun.center, int(sun.width * 0.38))
        draw_title(surface, self.font(176, serif=True), "RA", self.rects["title_text"].center)
        theme.fitted_text(surface, lambda s: self.font(s, serif=True),
                          _("The auction game of ancient Egypt"), self.rects["subtitle"], 26,
                          theme.INK, max_lines=1)
        draw_fan(surface, self.ctx.assets, self.rects["deco_left"], LEFT_FAN)
        draw_fan(surface, self.ctx.assets, self.rects["deco_right"], RIGHT_FAN)
        theme.panel(surface, self.rects["menu_panel"], radius=self.px(18))
        self.draw_notice(surface)
        credit = self.rects.get("credit")
        if credit is not None:
            theme.fitted_text(surface, lambda s: self.font(s),
                              _("After the board game by Reiner Knizia"), credit, 16,
                              theme.INK_SOFT, "left", max_lines=1)

    def draw_notice(self, surface: pygame.Surface) -> None:
        lines = [*self.ctx.notices[-1:], *([self.save_error] if self.save_error else [])]
        if lines:
            theme.fitted_text(surface, lambda s: self.font(s, bold=True), "  ·  ".join(lines),
                              self.rects["notice"], 20, theme.TERRACOTTA)
        elif self.save_info:
            theme.fitted_text(surface, lambda s: self.font(s), self.save_info,
                              self.rects["notice"], 18, theme.INK_SOFT)


def describe_save(doc: dict[str, object]) -> str:
    """One line about the saved game, e.g. ``Continue: Ana, Bo and Cy, epoch 2 of 3``."""
    try:
        state = parse_replay(doc).play()
    except RaError:
        return ""
    who = names_list(list(state.names))
    saved = autosave_time()
    if saved is None:
        return _("Continue: {players}, epoch {epoch} of {total}").format(
            players=who, epoch=state.epoch, total=3)
    return _("Continue: {players}, epoch {epoch} of {total} (saved {date})").format(
        players=who, epoch=state.epoch, total=3, date=format_datetime(saved))


#: (image, angle in degrees, offset from the rect centre as fractions of its size)
LEFT_FAN = (("tiles/pharaoh.png", 14, (-0.26, 0.06)), ("tiles/god.png", 2, (0.0, -0.04)),
            ("tiles/nile.png", -12, (0.26, 0.08)), ("suns/sun_13.png", 0, (0.02, 0.36)))
RIGHT_FAN = (("tiles/pyramid.png", 12, (-0.26, 0.08)), ("tiles/gold.png", -2, (0.0, -0.04)),
             ("tiles/astronomy.png", -14, (0.26, 0.06)), ("suns/sun_back.png", 0, (-0.02, 0.36)))
_ROTATED: dict[tuple[str, int, int, int], tuple[pygame.Surface, pygame.Surface]] = {}
_BANKS: dict[int, SpriteBank] = {}


def _fan_image(assets: Assets, name: str, size: int) -> pygame.Surface:
    """A tile with its name in the chosen language (through the sprite bank), or a sun."""
    if name.startswith("tiles/"):
        bank = _BANKS.setdefault(id(assets), SpriteBank(assets))
        return bank.tile(TILE_BY_ID[name[6:-4]], size)
    return assets.scaled(name, (size * 4 // 5,) * 2)


def draw_fan(surface: pygame.Surface, assets: Assets, rect: pygame.Rect,
             fan: tuple[tuple[str, int, tuple[float, float]], ...]) -> None:
    """A few tiles and a sun disc lying casually on the table, with soft shadows."""
    size = rect.width * 34 // 100
    for name, angle, (fx, fy) in fan:
        if not assets.has(name):
            continue
        key = (name, size, angle, generation())
        cached = _ROTATED.get(key)
        if cached is None:
            if len(_ROTATED) > 64:
                _ROTATED.clear()
            base = _fan_image(assets, name, size)
            img = pygame.transform.rotozoom(base, angle, 1.0)
            shadow = pygame.mask.from_surface(img).to_surface(setcolor=(60, 40, 20, 90),
                                                              unsetcolor=(0, 0, 0, 0))
            cached = _ROTATED[key] = (img, shadow)
        img, shadow = cached
        center = (rect.centerx + int(fx * rect.width), rect.centery + int(fy * rect.height))
        surface.blit(shadow, shadow.get_rect(center=(center[0] + 5, center[1] + 7)))
        surface.blit(img, img.get_rect(center=center))


def draw_glow(surface: pygame.Surface, center: tuple[int, int], radius: int, clock: float) -> None:
    """Soft gold rings behind the sun that breathe slowly."""
    pulse = 0.5 + 0.5 * math.sin(clock * 1.4)
    glow = pygame.Surface((radius * 2, radius * 2), pygame.SRCALPHA)
    for i in range(6, 0, -1):
        alpha = int((10 + 6 * pulse) * (7 - i) / 2)
        pygame.draw.circle(glow, (*theme.GOLD_LIGHT, alpha), (radius, radius), radius * i // 6)
    surface.blit(glow, glow.get_rect(center=center))


def draw_title(surface: pygame.Surface, font: pygame.font.Font, text: str,
               center: tuple[int, int]) -> None:
    """Big lapis letters with a gold rim and a dark shadow, like inlaid stone."""
    shadow = font.render(text, True, theme.shade(theme.INK, 0.8))
    rim = font.render(text, True, theme.GOLD)
    face = font.render(text, True, theme.LAPIS)
    rect = face.get_rect(center=center)
    surface.blit(shadow, rect.move(5, 6))
    for dx, dy in ((-3, 0), (3, 0), (0, -3), (0, 3), (-2, -2), (2, 2), (-2, 2), (2, -2)):
        surface.blit(rim, rect.move(dx, dy))
    surface.blit(face, rect)
