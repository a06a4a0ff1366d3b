"""Build the standalone download (the game with its own Python, via PyInstaller) and smoke-test it.

    python3 tools/build_standalone.py                    # -> dist/ra-game-<platform>.tar.gz / .zip
    python3 tools/build_standalone.py --target windows   # on Linux, under Wine -> .zip

Steps: build the game's wheel from a clean copy of the sources; install it with PyInstaller in a
virtual environment under ``build/standalone/``; freeze from a folder where only that installed
wheel is importable; pack the archive; unpack it into an empty temporary folder and smoke-test it
there with an empty environment (``--version``, the title screen, an AI demo to the end, no
``error.log``); measure the time to the first title frame.  The last line on stdout is one JSON
object: archive MB, start-up ms, build s.  Any failed step ends the build with status 1.

Why a clean folder: PyInstaller run from the checkout (``python -m PyInstaller`` puts the current
folder on ``sys.path``) analyses the source tree's ``ra_game/``, where ``ra_game.assets`` and
``ra_game.scenes`` do not exist (pyproject maps them from ``assets/`` and ``scenes/``), so the
freeze lacked every asset while a headless smoke test still passed.

Every platform difference lives here (``--target`` defaults to the running system): Linux
packs ``ra-game/`` (with a ``.desktop`` file and a 256 px icon) as ``.tar.gz``, Windows packs
``ra-game/`` as ``.zip``, macOS zips ``Ra.app`` (made with ``ditto`` to keep its symlinks).
``--target windows`` on Linux builds and smoke-tests the Windows download under Wine with a
Windows CPython (tools/standalone_wine.py): the same wheel, PyInstaller arguments and checks.
Either way the smoke test's demo runs the hard AI on two worker processes of the frozen program
and, where ``/proc`` shows processes (Linux, Wine), checks that they ran.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import statistics
import subprocess
import sys
import tarfile
import tempfile
import threading
import time
import venv
import zipfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the checkout: tools.x
from tools.standalone_wine import (
    FREEZE_TIMEOUT,
    Wine,
    WineError,
    kill_session,
    run_bounded,
    winpath,
)

ROOT = Path(__file__).resolve().parent.parent
BUILD = ROOT / "build" / "standalone"
DIST = ROOT / "dist"
NAME = "ra-game"
APP_NAME = "Ra"
MAX_ARCHIVE_MB = 30.0
#: The smoke test's AI demo: hard searches on two worker processes (spawned by the frozen
#: program itself), whatever the machine's core count.
DEMO = ["demo", "--players", "ai:easy,ai:hard", "--speed", "max", "--exit-on-end",
        "--ai-workers", "2"]
#: How a spawned worker of a frozen program is started (multiprocessing.spawn, frozen).
WORKER_FLAG = "--multiprocessing-fork"
#: The frozen entry script (freeze_support first; a console-less Windows program shows its
#: errors in a message box).
ENTRY = ROOT / "packaging" / "ra_game_main.py"
#: Modules the game never uses but PyInstaller would pull in through optional imports of the
#: standard library and pygame (checked in build/standalone/work/ra-game/xref-ra-game.html and
#: warn-ra-game.txt).  ssl stays in: online play (``websockets``, imported by ``ra_game.net``
#: and so carried by ``--collect-submodules ra_game``) imports it and joins ``wss://`` servers.
#: The SDL image/sound codec libraries stay: SDL2_image and SDL2_mixer link them directly.
EXCLUDES = (
    "tkinter", "_tkinter", "numpy", "pygame.examples", "pygame.tests", "pygame.docs",
    "unittest", "pydoc", "pydoc_data", "doctest", "lib2to3", "setuptools", "pkg_resources",
    "distutils", "xmlrpc", "sqlite3", "curses", "pdb", "PIL", "test", "IPython",
)
SOURCE_IGNORE = shutil.ignore_patterns(
    ".git", ".venv*", "build", "dist", "*.egg-info", "__pycache__", ".pytest_cache",
    ".hypothesis", ".mypy_cache", ".ruff_cache", "*.ra.json",
    "*.so", "*.pyd", "build_info.json",  # what an editable install compiled in place
)
#: The first words of ``--version``'s second line for each build (English: the smoke test's
#: empty environment).
BUILD_LINES = {"compiled": "The engine and the AI run compiled",
               "interpreted": "The engine and the AI run interpreted"}


class BuildError(Exception):
    """A build or smoke-test step failed (the message says which and why)."""


# --- platforms ------------------------------------------------------------------------------


def current_platform() -> str:
    if sys.platform.startswith("win"):
        return "windows"
    if sys.platform == "darwin":
        return "macos"
    return "linux"


def venv_bin(env_dir: Path, name: str, platform: str) -> Path:
    if platform == "windows":
        return env_dir / "Scripts" / f"{name}.exe"
    return env_dir / "bin" / name


def program_in(folder: Path, platform: str) -> Path:
    """The program inside an unpacked archive (or inside ``dist/``)."""
    if platform == "windows":
        return folder / NAME / f"{NAME}.exe"
    if platform == "macos":
        return folder / f"{APP_NAME}.app" / "Contents" / "MacOS" / NAME
    return folder / NAME / NAME


def archive_name(platform: str) -> str:
    return f"{NAME}-{platform}." + ("tar.gz" if platform == "linux" else "zip")


def clean_env(home: Path, platform: str, wine: Wine | None = None) -> dict[str, str]:
    """An empty environment (like ``env -i``) with dummy SDL drivers and a private home (under
    Wine: plus the prefix settings; Wine gives Windows programs its own Windows variables)."""
    env = {"HOME": str(home), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    if wine is not None:
        env.update(PATH="/usr/bin:/bin", RA_GAME_HOME=winpath(home / "ra-game"))
        return wine.env(env)
    if platform == "windows":
        root = os.environ.get("SYSTEMROOT", r"C:\Windows")
        env.update(SYSTEMROOT=root, PATH=rf"{root}\System32;{root}",
                   APPDATA=str(home / "AppData" / "Roaming"),
                   LOCALAPPDATA=str(home / "AppData" / "Local"), USERPROFILE=str(home),
                   # platformdirs asks Windows itself for the data folder, not the environment:
                   # keep settings and error.log inside the test's home so (d) can see them
                   RA_GAME_HOME=str(home / "ra-game"))
    else:
        env["PATH"] = "/usr/bin:/bin"
    return env


# --- build steps ----------------------------------------------------------------------------


def run(cmd: list[str], **kwargs: object) -> None:
    print("+", " ".join(cmd), file=sys.stderr, flush=True)
    try:
        subprocess.run(cmd, check=True, **kwargs)  # type: ignore[call-overload]
    except subprocess.CalledProcessError as exc:
        raise BuildError(f"{cmd[0]} failed with status {exc.returncode}") from None


#: What a frozen program is made of (README, docs and tests are not): the source digest covers
#: these, so a test can tell whether the archive in dist/ is stale.
BUILD_INPUTS = ("pyproject.toml", "ra_game", "assets", "scenes", "packaging",
                "tools/build_standalone.py", "tools/standalone_wine.py")


def source_digest(root: Path = ROOT) -> str:
    """A hash of every file the build uses (so a test can tell a stale archive)."""
    digest = hashlib.sha256()
    files: list[Path] = []
    for name in BUILD_INPUTS:
        path = root / name
        files += [path] if path.is_file() else [p for p in path.rglob("*") if p.is_file()
                                                 and "__pycache__" not in p.parts]
    for path in sorted(files):
        digest.update(path.relative_to(root).as_posix().encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()


def digest_file(archive: Path) -> Path:
    """Where the build notes the source digest of ``archive``."""
    return archive.with_name(archive.name + ".source-sha256")


def build_wheel(python: Path, out: Path, compiled: bool = True) -> Path:
    """The game's wheel, built from a clean copy of the sources (no stale ``build/lib``);
    with the engine and the AI compiled by mypyc for ``python``'s system when ``compiled``
    (setup.py), else pure Python (a wheel for another system)."""
    shutil.rmtree(out, ignore_errors=True)
    env = {**os.environ, "RA_GAME_BUILD": "compiled" if compiled else "pure"}
    with tempfile.TemporaryDirectory(prefix="ra-src-") as tmp:
        src = Path(tmp) / "src"
        shutil.copytree(ROOT, src, ignore=SOURCE_IGNORE)
        run([str(python), "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", str(out), str(src)],
            env=env)
    return next(out.glob("ra_game-*.whl"))


def make_venv(platform: str, fresh: bool) -> Path:
    """The build environment: PyInstaller and the game's freshly built wheel (not editable)."""
    env_dir = BUILD / "venv"
    if fresh and env_dir.exists():
        shutil.rmtree(env_dir)
    python = venv_bin(env_dir, "python", platform)
    if not python.exists():
        venv.create(env_dir, with_pip=True)
        run([str(python), "-m", "pip", "install", "--quiet", "--upgrade", "pip"])
    wheel = build_wheel(python, BUILD / "wheels")
    run([str(python), "-m", "pip", "install", "--quiet", "pyinstaller>=6", str(wheel)])
    run([str(python), "-m", "pip", "install", "--quiet", "--force-reinstall", "--no-deps",
         str(wheel)])
    return python


