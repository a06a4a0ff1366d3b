"""Tile and sun sprites at any pixel size, and a cache of rendered text.

Sprites come from the art in ``assets/`` (``tiles/<id>.png``, ``suns/sun_<n>.png``,
``suns/sun_back.png``) through ``Assets.scaled``, so each size is scaled once.  If a file is
missing, a drawn stand-in (coloured tile with its name, or a numbered disc) is used, so
the board never fails to draw.  :class:`TextCache` keeps rendered strings: no per-frame font work.
"""

from __future__ import annotations

import pygame

from ..engine.tiles import CATEGORY, NUM_KINDS, TILE_IDS, TILE_NAMES
from ..text.i18n import generation
from ..text.words import tile_name
from . import theme
from .assets import Assets

#: Fill colour of the drawn stand-in for each tile category.
CATEGORY_COLORS: dict[str, theme.Color] = {
    "ra": (200, 60, 40), "god": (120, 70, 150), "gold": theme.GOLD, "pharaoh": theme.LAPIS,
    "river": theme.TURQUOISE, "civilization": (150, 110, 60), "monument": (120, 120, 110),
    "disaster": (60, 30, 30),
}

def tile_file(kind: int) -> str:
    return f"tiles/{TILE_IDS[kind]}.png"


def sun_file(sun: int) -> str:
    return f"suns/sun_{sun}.png"


SUN_BACK_FILE = "suns/sun_back.png"
TILE_BACK_FILE = "tiles/back.png"


class TextCache:
    """Rendered text surfaces keyed by (text, size, colour, bold); cleared when it grows big."""

    def __init__(self, assets: Assets, limit: int = 3000) -> None:
        self.assets = assets
        self.limit = limit
        self._cache: dict[tuple[str, int, tuple[int, ...], bool], pygame.Surface] = {}

    def render(self, text: str, size: int, color: theme.Color = theme.INK,
               bold: bool = False) -> pygame.Surface:
        key = (text, size, tuple(color), bold)
        surf = self._cache.get(key)
        if surf is None:
            if len(self._cache) >= self.limit:
                self._cache.clear()
            surf = self.assets.font(max(6, size), bold).render(text, True, color)
            self._cache[key] = surf
        return surf

    def clear(self) -> None:
        self._cache.clear()


