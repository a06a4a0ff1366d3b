"""What a key or a click on the board asks the play scene to do: the values
:class:`~ra_game.ui.board.parts.board_input.BoardInput` returns, dispatched by the scene in one
``match``.

Input that a part handles itself (the mode's overlay, the game log's wheel and panel, the
hint's key) is no intent: the part took it.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from ....engine import Move


@dataclass(frozen=True)
class Hover:
    """The pointer is over ``pos`` (the board's base pixels)."""

    pos: tuple[float, float]


@dataclass(frozen=True)
class ToPause:
    """A key or click for the pause menu, which is up."""

    event: pygame.event.Event


@dataclass(frozen=True)
class OpenPause:
    """Esc or the Menu button: the pause menu over the board."""


@dataclass(frozen=True)
class TakeBack:
    """Undo the person's last decision."""


@dataclass(frozen=True)
class SkipEpoch:
    """Play the rest of the epoch at once."""


@dataclass(frozen=True)
class SkipAnimation:
    """Finish the animation now (a click or Space)."""


@dataclass(frozen=True)
class Offer:
    """A person at this screen chose ``move``."""

    move: Move


#: Everything the board's input may ask of the scene.
Intent = Hover | ToPause | OpenPause | TakeBack | SkipEpoch | SkipAnimation | Offer
