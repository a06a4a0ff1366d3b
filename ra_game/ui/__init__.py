"""The window's core: scenes, layouts, sprites, animation and widgets (pygame-ce).

Importing this package makes sure ``ra_game.scenes`` and ``ra_game.assets`` resolve even when
the project runs from a source checkout without being installed (pyproject maps those names to
the top-level ``scenes/`` and ``assets/`` folders; an install does the same).
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
from pathlib import Path

import ra_game


def _alias_source_folders() -> None:
    root = Path(ra_game.__file__).resolve().parent.parent
    for name in ("assets", "scenes"):
        full = f"ra_game.{name}"
        if full in sys.modules or importlib.util.find_spec(full) is not None:
            continue
        init = root / name / "__init__.py"
        if not init.is_file():
            continue
        spec = importlib.util.spec_from_file_location(
            full, init, submodule_search_locations=[str(init.parent)]
        )
        if spec is None or spec.loader is None:
            continue
        module = importlib.util.module_from_spec(spec)
        sys.modules[full] = module
        spec.loader.exec_module(module)
        setattr(ra_game, name, module)


_alias_source_folders()
