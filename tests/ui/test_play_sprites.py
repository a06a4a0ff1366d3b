"""Every tile and sun sprite drawn through the board's sprite code, at several sizes."""

from __future__ import annotations

import os

from tooling.positions import changed

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from pathlib import Path

import pygame
import pytest

from ra_game.engine import GameState
from ra_game.engine.tiles import NUM_KINDS, Tile
from ra_game.ui.assets import Assets
from ra_game.ui.sprites import SpriteBank, all_sprite_names


@pytest.fixture(scope="module")
def bank() -> SpriteBank:
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((320, 200))
    return SpriteBank(Assets())


def _fingerprint(surf: pygame.Surface) -> bytes:
    return pygame.image.tobytes(pygame.transform.scale(surf, (12, 12)), "RGBA")


@pytest.mark.parametrize("px", [24, 48, 93])
def test_every_sprite_renders_at_size_and_differs(bank: SpriteBank, px: int) -> None:
    sprites = ([bank.tile(k, px) for k in range(NUM_KINDS)]
               + [bank.sun(s, px) for s in range(1, 17)] + [bank.sun_back(px), bank.tile_back(px)])
    for s in sprites:
        assert s.get_size() == (px, px)
        assert s.get_bounding_rect().width > px // 2  # something visible was drawn
    prints = {_fingerprint(s) for s in sprites}
    assert len(prints) == len(sprites)


def test_art_files_are_used_when_present(bank: SpriteBank) -> None:
    assert all(bank.assets.has(name) for name in all_sprite_names())
    art = bank.assets.scaled("tiles/pharaoh.png", (40, 40))
    tile = bank.tile(Tile.PHARAOH, 40)
    icon = pygame.Rect(0, 0, 40, 28)  # above the label band, the art as it is
    assert (pygame.image.tobytes(tile.subsurface(icon), "RGBA")
            == pygame.image.tobytes(art.subsurface(icon), "RGBA"))
    band = pygame.Rect(4, 30, 32, 8)  # the band carries the name, written by the game
    assert (pygame.image.tobytes(tile.subsurface(band), "RGBA")
            != pygame.image.tobytes(art.subsurface(band), "RGBA"))
    assert bank.tile(Tile.PHARAOH, 40) is tile  # cached until the language changes


def test_drawn_stand_ins_when_art_is_missing(monkeypatch: pytest.MonkeyPatch) -> None:
    pygame.display.init()
    pygame.font.init()
    assets = Assets()
    monkeypatch.setattr(assets, "has", lambda name: False)
    bank = SpriteBank(assets)
    tiles = [bank.tile(k, 40) for k in range(NUM_KINDS)]
    suns = [bank.sun(s, 40) for s in range(1, 17)]
    assert len({_fingerprint(s) for s in tiles + suns}) == NUM_KINDS + 16
    assert bank.tile(Tile.GOLD, 40) is bank.tile(Tile.GOLD, 40)  # cached


def test_board_draws_every_kind_in_a_player_area(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RA_GAME_HOME", str(tmp_path))
    from ra_game.scenes.play import PlayScene

    from ra_game.app import create_app
    from ra_game.table.seats import Seat

    ctx, window = create_app()
    state = GameState.new(5, seed=3)
    tiles = [[0] * NUM_KINDS for _ in range(5)]
    for k in range(1, Tile.DROUGHT):
        tiles[k % 5][k] = 1 + k % 2  # (with seat 0's 3, within the game's 5 of a kind)
    tiles[0] = [0] + [3] * 18 + [0] * 4
    down = ((), (1,), (), (), ())
    state = changed(state, tiles=tuple(map(tuple, tiles)), suns_down=down)
    play = PlayScene(ctx, [Seat.of("random", f"P{i}") for i in range(5)], seed=3, state=state)
    play.model.pending[2] = [Tile.WAR, Tile.FUNERAL]
    play.model.ra_count = 10
    play.model.auction = [Tile.DROUGHT, Tile.EARTHQUAKE, Tile.GOD, Tile.GOLD, Tile.NILE,
                          Tile.FLOOD, Tile.WAR, Tile.ART]
    for size in ((1280, 720), (1920, 1080), (800, 600)):
        surface = pygame.Surface(size)
        play.draw(surface)
        slots = play.areas.slots(play.model, 0)
        assert len(slots.tiles) == 18
        for _kind, _count, rect in slots.tiles:
            assert play.geom.seats[0].contains(rect)
    play.draw(window)
