"""Build the standalone download (the game with its own Python, via PyInstaller) and smoke-test it.

    python3 tools/build_standalone.py        # -> dist/ra-game-<platform>.tar.gz / .zip

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

Every platform difference lives here (``--platform`` defaults to the running system): Linux
packs ``ra-game/`` (with a ``.desktop`` file and a 256 px icon) as ``.tar.gz``, Windows packs
``ra-game/`` as ``.zip``, macOS zips ``Ra.app`` (made with ``ditto`` to keep its symlinks).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
import venv
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BUILD = ROOT / "build" / "standalone"
DIST = ROOT / "dist"
NAME = "ra-game"
APP_NAME = "Ra"
MAX_ARCHIVE_MB = 30.0
DEMO = ["demo", "--players", "ai:easy,ai:hard", "--speed", "max", "--exit-on-end"]
ENTRY = "from ra_game.__main__ import run\n\nraise SystemExit(run())\n"
#: Modules the game never uses but PyInstaller would pull in through optional imports of the
#: standard library and pygame (checked in build/standalone/work/ra-game/xref-ra-game.html and
#: warn-ra-game.txt).  ssl/_ssl/_hashlib reach the freeze only through asyncio's and http's
#: guarded ``import ssl`` and hashlib's optional OpenSSL backend (hashlib and hmac fall back to
#: the built-in _md5/_sha* modules); leaving them out drops libssl and libcrypto (5 MB).
#: The SDL image/sound codec libraries stay: SDL2_image and SDL2_mixer link them directly.
EXCLUDES = (
    "tkinter", "_tkinter", "numpy", "pygame.examples", "pygame.tests", "pygame.docs",
    "unittest", "pydoc", "pydoc_data", "doctest", "lib2to3", "setuptools", "pkg_resources",
    "distutils", "xmlrpc", "sqlite3", "curses", "pdb", "PIL", "test", "IPython",
    "ssl", "_ssl", "_hashlib",
)
SOURCE_IGNORE = shutil.ignore_patterns(
    ".git", ".venv*", "build", "dist", "*.egg-info", "__pycache__", ".pytest_cache",
    ".hypothesis", ".mypy_cache", ".ruff_cache", "*.ra.json",
)


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


def clean_env(home: Path, platform: str) -> dict[str, str]:
    """An empty environment (like ``env -i``) with dummy SDL drivers and a private home."""
    env = {"HOME": str(home), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
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
                "tools/build_standalone.py")


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


def build_wheel(python: Path, out: Path) -> Path:
    """The game's wheel, built from a clean copy of the sources (no stale ``build/lib``)."""
    shutil.rmtree(out, ignore_errors=True)
    with tempfile.TemporaryDirectory(prefix="ra-src-") as tmp:
        src = Path(tmp) / "src"
        shutil.copytree(ROOT, src, ignore=SOURCE_IGNORE)
        run([str(python), "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", str(out), str(src)])
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


def check_import_source(python: Path, cwd: Path) -> None:
    """Fail unless the build Python imports ``ra_game`` (and its assets) from site-packages."""
    probe = ("import ra_game, ra_game.assets, ra_game.scenes; "
             "print(ra_game.__file__); print(ra_game.assets.__file__)")
    out = subprocess.run([str(python), "-I", "-c", probe], cwd=cwd, check=True,
                         capture_output=True, text=True).stdout.splitlines()
    if not all("site-packages" in path for path in out):
        raise BuildError(f"the freeze would analyse a source tree, not the wheel: {out}")


def freeze(python: Path, platform: str) -> Path:
    """Run PyInstaller from ``build/standalone/spec`` (only the wheel importable); the folder."""
    spec = BUILD / "spec"
    shutil.rmtree(spec, ignore_errors=True)
    spec.mkdir(parents=True)
    entry = spec / "ra_game_main.py"
    entry.write_text(ENTRY, encoding="utf-8")
    check_import_source(python, spec)
    out = BUILD / "dist"
    shutil.rmtree(out, ignore_errors=True)
    cmd = [
        str(python), "-I", "-m", "PyInstaller", "--noconfirm", "--clean", "--log-level", "WARN",
        "--name", NAME, "--distpath", str(out), "--workpath", str(BUILD / "work"),
        "--specpath", str(spec), "--collect-data", "ra_game", "--collect-submodules", "ra_game",
    ]
    for module in EXCLUDES:
        cmd += ["--exclude-module", module]
    if platform == "linux":
        cmd.append("--strip")  # libpython ships with debug symbols: 23 MB -> 6 MB
    else:
        cmd.append("--windowed")  # no console window; a .app bundle on macOS
    if platform == "macos":
        cmd += ["--osx-bundle-identifier", "net.ra-game.ra"]
    quiet = {**os.environ, "PYGAME_HIDE_SUPPORT_PROMPT": "1"}  # hooks import pygame
    run([*cmd, str(entry)], cwd=spec, env=quiet)
    if platform == "macos":
        app = out / f"{APP_NAME}.app"
        (out / f"{NAME}.app").rename(app)
        return app
    if platform == "linux":
        add_desktop_entry(out / NAME)
    return out / NAME


