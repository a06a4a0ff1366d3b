"""Seat colours and tile-kind frames stay apart with protanopia, deuteranopia and tritanopia.

The threshold is a CIEDE2000 distance of 10 in every simulation (Machado et al. 2009, severity
1): a distance of about 1 is just noticeable between two patches side by side; seat chips, chart
lines and tile frames are small and seen apart, so they need several times that to be told
apart at a glance, and 10 is where categorical palettes are usually called distinct.  The
disaster frame also carries its own stripes, and every kind its own icon."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pygame
import pytest

ROOT = Path(__file__).resolve().parents[2]
THRESHOLD = 10.0


def _tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("_tool_colour_vision",
                                                  ROOT / "tools" / "colour_vision.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


cv = _tool()


@pytest.mark.parametrize(("lab1", "lab2", "expected"), [  # Sharma, Wu and Dalal's test data
    ((50, 2.6772, -79.7751), (50, 0, -82.7485), 2.0425),
    ((50, 0, 0), (50, -1, 2), 2.3669),
    ((50, 2.5, 0), (73, 25, -18), 27.1492),
    ((60.2574, -34.0099, 36.2677), (60.4626, -34.1751, 39.4387), 1.2644),
    ((22.7233, 20.0904, -46.694), (23.0331, 14.973, -42.5619), 2.0373),
])
def test_ciede2000_matches_the_published_test_data(lab1: tuple[float, ...],
                                                   lab2: tuple[float, ...],
                                                   expected: float) -> None:
    assert cv.ciede2000_lab(lab1, lab2) == pytest.approx(expected, abs=1e-4)


def test_the_simulation_merges_red_and_green_but_keeps_grey() -> None:
    red, green = (200, 60, 40), (90, 120, 40)
    assert cv.ciede2000(red, green) > 30
    assert cv.ciede2000(cv.simulate(red, "deuteranopia"), cv.simulate(green, "deuteranopia")) < 10
    assert cv.simulate((128, 128, 128), "protanopia") == pytest.approx((128, 128, 128), abs=1)


@pytest.mark.parametrize("vision", ["normal", "protanopia", "deuteranopia", "tritanopia"])
def test_seat_colours_stay_apart(vision: str) -> None:
    distance, a, b = cv.closest_pair(cv.seat_colors(), vision)
    assert distance >= THRESHOLD, (vision, a, b, round(distance, 1))


@pytest.mark.parametrize("vision", ["normal", "protanopia", "deuteranopia", "tritanopia"])
def test_tile_frames_stay_apart(vision: str) -> None:
    frames = cv.plain_frame_colors()
    assert len(frames) == 6  # god, gold, pharaoh, river, civilization, monument
    distance, a, b = cv.closest_pair(frames, vision)
    assert distance >= THRESHOLD, (vision, a, b, round(distance, 1))


def _tile(tid: str) -> pygame.Surface:
    return pygame.image.load(str(ROOT / "assets" / "tiles" / f"{tid}.png"))


def _lightness(surface: pygame.Surface, points: list[tuple[int, int]]) -> list[float]:
    return [cv.lab(tuple(surface.get_at(p))[:3])[0] for p in points]


def test_ra_and_disasters_carry_a_pattern_besides_their_colour() -> None:
    """Ra's frame comes near gold's and monument's: its panel is dark where every other
    kind's is parchment; disasters' frames are striped where every other is smooth."""
    assert set(cv.PATTERNED) == {"ra", "disaster"}
    panel = [(x, y) for x in (16, 24, 104, 110) for y in (14, 20)]  # corners: no icon there
    assert max(_lightness(_tile("ra"), panel)) < 45
    assert min(_lightness(_tile("temple"), panel)) > 75
    frame = [(4, y) for y in range(24, 92)]

    def spread(tid: str) -> float:
        values = _lightness(_tile(tid), frame)
        return max(values) - min(values)

    assert min(spread(t) for t in ("drought", "war", "funeral", "earthquake")) > 20
    assert max(spread(t) for t in ("god", "gold", "pharaoh", "nile", "temple", "art")) < 20


def test_a_screenshot_is_simulated(tmp_path: Path) -> None:
    shot = pygame.Surface((4, 2))
    shot.fill((200, 60, 40))
    shot.fill((90, 120, 40), pygame.Rect(2, 0, 2, 2))
    pygame.image.save(shot, str(tmp_path / "shot.png"))
    assert cv.main([str(tmp_path / "shot.png")]) == 0
    seen = pygame.image.load(str(tmp_path / "shot-deuteranopia.png"))
    left, right = seen.get_at((0, 0)), seen.get_at((3, 1))
    assert cv.ciede2000(left[:3], right[:3]) < 10
    assert cv.main([str(tmp_path / "missing.png")]) == 1