#: Run by the freezing Python from the spec folder: where it imports the game from.
IMPORT_PROBE = ("import ra_game, ra_game.assets, ra_game.scenes; "
                "print(ra_game.__file__); print(ra_game.assets.__file__)")


def check_found(found: list[str]) -> None:
    """Fail unless the probe found ``ra_game`` (and its assets) in site-packages."""
    if not found or not all("site-packages" in path for path in found):
        raise BuildError(f"the freeze would analyse a source tree, not the wheel: {found}")


def check_import_source(python: Path, cwd: Path) -> None:
    """Fail unless the build Python imports ``ra_game`` (and its assets) from site-packages."""
    check_found(subprocess.run([str(python), "-I", "-c", IMPORT_PROBE], cwd=cwd, check=True,
                               capture_output=True, text=True).stdout.splitlines())


def prepare_spec() -> tuple[Path, Path, Path]:
    """Fresh ``spec`` (holding the entry script) and ``dist`` folders: (spec, entry, out)."""
    spec = BUILD / "spec"
    shutil.rmtree(spec, ignore_errors=True)
    spec.mkdir(parents=True)
    entry = spec / ENTRY.name
    shutil.copy(ENTRY, entry)
    out = BUILD / "dist"
    shutil.rmtree(out, ignore_errors=True)
    return spec, entry, out


