"""Run a benchmark script on both builds of the same checkout, alternating (the compiled modules
and, with RA_GAME_PURE=1, the interpreted ones), so that both see the same machine load.

Used by ``tools/bench_search.py --builds`` and ``tools/bench_engine.py --builds``.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
from pathlib import Path
from typing import Any

#: Build name -> the value of RA_GAME_PURE that selects it.
BUILDS = {"compiled": "0", "interpreted": "1"}


def run_builds(script: Path, args: list[str], repeats: int) -> dict[str, list[dict[str, Any]]]:
    """The JSON line of ``repeats`` runs of ``script args`` per build, the builds taking turns.
    Stops with a message when the compiled build is not installed (nothing to compare)."""
    runs: dict[str, list[dict[str, Any]]] = {name: [] for name in BUILDS}
    for _ in range(repeats):
        for name, pure in BUILDS.items():
            out = subprocess.run([sys.executable, str(script), *args], check=True, text=True,
                                 capture_output=True, env={**os.environ, "RA_GAME_PURE": pure})
            result = json.loads(out.stdout.splitlines()[-1])
            if result.get("compiled") != (name == "compiled"):
                raise SystemExit(f"{script.name}: the {name} build did not run (is the compiled "
                                 "build installed? pip install -e . with a C compiler)")
            runs[name].append(result)
    return runs


def median_of(runs: list[dict[str, Any]], key: str) -> float:
    return float(statistics.median(float(run[key]) for run in runs))
