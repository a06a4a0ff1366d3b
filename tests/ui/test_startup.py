"""tools/bench_startup.py: a fresh process reaches the first drawn title frame, and says how fast."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_bench_startup_reports_the_time_to_the_first_title_frame() -> None:
    out = subprocess.run(
        [sys.executable, str(ROOT / "tools/bench_startup.py"), "--runs", "1"],
        capture_output=True, text=True, timeout=120, check=True,
    ).stdout
    result = json.loads(out)
    assert set(result) == {"startup_ms", "max_ms", "runs", "driver"}
    # How fast is the tool's to say (its target: 1 s on the reference machine), not a test's:
    # a bound on a wall clock fails on a busy machine.
    assert result["runs"] == 1 and 0 < result["startup_ms"] <= result["max_ms"]
