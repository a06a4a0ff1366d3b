"""Ra: a digital edition of Reiner Knizia's auction board game, on pygame-ce."""

from .build_info import choose

__version__ = "0.1.0"
#: Which build of the engine and the AI runs (compiled or interpreted), decided before any of
#: them is imported.
BUILD = choose()
