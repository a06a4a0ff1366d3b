"""The Windows download, built and smoke-tested on Linux under Wine (tools/build_standalone.py
--target windows).

Needs Wine (as root: ``apt-get install -y wine wine64``); skipped, with that reason, without it.
Reuses ``dist/ra-game-windows.zip`` when the build recorded that it was made from exactly these
sources; otherwise builds it (a few minutes; the Windows Python and wheels are cached under
``build/standalone/windows/``).  The smoke test runs ``ra-game.exe`` under Wine from an empty
folder: --version, the title screen, the AI demo with the hard AI on two worker processes of the
frozen program (seen running), and no error.log.
"""

from __future__ import annotations

import shutil
import subprocess
import sys

import pytest
from standalone_env import ROOT

pytestmark = [
    pytest.mark.slow,
    pytest.mark.windows,
    pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Wine builds run on Linux"),
    pytest.mark.skipif(shutil.which("wine") is None,
                       reason="Wine is not installed (as root: apt-get install -y wine wine64)"),
]

sys.path.insert(0, str(ROOT / "tools"))
import build_standalone as bs


def test_the_windows_download_plays_a_demo_under_wine() -> None:
    archive = bs.DIST / bs.archive_name("windows")
    stamp = bs.digest_file(archive)
    if not (archive.is_file() and stamp.is_file()
            and stamp.read_text().strip() == bs.source_digest()):
        subprocess.run([sys.executable, str(ROOT / "tools" / "build_standalone.py"),
                        "--target", "windows", "--runs", "1"], check=True, timeout=3600)
    wine = bs.Wine(bs.BUILD / "windows")
    wine.start()
    try:
        seen = bs.smoke_test(archive, "windows", wine=wine, build=bs.expected_build("windows"))
    finally:
        wine.stop()
    assert str(seen["version"]).startswith("ra-game ")
    assert seen["title"]["scene"] == "TitleScene"  # type: ignore[index]
    assert seen["demo_over"] is True and seen["workers_seen"] >= 2  # type: ignore[operator]
    assert archive.stat().st_size <= bs.MAX_ARCHIVE_MB * 2**20
