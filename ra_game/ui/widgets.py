"""Buttons, choices, text fields, labels and panels, with keyboard focus for every scene.

A scene keeps its widgets in a :class:`FocusGroup`, which routes events (mouse, shortcuts,
Tab / arrows / Enter / Space) so that every scene can be used by keyboard alone.  Widgets work
in window coordinates: a scene sets ``widget.rect`` from its layout whenever the window resizes;
text sizes follow the rect height, so widgets scale with the window.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, TypeVar
from weakref import WeakKeyDictionary

import pygame

from ..text.i18n import Text, resolve
from ..text.words import key_cap
from . import theme

if TYPE_CHECKING:
    from .assets import Assets

ACTIVATE_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
_FACE_CACHE: dict[tuple[Any, ...], pygame.Surface] = {}


def key_code(shortcut: int | str | None) -> int | None:
    """A pygame key code for a shortcut given as a code or a name (``"d"``, ``"escape"``)."""
    if shortcut is None or isinstance(shortcut, int):
        return shortcut
    return pygame.key.key_code(shortcut)


def _plain_key(event: pygame.event.Event) -> bool:
    """True for a key press without Ctrl/Alt/Meta (shortcuts ignore those chords)."""
    mods = getattr(event, "mod", 0)
    return not mods & (pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META)


class Widget:
    """Something drawn in ``rect`` that may take keyboard focus."""

    focusable = True

    def __init__(self, rect: pygame.Rect | Sequence[int], enabled: bool = True) -> None:
        self.rect = pygame.Rect(rect)
        self.enabled = enabled
        self.focused = False
        self.hover = False
        self.visible = True

    def handle_event(self, event: pygame.event.Event) -> bool:
        """React to ``event``; True when it was consumed."""
        return False

    def activate(self) -> None:
        """What Enter or Space does when the widget has focus."""

    def draw(self, surface: pygame.Surface, assets: Assets) -> None:
        """Draw the widget (changes no state)."""


class Button(Widget):
    """A push button: click, its shortcut key, or Enter/Space while focused calls ``on_click``."""

    #: Called on every activation (the app points it at the click sound).
    click_sound: Callable[[], None] | None = None

    def __init__(
        self,
        rect: pygame.Rect | Sequence[int],
        label: Text,
        on_click: Callable[[], object],
        shortcut: int | str | None = None,
        enabled: bool = True,
        style: str = "normal",
        hint: str | None = None,
    ) -> None:
        super().__init__(rect, enabled)
        self.label = label
        self.on_click = on_click
        self.shortcut = key_code(shortcut)
        self.style = style  # "normal" | "primary" | "quiet"
        self.pressed = False
        #: Keycap text drawn at the right; defaults to the shortcut's name.
        self.hint = hint if hint is not None else shortcut_hint(self.shortcut)

    def activate(self) -> None:
        if not self.enabled:
            return
        sound = Button.click_sound
        if sound is not None:
            sound()
        self.on_click()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if not self.visible:
            return False
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.rect.collidepoint(event.pos)
            if not self.hover:
                self.pressed = False
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.enabled and self.rect.collidepoint(event.pos):
                self.pressed = True
                return True
            return False
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            was = self.pressed
            self.pressed = False
            if was and self.enabled and self.rect.collidepoint(event.pos):
                self.activate()
                return True
            return False
        if event.type == pygame.KEYDOWN and _plain_key(event):
            if self.shortcut is not None and event.key == self.shortcut and self.enabled:
                self.activate()
                return True
            if self.focused and event.key in ACTIVATE_KEYS and self.enabled:
                self.activate()
                return True
        return False

    def state_name(self) -> str:
        if not self.enabled:
            return "disabled"
        if self.pressed:
            return "pressed"
        return "hover" if self.hover else "idle"

    @property
    def text(self) -> str:
        """The label in the chosen language (translated each time it is drawn)."""
        return resolve(self.label)

    def draw(self, surface: pygame.Surface, assets: Assets) -> None:
        if not self.visible:
            return
        state = self.state_name()
        label = self.text
        hint = key_cap(self.hint)
        key = ("button", self.rect.size, label, self.style, state, self.focused, hint)
        face = _FACE_CACHE.get(key)
        if face is None:
            if len(_FACE_CACHE) > 512:
                _FACE_CACHE.clear()
            face = render_button(self.rect.size, label, self.style, state, self.focused,
                                 hint, assets)
            _FACE_CACHE[key] = face
        surface.blit(face, face.get_rect(center=self.rect.center))
        note_button(label, self.rect, assets, hint)


#: The key-cap names of the shortcuts that are not a letter or a digit (see :func:`key_cap`).
_SHORTCUT_HINTS = {pygame.K_ESCAPE: "Esc", pygame.K_RETURN: "Enter", pygame.K_SPACE: "Space",
                   pygame.K_DELETE: "Del", pygame.K_BACKSPACE: "Bksp"}


def shortcut_hint(shortcut: int | None) -> str:
    """The key cap a button shows for its ``shortcut`` key ("" for none)."""
    if shortcut is None:
        return ""
    return _SHORTCUT_HINTS.get(shortcut) or pygame.key.name(shortcut).upper()


_STYLES: dict[str, tuple[theme.Color, theme.Color, theme.Color]] = {
    # face colour, text colour, rim colour
    "normal": ((232, 206, 150), theme.INK, theme.GOLD_DARK),
    "primary": (theme.LAPIS_LIGHT, theme.GOLD_LIGHT, theme.GOLD),
    "quiet": (theme.PAPYRUS, theme.INK_SOFT, theme.SAND_DARK),
}


def _rounded_gradient(size: tuple[int, int], top: theme.Color, bottom: theme.Color,
                      radius: int) -> pygame.Surface:
    w, h = max(1, size[0]), max(1, size[1])
    size = (w, h)
    surf = pygame.Surface(size, pygame.SRCALPHA)
    for y in range(h):
        t = y / max(1, h - 1)
        surf.fill((*[int(a + (b - a) * t) for a, b in zip(top, bottom)], 255), (0, y, w, 1))
    mask = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), (0, 0, w, h), border_radius=radius)
    surf.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    return surf


def render_button(
    size: tuple[int, int], label: str, style: str, state: str, focused: bool, hint: str,
    assets: Assets,
) -> pygame.Surface:
    """The picture of a button (with room around it for the focus ring and shadow)."""
    w, h = size
    pad = 6
    out = pygame.Surface((w + 2 * pad, h + 2 * pad), pygame.SRCALPHA)
    face_col, text_col, rim = _STYLES.get(style, _STYLES["normal"])
    if state == "disabled":
        face_col, text_col, rim = (214, 200, 172), theme.DISABLED, (190, 172, 140)
    elif state == "hover":
        face_col = theme.shade(face_col, 1.12)
        rim = theme.GOLD if style != "primary" else theme.GOLD_LIGHT
    elif state == "pressed":
        face_col = theme.shade(face_col, 0.9)
    radius = max(6, h // 4)
    drop = 1 if state == "pressed" else 4
    body = pygame.Rect(pad, pad + (3 if state == "pressed" else 0), w, h - 3)
    if focused:
        ring = pygame.Rect(pad, pad, w, h).inflate(8, 8)
        pygame.draw.rect(out, (*theme.TURQUOISE, 255), ring, width=3, border_radius=radius + 4)
    shadow = body.move(0, drop)
    pygame.draw.rect(out, (*theme.shade(rim, 0.55), 200), shadow, border_radius=radius)
    out.blit(_rounded_gradient(body.size, theme.shade(face_col, 1.1), theme.shade(face_col, 0.88),
                               radius), body)
    pygame.draw.rect(out, rim, body, width=2, border_radius=radius)
    font, lines = button_label_layout(size, label, assets, hint)
    widest = max(font.size(line)[0] for line in lines)
    center = (body.x + label_center(size, widest, hint, assets), body.centery)
    if shows_keycap(size, widest, hint, assets):
        _keycap(out, assets, hint, body, text_col)
    line_h = font.get_linesize()
    top = center[1] - line_h * len(lines) // 2
    for i, line in enumerate(lines):
        img = font.render(line, True, text_col)
        out.blit(img, img.get_rect(center=(center[0], top + line_h * i + line_h // 2)))
    return out


#: The smallest label font of a button, in window pixels.
MIN_BUTTON_FONT = 12
#: The smallest height (pixels) a label is shrunk to so that its key cap stays beside it.
MIN_CAPPED_LABEL = 12
#: Label layouts per Assets, keyed weakly: a layout's font dies with its Assets (and with the
#: font module), so a new Assets that happens to reuse an old one's id never gets a dead font.
_LABEL_LAYOUTS: WeakKeyDictionary[Assets, dict[tuple[Any, ...], tuple[pygame.font.Font,
                                                                      list[str]]]] = \
    WeakKeyDictionary()


def button_label_layout(size: tuple[int, int], label: str, assets: Assets, hint: str = ""
                        ) -> tuple[pygame.font.Font, list[str]]:
    """The font and lines of a button label: one line shrunk to fit, else two lines.  With a
    key cap ``hint``, the label is shrunk or wrapped to leave the cap its room where it still
    fits that way; only a label that cannot fit beside the cap at all hides it."""
    key = (size, label, hint)
    layouts = _LABEL_LAYOUTS.setdefault(assets, {})
    layout = layouts.get(key)
    if layout is None:
        if len(layouts) > 512:
            layouts.clear()
        w, h = size
        start = max(MIN_BUTTON_FONT, int(h * 0.42))
        font_for = lambda s: assets.font(int(s), bold=True)
        layout = None
        if hint:
            room = w - _keycap_room(assets, hint, h) - 8
            font, lines = theme.fit_lines(font_for, label, room, h - 6, start,
                                          min(start, MIN_BUTTON_FONT))
            if max(font.size(line)[0] for line in lines) <= room and \
                    font.get_height() >= MIN_CAPPED_LABEL:
                layout = (font, lines)
        if layout is None:
            layout = theme.fit_lines(font_for, label, w - 16, h - 6, start,
                                     min(start, MIN_BUTTON_FONT))
        layouts[key] = layout
    return layout


def note_button(label: str, rect: pygame.Rect, assets: Assets, hint: str = "") -> None:
    """Report a button label's lines and its key cap to :func:`theme.record_text` (fit and
    language tests): the label must stay inside the button and clear of its key cap."""
    if not theme._RECORDERS:
        return
    font, lines = button_label_layout(rect.size, label, assets, hint)
    box = rect.inflate(-8, -2)
    widest = max(font.size(line)[0] for line in lines)
    middle = rect.x + label_center(rect.size, widest, hint, assets)
    if shows_keycap(rect.size, widest, hint, assets):
        cap = _keycap_room(assets, hint, rect.height) - 2
        box = pygame.Rect(rect.x + 4, rect.y + 1, rect.width - cap - 4, rect.height - 2)
        cap_font = _keycap_font(assets, rect.height - 3)
        cap_rect = pygame.Rect((0, 0), cap_font.size(hint))
        cap_rect.midright = (rect.right - 15, rect.y + (rect.height - 3) // 2)
        theme.note_text(hint, cap_rect, rect)  # (small by design: no size, no minimum)
    elif hint:
        theme.note_lost_cap(label, rect, hint)
    line_h = font.get_linesize()
    top = rect.centery - line_h * len(lines) // 2
    for i, line in enumerate(lines):
        w, h = font.size(line)
        r = pygame.Rect(0, 0, w, h)
        r.center = (middle, top + line_h * i + line_h // 2)
        theme.note_text(line, r, box, font.get_height())


def capped_width(label: str, hint: str, height: int, assets: Assets) -> int:
    """The narrowest width (window pixels) of a button ``height`` high that shows ``label`` on
    one line at its full size beside the key cap ``hint``."""
    size = max(MIN_BUTTON_FONT, int(height * 0.42))
    width = assets.font(size, bold=True).size(label)[0]
    return width + (_keycap_room(assets, hint, height) + 8 if hint else 16) + 2


def shows_keycap(size: tuple[int, int], label_width: int, hint: str, assets: Assets) -> bool:
    """Whether a button has room for its key cap beside its label."""
    w, h = size
    return bool(hint) and label_width <= w - _keycap_room(assets, hint, h) - 8


def label_center(size: tuple[int, int], label_width: int, hint: str, assets: Assets) -> int:
    """Where a label's middle goes across a button: the centre, or, when a key cap leaves too
    little room on both sides, the middle of the room left of the cap."""
    w, h = size
    cap = _keycap_room(assets, hint, h) if hint else 0
    if not shows_keycap(size, label_width, hint, assets) or (w - label_width) // 2 >= cap:
        return w // 2
    return (8 + w - cap) // 2


def _keycap_room(assets: Assets, hint: str, height: int) -> int:
    """The width a key cap takes at a button's right end, with its gap to the label."""
    return _keycap_width(assets, hint, height) + 14


