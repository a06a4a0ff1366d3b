"""Named errors of the engine: each carries a message a player understands.

An error keeps its English ``template`` (one whole sentence with named placeholders, marked with
:func:`N_` for the translation catalogs) and its ``params``, so the window can show it in the
player's language (``ra_game.text.i18n.error_text``); ``str(error)`` is the English message.  A
parameter may itself be an engine error (the reason inside "move 3 ... is illegal: ...").
"""

from __future__ import annotations


def N_(message: str) -> str:
    """Mark an English message for the translation catalogs; the engine itself stays English."""
    return message


class RaError(Exception):
    """Base of every error the engine raises on purpose."""

    def __init__(self, template: str, /, **params: object) -> None:
        super().__init__(template.format(**params) if params else template)
        self.template = template
        self.params = params

    def __reduce__(self) -> tuple[object, ...]:
        """Pickle as template and parameters (an AI worker's error keeps its translation; a
        compiled class keeps its attributes outside ``__dict__``, which pickle would lose)."""
        return _rebuild, (type(self), self.template, self.params)


def _rebuild(cls: type[RaError], template: str, params: dict[str, object]) -> RaError:
    """An engine error made again from its pickled template and parameters."""
    return cls(template, **params)


class IllegalMoveError(RaError, ValueError):
    """A move that is not legal in the current state; the state is left unchanged."""


class NotationError(RaError, ValueError):
    """Text that is not a move in the notation of NOTATION.md."""


class ReplayError(RaError, ValueError):
    """A replay file that cannot be read: bad JSON, wrong format, unknown tile, bad sun sets..."""


class SetupError(RaError, ValueError):
    """A game that cannot be set up: a player count, sun sets or bag outside the rules."""