def add_desktop_entry(folder: Path) -> None:
    """Put ``ra-game.desktop`` and the 256 px icon (made by tools/make_art.py) beside the Linux
    program; the README says where to install them."""
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


def _run_program(program: Path, args: list[str], cwd: Path, env: dict[str, str],
                 timeout: float) -> str:
    """Run the unpacked program; its stdout, or BuildError on a failure or any stderr output."""
    label = " ".join(["ra-game", *args])
    try:
        result = subprocess.run([str(program), *args], check=False, cwd=cwd, env=env,
                                capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
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


def smoke_test(archive: Path, platform: str | None = None, timeout: float = 900) -> dict[str, object]:
    """Unpack ``archive`` into an empty folder and run it as a player would, with an empty
    environment: (a) ``--version``, (b) the title opens and quits, (c) an AI demo prints a
    finished summary, (d) no ``error.log`` anywhere.  Returns what the checks saw."""
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
        env = clean_env(home, platform)
        version = _run_program(program, ["--version"], work, env, 60).strip()
        if not version.startswith("ra-game "):
            raise BuildError(f"smoke test: --version printed {version!r}")
        title = _last_json(_run_program(program, ["--exit-after-title"], work, env, 120),
                           "--exit-after-title")
        catalogs = sorted(p.parent.parent.name for p in (ROOT / "ra_game" / "locale").glob(
            "*/LC_MESSAGES/*.mo"))
        fonts = title.get("fonts")
        if (title.get("scene") != "TitleScene" or title.get("sound") is not True
                or not isinstance(fonts, list) or len(fonts) != 3
                or title.get("catalogs") != catalogs):
            raise BuildError(f"smoke test: the title check reported {title} "
                             f"(expected 3 fonts, sound, catalogs {catalogs})")
        summary = _last_json(_run_program(program, DEMO, work, env, timeout), "demo")
        if summary.get("over") is not True:
            raise BuildError(f"smoke test: the demo's summary is not a finished game: {summary}")
        logs = [p for p in base.rglob("error.log")]
        if logs:
            raise BuildError(f"smoke test: the program wrote {logs[0]}:\n"
                             f"{logs[0].read_text(errors='replace')[-800:]}")
        return {"version": version, "title": title, "demo_over": True}


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


def folder_mb(folder: Path) -> float:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file()) / 2**20


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--platform", choices=["linux", "windows", "macos"],
                        default=current_platform(), help="the system built for (this one)")
    parser.add_argument("--fresh", action="store_true", help="recreate the build virtualenv")
    parser.add_argument("--runs", type=int, default=5, help="start-up timing runs (median)")
    parser.add_argument("--smoke-only", action="store_true",
                        help="only smoke-test the archive already in dist/")
    args = parser.parse_args(argv)
    if args.platform != current_platform():
        parser.error(f"cannot build for {args.platform} on {current_platform()}")
    start = time.perf_counter()
    try:
        archive = DIST / archive_name(args.platform)
        if not args.smoke_only:
            digest = source_digest()  # before building: what this archive is made of
            BUILD.mkdir(parents=True, exist_ok=True)
            built = freeze(make_venv(args.platform, args.fresh), args.platform)
            archive = pack(built, args.platform)
            digest_file(archive).unlink(missing_ok=True)
            unpacked_mb = folder_mb(built)
        else:
            unpacked_mb = None
        build_s = time.perf_counter() - start
        smoke_test(archive, args.platform)
        print(f"smoke test passed: {archive}", file=sys.stderr)
        if not args.smoke_only:
            digest_file(archive).write_text(digest + "\n", encoding="utf-8")
        archive_mb = archive.stat().st_size / 2**20
        if archive_mb > MAX_ARCHIVE_MB:
            raise BuildError(f"{archive.name} is {archive_mb:.1f} MB (limit {MAX_ARCHIVE_MB} MB)")
        ms = startup_ms(archive, args.platform, args.runs)
    except BuildError as exc:
        print(f"build_standalone: error: {exc}", file=sys.stderr)
        return 1
    print(json.dumps({
        "platform": args.platform, "archive": archive.name, "archive_mb": round(archive_mb, 1),
        "unpacked_mb": None if unpacked_mb is None else round(unpacked_mb, 1),
        "startup_ms": ms, "build_s": round(build_s, 1),
        "total_s": round(time.perf_counter() - start, 1),
    }), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
