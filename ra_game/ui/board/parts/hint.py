"""Hints: the hard AI, asked through the same AI runner as the AI seats and on the play scene's
worker processes (so it thinks off the frame like them, for at most its normal budget, and
starts no process of its own), suggests a move for the person to move; the board marks it and
the status line gives a one-line reason from the evaluation."""

from __future__ import annotations

import pygame

from ....ai.runner import AiRunner
from ....ai.workers import Workers
from ....engine.moves import DRAW, PASS, RA, Move, is_bid, is_discard, is_god, unpack_tiles
from ....engine.preview import lot_worth, tiles_worth
from ....engine.state import GameState, Observation
from ....table.seat_kinds import HINT_AI, SCRIPTED, kind_of
from ....table.seats import Seat, Tick
from ....text.i18n import _, ngettext
from ....text.words import worth
from ... import theme
from ..sentences import tile_list
from ..view import View


def hint_reason(state: GameState, action: int) -> str:
    """One line saying why ``action`` is suggested, from the value of the tiles at stake: the
    lot's worth is the number its bid chip shows and the review says (:func:`lot_worth`), in
    counted words (:func:`~ra_game.text.words.worth`: "about 1 fame", "next to nothing")."""
    seat = state.current
    if is_god(action):
        tiles = unpack_tiles(action)
        text = ngettext("Hint: play a God for {tiles}: worth {worth} to you.",
                        "Hint: play {count} Gods for {tiles}: worth {worth} to you.",
                        len(tiles))
        return text.format(count=len(tiles), tiles=tile_list(tiles),
                           worth=worth(tiles_worth(state, seat, tiles)))
    if is_discard(action):
        return _("Hint: discard {tiles}: that keeps the most fame.").format(
            tiles=tile_list(unpack_tiles(action)))
    gain = lot_worth(state, seat)
    if is_bid(action):
        return _("Hint: bid sun {sun}: the lot is worth {worth} to you.").format(
            sun=action - 2, worth=worth(gain))
    if action == PASS and gain > 0:
        return _("Hint: pass: the lot is worth only {worth} to you, too little for a "
                 "sun.").format(worth=worth(gain))
    if action == PASS:
        return _("Hint: pass: the lot is worth {worth} to you.").format(worth=worth(gain))
    if action == DRAW and not state.auction_tiles():
        return _("Hint: draw a tile: the auction track is empty.")
    if action == DRAW:
        return _("Hint: draw a tile: so far the lot is worth {worth} to you.").format(
            worth=worth(gain))
    if action == RA:
        return _("Hint: invoke Ra: the lot is worth {worth} to you now.").format(
            worth=worth(gain))
    return _("Hint: {move}.").format(move=Move.from_action(action).text)


class HintAdvisor:
    """Asks the hard AI for the decision named by a token; counts the hints each seat used.
    ``workers``: the play scene's processes (None: think in this process)."""

    def __init__(self, n: int, seed: int, think_ms: int | None = None,
                 workers: Workers | None = None) -> None:
        self.n = n
        self.seed = seed
        self.workers = workers
        #: The hard AI's thinking budget (None: its normal budget).
        self.think_ms = think_ms
        self.runner: AiRunner | None = None
        self.token: object = None
        self.action: int | None = None
        self.reason = ""
        self.used = [0] * n

    @property
    def thinking(self) -> bool:
        return self.runner is not None and self.action is None

    def ask(self, state: GameState, token: object) -> None:
        """Start thinking about the decision ``token`` of ``state.current`` (once per token)."""
        if token == self.token:
            return
        seat = state.current
        seats = [Seat(kind_of(HINT_AI) if i == seat else SCRIPTED, "") for i in range(self.n)]
        self.clear()
        self.runner = AiRunner(seats, self.seed + 7919 * (sum(self.used) + 1), self.think_ms,
                               workers=self.workers)
        self.token, self.action, self.reason = token, None, ""
        self.used[seat] += 1

    def update(self, state: GameState, obs: Observation, token: object, dt: float) -> bool:
        """Think for this frame about ``obs`` (of ``state.current``); True when the suggestion
        has just become ready."""
        if self.runner is None or self.action is not None:
            return False
        if token != self.token:
            self.clear()
            return False
        move = self.runner.poll(obs, Tick(token, dt))
        if move is None:
            return False
        self.action = move.action
        self.reason = hint_reason(state, move.action)
        return True

    def repool(self) -> None:
        """The scene's processes changed: a hint under way goes on on the new ones."""
        if self.runner is not None:
            self.runner.repool()

    def clear(self) -> None:
        """Forget the hint (and stop its search: the processes stay with the scene)."""
        if self.runner is not None:
            self.runner.close()
        self.runner = None
        self.token = None
        self.action = None
        self.reason = ""

    def for_token(self, token: object) -> int | None:
        """The suggested action if it is for the decision ``token``."""
        return self.action if token == self.token else None


def draw_hint_marks(surface: pygame.Surface, view: View, controls: list[object]) -> None:
    """A turquoise ring around each board control (a sun, a tile) the hint suggests."""
    for c in controls:
        if getattr(c, "name", "") in ("sun", "slot", "kind"):
            r = view.r(c.rect).inflate(view.s(10), view.s(10))  # type: ignore[attr-defined]
            pygame.draw.rect(surface, theme.TURQUOISE, r, width=max(2, view.s(4)),
                             border_radius=view.s(10))
