"""Every Tiled layout parses with pytmx and holds the names its scene needs."""

from __future__ import annotations

import importlib
import importlib.util
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pygame
import pytest
import pytmx

from ra_game.ui.layout import BASE_SIZE, LayoutError, load_layout, scale_rect

ROOT = Path(__file__).resolve().parents[2]
SCENES = ROOT / "scenes"
TMX_FILES = sorted(SCENES.glob("*.tmx"))

#: module -> scene class whose ``REQUIRED`` names its layout must hold
SCENE_CLASSES = {
    "title": "TitleScene", "slots": "SlotsScene", "setup": "SetupScene", "rules": "RulesScene",
    "settings": "SettingsScene", "scoring": "EpochScoringScene",
    "results": "FinalResultsScene", "handover": "HandOverScene",
    "replays": "ReplayListScene", "stats": "StatsScene", "review_seat": "SeatChoiceScene",
    "review_progress": "ReviewProgressScene", "review_list": "ReviewListScene",
    "review_game": "GameReviewScene",
}
if importlib.util.find_spec("ra_game.scenes.play") is not None:
    SCENE_CLASSES["play"] = "PlayScene"


def _make_layouts():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("make_layouts", ROOT / "tools/make_layouts.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["make_layouts"] = module
    spec.loader.exec_module(module)
    return module


def test_every_scene_with_a_class_has_a_layout() -> None:
    names = {p.stem for p in TMX_FILES}
    assert set(SCENE_CLASSES) <= names


@pytest.mark.parametrize("path", TMX_FILES, ids=lambda p: p.name)
def test_tmx_parses_with_unique_names_inside_the_base_size(path: Path) -> None:
    tmx = pytmx.TiledMap(str(path))
    assert (tmx.width * tmx.tilewidth, tmx.height * tmx.tileheight) == BASE_SIZE
    names = [o.get("name") for o in ET.parse(path).getroot().iter("object") if o.get("name")]
    assert len(names) == len(set(names)), "duplicate object names (Tiled keeps only the last)"
    layout = load_layout(path.stem)
    bounds = pygame.Rect((0, 0), BASE_SIZE)
    for name in names:
        assert bounds.contains(layout.rect(name)), f"{name} lies outside 1280x720"


@pytest.mark.parametrize("module", sorted(SCENE_CLASSES))
def test_layout_holds_the_names_its_scene_requires(module: str) -> None:
    mod = importlib.import_module(f"ra_game.scenes.{module}")
    cls = getattr(mod, SCENE_CLASSES[module])
    required = list(getattr(cls, "REQUIRED", None) or getattr(mod, "REQUIRED", ()))
    assert required, f"{cls.__name__} declares no REQUIRED names (on the class or its module)"
    layout_name = cls.layout_name or module
    assert load_layout(layout_name).missing(required) == []


def test_generated_layouts_match_the_generator() -> None:
    tool = _make_layouts()
    for name, build in tool.LAYOUTS.items():
        assert (SCENES / f"{name}.tmx").read_text(encoding="utf-8") == tool.tmx(name, build()), (
            f"scenes/{name}.tmx differs from tools/make_layouts.py: rerun the tool"
        )


def test_missing_layout_and_name_are_clear_errors() -> None:
    with pytest.raises(LayoutError, match="no layout file"):
        load_layout("no_such_scene")
    with pytest.raises(LayoutError, match="has no object 'nothing'"):
        load_layout("title").rect("nothing")


def test_rects_scale_with_the_window_keeping_the_aspect_ratio() -> None:
    rect = load_layout("title").rect("menu_area")
    doubled = scale_rect(rect, (2560, 1440))
    assert doubled == pygame.Rect(rect.x * 2, rect.y * 2, rect.w * 2, rect.h * 2)
    wide = scale_rect(rect, (1920, 720))  # letterboxed: same size, shifted right by 320
    assert wide == rect.move(320, 0)