def pyinstaller_args(platform: str, spec: str, entry: str, out: str, work: str) -> list[str]:
    """PyInstaller's arguments (after ``python -I -m PyInstaller``), the same on every system;
    the paths as the freezing Python sees them."""
    cmd = [
        "--noconfirm", "--clean", "--log-level", "WARN",
        "--name", NAME, "--distpath", out, "--workpath", work,
        "--specpath", spec, "--collect-data", "ra_game", "--collect-submodules", "ra_game",
    ]
    for module in EXCLUDES:
        cmd += ["--exclude-module", module]
    if platform == "linux":
        cmd.append("--strip")  # libpython ships with debug symbols: 23 MB -> 6 MB
    else:
        cmd.append("--windowed")  # no console window; a .app bundle on macOS
    if platform == "macos":
        cmd += ["--osx-bundle-identifier", "net.ra-game.ra"]
    return [*cmd, entry]


def freeze(python: Path, platform: str) -> Path:
    """Run PyInstaller from ``build/standalone/spec`` (only the wheel importable); the folder."""
    spec, entry, out = prepare_spec()
    check_import_source(python, spec)
    cmd = [str(python), "-I", "-m", "PyInstaller",
           *pyinstaller_args(platform, str(spec), str(entry), str(out), str(BUILD / "work"))]
    quiet = {**os.environ, "PYGAME_HIDE_SUPPORT_PROMPT": "1"}  # hooks import pygame
    run(cmd, cwd=spec, env=quiet)
    return finish_freeze(out, platform)


