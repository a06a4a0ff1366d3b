"""The standalone download, smoke-tested as a player runs it (tools/build_standalone.py).

Needs PyInstaller (``pip install -e ".[standalone]"``).  Reuses the archive in ``dist/`` when
the build recorded that it was made from exactly these sources; otherwise builds it (minutes).
The smoke test unpacks it into an empty folder and runs, with an empty environment, --version,
the title screen, an AI demo to the end, and checks that no error.log was written.
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys

import pytest
from standalone_env import ROOT

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(importlib.util.find_spec("PyInstaller") is None,
                       reason="PyInstaller is not installed (pip install -e '.[standalone]')"),
]

sys.path.insert(0, str(ROOT / "tools"))
import build_standalone


def test_the_unpacked_download_opens_the_title_and_plays_a_demo() -> None:
    platform = build_standalone.current_platform()
    archive = build_standalone.DIST / build_standalone.archive_name(platform)
    stamp = build_standalone.digest_file(archive)
    fresh = (archive.is_file() and stamp.is_file()
             and stamp.read_text().strip() == build_standalone.source_digest())
    if not fresh:
        subprocess.run([sys.executable, str(ROOT / "tools" / "build_standalone.py"),
                        "--runs", "1"], check=True, timeout=3600)
    seen = build_standalone.smoke_test(archive, platform,
                                       build=build_standalone.expected_build(platform))
    assert seen["demo_over"] is True and seen["build"] == "compiled"
    assert seen["title"]["scene"] == "TitleScene"  # type: ignore[index]
    assert archive.stat().st_size <= build_standalone.MAX_ARCHIVE_MB * 2**20
