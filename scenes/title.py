"""The title screen: the sun of Ra over the name, and the main menu."""

from __future__ import annotations

import math
from datetime import datetime

import pygame

from ra_game.engine.tiles import TILE_BY_ID
from ra_game.files.safefile import SlotLock
from ra_game.files.saves import (
    SlotInfo,
    latest_resumable,
    list_slots,
    read_slot,
    slot_path,
)
from ra_game.text.i18n import N_, Text, _, format_datetime, generation
from ra_game.text.words import names_list
from ra_game.ui import theme
from ra_game.ui.app_context import DemoOptions
from ra_game.ui.assets import Assets
from ra_game.ui.layout_scene import LayoutScene
from ra_game.ui.sprites import SpriteBank
from ra_game.ui.widgets import Button, Widget

from . import routes
from .tutorial_lesson import SHOWN_STEPS, saved_step, step_number

#: The menu, top to bottom: (key, label, shortcut).  The buttons are stacked inside the layout's
#: ``menu_area``; to add an entry, add a row here and a method named after its key.
MENU: tuple[tuple[str, str, str], ...] = (
    ("new", N_("New game"), "n"),
    ("online", N_("Play online"), "o"),
    ("continue", N_("Continue"), "c"),
    ("load", N_("Load game"), "l"),
    ("learn", N_("Learn to play"), "p"),
    ("demo", N_("Watch a demo"), "d"),
    ("replays", N_("Watch a replay"), "w"),
    ("rules", N_("Rules"), "r"),
    ("stats", N_("Statistics"), "t"),
    ("settings", N_("Settings"), "s"),
    ("quit", N_("Quit"), "q"),
)
#: Menu buttons: the tallest they get, their width and the gap between two columns (base
#: pixels), the share of a row they fill, and the most rows in one column.
MENU_BUTTON_HEIGHT = 50
MENU_BUTTON_WIDTH = 312
MENU_COLUMN_GAP = 24
MENU_FILL = 0.84
MENU_MAX_ROWS = 7


