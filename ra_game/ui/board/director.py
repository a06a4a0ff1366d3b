"""Engine events -> animations that move pieces and update the display model step by step.

The UI never diffs states: each event of ``GameState.apply`` becomes a short animation (a drawn
tile flips and slides to its slot, bids slide to the bid area, the winner collects the lot...).
Scene-level effects (sounds, the epoch scoring scene, game over) go through :class:`Hooks`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any, Protocol

import pygame

from ...engine import events as ev
from ...engine.state import EMPTY, GameState
from ...engine.tiles import IS_DISASTER, Tile
from ..animation import (
    Animation,
    Call,
    Deferred,
    Delay,
    Parallel,
    Sequence,
    Tween,
    WaitUntil,
    stagger,
)
from .geometry import AreaSlots, BoardGeometry, area_slots
from .model import DisplayModel, Flyer, ItemProxy
from .sentences import Sentences

Point = tuple[float, float]


class Hooks(Protocol):
    """What the director asks of the scene."""

    def sound(self, name: str) -> None: ...
    def epoch_scored(self, event: ev.EpochScored) -> None: ...
    def finish_game(self, event: ev.GameOver) -> None: ...
    def is_top(self) -> bool: ...
    def reached(self, event: object | None) -> None: ...


@dataclass(frozen=True)
class Cues:
    """The :class:`Hooks` as functions (the play scene's own, which it keeps private)."""

    sound: Callable[[str], None]
    epoch_scored: Callable[[ev.EpochScored], None]
    finish_game: Callable[[ev.GameOver], None]
    is_top: Callable[[], bool]
    reached: Callable[[object | None], None]


def _center(r: pygame.Rect) -> Point:
    return (float(r.centerx), float(r.centery))


class Director:
    """Builds the animation for one move's events."""

    def __init__(self, model: DisplayModel, geom: BoardGeometry, hooks: Hooks,
                 sentences: Sentences | None = None) -> None:
        self.model = model
        self.geom = geom
        self.hooks = hooks
        self.sentences = sentences or Sentences(model.names, None)

    # -- helpers

    def area(self, seat: int, extra: tuple[int, ...] = ()) -> AreaSlots:
        """The seat's area as drawn now, or with tiles ``extra`` added (flight targets)."""
        m = self.model
        tiles = list(m.tiles[seat])
        pending = list(m.pending[seat])
        for t in extra:
            if IS_DISASTER[t]:
                pending.append(t)
            else:
                tiles[t] += 1
        return area_slots(self.geom.seats[seat], m.suns_up[seat], m.suns_down[seat], tiles, pending)

    def _tile_target(self, slots: AreaSlots, kind: int) -> Point:
        if IS_DISASTER[kind]:
            for k, r in slots.pending:
                if k == kind:
                    return _center(r)
        held = slots.tile_rect(kind)
        return _center(held) if held else _center(slots.rect)

    def _say(self, event: object) -> Call:
        """Show the sentence of ``event`` in the status line (as the animation reaches it)."""
        def run() -> None:  # the caption is made when drawn: it follows a language switch
            self.model.caption = lambda: " ".join(self.sentences.event(event))
            reached = getattr(self.hooks, "reached", None)
            if reached is not None:
                reached(event)
        return Call(run)

    def fly(self, flyer: Flyer, to: Point, duration: float, size: float | None = None,
            ease: str = "in_out_cubic", turn_to: tuple[str, int] | None = None,
            fade: bool = False, before: Callable[[], None] | None = None,
            after: Callable[[], None] | None = None) -> Animation:
        """A flight of ``flyer`` to ``to``; optionally turning over half way, or fading out."""
        m = self.model

        def start() -> None:
            if before:
                before()
            m.flyers.append(flyer)

        def end() -> None:
            if flyer in m.flyers:
                m.flyers.remove(flyer)
            if after:
                after()
        values: dict[str, Any] = {"x": to[0], "y": to[1]}
        if size is not None:
            values["size"] = size
        if fade:
            values["alpha"] = 0.0
        motion: Animation = Tween(flyer, duration, ease, **values)
        if turn_to is not None:
            def flip_face() -> None:
                flyer.sprite, flyer.value = turn_to
            half = duration / 2
            motion = Parallel(motion, Sequence(Tween(flyer, half, "in_quad", flip=0.0),
                                               Call(flip_face),
                                               Tween(flyer, half, "out_quad", flip=1.0)))
        return Sequence(Call(start), motion, Call(end))

    # -- events

    def animate(self, events: list[object], final: GameState) -> Animation:
        """The whole animation of a move; ends by syncing the model with ``final``."""
        steps: list[Animation] = []
        for event in events:
            handler = getattr(self, "_on_" + type(event).__name__, None)
            if handler is not None:
                steps.append(Deferred(partial(handler, event)))
        steps.append(Call(lambda: self.model.sync(final)))
        if hasattr(self.hooks, "reached"):
            steps.append(Call(lambda: self.hooks.reached(None)))
        return Sequence(*steps)

    def _name(self, seat: int) -> str:
        return self.model.names[seat]

    def _from_bag(self, to: pygame.Rect, kind: int, after: Callable[[], None]) -> Animation:
        bag = self.geom.rect("bag")
        flyer = Flyer("tile_back", 0, bag.centerx, bag.centery, 30)

        def leave_bag() -> None:
            self.model.bag_left -= 1
        return self.fly(flyer, _center(to), 0.5, size=to.width, turn_to=("tile", kind),
                        before=leave_bag, after=after)

    def _on_TileDrawn(self, e: ev.TileDrawn) -> Animation:
        def land() -> None:
            self.model.auction[e.slot] = e.tile
            self.model.touch()
        return Sequence(
            self._say(e),
            Call(lambda: self.hooks.sound("draw")),
            self._from_bag(self.geom.auction_slots[e.slot], e.tile, land),
        )

    def _on_RaDrawn(self, e: ev.RaDrawn) -> Animation:
        def land() -> None:
            self.model.ra_count = e.position + 1
            self.model.touch()
        slot = self.geom.ra_slots[min(e.position, len(self.geom.ra_slots) - 1)]
        return Sequence(self._say(e), Call(lambda: self.hooks.sound("ra")),
                        self._from_bag(slot, Tile.RA, land), Delay(0.25))

    def _on_AuctionStarted(self, e: ev.AuctionStarted) -> Animation:
        def start() -> None:
            m = self.model
            m.end_auction()
            m.ra_player = e.ra_player
            m.current = e.ra_player
        steps: list[Animation] = [Call(start), self._say(e)]
        if e.invoked:
            steps.append(Call(lambda: self.hooks.sound("ra")))
        steps.append(Delay(0.35))
        return Sequence(*steps)

    def _on_BidMade(self, e: ev.BidMade) -> Animation:
        m = self.model
        src = self.area(e.player).sun_rect(e.sun, True)
        start = _center(src) if src else _center(self.geom.seats[e.player])
        flyer = Flyer("sun", e.sun, start[0], start[1], src.width if src else 40)

        def before() -> None:
            m.current = e.player
            m.take_sun(e.player, e.sun)

        def after() -> None:
            m.bids[e.player] = e.sun
            m.touch()
        chip = self.geom.bid_chip(e.player)
        return Sequence(self._say(e),
                        Call(lambda: self.hooks.sound("bid")),
                        self.fly(flyer, self.geom.bid_sun_center(e.player), 0.45,
                                 size=chip.height, before=before, after=after))

    def _on_Passed(self, e: ev.Passed) -> Animation:
        def mark() -> None:
            self.model.passed[e.player] = True
            self.model.current = e.player
            self.model.touch()
        if e.automatic and e.player == self.sentences.you:  # said, and held to be read
            return Sequence(Call(mark), self._say(e), Delay(1.2))
        if e.automatic:
            return Sequence(Call(mark), Delay(0.08))
        return Sequence(Call(mark), self._say(e),
                        Call(lambda: self.hooks.sound("pass")), Delay(0.3))

    def _lot_flights(self, seat: int, slots: list[int], lot: tuple[int, ...]) -> list[Animation]:
        """Tiles flying from auction ``slots`` into ``seat``'s area."""
        target = self.area(seat, lot)
        flights: list[Animation] = []
        for slot, kind in zip(slots, lot):
            r = self.geom.auction_slots[slot]
            flyer = Flyer("tile", kind, r.centerx, r.centery, r.width)
            flights.append(self.fly(flyer, self._tile_target(target, kind), 0.55,
                                    size=target.tile_size,
                                    before=partial(self.model.clear_auction_slot, slot)))
        return flights

    def _on_AuctionWon(self, e: ev.AuctionWon) -> Animation:
        m, g = self.model, self.geom
        slots = [i for i, t in enumerate(m.auction) if t != EMPTY]
        lot = tuple(m.auction[i] for i in slots) if len(slots) == len(e.tiles) else e.tiles
        if len(slots) != len(lot):
            slots = list(range(len(lot)))
        parts: list[Animation] = [stagger(self._lot_flights(e.player, slots, lot), 0.07)]
        centre = g.rect("center_sun")
        down_target = self.area(e.player).rect
        sun_size = self.area(e.player).sun_size
        after_down = area_slots(g.seats[e.player], [s for s in m.suns_up[e.player]],
                                sorted([*m.suns_down[e.player], e.center_sun], reverse=True),
                                m.tiles[e.player], [])
        r = after_down.sun_rect(e.center_sun, False)
        dest = _center(r) if r else _center(down_target)
        old = Flyer("sun", e.center_sun, centre.centerx, centre.centery, centre.width)
        parts.append(self.fly(old, dest, 0.6, size=sun_size, turn_to=("back", e.center_sun),
                              before=lambda: setattr(m, "center_sun", 0),
                              after=lambda: m.give_sun(e.player, e.center_sun, False)))
        for seat, sun in enumerate(m.bids):
            if not sun:
                continue
            bx, by = g.bid_sun_center(seat)
            flyer = Flyer("sun", sun, bx, by, g.bid_chip(seat).height)

            def clear(s: int = seat) -> None:
                m.bids[s] = 0
                m.touch()
            if seat == e.player:
                parts.append(self.fly(flyer, _center(centre), 0.6, size=centre.width, before=clear,
                                      after=partial(setattr, m, "center_sun", sun)))
            else:
                home = self.area(seat).rect
                parts.append(self.fly(flyer, (home.x + 30, home.y + 60), 0.5, size=sun_size,
                                      before=clear,
                                      after=partial(m.give_sun, seat, sun, True)))
        def winner_up() -> None:
            m.current = e.player
            m.touch()
        return Sequence(
            Call(winner_up),
            self._say(e),
            Call(lambda: self.hooks.sound("win")), Parallel(*parts),
            Call(lambda: self._receive(e.player, lot)), Call(m.end_auction), Delay(0.2))

    def _receive(self, seat: int, lot: tuple[int, ...]) -> None:
        normal = tuple(t for t in lot if not IS_DISASTER[t])
        self.model.add_tiles(seat, normal, tuple(t for t in lot if IS_DISASTER[t]))

    def _on_AuctionPassed(self, e: ev.AuctionPassed) -> Animation:
        m = self.model
        flights: list[Animation] = []
        if e.discarded:
            for slot, kind in enumerate(m.auction):
                if kind == EMPTY:
                    continue
                r = self.geom.auction_slots[slot]
                flyer = Flyer("tile", kind, r.centerx, r.centery, r.width)
                flights.append(self.fly(flyer, (r.centerx, r.y - 40), 0.5, fade=True,
                                        before=partial(m.clear_auction_slot, slot)))
        return Sequence(self._say(e), Parallel(*flights), Call(m.end_auction), Delay(0.3))

    def _on_GodsPlayed(self, e: ev.GodsPlayed) -> Animation:
        m = self.model
        area = self.area(e.player)
        god = area.tile_rect(Tile.GOD) or area.rect
        gods: list[Animation] = []
        for _ in e.tiles:
            flyer = Flyer("tile", Tile.GOD, god.centerx, god.centery, area.tile_size)
            gods.append(self.fly(flyer, (god.centerx, god.y - 50), 0.45, fade=True))

        def spend() -> None:
            m.tiles[e.player][Tile.GOD] -= len(e.tiles)
            m.current = e.player
            m.touch()
        return Sequence(
            self._say(e),
            Call(lambda: self.hooks.sound("god")), Parallel(*gods), Call(spend),
            stagger(self._lot_flights(e.player, list(e.slots), e.tiles), 0.08),
            Call(lambda: self._receive(e.player, e.tiles)))

    def _on_DisasterResolved(self, e: ev.DisasterResolved) -> Animation:
        m = self.model
        area = self.area(e.player)
        flights: list[Animation] = []
        pend = next((r for k, r in area.pending if k == e.disaster), area.rect)
        flights.append(self.fly(Flyer("tile", e.disaster, pend.centerx, pend.centery,
                                      area.tile_size), (pend.centerx, pend.y - 60), 0.7,
                                fade=True))
        for i, kind in enumerate(e.discarded):
            r = area.tile_rect(kind) or area.rect
            flyer = Flyer("tile", kind, r.centerx + 4 * i, r.centery, area.tile_size)
            flights.append(self.fly(flyer, (r.centerx + 20 * i, r.y - 70), 0.7, fade=True))

        def remove() -> None:
            if e.disaster in m.pending[e.player]:
                m.pending[e.player].remove(e.disaster)
            for kind in e.discarded:
                m.tiles[e.player][kind] = max(0, m.tiles[e.player][kind] - 1)
            m.touch()
        return Sequence(
            self._say(e),
            Call(lambda: self.hooks.sound("disaster")), Call(remove), Parallel(*flights))

    def _on_EpochEnded(self, e: ev.EpochEnded) -> Animation:
        m, g = self.model, self.geom
        flights: list[Animation] = []
        for i in range(m.ra_count):
            r = g.ra_slots[i]
            flyer = Flyer("tile", Tile.RA, r.centerx, r.centery, r.width)
            flights.append(self.fly(flyer, (r.centerx, r.centery - 30), 0.6, size=8, fade=True))
        for slot, kind in enumerate(m.auction):
            if kind != EMPTY:
                r = g.auction_slots[slot]
                flyer = Flyer("tile", kind, r.centerx, r.centery, r.width)
                flights.append(self.fly(flyer, (r.centerx, r.centery - 30), 0.6, size=10,
                                        fade=True))
        return Sequence(self._say(e),
                        Call(lambda: self.hooks.sound("epoch")), Call(m.clear_tracks),
                        Parallel(*flights), Call(m.end_auction))

    def _on_EpochScored(self, e: ev.EpochScored) -> Animation:
        m = self.model
        counts = [Tween(ItemProxy(m.scores, row.player), 0.9, "out_cubic", value=float(row.after))
                  for row in e.scores]
        return Sequence(Parallel(*counts), Call(m.touch),
                        Call(lambda: self.hooks.epoch_scored(e)), WaitUntil(self.hooks.is_top))

    def _on_GameOver(self, e: ev.GameOver) -> Animation:
        return Sequence(self._say(e),
                        Call(lambda: self.hooks.finish_game(e)))
