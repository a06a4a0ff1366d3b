"""The display model: what the board shows, which catches up with the engine through animations.

The engine state is applied at once; the board draws this model instead, which the animation
queue changes step by step (a tile lands in its slot when its flight ends, a score counts up).
When a move's animations end, :meth:`DisplayModel.sync` makes it equal to the engine state again.
Coordinates of flying sprites (:class:`Flyer`) are in base (1280x720) pixels.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...engine.state import EMPTY, GameState
from ...engine.tiles import AUCTION_TRACK_SIZE
from ...text.i18n import Text


@dataclass
class Flyer:
    """A sprite in flight: ``sprite`` is ``tile``, ``sun``, ``back`` (sun face down) or
    ``tile_back``; ``flip`` is the horizontal scale (0 = edge on) of a turning piece."""

    sprite: str
    value: int
    x: float
    y: float
    size: float
    alpha: float = 255.0
    flip: float = 1.0


class ItemProxy:
    """One element of a list as an attribute ``value``, so a Tween can animate it."""

    def __init__(self, items: list[float], index: int) -> None:
        self.items = items
        self.index = index

    @property
    def value(self) -> float:
        return self.items[self.index]

    @value.setter
    def value(self, v: float) -> None:
        self.items[self.index] = v


class DisplayModel:
    """A drawable copy of the public game state plus pieces in flight and a caption."""

    def __init__(self, state: GameState) -> None:
        self.n = state.n
        self.names = state.names
        self.ra_length = state.ra_length
        self.flyers: list[Flyer] = []
        #: The sentence about the move being shown (a function, so it follows the language).
        self.caption: Text = ""
        self.version = 0
        self.sync(state)

    def sync(self, state: GameState) -> None:
        """Copy everything visible from ``state`` (the end of a move's animations)."""
        self.epoch = state.epoch
        self.ra_count = state.ra_count
        self.auction = list(state.auction)
        self.center_sun = state.center_sun
        # a bid sun lies in the bid area until the auction ends (the engine keeps it "up")
        self.suns_up = [[x for x in s if x != state.bids[p]] for p, s in enumerate(state.suns_up)]
        self.suns_down = [list(s) for s in state.suns_down]
        self.tiles = [list(t) for t in state.tiles]
        self.pending: list[list[int]] = [[] for _ in range(state.n)]
        if state.disaster_owner >= 0:
            self.pending[state.disaster_owner] = list(state.pending)
        self.scores: list[float] = [float(s) for s in state.scores]
        self.bids = list(state.bids)
        same_auction = state.ra_player >= 0 and state.ra_player == getattr(self, "ra_player", -1)
        if not same_auction:  # the engine keeps no passes: keep ours while the auction goes on
            self.passed = [False] * state.n
        self.ra_player = state.ra_player
        self.current = -1 if state.over else state.current
        self.bag_left = state.bag_left
        self.over = state.over
        self.flyers.clear()
        self.touch()

    def touch(self) -> None:
        """Mark the model changed (cached layers that depend on it redraw)."""
        self.version += 1

    # -- small mutations used by the animation steps

    def take_sun(self, seat: int, sun: int) -> None:
        if sun in self.suns_up[seat]:
            self.suns_up[seat].remove(sun)
        self.touch()

    def give_sun(self, seat: int, sun: int, face_up: bool = True) -> None:
        suns = self.suns_up[seat] if face_up else self.suns_down[seat]
        suns.append(sun)
        suns.sort(reverse=True)
        self.touch()

    def add_tiles(self, seat: int, tiles: tuple[int, ...], disasters: tuple[int, ...]) -> None:
        for t in tiles:
            self.tiles[seat][t] += 1
        self.pending[seat].extend(disasters)
        self.touch()

    def clear_auction_slot(self, slot: int) -> None:
        self.auction[slot] = EMPTY
        self.touch()

    def clear_tracks(self) -> None:
        self.ra_count = 0
        self.auction = [EMPTY] * AUCTION_TRACK_SIZE
        self.touch()

    def end_auction(self) -> None:
        self.bids = [0] * self.n
        self.passed = [False] * self.n
        self.ra_player = -1
        self.touch()