def freeze_under_wine(wine: Wine) -> Path:
    """The Windows freeze: the Windows Python under Wine runs PyInstaller with the same
    arguments, from ``build/standalone/spec`` (only the installed wheel importable)."""
    spec, entry, out = prepare_spec()
    check_found(wine.check([winpath(wine.python), "-I", "-c", IMPORT_PROBE], 120,
                           "import ra_game (under Wine)", cwd=spec).splitlines())
    args = pyinstaller_args("windows", winpath(spec), winpath(entry), winpath(out),
                            winpath(BUILD / "work"))
    wine.check([winpath(wine.python), "-I", "-m", "PyInstaller", *args], FREEZE_TIMEOUT,
               "PyInstaller (under Wine)", cwd=spec)
    return finish_freeze(out, "windows")


def finish_freeze(out: Path, platform: str) -> Path:
    """The frozen folder (``Ra.app`` on macOS; with the desktop entry on Linux)."""
    if platform == "macos":
        app = out / f"{APP_NAME}.app"
        (out / f"{NAME}.app").rename(app)
        return app
    if platform == "linux":
        add_desktop_entry(out / NAME)
    return out / NAME


def add_desktop_entry(folder: Path) -> None:
    """Put ``ra-game.desktop`` and the 256 px icon (made by tools/make_art.py) beside the Linux
    program; docs/packaging.md says where to install them."""
    shutil.copy(ROOT / "packaging" / "linux" / "ra-game.desktop", folder / "ra-game.desktop")
    shutil.copy(ROOT / "assets" / "ui" / "icon_256.png", folder / "ra-game.png")


def pack(built: Path, platform: str) -> Path:
    """The download archive in ``dist/``."""
    DIST.mkdir(exist_ok=True)
    target = DIST / archive_name(platform)
    target.unlink(missing_ok=True)
    if platform == "linux":
        with tarfile.open(target, "w:gz") as tar:
            tar.add(built, arcname=built.name)
    elif platform == "macos":
        run(["ditto", "-c", "-k", "--sequesterRsrc", "--keepParent", str(built), str(target)])
    else:
        with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as zf:
            for path in sorted(built.rglob("*")):
                zf.write(path, path.relative_to(built.parent))
    return target


def unpack(archive: Path, dest: Path, platform: str) -> None:
    if platform == "linux":
        with tarfile.open(archive) as tar:
            if hasattr(tarfile, "tar_filter"):  # Python >= 3.11.4 / 3.10.12
                tar.extractall(dest, filter="tar")
            else:
                tar.extractall(dest)  # our own archive, just built
    elif platform == "macos":
        subprocess.run(["ditto", "-x", "-k", str(archive), str(dest)], check=True)
    else:
        with zipfile.ZipFile(archive) as zf:
            zf.extractall(dest)


# --- the smoke test -------------------------------------------------------------------------


def launcher(program: Path, wine: Wine | None) -> list[str]:
    """The command that starts ``program`` (through Wine for a Windows program on Linux)."""
    return [wine.wine, str(program)] if wine is not None else [str(program)]


