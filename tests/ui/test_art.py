"""The generated art and sounds: present, loadable through Assets, well formed, distinct, current."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import importlib.util
import itertools
import wave
from pathlib import Path
from types import ModuleType

import pygame
import pytest

from ra_game.engine.tiles import CATEGORY, TILE_IDS
from ra_game.ui.assets import Assets

ROOT = Path(__file__).resolve().parents[2]
SUN_NAMES = [f"suns/sun_{n}.png" for n in range(1, 17)] + ["suns/sun_back.png"]
TILE_NAMES = [f"tiles/{tid}.png" for tid in TILE_IDS] + ["tiles/back.png"]
SOUND_NAMES = ["draw", "ra", "bid", "pass", "win", "disaster", "epoch", "score", "click", "god",
               "fanfare"]


def _load_tool(name: str) -> ModuleType:
    """Import ``tools/<name>.py`` (tools/ is not a package)."""
    spec = importlib.util.spec_from_file_location(f"_tool_{name}", ROOT / "tools" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def assets() -> Assets:
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((320, 200))
    return Assets()


def _rgba(surf: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surf, "RGBA")


def _difference(a: pygame.Surface, b: pygame.Surface) -> float:
    """Mean absolute channel difference of two equal-sized images."""
    da, db = _rgba(a), _rgba(b)
    return sum(abs(x - y) for x, y in zip(da, db)) / len(da)


@pytest.mark.parametrize("name", TILE_NAMES + SUN_NAMES)
def test_sprite_loads_128_with_alpha(assets: Assets, name: str) -> None:
    surf = assets.image(name)
    assert surf.get_size() == (128, 128)
    assert surf.get_flags() & pygame.SRCALPHA
    assert surf.get_at((0, 0)).a == 0, "corners are transparent"
    assert surf.get_at((64, 64)).a == 255, "the middle is opaque"


def test_every_tile_image_is_different(assets: Assets) -> None:
    images = {name: _rgba(assets.image(name)) for name in TILE_NAMES + SUN_NAMES}
    assert len(set(images.values())) == len(images)


def test_tiles_of_one_category_differ_visibly_at_small_size(assets: Assets) -> None:
    """Kinds sharing a frame colour must still look different at 40 px (the icon, not colour)."""
    small = {tid: assets.scaled(f"tiles/{tid}.png", (40, 40)) for tid in TILE_IDS}
    for a, b in itertools.combinations(TILE_IDS, 2):
        if CATEGORY[TILE_IDS.index(a)] == CATEGORY[TILE_IDS.index(b)]:
            assert _difference(small[a], small[b]) > 12, (a, b)


@pytest.mark.parametrize("name", TILE_NAMES + SUN_NAMES)
def test_sprite_renders_scaled_to_48(assets: Assets, name: str) -> None:
    screen = pygame.display.get_surface()
    assert screen is not None
    screen.fill((0, 0, 0))
    small = assets.scaled(name, (48, 48))
    assert small.get_size() == (48, 48)
    assert assets.scaled(name, (48, 48)) is small, "scaled copies are cached"
    screen.blit(small, (10, 10))
    assert small.get_at((24, 24)).a > 245
    assert screen.get_at((34, 34)) != pygame.Color(0, 0, 0)


@pytest.mark.parametrize(("name", "size"), [
    ("ui/background.png", (1280, 720)), ("ui/board.png", (640, 360)),
    ("ui/icon.png", (64, 64)), ("ui/ra_marker.png", (64, 64)), ("ui/slot.png", (128, 128)),
])
def test_ui_images(assets: Assets, name: str, size: tuple[int, int]) -> None:
    assert assets.image(name).get_size() == size


def test_sun_back_is_darker_than_faces(assets: Assets) -> None:
    def brightness(name: str) -> float:
        data = _rgba(assets.image(name))
        return sum(data[i] + data[i + 1] + data[i + 2] for i in range(0, len(data), 4))

    back = brightness("suns/sun_back.png")
    assert all(brightness(n) > 1.5 * back for n in SUN_NAMES[:-1])


@pytest.mark.parametrize("name", SOUND_NAMES)
def test_sound_is_short_mono_16bit_wav(name: str) -> None:
    path = ROOT / "assets" / "sounds" / f"{name}.wav"
    assert path.stat().st_size < 120_000
    with wave.open(str(path), "rb") as wf:
        assert (wf.getnchannels(), wf.getsampwidth(), wf.getframerate()) == (1, 2, 44100)
        frames = wf.getnframes()
        data = wf.readframes(frames)
    assert 0.03 <= frames / 44100 <= 1.5
    samples = memoryview(data).cast("h")
    assert max(abs(s) for s in samples) > 8000, "audible"
    assert abs(samples[-1]) < 300, "fades out without a click"


def test_sounds_load_in_the_mixer() -> None:
    pygame.mixer.init()
    try:
        for name in SOUND_NAMES:
            sound = pygame.mixer.Sound(str(ROOT / "assets" / "sounds" / f"{name}.wav"))
            assert 0.03 <= sound.get_length() <= 1.5
    finally:
        pygame.mixer.quit()


def test_committed_sprites_match_the_generator(assets: Assets) -> None:
    """tools/make_art.py is deterministic and the committed PNGs are its current output."""
    make_art = _load_tool("make_art")
    for tid in TILE_IDS:
        assert _rgba(make_art.render_tile(tid)) == _rgba(assets.image(f"tiles/{tid}.png")), tid
    for n in range(1, 17):
        assert _rgba(make_art.render_sun(n)) == _rgba(assets.image(f"suns/sun_{n}.png")), n
    assert _rgba(make_art.render_sun(None)) == _rgba(assets.image("suns/sun_back.png"))
    assert _rgba(make_art.render_tile_back()) == _rgba(assets.image("tiles/back.png"))


@pytest.mark.slow
def test_committed_sounds_match_the_generator(tmp_path: Path) -> None:
    make_sounds = _load_tool("make_sounds")
    assert sorted(make_sounds.SOUNDS) == sorted(SOUND_NAMES)
    assert make_sounds.main(["--out", str(tmp_path)]) == 0
    for name in SOUND_NAMES:
        fresh = (tmp_path / f"{name}.wav").read_bytes()
        assert fresh == (ROOT / "assets" / "sounds" / f"{name}.wav").read_bytes(), name
