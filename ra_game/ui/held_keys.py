"""One key press, one action: the repeats of a held key are dropped, but for the keys that
move something (a cursor, a list, a slider, a text's deletion).

pygame repeats a held key as more ``KEYDOWN`` events without ``KEYUP`` between them
(``pygame.key.set_repeat``); on a loaded machine a frame can take longer than the repeat's
delay, so even a short press arrives as two.  A repeated Enter would take the next screen's
default action (a lesson note's Next, then the bid behind it; a scoring table's Continue,
then a new game), a repeated D would draw twice: only the moving keys below may repeat.
"""

from __future__ import annotations

import pygame

#: Keys whose repeats are kept: they move a cursor, scroll, change a value or delete text.
REPEATING_KEYS = frozenset({
    pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_TAB,
    pygame.K_PAGEUP, pygame.K_PAGEDOWN, pygame.K_BACKSPACE, pygame.K_DELETE,
})


class HeldKeys:
    """The keys down now (pressed, not yet released), to tell a press from its repeats."""

    def __init__(self) -> None:
        self.down: set[int] = set()

    def repeated(self, event: pygame.event.Event) -> bool:
        """Whether ``event`` is the repeat of a held key that must not act again (it is then
        dropped); keeps track of the presses and releases."""
        if event.type == pygame.KEYUP:
            self.down.discard(event.key)
        elif event.type == pygame.WINDOWFOCUSLOST:
            self.down.clear()  # its releases may go to another window
        elif event.type == pygame.KEYDOWN:
            if event.key in self.down:
                return event.key not in REPEATING_KEYS
            self.down.add(event.key)
        return False