def _run_program(program: Path, args: list[str], cwd: Path, env: dict[str, str],
                 timeout: float, wine: Wine | None = None) -> str:
    """Run the unpacked program (stdin from the null device; a run past ``timeout`` is killed
    with every process it started); its stdout, or BuildError on a failure or any stderr."""
    label = " ".join(["ra-game", *args])
    try:
        result = run_bounded([*launcher(program, wine), *args], env, timeout, label, cwd)
    except WineError:
        raise BuildError(f"smoke test: `{label}` did not finish in {timeout:.0f} s") from None
    if result.returncode != 0 or result.stderr.strip():
        raise BuildError(f"smoke test: `{label}` exited with {result.returncode}: "
                         f"{(result.stderr.strip() or result.stdout.strip())[-800:]}")
    return result.stdout


def _last_json(text: str, label: str) -> dict[str, object]:
    lines = [line for line in text.splitlines() if line.startswith("{")]
    if not lines:
        raise BuildError(f"smoke test: `{label}` printed no JSON line: {text[-300:]!r}")
    return json.loads(lines[-1])  # type: ignore[no-any-return]


def check_contents(root: Path, platform: str) -> None:
    """The frozen ``ra_game`` carries its art, sounds, fonts, layouts and any catalogs."""
    found = [p.relative_to(root).as_posix() for p in root.rglob("*") if p.is_file()]
    needs = ["ra_game/assets/fonts/Lato-Regular.ttf", "ra_game/assets/fonts/Lato-Bold.ttf",
             "ra_game/assets/fonts/Cardo-Bold.ttf", "ra_game/assets/sounds/click.wav",
             "ra_game/assets/tiles/ra.png", "ra_game/scenes/title.tmx"]
    needs += [f"ra_game/{p.relative_to(ROOT / 'ra_game').as_posix()}"
              for p in (ROOT / "ra_game" / "locale").rglob("*.mo")]
    if platform == "linux":
        needs += [f"{NAME}/ra-game.desktop", f"{NAME}/ra-game.png"]
    missing = [n for n in needs if not any(f.endswith(n) for f in found)]
    if missing:
        raise BuildError(f"smoke test: the archive lacks {', '.join(missing)}")


class WorkerWatch:
    """Notes, while a program runs, the spawned worker processes of programs under ``folder``
    (from ``/proc``: Linux, and Windows programs under Wine, whose command lines it shows)."""

    def __init__(self, folder: Path) -> None:
        self.mark = folder.name
        self.seen: set[int] = set()
        self.available = Path("/proc/self/cmdline").is_file()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._watch, daemon=True)

    def start(self) -> None:
        if self.available:
            self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        if self.available:
            self._thread.join()

    def _watch(self) -> None:
        while not self._stop.wait(0.2):
            for entry in Path("/proc").iterdir():
                if entry.name.isdigit() and int(entry.name) not in self.seen:
                    try:
                        line = (entry / "cmdline").read_bytes().decode(errors="replace")
                    except OSError:
                        continue
                    if self.mark in line and WORKER_FLAG in line:
                        self.seen.add(int(entry.name))


def expected_build(target: str) -> str:
    """The build a download runs: compiled, except the Windows one built here under Wine (its
    wheel is pure Python: docs/packaging.md says why and what it costs)."""
    return "interpreted" if under_wine(target) else "compiled"


def check_build(version: str, build: str | None) -> str:
    """Which build ``--version`` says runs (``build``: the one it must be; None: any, and
    "unknown" when it says none)."""
    lines = version.splitlines()
    found = next((name for name, line in BUILD_LINES.items()
                  if len(lines) > 1 and lines[1].startswith(line)), None)
    if build is None:
        return found or "unknown"
    if found != build:
        raise BuildError(f"smoke test: the download must run the {build or 'any'} build; "
                         f"--version printed {version!r}")
    return found


