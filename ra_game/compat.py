"""What Python 3.11 added that the game uses, for Python 3.10 (``requires-python``)."""

from __future__ import annotations

import sys
from enum import Enum

if sys.version_info >= (3, 11):
    from enum import StrEnum
    from typing import assert_never
else:  # pragma: no cover - Python 3.10
    from typing import NoReturn

    class StrEnum(str, Enum):
        """A member that is its value as text."""

        def __str__(self) -> str:
            return str(self.value)

    def assert_never(value: NoReturn) -> NoReturn:
        """Reached only by a kind a ``match`` forgot (mypy then says so)."""
        raise AssertionError(f"unhandled value {value!r}")

__all__ = ["StrEnum", "assert_never"]