class SpriteBank:
    """Square sprites of tiles and suns at a pixel size, cached per (name, size)."""

    def __init__(self, assets: Assets) -> None:
        self.assets = assets
        self.text = TextCache(assets)
        self._fallback: dict[tuple[str, int, int], pygame.Surface] = {}
        self._labelled: dict[tuple[int, int, int], pygame.Surface] = {}
        self._present: dict[str, bool] = {}

    def _image(self, name: str, px: int) -> pygame.Surface | None:
        present = self._present.get(name)
        if present is None:
            present = self.assets.has(name)
            self._present[name] = present
        if not present:
            return None
        try:
            return self.assets.scaled(name, (px, px))
        except (OSError, pygame.error):
            self._present[name] = False
            return None

    def tile(self, kind: int, px: int) -> pygame.Surface:
        """Tile ``kind`` (0-22) as a ``px`` square, its name on the label band in the chosen
        language (the art leaves the band empty)."""
        px = max(4, int(px))
        art = self._image(tile_file(kind), px)
        if art is None:
            return self._drawn(f"tile{kind}", px)
        key = (kind, px, generation())
        labelled = self._labelled.get(key)
        if labelled is None:
            if len(self._labelled) > 400:
                self._labelled.clear()
            labelled = art.copy()
            self._label(labelled, kind)
            self._labelled[key] = labelled
        return labelled

    def _label(self, surf: pygame.Surface, kind: int) -> None:
        """The tile's name centred on the band at the bottom (as laid out by make_art.py)."""
        px = surf.get_width()
        if px < 24:
            return  # too small to read: the icon says it
        category = CATEGORY[kind]
        color = (theme.WHITE if category == "disaster" else theme.GOLD_LIGHT if category == "ra"
                 else theme.INK)
        name = tile_name(kind)
        size = max(6, round(px * 0.125))
        img = self.assets.font(size, True).render(name, True, color)
        room = px * 100 // 128
        while img.get_width() > room and size > 6:
            size -= 1
            img = self.assets.font(size, True).render(name, True, color)
        if img.get_width() > room:
            img = pygame.transform.smoothscale(img, (room, img.get_height()))
        surf.blit(img, img.get_rect(center=(px // 2, round(px * 107.5 / 128))))

    def sun(self, sun: int, px: int) -> pygame.Surface:
        """Face-up sun disc ``sun`` (1-16)."""
        px = max(4, int(px))
        return self._image(sun_file(sun), px) or self._drawn(f"sun{sun}", px)

    def sun_back(self, px: int) -> pygame.Surface:
        """The back of a sun disc (face down)."""
        px = max(4, int(px))
        return self._image(SUN_BACK_FILE, px) or self._drawn("back", px)

    def tile_back(self, px: int) -> pygame.Surface:
        """The back of a tile (as it leaves the bag)."""
        px = max(4, int(px))
        return self._image(TILE_BACK_FILE, px) or self._drawn("tileback", px)

    def clear(self) -> None:
        """Forget sized copies (after a resize)."""
        self._fallback.clear()
        self._labelled.clear()
        self.text.clear()

    # -- drawn stand-ins, used only when the art file is missing

    def _drawn(self, key: str, px: int) -> pygame.Surface:
        named = key.startswith("tile") and key != "tileback"  # carries a name: per language
        cache_key = (key, px, generation() if named else 0)
        surf = self._fallback.get(cache_key)
        if surf is None:
            surf = pygame.Surface((px, px), pygame.SRCALPHA)
            if key == "tileback":
                self._draw_tile_back(surf)
            elif key.startswith("tile"):
                self._draw_tile(surf, int(key[4:]))
            else:
                self._draw_sun(surf, None if key == "back" else int(key[3:]))
            self._fallback[cache_key] = surf
        return surf

    def _draw_tile(self, surf: pygame.Surface, kind: int) -> None:
        px = surf.get_width()
        color = CATEGORY_COLORS[CATEGORY[kind]]
        rect = surf.get_rect().inflate(-2, -2)
        pygame.draw.rect(surf, theme.PAPYRUS, rect, border_radius=px // 8)
        pygame.draw.rect(surf, color, rect.inflate(-px // 8, -px // 8), border_radius=px // 10)
        pygame.draw.rect(surf, theme.INK, rect, width=max(1, px // 40), border_radius=px // 8)
        label = self.assets.font(max(6, px // 4), True).render(tile_name(kind), True,
                                                               theme.WHITE)
        if label.get_width() > rect.width - 4:
            label = pygame.transform.smoothscale(
                label, (rect.width - 4, max(1, label.get_height() * (rect.width - 4)
                                            // label.get_width())))
        surf.blit(label, label.get_rect(center=rect.center))

    def _draw_tile_back(self, surf: pygame.Surface) -> None:
        px = surf.get_width()
        rect = surf.get_rect().inflate(-2, -2)
        pygame.draw.rect(surf, theme.LAPIS_DARK, rect, border_radius=px // 8)
        pygame.draw.rect(surf, theme.GOLD, rect, width=max(1, px // 24), border_radius=px // 8)
        inner = rect.inflate(-px // 5, -px // 5)
        pygame.draw.rect(surf, theme.LAPIS, inner, border_radius=px // 12)
        theme.sun_disc(surf, rect.center, max(2, px // 7), rays=12)

    def _draw_sun(self, surf: pygame.Surface, sun: int | None) -> None:
        px = surf.get_width()
        center = (px // 2, px // 2)
        if sun is None:
            pygame.draw.circle(surf, theme.LAPIS_DARK, center, px // 2 - 1)
            pygame.draw.circle(surf, theme.GOLD_DARK, center, px // 2 - 1, max(1, px // 24))
            pygame.draw.circle(surf, theme.LAPIS, center, px // 4)
            return
        theme.sun_disc(surf, center, int(px * 0.3))
        label = self.assets.font(max(6, px * 3 // 8), True).render(str(sun), True, theme.INK)
        surf.blit(label, label.get_rect(center=center))


def all_sprite_names() -> list[str]:
    """Every art file the board uses (for the rendering test and the art checklist)."""
    return ([tile_file(k) for k in range(NUM_KINDS)] + [sun_file(s) for s in range(1, 17)]
            + [SUN_BACK_FILE])


__all__ = ["TILE_NAMES", "SpriteBank", "TextCache", "all_sprite_names"]