def smoke_test(archive: Path, platform: str | None = None, timeout: float = 900,
               wine: Wine | None = None, build: str | None = None) -> dict[str, object]:
    """Unpack ``archive`` into an empty folder and run it as a player would, with an empty
    environment: (a) ``--version``, which says which build runs (``build``: the one it must be),
    (b) the title opens and quits, (c) an AI demo prints a
    finished summary, with the hard AI on two worker processes (where ``/proc`` shows them:
    they ran; any fallback to searching in the window's frames is logged on stderr, which fails
    the step), (d) no ``error.log`` anywhere.  ``wine``: run a Windows program under Wine.
    Returns what the checks saw."""
    platform = platform or current_platform()
    with tempfile.TemporaryDirectory(prefix="ra-smoke-") as tmp:
        base = Path(tmp)
        unpacked, home, work = base / "unpacked", base / "home", base / "cwd"
        for folder in (unpacked, home, work):
            folder.mkdir()
        unpack(archive, unpacked, platform)
        program = program_in(unpacked, platform)
        if not program.is_file():
            raise BuildError(f"smoke test: {program.relative_to(unpacked)} is not in the archive")
        check_contents(unpacked, platform)
        env = clean_env(home, platform, wine)
        version = _run_program(program, ["--version"], work, env, 60, wine).strip()
        if not version.startswith("ra-game "):
            raise BuildError(f"smoke test: --version printed {version!r}")
        ran = check_build(version, build)
        title = _last_json(_run_program(program, ["--exit-after-title"], work, env, 120, wine),
                           "--exit-after-title")
        catalogs = sorted(p.parent.parent.name for p in (ROOT / "ra_game" / "locale").glob(
            "*/LC_MESSAGES/*.mo"))
        fonts = title.get("fonts")
        if (title.get("scene") != "TitleScene" or title.get("sound") is not True
                or not isinstance(fonts, list) or len(fonts) != 3
                or title.get("catalogs") != catalogs):
            raise BuildError(f"smoke test: the title check reported {title} "
                             f"(expected 3 fonts, sound, catalogs {catalogs})")
        workers = WorkerWatch(base)
        workers.start()
        try:
            summary = _last_json(_run_program(program, DEMO, work, env, timeout, wine), "demo")
        finally:
            workers.stop()
        if summary.get("over") is not True:
            raise BuildError(f"smoke test: the demo's summary is not a finished game: {summary}")
        if workers.available and len(workers.seen) < 2:
            raise BuildError(f"smoke test: the demo ran {len(workers.seen)} AI worker "
                             "processes, not 2 (the hard AI searched in the window's frames)")
        logs = [p for p in base.rglob("error.log")]
        if logs:
            raise BuildError(f"smoke test: the program wrote {logs[0]}:\n"
                             f"{logs[0].read_text(errors='replace')[-800:]}")
        return {"version": version, "build": ran, "title": title, "demo_over": True,
                "workers_seen": len(workers.seen) if workers.available else None}


# --- measuring ------------------------------------------------------------------------------


def startup_ms(archive: Path, platform: str, runs: int) -> float:
    """Median time to the first title frame of the unpacked program (tools/bench_startup.py)."""
    with tempfile.TemporaryDirectory(prefix="ra-bench-") as tmp:
        unpack(archive, Path(tmp), platform)
        program = program_in(Path(tmp), platform)
        out = subprocess.run(
            [sys.executable, str(ROOT / "tools" / "bench_startup.py"), "--program", str(program),
             "--runs", str(runs)], check=True, capture_output=True, text=True).stdout
    return float(json.loads(out.splitlines()[-1])["startup_ms"])


