"""Loading and caching of images, fonts and sounds from the ``ra_game.assets`` package.

Art contract (made by ``tools/make_art.py``): ``tiles/<tile_id>.png`` (23 kinds, 128x128),
``suns/sun_<n>.png`` for n = 1..16 and ``suns/sun_back.png`` (128x128), ``sounds/<name>.wav``.
"""

from __future__ import annotations

import io
from importlib.resources import files
from typing import Any

import pygame

#: The packaged faces (``assets/fonts/``, licences beside them) for (display, bold): Lato for
#: text, Cardo Bold for titles.  No system font is ever looked up, so text looks the same on
#: every machine and in the standalone download.
FONT_FILES: dict[tuple[bool, bool], str] = {
    (False, False): "fonts/Lato-Regular.ttf",
    (False, True): "fonts/Lato-Bold.ttf",
    (True, False): "fonts/Cardo-Bold.ttf",
    (True, True): "fonts/Cardo-Bold.ttf",
}
#: Sizes are asked as pixel heights of pygame's own face; these faces are drawn a bit smaller.
_SIZE_FACTOR = 0.82

_font_bytes: dict[str, bytes] = {}


def font_data(name: str) -> bytes:
    """The bytes of the packaged font file ``assets/<name>`` (read once, via importlib)."""
    data = _font_bytes.get(name)
    if data is None:
        data = files("ra_game.assets").joinpath(name).read_bytes()
        _font_bytes[name] = data
    return data


def drawable(text: str) -> str:
    """``text`` as a font can take it: a lone surrogate (a file name in bytes that are not
    UTF-8, a damaged replay) becomes U+FFFD, a NUL is dropped."""
    if "\0" in text:
        text = text.replace("\0", "")
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        text = text.encode("utf-8", "surrogateescape").decode("utf-8", "replace")
        text = text.encode("utf-8", "replace").decode("utf-8")
    return text


#: Below this point size the face's space, hinted and kerned against its neighbours, shrinks
#: to a pixel or none ("per kind" read "perkind"): small text is drawn and measured with a
#: quarter-em space (U+2005) instead, which keeps its width.
SMALL_POINTS = 14
WIDE_SPACE = "\u2005"


class SafeFont(pygame.font.Font):
    """A font that draws any text: what it cannot encode is replaced (see :func:`drawable`),
    and text it draws with no width at all (only U+FE0F, say) is an empty image, not an error.
    At small sizes its spaces keep their width (see :data:`SMALL_POINTS`)."""

    def __init__(self, file: Any, points: int) -> None:
        super().__init__(file, points)
        self.small = points < SMALL_POINTS

    def _shown(self, text: str) -> str:
        text = drawable(text)
        return text.replace(" ", WIDE_SPACE) if self.small else text

    def render(self, text: Any, antialias: Any, color: Any, bgcolor: Any = None,
               wraplength: int = 0) -> pygame.Surface:
        clean = self._shown(text) if isinstance(text, str) else text
        try:
            return super().render(clean, antialias, color, bgcolor, wraplength)
        except pygame.error:  # "Text has zero width"
            return super().render("", antialias, color, bgcolor, wraplength)

    def size(self, text: Any) -> tuple[int, int]:
        return super().size(self._shown(text) if isinstance(text, str) else text)


def _load_font(size: int, bold: bool, serif: bool) -> pygame.font.Font:
    """The packaged face for (serif, bold) at ``size`` (pygame keeps the BytesIO open)."""
    data = font_data(FONT_FILES[(serif, bold)])
    return SafeFont(io.BytesIO(data), max(1, round(size * _SIZE_FACTOR)))


#: Most scaled images and font objects kept at once (every window size adds a few).
SCALED_LIMIT = 256
FONT_LIMIT = 96


class Assets:
    """Cached access to the packaged art; scaled copies are cached per size."""

    def __init__(self) -> None:
        self._images: dict[str, pygame.Surface] = {}
        self._scaled: dict[tuple[str, int, int], pygame.Surface] = {}
        self._fonts: dict[tuple[int, bool, bool], pygame.font.Font] = {}

    def has(self, name: str) -> bool:
        """Whether ``assets/<name>`` exists (scenes draw a fallback when it does not)."""
        return name in self._images or files("ra_game.assets").joinpath(name).is_file()

    def image(self, name: str) -> pygame.Surface:
        """The image ``assets/<name>`` at its own size."""
        surf = self._images.get(name)
        if surf is None:
            with files("ra_game.assets").joinpath(name).open("rb") as fh:
                surf = pygame.image.load(fh, name)
            if pygame.display.get_surface() is not None:
                surf = surf.convert_alpha()
            self._images[name] = surf
        return surf

    def scaled(self, name: str, size: tuple[int, int]) -> pygame.Surface:
        """The image smoothly scaled to ``size`` (cached)."""
        key = (name, size[0], size[1])
        surf = self._scaled.get(key)
        if surf is None:
            if len(self._scaled) >= SCALED_LIMIT:
                self._scaled.clear()
            surf = pygame.transform.smoothscale(self.image(name), (max(1, size[0]),
                                                                   max(1, size[1])))
            self._scaled[key] = surf
        return surf

    def font(self, size: int, bold: bool = False, serif: bool = False) -> pygame.font.Font:
        """A font ``size`` pixels high; ``serif`` picks the display face used for titles."""
        key = (size, bold, serif)
        font = self._fonts.get(key)
        if font is None:
            if len(self._fonts) >= FONT_LIMIT:
                self._fonts.clear()
            font = _load_font(max(1, size), bold, serif)
            self._fonts[key] = font
        return font

    def fonts_loaded(self) -> list[str]:
        """The packaged font files in use so far (``fonts/Lato-Regular.ttf``, ...)."""
        return sorted({FONT_FILES[(serif, bold)] for _, bold, serif in self._fonts})

    def clear_scaled(self) -> None:
        """Drop scaled copies (after the window is resized)."""
        self._scaled.clear()
