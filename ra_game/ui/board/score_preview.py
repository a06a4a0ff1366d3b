"""The score preview: what this epoch would add to each player if it ended now, and during an
auction what the lot on the track is worth to each player now.

Computed from the engine's public state with the engine's own scoring
(:mod:`ra_game.engine.preview`), once per decision (not per frame), and again for each change
of the tiles a person picks to discard for a disaster (the preview then counts them gone).
"""

from __future__ import annotations

from collections.abc import Sequence

from ...engine.preview import epoch_preview, lot_values
from ...engine.state import BID, GameState
from ...text.i18n import _, format_signed
from .sentences import breakdown


class ScorePreview:
    """Previews for the position named by ``token`` (recomputed when the token changes)."""

    def __init__(self) -> None:
        self.token: object = None
        self.points: list[dict[str, int]] = []
        self.totals: list[int] = []
        self.lots: list[int] | None = None
        #: The lot's worth with its monuments counted as they score at the end of the game.
        self.lasting_lots: list[int] | None = None

    def update(self, state: GameState, token: object, discarding: Sequence[int] = ()) -> None:
        """Preview ``state`` (named by ``token``), the tiles of kinds ``discarding`` gone
        from the area of the disaster's owner."""
        token = (token, tuple(discarding))
        if token == self.token:
            return
        self.token = token
        if state.over:
            self.points, self.totals, self.lots, self.lasting_lots = [], [], None, None
            return
        self.points = epoch_preview(_without(state, discarding) if discarding else state)
        self.totals = [sum(p.values()) for p in self.points]
        auction = state.phase == BID and bool(state.auction_tiles())
        self.lots = lot_values(state) if auction else None
        self.lasting_lots = lot_values(state, lasting=True) if auction else None

    def total(self, seat: int) -> int | None:
        return self.totals[seat] if seat < len(self.totals) else None

    def lot(self, seat: int) -> int | None:
        return self.lots[seat] if self.lots is not None and seat < len(self.lots) else None

    def lasting(self, seat: int) -> int | None:
        """What the lot adds by the end of the game, its monuments counted (the bid chips)."""
        lots = self.lasting_lots
        return lots[seat] if lots is not None and seat < len(lots) else None

    def lines(self, seat: int, epoch: int) -> list[str]:
        """The breakdown shown when hovering the player's area."""
        if seat >= len(self.points):
            return []
        out = [_("If epoch {epoch} ended now: {points} fame ({detail}).").format(
            epoch=epoch, points=format_signed(self.totals[seat]), detail=breakdown(self.points[seat]))]
        lot, lasting = self.lot(seat), self.lasting(seat)
        if lot is not None and lasting is not None and lasting != lot:
            out.append(_("Winning the lot now would change this by {points}; counting its "
                         "monuments as they score at the end of the game, by {lasting}.").format(
                points=format_signed(lot), lasting=format_signed(lasting)))
        elif lot is not None:
            out.append(_("Winning the lot now would change this by {points}.").format(
                points=format_signed(lot)))
        return out


def _without(state: GameState, kinds: Sequence[int]) -> GameState:
    """A copy of ``state`` with one tile of each of ``kinds`` gone from the disaster owner."""
    copy = state.clone()
    owned = copy.tiles[copy.disaster_owner]
    for kind in kinds:
        owned[kind] = max(0, owned[kind] - 1)
    return copy
