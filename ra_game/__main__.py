"""``python -m ra_game`` runs the ``ra-game`` command; this file is also the standalone's entry.

Absolute imports only, so PyInstaller can freeze a two-line script that calls :func:`run`.
``multiprocessing.freeze_support()`` comes first: in the frozen program an AI worker process is
the same executable started again, and this call turns it into the worker before any of the
game (argument parsing, the window) runs.
"""

from __future__ import annotations

import multiprocessing


def run() -> int:
    """Entry point of ``python -m ra_game`` and of the frozen ``ra-game`` program."""
    multiprocessing.freeze_support()
    from ra_game.cli import main

    return main()


if __name__ == "__main__":
    raise SystemExit(run())
