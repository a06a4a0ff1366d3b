"""Scene layouts drawn in Tiled: named rectangles read from ``scenes/NAME.tmx``.

This is the one module that imports pytmx.  Layouts are authored at 1280x720; ``Layout.scaled``
maps them to the current window size (uniform scale, centred).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from importlib.resources import as_file, files

import pygame
import pytmx

BASE_SIZE = (1280, 720)


class LayoutError(ValueError):
    """A layout file that is missing or lacks an object a scene needs."""


@dataclass(frozen=True)
class LayoutObject:
    name: str
    rect: pygame.Rect
    kind: str = ""
    properties: dict[str, object] = field(default_factory=dict)


@dataclass(frozen=True)
class Layout:
    """The named objects of one scene layout, in base (1280x720) coordinates."""

    name: str
    size: tuple[int, int]
    objects: dict[str, LayoutObject]

    def rect(self, name: str) -> pygame.Rect:
        try:
            return self.objects[name].rect.copy()
        except KeyError:
            raise LayoutError(f"layout {self.name!r} has no object {name!r}") from None

    def names(self, prefix: str = "") -> list[str]:
        return sorted(n for n in self.objects if n.startswith(prefix))

    def missing(self, required: list[str]) -> list[str]:
        return [n for n in required if n not in self.objects]

    def scaled(self, window: tuple[int, int]) -> dict[str, pygame.Rect]:
        """Every named rect mapped into a window of size ``window`` (see :func:`scale_rect`)."""
        return {n: scale_rect(o.rect, window) for n, o in self.objects.items()}


def scale_for(window: tuple[int, int], base: tuple[int, int] = BASE_SIZE) -> tuple[float, int, int]:
    """(scale, offset_x, offset_y) that fit ``base`` into ``window`` keeping the aspect ratio."""
    scale = min(window[0] / base[0], window[1] / base[1])
    return scale, int((window[0] - base[0] * scale) / 2), int((window[1] - base[1] * scale) / 2)


def scale_rect(rect: pygame.Rect, window: tuple[int, int]) -> pygame.Rect:
    """A base-coordinate (1280x720) rect placed in ``window`` by :func:`scale_for`."""
    scale, ox, oy = scale_for(window)
    return pygame.Rect(
        ox + round(rect.x * scale), oy + round(rect.y * scale),
        round(rect.width * scale), round(rect.height * scale),
    )


@cache
def load_layout(name: str) -> Layout:
    """Read ``scenes/<name>.tmx`` (parsed without a display) into a :class:`Layout`."""
    resource = files("ra_game.scenes").joinpath(f"{name}.tmx")
    if not resource.is_file():
        raise LayoutError(f"no layout file {name}.tmx")
    with as_file(resource) as path:
        tmx = pytmx.TiledMap(str(path))
    objects: dict[str, LayoutObject] = {}
    for obj in tmx.objects:
        if not obj.name:
            continue
        rect = pygame.Rect(round(obj.x), round(obj.y), round(obj.width), round(obj.height))
        kind = getattr(obj, "class", None) or getattr(obj, "type", None) or ""
        objects[obj.name] = LayoutObject(obj.name, rect, str(kind), dict(obj.properties))
    size = (tmx.width * tmx.tilewidth, tmx.height * tmx.tileheight)
    return Layout(name, size, objects)