def menu_rects(area: pygame.Rect, count: int, max_height: int, width: int, gap: int
               ) -> list[pygame.Rect]:
    """``count`` button rects centred in ``area``: one column of up to MENU_MAX_ROWS, else two
    (filled top to bottom, then left to right); rows shrink to fit the height."""
    columns = 1 if count <= MENU_MAX_ROWS else 2
    rows = -(-count // columns)
    width = min(width, (area.width - gap * (columns - 1)) // columns)
    pitch = area.height / max(1, rows)
    height = max(8, min(max_height, int(pitch * MENU_FILL)))
    left = area.centerx - (columns * width + (columns - 1) * gap) // 2
    return [pygame.Rect(left + (i // rows) * (width + gap),
                        round(area.y + (i % rows) * pitch + (pitch - height) / 2), width, height)
            for i in range(count)]


#: Arrow key -> its direction on the menu's grid (x, y).
ARROWS = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, -1),
          pygame.K_DOWN: (0, 1)}

#: Seconds the glow keeps pulsing after the last input; half a pulse (it rests at its middle).
GLOW_AWAKE = 3.0
GLOW_HALF_PERIOD = math.pi / 1.4


class TitleScene(LayoutScene):
    """The main menu; Continue resumes the newest saved game, Load game lists the save slots."""

    layout_name = "title"
    REQUIRED = (
        "title_sun", "title_text", "subtitle", "menu_area", "notice", "deco_left", "deco_right",
    )

    def build(self) -> None:
        self.buttons: dict[str, Button] = {}
        for key, label, shortcut in MENU:
            style = "primary" if key == "new" else "normal"
            action = getattr(self, f"menu_{key}")
            button = Button((0, 0, 10, 10), label, action, shortcut=shortcut, style=style)
            self.buttons[key] = self.group.add(button)
        self.slots: list[SlotInfo] = []
        self.save_problem: str | None = None
        self.latest: SlotInfo | None = None
        self._save_line: tuple[int, str] | None = None
        self.clock = 0.0
        self.wake()
        self.group.focus(self.buttons["new"])

    def place(self) -> None:
        rects = menu_rects(self.rects["menu_area"], len(MENU), self.px(MENU_BUTTON_HEIGHT),
                           self.px(MENU_BUTTON_WIDTH), self.px(MENU_COLUMN_GAP))
        for (key, _label, _key), rect in zip(MENU, rects):
            self.buttons[key].rect = rect
        self.menu_panel = rects[0].unionall(rects[1:]).inflate(self.px(48), self.px(28))

    def wake(self) -> None:
        """Input (or arriving): the glow pulses again for a while."""
        self.awake = GLOW_AWAKE
        self.rested = False

    def enter(self) -> None:
        self.wake()
        self.ctx.demo = None
        self.refresh_save()
        super().enter()

    @property
    def save_error(self) -> str | None:
        return self.save_problem

    def refresh_save(self) -> None:
        """Read the save slots once: Continue is enabled only when a game can be resumed."""
        self.slots = list_slots()
        problems = [s.problem for s in self.slots if s.problem]
        self.save_problem = problems[0] if len(problems) == 1 else None
        if len(problems) > 1:  # every damaged slot named, in one line
            files = ", ".join(s.kept.name if s.kept else f"slot-{s.index + 1}.ra.json"
                              for s in self.slots if s.problem)
            self.save_problem = _("{count} damaged saves were kept aside: {files}.").format(
                count=len(problems), files=files)
        self.latest = latest_resumable(self.slots)
        self.buttons["continue"].enabled = self.latest is not None
        self.buttons["load"].enabled = any(not s.empty for s in self.slots)
        self._save_line = None
        self.buttons["learn"].label = self.learn_label()

    @staticmethod
    def learn_label() -> Text:
        """Learn to play, or, with a lesson left half way, the step it resumes at."""
        step = saved_step()
        if not step:
            return N_("Learn to play")
        # Translators: a menu button (narrow at 640x360): keep it short, e.g. "Lesson: step 5/26"
        return lambda: _("Lesson: step {step}/{steps}").format(
            step=step_number(step), steps=SHOWN_STEPS)

    @property
    def save_info(self) -> str:
        """The line about the newest saved game, made again only after a language switch."""
        if self.latest is None:
            return ""
        if self._save_line is None or self._save_line[0] != generation():
            self._save_line = (generation(), describe_slot(self.latest))
        return self._save_line[1]

    # -- actions ------------------------------------------------------------------------------

    def menu_new(self) -> None:
        self.manager.push(self.ctx.open(routes.Setup()))

    def menu_online(self) -> None:
        self.manager.push(self.ctx.open(routes.OnlineMenu()))

    def menu_continue(self) -> None:
        latest = latest_resumable(self.slots)
        if latest is not None:
            self.resume(latest)

    def resume(self, slot: SlotInfo) -> None:
        """Open the game saved in ``slot`` (one line on the title if it cannot be resumed)."""
        fresh = slot if unchanged(slot) else read_slot(slot.index)  # another copy played on?
        if fresh.doc is None or fresh.locked:
            self.refresh_save()
            gone = _("Another copy of Ra finished or deleted the game in slot {slot}.")
            busy = _("Another copy of Ra is playing the game in slot {slot}.")
            self.save_problem = fresh.problem or (busy if fresh.locked else gone).format(
                slot=slot.index + 1)
            return
        try:
            scene = self.ctx.open(routes.Resume(dict(fresh.doc), slot=slot.index))
        except ValueError as exc:  # SaveError and friends: one line, no crash
            self.save_problem = str(exc)
            self.buttons["continue"].enabled = False
            return
        self.manager.push(scene)

    def menu_load(self) -> None:
        self.manager.push(self.ctx.open(routes.Slots(self.slots)))

    def menu_demo(self) -> None:
        speed = self.ctx.settings.animation_speed
        self.ctx.demo = DemoOptions(speed="normal" if speed == "slow" else speed)
        self.manager.push(self.ctx.open(routes.Demo()))

    def menu_rules(self) -> None:
        self.manager.push(self.ctx.open(routes.Rules()))

    def menu_learn(self) -> None:
        """The guided first game, from the step the player left it at."""
        self.manager.push(self.ctx.open(routes.Tutorial()))

    def menu_replays(self) -> None:
        self.manager.push(self.ctx.open(routes.Replays()))

    def menu_stats(self) -> None:
        self.manager.push(self.ctx.open(routes.Stats()))

    def menu_settings(self) -> None:
        self.manager.push(self.ctx.open(routes.Settings()))

    def menu_quit(self) -> None:
        self.ctx.quit_requested = True

    def handle_event(self, event: pygame.event.Event) -> None:
        self.wake()
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.group.focus(self.buttons["quit"])  # a second Esc never quits by surprise
            return
        if event.type == pygame.KEYDOWN and event.key in ARROWS:
            self._arrow(ARROWS[event.key])
            return
        super().handle_event(event)
        if event.type == pygame.MOUSEMOTION:  # one highlight: the focus follows the pointer
            lit = next((b for b in self.group.focusables() if b.hover), None)
            if lit is not None:
                self.group.focus(lit)

    def _arrow(self, step: tuple[int, int]) -> None:
        """Move the focus to the nearest button in the arrow's direction on the grid (Down at
        a column's foot, Up at its head, go round that column); the pointer's highlight goes."""
        items = self.group.focusables()
        current = self.group.focused
        for item in items:
            item.hover = False
        if current not in items:
            self.group.set_focus_index(0)
            return
        assert current is not None
        here = current.rect.center
        dx, dy = step

        def ahead(w: Widget) -> bool:
            x, y = w.rect.center
            return (x - here[0]) * dx > 0 if dx else (y - here[1]) * dy > 0 and x == here[0]

        candidates = [w for w in items if w is not current and ahead(w)]
        if not candidates and dy:  # round the column
            column = [w for w in items if w.rect.centerx == here[0]]
            candidates = [min(column, key=lambda w: w.rect.y * dy)]
        if candidates:
            self.group.focus(min(candidates, key=lambda w: (
                abs(w.rect.centery - here[1]) * (4 if dx else 1)
                + abs(w.rect.centerx - here[0]) * (1 if dx else 4))))

    def is_animating(self) -> bool:
        """The sun's glow pulses for a while after the last input, then rests."""
        return not self.rested

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.rested:
            return
        if self.awake > 0:
            self.awake -= dt
            self.clock += dt
            return
        # finish the pulse: stop exactly at its middle, so resting looks deliberate
        nxt = (self.clock // GLOW_HALF_PERIOD + 1) * GLOW_HALF_PERIOD
        self.clock = min(nxt, self.clock + dt)
        self.rested = self.clock >= nxt

    # -- drawing ------------------------------------------------------------------------------

    def draw_content(self, surface: pygame.Surface) -> None:
        self.draw_friezes(surface)
        sun = self.rects["title_sun"]
        draw_glow(surface, sun.center, int(sun.width * 0.75), self.clock)
        theme.sun_disc(surface, sun.center, max(1, int(sun.width * 0.38)))
        draw_title(surface, self.font(176, serif=True), "RA", self.rects["title_text"].center)
        theme.fitted_text(surface, lambda s: self.font(s, serif=True),
                          _("The auction game of ancient Egypt"), self.rects["subtitle"], 26,
                          theme.INK, max_lines=1)
        draw_fan(surface, self.ctx.assets, self.rects["deco_left"], LEFT_FAN)
        draw_fan(surface, self.ctx.assets, self.rects["deco_right"], RIGHT_FAN)
        theme.panel(surface, self.menu_panel, radius=self.px(18))
        self.draw_notice(surface)
        credit = self.rects.get("credit")
        if credit is not None:
            theme.fitted_text(surface, lambda s: self.font(s),
                              _("After the board game by Reiner Knizia"), credit, 16,
                              theme.INK_SOFT, "left", max_lines=1)

    def draw_notice(self, surface: pygame.Surface) -> None:
        lines = [*self.ctx.notices[-1:], *([self.save_problem] if self.save_problem else [])]
        rect = self.rects["notice"]
        if lines:
            theme.fitted_text(surface, lambda s: self.font(s, bold=True), "  ·  ".join(lines),
                              rect, 18, theme.TERRACOTTA, min_size=16, max_lines=2, clip=True)
        elif self.save_info:
            theme.fitted_text(surface, lambda s: self.font(s), self.save_info, rect, 18,
                              theme.INK_SOFT, max_lines=1)


def unchanged(slot: SlotInfo) -> bool:
    """Whether ``slot``'s file is as it was read and no other copy holds it (no read)."""
    try:
        saved_at = slot_path(slot.index).stat().st_mtime
    except OSError:
        return False
    return saved_at == slot.saved_at and not SlotLock(slot_path(slot.index)).held_by_other()


def describe_slot(slot: SlotInfo) -> str:
    """One line about a saved game, e.g. ``Continue: Ana, Bo and Cy, epoch 2 of 3 (saved
    2026-11-30 06:12)``."""
    date = format_datetime(datetime.fromtimestamp(slot.saved_at))
    return _("Continue: {players}, epoch {epoch} of {total} (saved {date})").format(
        players=names_list(slot.names), epoch=slot.epoch, total=3, date=date)


#: (image, angle in degrees, offset from the rect centre as fractions of its size)
LEFT_FAN = (("tiles/pharaoh.png", 14, (-0.26, 0.06)), ("tiles/god.png", 2, (0.0, -0.04)),
            ("tiles/nile.png", -12, (0.26, 0.08)), ("suns/sun_13.png", 0, (0.02, 0.36)))
RIGHT_FAN = (("tiles/pyramid.png", 12, (-0.26, 0.08)), ("tiles/gold.png", -2, (0.0, -0.04)),
             ("tiles/astronomy.png", -14, (0.26, 0.06)), ("suns/sun_back.png", 0, (-0.02, 0.36)))
_ROTATED: dict[tuple[str, int, int, int], tuple[pygame.Surface, pygame.Surface]] = {}
_BANKS: dict[int, SpriteBank] = {}
#: The most rotated images kept (two fans of four at a few window sizes).
ROTATED_CACHE_LIMIT = 32


def _fan_image(assets: Assets, name: str, size: int) -> pygame.Surface:
    """A tile with its name in the chosen language (through the sprite bank), or a sun."""
    if name.startswith("tiles/"):
        if id(assets) not in _BANKS and len(_BANKS) >= 4:
            _BANKS.clear()  # bounded: one bank per Assets, and tests make many
        bank = _BANKS.setdefault(id(assets), SpriteBank(assets))
        return bank.tile(TILE_BY_ID[name[6:-4]], size)
    return assets.scaled(name, (size * 4 // 5,) * 2)


def draw_fan(surface: pygame.Surface, assets: Assets, rect: pygame.Rect,
             fan: tuple[tuple[str, int, tuple[float, float]], ...]) -> None:
    """A few tiles and a sun disc lying casually on the table, with soft shadows."""
    size = max(2, rect.width * 34 // 100)
    for name, angle, (fx, fy) in fan:
        if not assets.has(name):
            continue
        key = (name, size, angle, generation())
        cached = _ROTATED.get(key)
        if cached is None:
            if len(_ROTATED) >= ROTATED_CACHE_LIMIT:
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
    radius = max(1, radius)
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