def _keycap_font(assets: Assets, body_height: int) -> pygame.font.Font:
    """The key cap's font on a button face ``body_height`` pixels high."""
    return assets.font(max(10, int(body_height * 0.28)), bold=True)


def _keycap_width(assets: Assets, hint: str, height: int) -> int:
    """The width of the key cap drawn for ``hint`` on a button ``height`` pixels high."""
    return _keycap_font(assets, height - 3).size(hint)[0] + 10


def _keycap(out: pygame.Surface, assets: Assets, hint: str, body: pygame.Rect,
            color: theme.Color) -> None:
    """A small rounded key cap at the right end of a button, showing its shortcut."""
    font = _keycap_font(assets, body.height)
    img = font.render(hint, True, color)
    cap = img.get_rect().inflate(10, 6)
    cap.midright = (body.right - 10, body.centery)
    pygame.draw.rect(out, (*color, 70), cap, width=1, border_radius=5)
    out.blit(img, img.get_rect(center=cap.center))


class Choice(Widget):
    """Cycles through ``options`` (value, text): click / Enter / Right go forward, Left back;
    with ``wrap`` False (a volume) the ends stop instead of wrapping round."""

    def __init__(
        self,
        rect: pygame.Rect | Sequence[int],
        options: Sequence[tuple[Any, Text]],
        value: Any,
        on_change: Callable[[Any], object] | None = None,
        enabled: bool = True,
        caption: Text = "",
        wrap: bool = True,
    ) -> None:
        super().__init__(rect, enabled)
        self.wrap = wrap
        self.options = list(options)
        self.index = next((i for i, (v, _) in enumerate(self.options) if v == value), 0)
        self.on_change = on_change
        self.caption = caption
        self.pressed = False

    @property
    def value(self) -> Any:
        return self.options[self.index][0]

    @property
    def text(self) -> str:
        """The chosen option's text in the chosen language."""
        return resolve(self.options[self.index][1])

    @property
    def label(self) -> str:
        """What the choice shows: ``Caption: option`` (a translatable sentence) or the option."""
        if not self.caption:
            return self.text
        from ..text.i18n import _

        return _("{setting}: {value}").format(setting=resolve(self.caption), value=self.text)

    def step(self, delta: int) -> None:
        """Move ``delta`` options along (wrapping) and report the new value."""
        if not self.enabled:
            return
        index = self.index + delta
        index = index % len(self.options) if self.wrap else max(0, min(len(self.options) - 1,
                                                                          index))
        if index == self.index and not self.wrap:
            return
        self.index = index
        if Button.click_sound is not None:
            Button.click_sound()
        if self.on_change is not None:
            self.on_change(self.value)

    def activate(self) -> None:
        self.step(1)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if not self.visible:
            return False
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.rect.collidepoint(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3):
            if self.enabled and self.rect.collidepoint(event.pos):
                self.pressed = True
                return True
        elif event.type == pygame.MOUSEBUTTONUP and event.button in (1, 3):
            was, self.pressed = self.pressed, False
            if was and self.rect.collidepoint(event.pos):
                left_half = event.pos[0] < self.rect.left + self.rect.height
                self.step(-1 if event.button == 3 or left_half else 1)
                return True
        elif event.type == pygame.KEYDOWN and self.focused and self.enabled:
            if event.key in (pygame.K_RIGHT, *ACTIVATE_KEYS):
                self.step(1)
                return True
            if event.key == pygame.K_LEFT:
                self.step(-1)
                return True
        return False

    def draw(self, surface: pygame.Surface, assets: Assets) -> None:
        if not self.visible:
            return
        r = self.rect
        fill = theme.PAPYRUS if self.enabled else (220, 208, 184)
        if self.hover and self.enabled:
            fill = theme.shade(fill, 1.3)
        radius = max(6, r.height // 4)
        if self.focused:
            # the ring keeps to the few pixels between stacked rows (a small window has 1-3)
            pad = max(1, min(4, r.height // 10))
            pygame.draw.rect(surface, theme.TURQUOISE, r.inflate(2 * pad + 6, 2 * pad),
                             min(3, pad + 1), border_radius=radius + pad)
        pygame.draw.rect(surface, fill, r, border_radius=radius)
        pygame.draw.rect(surface, theme.GOLD_DARK, r, 2, border_radius=radius)
        color = theme.INK if self.enabled else theme.DISABLED
        arrow = assets.font(max(12, int(r.height * 0.5)), bold=True)
        theme.text(surface, arrow, "\u2039", (r.left + r.height // 2, r.centery), theme.GOLD_DARK,
                   "center")
        theme.text(surface, arrow, "\u203a", (r.right - r.height // 2, r.centery), theme.GOLD_DARK,
                   "center")
        box = r.inflate(-2 * r.height, -4)
        theme.fitted_text(surface, lambda s: assets.font(int(s), bold=True), self.label, box,
                          max(12, int(r.height * 0.42)), color,
                          min_size=12)


class TextInput(Widget):
    """A one-line text field (names); typing goes in while it has focus."""

    def __init__(
        self,
        rect: pygame.Rect | Sequence[int],
        text: str = "",
        on_change: Callable[[str], object] | None = None,
        max_length: int = 16,
        enabled: bool = True,
    ) -> None:
        super().__init__(rect, enabled)
        self.text = text
        self.on_change = on_change
        self.max_length = max_length
        self.request_focus: Callable[[Widget], None] | None = None

    def _set(self, text: str) -> None:
        self.text = text[: self.max_length]
        if self.on_change is not None:
            self.on_change(self.text)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if not self.visible or not self.enabled:
            return False
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.rect.collidepoint(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.rect.collidepoint(event.pos):
                if self.request_focus is not None:
                    self.request_focus(self)
                return True
        elif self.focused and event.type == pygame.TEXTINPUT:
            printable = "".join(ch for ch in event.text if ch.isprintable())
            if printable:
                self._set(self.text + printable)
            return True
        elif self.focused and event.type == pygame.KEYDOWN:
            if event.key == pygame.K_BACKSPACE:
                self._set(self.text[:-1])
                return True
            if event.key == pygame.K_SPACE or (event.unicode and event.unicode.isprintable()
                                               and _plain_key(event)):
                return True  # the TEXTINPUT event carries the character; no shortcut fires
        return False

    def draw(self, surface: pygame.Surface, assets: Assets) -> None:
        if not self.visible:
            return
        r = self.rect
        radius = max(4, r.height // 5)
        if self.focused:
            pygame.draw.rect(surface, theme.TURQUOISE, r.inflate(8, 8), 3, border_radius=radius + 4)
        pygame.draw.rect(surface, theme.WHITE if self.enabled else (220, 208, 184), r,
                         border_radius=radius)
        pygame.draw.rect(surface, theme.INK_SOFT, r, 2, border_radius=radius)
        font = assets.font(max(11, int(r.height * 0.48)))
        img = font.render(self.text, True, theme.INK if self.enabled else theme.DISABLED)
        pos = img.get_rect(midleft=(r.left + 10, r.centery))
        surface.blit(img, pos)
        if self.focused:
            x = pos.right + 2
            pygame.draw.line(surface, theme.INK, (x, r.top + 6), (x, r.bottom - 6), 2)


W = TypeVar("W", bound=Widget)


class FocusGroup:
    """The widgets of one scene, in Tab order, with one of them focused.

    Tab / Down / Right move focus forward, Shift+Tab / Up / Left backward (a focused
    :class:`Choice` keeps Left/Right for itself); Enter or Space activate the focused widget.
    """

    def __init__(self, widgets: Sequence[Widget] = (), focus: int | None = 0) -> None:
        self.widgets: list[Widget] = []
        self.focus_index: int | None = None
        for w in widgets:
            self.add(w)
        if focus is not None:
            self.set_focus_index(focus)

    def add(self, widget: W) -> W:
        self.widgets.append(widget)
        if isinstance(widget, TextInput):
            widget.request_focus = self.focus
        return widget

    def focusables(self) -> list[Widget]:
        return [w for w in self.widgets if w.focusable and w.visible and w.enabled]

    @property
    def focused(self) -> Widget | None:
        return next((w for w in self.widgets if w.focused), None)

    def focus(self, widget: Widget | None) -> None:
        for w in self.widgets:
            w.focused = w is widget

    def set_focus_index(self, index: int) -> None:
        items = self.focusables()
        self.focus(items[index % len(items)] if items else None)

    def move_focus(self, delta: int) -> None:
        items = self.focusables()
        if not items:
            return
        current = self.focused
        index = items.index(current) if current in items else (-1 if delta > 0 else 0)
        self.focus(items[(index + delta) % len(items)])

    def _navigate(self, event: pygame.event.Event) -> bool:
        if event.type != pygame.KEYDOWN:
            return False
        current = self.focused
        keeps_sides = isinstance(current, Choice)
        if event.key == pygame.K_TAB:
            self.move_focus(-1 if event.mod & pygame.KMOD_SHIFT else 1)
            return True
        if isinstance(current, TextInput) and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.move_focus(1)  # Enter finishes typing a name
            return True
        if event.key == pygame.K_DOWN or (event.key == pygame.K_RIGHT and not keeps_sides):
            self.move_focus(1)
            return True
        if event.key == pygame.K_UP or (event.key == pygame.K_LEFT and not keeps_sides):
            self.move_focus(-1)
            return True
        return False

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Route one event; True when a widget or the navigation consumed it."""
        current = self.focused
        if current is not None and current.handle_event(event):
            return True
        if self._navigate(event):
            return True
        consumed = False
        for w in list(self.widgets):
            if w is current:
                continue
            if w.handle_event(event):
                consumed = True
                if event.type == pygame.MOUSEBUTTONUP and w.focusable and w in self.widgets:
                    self.focus(w)
                break
        if event.type == pygame.MOUSEMOTION:
            return False
        return consumed

    def draw(self, surface: pygame.Surface, assets: Assets) -> None:
        for w in self.widgets:
            w.draw(surface, assets)
