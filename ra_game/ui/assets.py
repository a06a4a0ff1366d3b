"""Loading and caching of images, fonts and sounds from the ``ra_game.assets`` package.

Art contract (made by ``tools/make_art.py``): ``tiles/<tile_id>.png`` (23 kinds, 128x128),
``suns/sun_<n>.png`` for n = 1..16 and ``suns/sun_back.png`` (128x128), ``sounds/<name>.wav``.
"""

from __future__ import annotations

import io
import os
from importlib.resources import files

import pygame

#: Faces tried in order for (serif, bold): one packaged in assets/fonts first, then common
#: system fonts; pygame's own face when none is found.
_FACES: dict[tuple[bool, bool], tuple[str, ...]] = {
    (True, False): ("fonts/display.ttf", "/usr/share/fonts/truetype/dejavu/DejaVuSerif-Bold.ttf",
                    "/Library/Fonts/Georgia Bold.ttf", "C:/Windows/Fonts/georgiab.ttf"),
    (True, True): ("fonts/display.ttf", "/usr/share/fonts/truetype/dejavu/DejaVuSerif-Bold.ttf",
                   "/Library/Fonts/Georgia Bold.ttf", "C:/Windows/Fonts/georgiab.ttf"),
    (False, False): ("fonts/text.ttf", "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
                     "C:/Windows/Fonts/segoeui.ttf"),
    (False, True): ("fonts/text_bold.ttf", "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
                    "C:/Windows/Fonts/segoeuib.ttf"),
}
#: Sizes are asked as pixel heights of pygame's face; other faces are drawn a bit smaller.
_SIZE_FACTOR = 0.78


def _load_font(size: int, bold: bool, serif: bool) -> pygame.font.Font:
    """The first face found for (serif, bold), else pygame's default face."""
    for name in _FACES[(serif, bold)]:
        if not name.startswith("/") and ":" not in name:
            resource = files("ra_game.assets").joinpath(name)
            if resource.is_file():
                with resource.open("rb") as fh:
                    return pygame.font.Font(io.BytesIO(fh.read()), round(size * _SIZE_FACTOR))
        elif os.path.isfile(name):
            return pygame.font.Font(name, max(1, round(size * _SIZE_FACTOR)))
    font = pygame.font.Font(None, size)
    font.set_bold(bold)
    return font


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

    def clear_scaled(self) -> None:
        """Drop scaled copies (after the window is resized)."""
        self._scaled.clear()
