"""The game draws its text with its own bundled fonts, which cover the languages it speaks."""

from __future__ import annotations

import io
import re
from importlib.resources import files
from pathlib import Path

import pygame
import pytest

from ra_game.ui.assets import FONT_FILES, Assets

ROOT = Path(__file__).resolve().parents[2]
#: Spanish, Portuguese and Turkish letters (Latin-1 and Latin Extended-A) plus punctuation.
LETTERS = "áéíóúñãõçğşıİüÁÉÍÓÚÑÃÕÇĞŞÜâêôàºª¿¡«»–—’“”…"
PRIVATE_USE = "\ue000"  # in no font: renders as the face's "missing glyph" box


def _pixels(font: pygame.font.Font, char: str) -> bytes:
    return pygame.image.tobytes(font.render(char, True, (0, 0, 0), (255, 255, 255)), "RGB")


@pytest.mark.parametrize("name", sorted(set(FONT_FILES.values())))
def test_every_bundled_face_has_every_letter_the_translations_need(name: str) -> None:
    pygame.font.init()
    data = files("ra_game.assets").joinpath(name).read_bytes()
    font = pygame.font.Font(io.BytesIO(data), 28)
    missing_box = _pixels(font, PRIVATE_USE)
    missing = [c for c in LETTERS if _pixels(font, c) == missing_box]
    assert missing == [], f"{name} lacks {''.join(missing)}"
    assert all(m is not None and m[4] > 0 for m in font.metrics(LETTERS))


def test_the_missing_glyph_check_can_fail() -> None:
    """A letter outside a face really is caught (CJK is in none of the bundled fonts)."""
    pygame.font.init()
    font = Assets().font(28)
    assert _pixels(font, "中") == _pixels(font, PRIVATE_USE)


def test_fonts_come_from_the_package_with_their_licences() -> None:
    fonts = ROOT / "assets" / "fonts"
    for name in set(FONT_FILES.values()):
        assert (ROOT / "assets" / name).is_file()
    licences = {p.name for p in fonts.glob("LICENSE-*.txt")}
    assert licences == {"LICENSE-Lato.txt", "LICENSE-Cardo.txt"}
    for licence in licences:
        assert "Open Font License" in (fonts / licence).read_text(encoding="utf-8").replace(
            "OPEN FONT LICENSE", "Open Font License")


def test_assets_font_uses_the_bundled_faces() -> None:
    pygame.font.init()
    assets = Assets()
    assets.font(20)
    assets.font(20, bold=True)
    assets.font(40, serif=True)
    assert assets.fonts_loaded() == ["fonts/Cardo-Bold.ttf", "fonts/Lato-Bold.ttf",
                                     "fonts/Lato-Regular.ttf"]


def test_no_system_font_lookup_remains() -> None:
    pattern = re.compile(r"SysFont|match_font|get_fonts\(|/usr/share/fonts|Windows/Fonts|"
                         r"Library/Fonts|Font\(None")
    offenders = [
        f"{path.relative_to(ROOT)}:{n}"
        for folder in ("ra_game", "scenes")
        for path in (ROOT / folder).rglob("*.py")
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if pattern.search(line)
    ]
    assert offenders == []


@pytest.mark.parametrize("bold", [False, True])
def test_small_text_keeps_its_spaces(bold: bool) -> None:
    """Hinted and kerned, the face's space shrank to a pixel or none at small sizes ("per
    kind" read "perkind", "for 8" "for8", Turkish "en yüksek" "enyüksek")."""
    pygame.font.init()
    assets = Assets()
    for px in range(8, 24):
        font = assets.font(px, bold)
        for words in ("per kind", "for 8", "en yüksek"):
            gap = font.size(words)[0] - font.size(words.replace(" ", ""))[0]
            assert gap >= 2, (px, words, gap)