def startup_ms_under_wine(archive: Path, wine: Wine, runs: int) -> float:
    """Median time from ``wine ra-game.exe --exit-after-title`` to its report of the first
    title frame (after one warm-up run), as tools/bench_startup.py measures a native program."""
    with tempfile.TemporaryDirectory(prefix="ra-bench-") as tmp:
        base = Path(tmp)
        unpack(archive, base, "windows")
        cmd = [*launcher(program_in(base, "windows"), wine), "--exit-after-title"]
        env = clean_env(base / "home", "windows", wine)
        times = []
        for _ in range(runs + 1):
            start = time.perf_counter()
            proc = subprocess.Popen(cmd, cwd=base, env=env, stdin=subprocess.DEVNULL,
                                    stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                    text=True, start_new_session=True)
            timer = threading.Timer(120, kill_session, (proc,))
            timer.start()
            assert proc.stdout is not None
            line = proc.stdout.readline()
            times.append((time.perf_counter() - start) * 1000)
            proc.stdout.read()
            timer.cancel()
            if proc.wait() != 0 or '"TitleScene"' not in line:
                raise BuildError(f"timing: the title was not drawn under Wine (got {line!r})")
    return round(statistics.median(times[1:]), 1)


def folder_mb(folder: Path) -> float:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file()) / 2**20


def under_wine(target: str) -> bool:
    """True when ``target`` is built here under Wine (Windows on Linux)."""
    return target == "windows" and current_platform() == "linux"


def build(target: str, fresh: bool, wine: Wine | None) -> tuple[Path, Path]:
    """Freeze and pack: the archive in ``dist/`` and the frozen folder."""
    BUILD.mkdir(parents=True, exist_ok=True)
    if wine is None:
        built = freeze(make_venv(target, fresh), target)
    else:
        if fresh:
            shutil.rmtree(wine.python_dir, ignore_errors=True)
        wine.install_python()
        wine.install(build_wheel(Path(sys.executable), BUILD / "wheels", compiled=False))
        built = freeze_under_wine(wine)
    return pack(built, target), built


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--target", "--platform", dest="target",
                        choices=["linux", "windows", "macos"], default=current_platform(),
                        help="the system built for (default: this one; windows also on Linux, "
                             "under Wine)")
    parser.add_argument("--fresh", action="store_true",
                        help="recreate the build virtualenv (under Wine: the Windows Python)")
    parser.add_argument("--runs", type=int, default=5, help="start-up timing runs (median)")
    parser.add_argument("--smoke-only", action="store_true",
                        help="only smoke-test the archive already in dist/")
    args = parser.parse_args(argv)
    if args.target != current_platform() and not under_wine(args.target):
        parser.error(f"cannot build for {args.target} on {current_platform()}")
    start = time.perf_counter()
    wine = Wine(BUILD / "windows") if under_wine(args.target) else None
    try:
        if wine is not None:
            wine.start()
        archive = DIST / archive_name(args.target)
        unpacked_mb = None
        if not args.smoke_only:
            digest = source_digest()  # before building: what this archive is made of
            archive, built = build(args.target, args.fresh, wine)
            digest_file(archive).unlink(missing_ok=True)
            unpacked_mb = folder_mb(built)
        build_s = time.perf_counter() - start
        seen = smoke_test(archive, args.target, wine=wine, build=expected_build(args.target))
        print(f"smoke test passed: {archive}", file=sys.stderr)
        if not args.smoke_only:
            digest_file(archive).write_text(digest + "\n", encoding="utf-8")
        archive_mb = archive.stat().st_size / 2**20
        if archive_mb > MAX_ARCHIVE_MB:
            raise BuildError(f"{archive.name} is {archive_mb:.1f} MB (limit {MAX_ARCHIVE_MB} MB)")
        ms = (startup_ms_under_wine(archive, wine, args.runs) if wine is not None
              else startup_ms(archive, args.target, args.runs))
    except (BuildError, WineError) as exc:
        print(f"build_standalone: error: {exc}", file=sys.stderr)
        return 1
    finally:
        if wine is not None:
            wine.stop()
    print(json.dumps({
        "platform": args.target, "archive": archive.name, "archive_mb": round(archive_mb, 1),
        "unpacked_mb": None if unpacked_mb is None else round(unpacked_mb, 1),
        "startup_ms": ms, "workers_seen": seen["workers_seen"], "build": seen["build"],
        "build_s": round(build_s, 1),
        "total_s": round(time.perf_counter() - start, 1),
    }), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
