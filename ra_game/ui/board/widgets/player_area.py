"""A player's area: name, fame, suns (face up, and face down with their number), tiles grouped
by category as icons with ``xN`` badges, disasters waiting to strike, and markers for the
player whose decision it is and for the Ra player of an auction.

Each area is drawn into a cached surface that is redrawn only when what it shows changes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from ....text.i18n import _, format_signed, generation
from ....text.words import display_name, fame
from ... import theme
from ..geometry import AreaSlots, BoardGeometry, area_slots
from ..model import DisplayModel
from ..score_preview import ScorePreview
from ..view import View

if TYPE_CHECKING:
    from ....table.seat_kinds import SeatKind

HIGHLIGHT = (255, 196, 40)


class PlayerAreas:
    """Draws every seat's area; ``hidden`` shows fame as face-down tablets."""

    def __init__(self, geom: BoardGeometry) -> None:
        self.geom = geom
        self._cache: dict[int, tuple[tuple[Any, ...], pygame.Surface]] = {}
        #: (key, result) of the last :meth:`_room_for_levels`.
        self._levels: tuple[tuple[Any, ...] | None, bool] = (None, False)
        #: The fame each seat showed in the last drawing (None: face down).
        self.shown_scores: list[int | None] = []

    def slots(self, model: DisplayModel, seat: int) -> AreaSlots:
        return area_slots(self.geom.seats[seat], model.suns_up[seat], model.suns_down[seat],
                          model.tiles[seat], model.pending[seat])

    def draw(self, surface: pygame.Surface, view: View, model: DisplayModel, hidden: bool,
             kinds: list[SeatKind], viewer: int | None = None,
             preview: ScorePreview | None = None, away: frozenset[int] = frozenset()) -> None:
        """Every area. ``hidden``: fame face down except the ``viewer``'s own (and all once it
        is over); ``preview`` adds what this epoch would score now beside the fame (public: it
        follows from the tiles on the table); ``away``: the seats whose person far away is
        not connected (tagged away, not online)."""
        self.shown_scores = []
        levels_key = (view.size, generation(), tuple(model.names), tuple(kinds))
        if self._levels[0] != levels_key:  # the room depends on these only
            self._levels = (levels_key, self._room_for_levels(view, model, kinds))
        long_tags = self._levels[1]
        for seat in range(model.n):
            concealed = hidden and not model.over and seat != viewer
            score = None if concealed else round(model.scores[seat])
            self.shown_scores.append(score)
            gain = preview.total(seat) if preview is not None and not model.over else None
            key = (view.size, generation(), model.names[seat], kinds[seat], model.current == seat,
                   model.ra_player == seat, score, tuple(model.suns_up[seat]),
                   tuple(model.suns_down[seat]), tuple(model.tiles[seat]),
                   tuple(model.pending[seat]), model.bids[seat], gain, long_tags, seat in away)
            cached = self._cache.get(seat)
            if cached is None or cached[0] != key:
                cached = (key, self._render(view, model, seat, score, kinds[seat], gain,
                                            long_tags, seat in away))
                self._cache[seat] = cached
            surface.blit(cached[1], view.r(self.geom.seats[seat]).move(-4, -4))

    def _room_for_levels(self, view: View, model: DisplayModel, kinds: list[SeatKind]) -> bool:
        """Whether every AI's header has room for its level beside its name even when it is
        the player to move, holds the Ra marker and shows a wide "+N now" chip: the tags then
        name the levels on every seat, all game long, and otherwise read "AI" on every seat."""
        chip = view.text_width(_("{points} now").format(points=format_signed(-88)), 14, True) + view.s(14)
        for seat, kind in enumerate(kinds):
            if kind.level is None:
                continue
            slots = self.slots(model, seat)
            head, score_box = view.r(slots.header), view.r(slots.score)
            right = head.right if score_box.y >= head.bottom else score_box.x - view.s(6) - chip
            needed = (int(view.s(8) * 1.4) + view.s(6) + view.s(30)
                      + view.text_width(display_name(model.names[seat]), 21, True) + view.s(6)
                      + view.text_width(kind.shown(), 14, True) + view.s(6))
            if head.x + needed > right:
                return False
        return True

    def _render(self, view: View, model: DisplayModel, seat: int, score: int | None,
                kind: SeatKind, gain: int | None, long_tags: bool, away: bool) -> pygame.Surface:
        area = self.geom.seats[seat]
        screen = view.r(area)
        surf = pygame.Surface((screen.width + 8, screen.height + 8), pygame.SRCALPHA)
        ox, oy = screen.x - 4, screen.y - 4

        def at(r: pygame.Rect) -> pygame.Rect:
            return view.r(r).move(-ox, -oy)
        slots = self.slots(model, seat)
        if model.current == seat:
            pygame.draw.rect(surf, HIGHLIGHT, at(area).inflate(6, 6), width=view.s(5),
                             border_radius=view.s(16))
        self._header(surf, view, at, model, seat, slots, score, kind, gain, long_tags, away)
        for sun, r in slots.suns_up:
            surf.blit(view.sun(sun, r.width), at(r))
        for sun, r in slots.suns_down:
            self._face_down(surf, view, at(r), sun)
        if not model.suns_up[seat] and not model.bids[seat] and not model.over:
            self._no_suns(surf, view, at, slots)
        for tile, count, r in slots.tiles:
            surf.blit(view.tile(tile, r.width), at(r))
            if count > 1:
                self._badge(surf, view, at(r), _("x{count}").format(count=count))
        for tile, r in slots.pending:
            surf.blit(view.tile(tile, r.width), at(r))
            pygame.draw.rect(surf, (200, 30, 20), at(r).inflate(4, 4), width=view.s(3),
                             border_radius=view.s(6))
        return surf

    def _no_suns(self, surf: pygame.Surface, view: View, at: Any, slots: AreaSlots) -> None:
        """The note for a player without a face-up sun, fitted to the room beside the suns."""
        first = slots.suns_down[-1][1] if slots.suns_down else None
        left = first.right + 8 if first else slots.rect.x + 10
        room = slots.rect.right - 8 - left
        cy = first.centery if first else slots.header.bottom + slots.sun_size // 2 + 6
        text, size = view.fitted(_("no suns left this epoch"), 15, room, smallest=11)
        img = view.text(text, size, theme.INK_SOFT)
        surf.blit(img, img.get_rect(midleft=at(pygame.Rect(left, cy, 1, 1)).center))

    def _header(self, surf: pygame.Surface, view: View, at: Any, model: DisplayModel, seat: int,
                slots: AreaSlots, score: int | None, kind: SeatKind, gain: int | None,
                long_tag: bool, away: bool) -> None:
        head = at(slots.header)
        color = theme.SEAT_COLORS[seat % len(theme.SEAT_COLORS)]
        x = head.x
        if model.current == seat:
            h = view.s(8)
            cy = head.centery
            pygame.draw.polygon(surf, theme.TERRACOTTA, [(x, cy - h), (x + h * 1.4, cy), (x, cy + h)])
            x += int(h * 1.4) + view.s(6)
        score_box = at(slots.score)
        own_line = score_box.y >= head.bottom  # a narrow area: fame on the line below
        right = head.right if own_line else score_box.x - view.s(6)
        if gain is not None:
            chip = view.text(_("{points} now").format(points=format_signed(gain)), 14, theme.LAPIS_DARK, True)
            box = chip.get_rect().inflate(view.s(8), view.s(4))
            box.midright = (score_box.x - view.s(6), score_box.centery)
            pygame.draw.rect(surf, theme.PAPYRUS_SHADE, box, border_radius=view.s(6))
            surf.blit(chip, chip.get_rect(center=box.center))
            if not own_line:
                right = box.x - view.s(6)
        marker = view.s(30) if model.ra_player == seat else 0
        tag = None
        if kind.remote:  # a person playing from their own computer, or gone from it
            tag = view.text(_("away") if away else _("online"), 14,
                            theme.TERRACOTTA if away else theme.INK_SOFT, True)
        elif not kind.person:
            tag = view.text(kind.shown() if long_tag else _("AI"), 14, theme.INK_SOFT, True)
        shown = display_name(model.names[seat])
        kept = tag.get_width() + view.s(6) if tag is not None else 0  # the tag keeps its room
        if kept and view.text_width(shown, 13, True) + kept > right - marker - x:
            tag, kept = None, 0  # unless the name would not fit whole beside it
        room = (right - marker - x - kept) / view.scale
        text, size = view.fitted(shown, 21, room, bold=True, smallest=13)
        name = view.text(text, size, color, True)
        surf.blit(name, name.get_rect(midleft=(x, head.centery)))
        x += name.get_width() + view.s(6)
        if tag is not None:
            surf.blit(tag, tag.get_rect(midleft=(x, head.centery + view.s(1))))
            x += tag.get_width() + view.s(6)
        if model.ra_player == seat:
            self._ra_marker(surf, view, (x + view.s(14), head.centery))
        self._score(surf, view, score_box, score)

    def _ra_marker(self, surf: pygame.Surface, view: View, center: tuple[int, int]) -> None:
        assets = view.sprites.assets
        size = view.s(28)
        if assets.has("ui/ra_marker.png"):
            img = assets.scaled("ui/ra_marker.png", (size, size))
        else:
            img = view.tile(0, 28)
        surf.blit(img, img.get_rect(center=center))

    def _score(self, surf: pygame.Surface, view: View, rect: pygame.Rect,
               score: int | None) -> None:
        if score is None:
            w = rect.width // 2 - view.s(3)
            for i in range(2):
                tab = pygame.Rect(rect.x + i * (w + view.s(6)), rect.y, w, rect.height)
                pygame.draw.rect(surf, (110, 74, 40), tab, border_radius=view.s(5))
                pygame.draw.rect(surf, theme.GOLD_DARK, tab, width=view.s(2),
                                 border_radius=view.s(5))
                q = view.text("?", 18, theme.GOLD_LIGHT, True)
                surf.blit(q, q.get_rect(center=tab.center))
            return
        pygame.draw.rect(surf, theme.LAPIS_DARK, rect, border_radius=view.s(8))
        pygame.draw.rect(surf, theme.GOLD, rect, width=view.s(2), border_radius=view.s(8))
        text, size = view.fitted(fame(score), 19, rect.width / view.scale - 8, bold=True,
                                   smallest=12)
        img = view.text(text, size, theme.GOLD_LIGHT, True)
        pos = img.get_rect(center=rect.center)
        surf.blit(img, pos)
        theme.note_text(text, pos, rect, img.get_height())

    def _face_down(self, surf: pygame.Surface, view: View, rect: pygame.Rect, sun: int) -> None:
        surf.blit(view.sun_back(rect.width / view.scale), rect)
        r = max(6, rect.width // 4)
        c = (rect.right - r + view.s(2), rect.bottom - r + view.s(2))
        pygame.draw.circle(surf, theme.PAPYRUS, c, r)
        pygame.draw.circle(surf, theme.INK, c, r, 1)
        img = view.text(str(sun), 13, theme.INK, True)
        surf.blit(img, img.get_rect(center=c))

    def _badge(self, surf: pygame.Surface, view: View, rect: pygame.Rect, label: str) -> None:
        img = view.text(label, 13, theme.WHITE, True)
        box = img.get_rect().inflate(view.s(6), view.s(2))
        box.topright = (rect.right + view.s(3), rect.y - view.s(3))  # clear of the tile's name
        pygame.draw.rect(surf, theme.TERRACOTTA, box, border_radius=view.s(6))
        surf.blit(img, img.get_rect(center=box.center))
