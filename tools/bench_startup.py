"""Time from launching Python to the first drawn title frame; prints JSON {"startup_ms": ...}.

Each run starts a fresh interpreter that imports the app, opens the window and draws one title
frame, then says so on stdout; the time is measured from outside, so interpreter start-up and
every import count.  Uses the SDL dummy driver unless a display is available (DISPLAY set).

    python3 tools/bench_startup.py [--runs 5]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CHILD = (
    "from ra_game.app import create_app, run_frames\n"
    "ctx, _ = create_app()\n"
    "run_frames(ctx, 1)\n"
    "print(type(ctx.scenes.top).__name__, flush=True)\n"
)


def one_run(env: dict[str, str]) -> float:
    """Milliseconds from spawning the interpreter to its report of the first title frame."""
    start = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-c", CHILD], cwd=ROOT, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    assert proc.stdout is not None
    line = proc.stdout.readline().strip()
    elapsed = (time.perf_counter() - start) * 1000
    proc.wait(timeout=30)
    if line != "TitleScene":
        raise SystemExit(f"bench_startup: the app did not draw the title (got {line!r})")
    return elapsed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    env = dict(os.environ)
    if not env.get("DISPLAY"):
        env["SDL_VIDEODRIVER"] = "dummy"
    env.setdefault("SDL_AUDIODRIVER", "dummy")
    env["RA_GAME_HOME"] = tempfile.mkdtemp(prefix="ra-bench-")
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    one_run(env)  # warm the file cache and .pyc files
    times = [one_run(env) for _ in range(args.runs)]
    print(json.dumps({
        "startup_ms": round(statistics.median(times), 1),
        "max_ms": round(max(times), 1),
        "runs": args.runs,
        "driver": env.get("SDL_VIDEODRIVER", "x11"),
    }))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
