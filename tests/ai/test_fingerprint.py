"""The compiled build thinks exactly as the interpreted one: hard's root statistics, whole easy
and medium games and a review's search give the same fingerprint, byte for byte
(tools/fingerprint.py), in both builds."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from ra_game.build_info import PURE_ENV, running_compiled

ROOT = Path(__file__).resolve().parents[2]


def fingerprint(pure: bool) -> dict[str, object]:
    env = {**os.environ, PURE_ENV: "1" if pure else "0"}
    out = subprocess.run([sys.executable, str(ROOT / "tools" / "fingerprint.py")], env=env,
                         cwd=ROOT, capture_output=True, text=True, timeout=600, check=True)
    return json.loads(out.stdout.splitlines()[-1])  # type: ignore[no-any-return]


@pytest.mark.slow
def test_the_compiled_and_the_interpreted_build_decide_the_same() -> None:
    if not running_compiled():
        pytest.skip("no compiled build in this installation (pip install -e . with a C "
                    "compiler builds it): nothing to compare")
    compiled, interpreted = fingerprint(pure=False), fingerprint(pure=True)
    assert (compiled["compiled"], interpreted["compiled"]) == (True, False)
    assert compiled["lines"] == interpreted["lines"] == 14
    assert compiled["sha256"] == interpreted["sha256"]
