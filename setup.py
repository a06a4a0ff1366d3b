"""Build the game, with its hot path compiled to C by mypyc where this machine can.

The metadata is in pyproject.toml; this file only adds the compiled modules.  The engine and the
AI's search are the same ``.py`` files either way: where a C compiler, Python's headers and mypy
are available (``pip install -e .`` and ``pip wheel .`` fetch mypy into the build environment),
the modules of :data:`COMPILED` are also built as C extensions, which Python imports instead of
the ``.py``.  Where not, or where the C build fails, the build goes on without them and says so
in one line (``pip install -v`` shows it; ``ra-game --version`` says which build runs).
``RA_GAME_BUILD=pure`` builds without compiling.

Next to the modules the build writes ``ra_game/build_info.json``: a hash of each compiled
source, so the game runs the interpreted modules, and says so, when a source changed after it
was compiled (see ``ra_game/build_info.py`` and docs/packaging.md, "The compiled build").
"""

from __future__ import annotations

import glob
import hashlib
import json
import os
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from setuptools import setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent
#: The modules compiled by mypyc (globs, relative to the checkout): the engine and the AI's
#: search, play-outs and evaluation.  They must pass ``mypy --strict`` and avoid what mypyc
#: cannot compile (docs/packaging.md); anything else the game imports stays interpreted.
COMPILED = (
    "ra_game/engine/*.py",
    "ra_game/ai/mcts.py",
    "ra_game/ai/selection.py",
    "ra_game/ai/evaluators.py",
    "ra_game/ai/policy.py",
    "ra_game/ai/evaluate.py",
    "ra_game/ai/learned.py",
)
#: The shared library holding every compiled module (one group: calls between them are C calls).
GROUP = "ra_game._native"
#: Where the build notes what it compiled (read by ra_game/build_info.py).
INFO = "ra_game/build_info.json"
#: Set to ``pure`` to build without compiling.
BUILD_ENV = "RA_GAME_BUILD"
#: The setup commands that build modules (not those that only read the metadata).
BUILDING = {"build", "build_ext", "bdist_wheel", "editable_wheel", "develop", "install"}


def say(message: str) -> None:
    print(f"ra-game build: {message}", file=sys.stderr, flush=True)


def compiled_sources() -> list[str]:
    """The files of :data:`COMPILED`, less packages' ``__init__.py``: those stay interpreted
    (mypyc gives a compiled package in a shared library inside ``ra_game/`` a wrong
    ``__path__``, and they only re-export names)."""
    return sorted({path for pattern in COMPILED for path in glob.glob(pattern, root_dir=ROOT)
                   if not path.endswith("__init__.py")})


def module_name(path: str) -> str:
    return path.removesuffix(".py").removesuffix("/__init__").replace("/", ".")


