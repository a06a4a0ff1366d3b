"""The frozen program's entry script (tools/build_standalone.py freezes this file).

``ra_game.__main__.run`` calls ``multiprocessing.freeze_support()`` first, so an AI worker (this
program started again) turns into the worker before any of the game runs.

A windowed Windows program started without a console (a double click) has no stderr: Python sets
``sys.stderr`` to None, and the game's one-line errors ("cannot open the window ...") would go
nowhere.  Here they are kept, and when the program ends with an error they are shown in a message
box, so a game that cannot start never ends silently.
"""

from __future__ import annotations

import io
import sys

from ra_game.__main__ import run

WORKER_FLAG = "--multiprocessing-fork"
MB_ICONERROR = 0x10


def show_error(text: str) -> None:
    """A Windows message box with ``text`` (the player closes it)."""
    import ctypes

    ctypes.windll.user32.MessageBoxW(None, text, "Ra", MB_ICONERROR)  # type: ignore[attr-defined]


def main() -> int:
    """Run the game; without a console on Windows, show its errors in a message box."""
    if sys.platform != "win32" or sys.stderr is not None or WORKER_FLAG in sys.argv:
        return run()
    kept = io.StringIO()
    sys.stderr = kept
    try:
        status = run()
    except SystemExit as exc:  # argparse and the game's one-line errors exit this way
        status = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
        if isinstance(exc.code, str):
            kept.write(exc.code)
    text = kept.getvalue().strip()
    if status != 0 and text:
        show_error(text[-2000:])
    return status


if __name__ == "__main__":
    raise SystemExit(main())
