"""Ra: a digital edition of Reiner Knizia's auction board game, on pygame-ce."""

__version__ = "0.1.0"