def source_hash(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def compiler_problem() -> str | None:
    """Why this machine cannot build a C extension (None: it can): compiles a one-line file
    that includes Python.h with the compiler setuptools would use."""
    from distutils import ccompiler, sysconfig  # (setuptools' copy)
    from distutils.errors import CCompilerError, DistutilsError

    with tempfile.TemporaryDirectory(prefix="ra-cc-") as tmp:
        source = Path(tmp) / "probe.c"
        source.write_text("#include <Python.h>\nint ra_probe(void) { return 0; }\n")
        try:
            compiler = ccompiler.new_compiler()
            sysconfig.customize_compiler(compiler)
            compiler.compile([str(source)], output_dir=tmp,
                             include_dirs=[sysconfig.get_python_inc()])
        except (CCompilerError, DistutilsError, OSError) as exc:
            first = str(exc).strip().splitlines()[:1]
            return f"no working C compiler ({first[0] if first else type(exc).__name__})"
    return None


def info(modules: dict[str, str], reason: str | None) -> str:
    """The text of ``build_info.json``: what was compiled (module -> source hash), or why not."""
    mypy_version = None
    if modules:
        from mypy.version import __version__ as mypy_version
    return json.dumps({"modules": modules, "mypy": mypy_version, "not_compiled": reason},
                      indent=1, sort_keys=True) + "\n"


class BuildExt(build_ext):
    """Builds the compiled modules; on a failed C build goes on without them (one line) and
    writes ``build_info.json`` beside the modules either way."""

    reason: str | None = None

    def run(self) -> None:
        modules = {module_name(p): source_hash(ROOT / p) for p in compiled_sources()}
        reason = self.reason
        if self.extensions:
            from distutils.errors import CCompilerError, DistutilsError

            try:
                super().run()
            except (CCompilerError, DistutilsError, OSError) as exc:  # stay interpreted
                reason = f"the C build failed ({str(exc).strip()[:200]})"
                say(f"{reason}; installing the interpreted modules only")
                self._remove_outputs()
        self._write_info(modules if reason is None else {}, reason)

    def build_extension(self, ext: Any) -> None:
        """Build one extension, its C files compiled on every core at once (mypyc writes one
        per module): the install's longest step."""
        compile_serially = self.compiler.compile

        def compile_all(sources: list[str], *args: Any, **kwargs: Any) -> list[str]:
            with ThreadPoolExecutor(os.cpu_count() or 1) as pool:
                parts = pool.map(lambda source: compile_serially([source], *args, **kwargs),
                                 sources)
                return [obj for part in parts for obj in part]

        self.compiler.compile = compile_all
        try:
            super().build_extension(ext)
        finally:
            self.compiler.compile = compile_serially

    def _outputs(self) -> list[Path]:
        out = []
        for ext in self.extensions:
            name = self.get_ext_filename(self.get_ext_fullname(ext.name))
            out += [Path(self.build_lib) / name, ROOT / name]
        return out

    def _remove_outputs(self) -> None:
        for path in self._outputs():
            path.unlink(missing_ok=True)

    def _write_info(self, modules: dict[str, str], reason: str | None) -> None:
        text = info(modules, reason)
        for base in {Path(self.build_lib), ROOT} if self.inplace or self._editable() else {
                Path(self.build_lib)}:
            target = base / INFO
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text, encoding="utf-8")

    def _editable(self) -> bool:
        return bool(getattr(self, "editable_mode", False))


def remove_inplace_build() -> None:
    """Delete what an earlier editable install compiled into the checkout (extensions of modules
    since dropped from :data:`COMPILED` would still shadow their ``.py``)."""
    for path in (ROOT / "ra_game").rglob("*"):
        if path.suffix in (".so", ".pyd") and path.is_file():
            path.unlink()
    (ROOT / INFO).unlink(missing_ok=True)


def extensions() -> tuple[list[object], str | None]:
    """mypyc's extensions, or none and why not."""
    if not BUILDING.intersection(sys.argv[1:]):
        return [], None
    if {"editable_wheel", "develop", "--inplace"}.intersection(sys.argv[1:]):
        remove_inplace_build()
    if os.environ.get(BUILD_ENV) == "pure":
        return [], f"{BUILD_ENV}=pure"
    try:
        from mypyc.build import mypycify
    except ImportError:
        return [], "mypy is not installed in the build environment"
    problem = compiler_problem()
    if problem:
        return [], problem
    cwd = os.getcwd()
    os.chdir(ROOT)  # mypyc names the modules by their paths
    try:
        target = Path("build") / "mypyc"
        built = list(mypycify(compiled_sources(), group_name=GROUP, multi_file=True,
                              target_dir=str(target)))
        for ext in built:  # (with a dotted group name mypyc writes its header one folder down)
            ext.include_dirs.append(str(target.joinpath(*GROUP.split(".")[:-1])))
        return built, None
    except Exception as exc:  # noqa: BLE001 - mypyc's own failure: the build stays interpreted
        return [], f"mypyc failed ({str(exc).strip()[:200]})"
    except SystemExit as exc:  # mypy's type errors end the process; not the build
        return [], f"mypyc found errors (status {exc.code})"
    finally:
        os.chdir(cwd)


EXTENSIONS, REASON = extensions()
if REASON:
    say(f"not compiling the engine and AI ({REASON}): the game runs interpreted, slower")
BuildExt.reason = REASON
setup(ext_modules=EXTENSIONS, cmdclass={"build_ext": BuildExt})
