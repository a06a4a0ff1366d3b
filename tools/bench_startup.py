"""Time from launching the game to its first drawn title frame; prints JSON {"startup_ms": ...}.

Each run starts a fresh process that opens the window and draws one title frame, then says so
on stdout; the time is measured from outside, so interpreter start-up and every import count.
By default the process is this checkout's Python (``create_app`` + one frame); with
``--program PATH`` it is a built program (the unpacked standalone download, or an installed
``ra-game`` script) run as ``PATH --exit-after-title`` with an empty environment from an empty
folder, as a player would start it.  Uses the SDL dummy driver unless a display is available
(DISPLAY set).  Run it niced on a shared machine; the median of ``--runs`` is reported.

    python3 tools/bench_startup.py [--runs 5] [--program dist/unpacked/ra-game/ra-game]
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


def one_run(cmd: list[str], env: dict[str, str], cwd: Path) -> float:
    """Milliseconds from spawning ``cmd`` to its report of the first title frame."""
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, cwd=cwd, env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, text=True)
    assert proc.stdout is not None
    line = proc.stdout.readline().strip()
    elapsed = (time.perf_counter() - start) * 1000
    proc.stdout.read()
    status = proc.wait(timeout=60)
    scene = json.loads(line).get("scene") if line.startswith("{") else line
    if scene != "TitleScene" or status != 0:
        raise SystemExit(f"bench_startup: the app did not draw the title (got {line!r}, "
                         f"status {status})")
    return elapsed


def checkout_command(env: dict[str, str]) -> list[str]:
    """This checkout, imported by the running Python."""
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    return [sys.executable, "-c", CHILD]


def program_env(home: str) -> dict[str, str]:
    """An empty environment (like ``env -i``): only a home, a PATH and the display/audio."""
    env = {"HOME": home, "PATH": "/usr/bin:/bin"}
    for name in ("DISPLAY", "XAUTHORITY", "SYSTEMROOT"):
        if os.environ.get(name):
            env[name] = os.environ[name]
    return env


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--program", type=Path, metavar="PATH",
                        help="time this built program (run with --exit-after-title)")
    args = parser.parse_args()
    home = tempfile.mkdtemp(prefix="ra-bench-")
    if args.program:
        env = program_env(home)
        cmd = [str(args.program.resolve()), "--exit-after-title"]
    else:
        env = dict(os.environ)
        env["RA_GAME_HOME"] = home
        cmd = checkout_command(env)
    if not env.get("DISPLAY"):
        env["SDL_VIDEODRIVER"] = "dummy"
    env.setdefault("SDL_AUDIODRIVER", "dummy")
    cwd = Path(tempfile.mkdtemp(prefix="ra-bench-cwd-")) if args.program else ROOT
    one_run(cmd, env, cwd)  # warm the file cache and .pyc files
    times = [one_run(cmd, env, cwd) for _ in range(args.runs)]
    result = {
        "startup_ms": round(statistics.median(times), 1),
        "max_ms": round(max(times), 1),
        "runs": args.runs,
        "driver": env.get("SDL_VIDEODRIVER", "x11"),
    }
    if args.program:
        result["program"] = str(args.program)
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
