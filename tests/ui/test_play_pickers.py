"""God play, disaster discards and the bid panel through the board's real input events."""

from __future__ import annotations

import os

from tooling.positions import changed, with_held

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from typing import Any

import pygame
from ra_game.scenes.title import TitleScene

from ra_game.app import create_app, step_frame
from ra_game.engine import GameState, Tile
from ra_game.engine.state import BID, DISCARD
from ra_game.table.seats import Seat
from ra_game.ui.board.widgets.pause_menu import ITEMS
from tooling.autopilot import click_events, key_events


def god_position() -> GameState:
    """Seat 0 (human) to play with 2 Gods; the track holds Gold, an Earthquake, a God and a
    Pharaoh; seat 0 owns 3 monument kinds (so the Earthquake needs a choice)."""
    s = GameState.new(2, seed=4, names=["You", "Bot"])
    return changed(s, current=0, auction=(Tile.GOLD, Tile.EARTHQUAKE, Tile.GOD, Tile.PHARAOH),
                   tiles=with_held(s, 0, {Tile.GOD: 2, Tile.FORTRESS: 2, Tile.TEMPLE: 1,
                                          Tile.PYRAMID: 1}))


def board(state: GameState) -> tuple[Any, Any]:
    from ra_game.scenes.play import PlayScene

    ctx, _w = create_app()
    ctx.settings.animation_speed = "max"
    play = PlayScene(ctx, [Seat.of("human", "You"), Seat.of("random", "Bot")], seed=1, state=state,
                     slot=0)
    ctx.scenes.clear_to(play)
    frames(ctx)
    return ctx, play


def frames(ctx: Any, n: int = 3, events: list[pygame.event.Event] = ()) -> None:
    for e in events:
        pygame.event.post(e)
    for _ in range(n):
        step_frame(ctx, 1 / 60)


def click(ctx: Any, play: Any, rect: pygame.Rect) -> None:
    frames(ctx, 2, click_events(play.view.r(rect).center))


def control(play: Any, name: str, value: int | None = None) -> Any:
    for c in play.input.controls():
        if c.name == name and (value is None or c.value == value):
            return c
    return None


def test_god_pick_by_mouse_then_discard_by_mouse() -> None:
    ctx, play = board(god_position())
    assert play.input.mode == "turn"
    click(ctx, play, play.geom.rect("button_god"))
    assert play.input.mode == "god"
    # the God on the track is not offered; the other three are
    offered = {c.value for c in play.input.controls() if c.name == "slot"}
    assert offered == {0, 1, 3}
    click(ctx, play, play.geom.auction_slots[2])  # the God tile: nothing happens
    assert play.input.selection == []
    click(ctx, play, play.geom.auction_slots[1])
    click(ctx, play, play.geom.auction_slots[0])
    assert play.input.selection == [1, 0]
    # with both Gods spent, no third tile is offered
    assert control(play, "slot", 3) is None
    click(ctx, play, play.geom.rect("button_confirm"))
    assert play.moves == ["god:earthquake,gold"]
    state = play.state
    assert state.phase == DISCARD and state.current == 0
    frames(ctx, 3)
    assert play.input.mode == "discard"
    kinds = {c.value for c in play.input.controls() if c.name == "kind"}
    assert kinds == {Tile.FORTRESS, Tile.PYRAMID, Tile.TEMPLE}
    assert not control(play, "confirm").enabled
    click(ctx, play, control(play, "kind", Tile.FORTRESS).rect)
    click(ctx, play, control(play, "kind", Tile.FORTRESS).rect)
    assert play.input.selection == [Tile.FORTRESS, Tile.FORTRESS]
    # two chosen: the others cannot be added any more
    assert not control(play, "kind", Tile.TEMPLE).enabled
    click(ctx, play, play.geom.rect("button_confirm"))
    assert play.moves[1] == "discard:fortress,fortress"
    held = play.state.tiles[0]
    assert (held[Tile.FORTRESS], held[Tile.TEMPLE], held[Tile.PYRAMID]) == (0, 1, 1)
    assert held[Tile.GOD] == 0 and held[Tile.GOLD] == 1


def test_god_pick_and_discard_by_keyboard() -> None:
    ctx, play = board(god_position())
    frames(ctx, 2, key_events(pygame.K_g))
    assert play.input.mode == "god"
    frames(ctx, 2, key_events(pygame.K_3))  # the God tile in slot 3: refused
    assert play.input.selection == []
    frames(ctx, 2, key_events(pygame.K_4) + key_events(pygame.K_2))
    assert play.input.selection == [3, 1]
    frames(ctx, 2, key_events(pygame.K_ESCAPE))
    assert play.input.mode == "turn" and not play.moves
    frames(ctx, 2, key_events(pygame.K_g) + key_events(pygame.K_2) + key_events(pygame.K_RETURN))
    assert play.moves == ["god:earthquake"]
    frames(ctx, 3)
    assert play.input.mode == "discard"
    kinds = [c.value for c in play.input.controls() if c.name == "kind"]
    temple = kinds.index(Tile.TEMPLE) + 1
    pyramid = kinds.index(Tile.PYRAMID) + 1
    frames(ctx, 2, key_events(pygame.K_0 + temple) + key_events(pygame.K_RETURN))
    assert play.moves == ["god:earthquake"]  # one tile is not enough
    frames(ctx, 2, key_events(pygame.K_0 + pyramid) + key_events(pygame.K_RETURN))
    assert play.moves[1] in ("discard:temple,pyramid", "discard:pyramid,temple")
    held = play.state.tiles[0]
    assert (held[Tile.FORTRESS], held[Tile.TEMPLE], held[Tile.PYRAMID]) == (2, 0, 0)


def forced_bid_position() -> GameState:
    """Seat 0 invoked Ra on a short track and seat 1 passed: seat 0 must bid."""
    s = GameState.new(2, seed=2, names=["You", "Bot"], suns=[[9, 6, 5, 2], [8, 7, 4, 3]])
    s = changed(s, current=0, auction=(Tile.GOLD,))
    s.apply("ra")
    s.apply("pass")
    assert s.phase == BID and s.current == 0 and s.forced_bid()
    return s


def test_forced_bid_is_explained_and_pass_is_not_offered() -> None:
    ctx, play = board(forced_bid_position())
    assert play.input.mode == "bid"
    text, urgent = play.status()
    assert "you must bid" in text and urgent
    assert control(play, "pass") is None
    frames(ctx, 2, key_events(pygame.K_p))
    assert not play.moves
    # high to low, as in the player area; the first arrow shows the cursor on the lowest sun
    assert [c.value for c in play.input.controls() if c.name == "sun"] == [9, 6, 5, 2]
    frames(ctx, 2, key_events(pygame.K_LEFT) + key_events(pygame.K_LEFT)
           + key_events(pygame.K_LEFT) + key_events(pygame.K_RETURN))
    assert play.moves[0] == "bid:6"
    assert play.state.tiles[0][Tile.GOLD] == 1 and play.state.center_sun == 6


def test_bid_by_clicking_a_sun_and_skipping_animations() -> None:
    ctx, play = board(forced_bid_position())
    ctx.settings.animation_speed = "normal"
    frames(ctx, 2)
    click(ctx, play, control(play, "sun", 9).rect)
    assert play.moves == ["bid:9"] and play.queue.busy
    # input waits for the animation; Space finishes it at once
    frames(ctx, 1, key_events(pygame.K_SPACE))
    assert not play.queue.busy
    assert play.model.center_sun == 9 and play.model.suns_down[0] == [1]


def test_pause_menu_resumes_and_saves_and_quits() -> None:
    ctx, play = board(god_position())
    frames(ctx, 2, key_events(pygame.K_ESCAPE))
    assert play.pause is not None
    frames(ctx, 2, key_events(pygame.K_d))
    assert not play.moves  # no move while paused
    frames(ctx, 2, key_events(pygame.K_ESCAPE))
    assert play.pause is None
    frames(ctx, 2, key_events(pygame.K_d))
    assert play.moves[0] == "draw"
    frames(ctx, 4)
    click(ctx, play, play.geom.rect("button_menu"))
    assert play.pause is not None
    quit_item = [name for name, _label, _key in ITEMS].index("quit")
    frames(ctx, 2, click_events(play.view.r(play.pause.item_rects()[quit_item]).center))
    assert type(ctx.scenes.top) is TitleScene
    from ra_game.files.saves import read_slot
    doc = read_slot(0).doc
    assert doc is not None and doc["moves"][:1] == ["draw"]


def test_passes_stay_shown_while_the_auction_goes_on() -> None:
    s = changed(GameState.new(3, seed=2, names=["You", "B", "C"]), current=1, auction=(Tile.GOLD,))
    from ra_game.scenes.play import PlayScene

    ctx, _w = create_app()
    ctx.settings.animation_speed = "max"
    seats = [Seat.of("human", "You"), Seat.of("human", "B"), Seat.of("human", "C")]
    play = PlayScene(ctx, seats, seed=1, state=s)
    ctx.scenes.clear_to(play)
    frames(ctx)
    frames(ctx, 2, key_events(pygame.K_r))  # B invokes Ra: C bids next
    frames(ctx, 2, key_events(pygame.K_p))  # C passes
    assert play.state.current == 0 and play.state.ra_player == 1
    assert play.model.passed == [False, False, True]
    text, _urgent = play.status()
    assert text.startswith("Auction of B: You, bid any sun")  # hotseat: named, not "you"


def test_a_bid_sun_shows_in_the_bid_area_not_in_the_player_area() -> None:
    from ra_game.ui.board.model import DisplayModel

    s = GameState.new(2, seed=2, names=["You", "Bot"], suns=[[9, 6, 5, 2], [8, 7, 4, 3]])
    s = changed(s, current=0, auction=(Tile.GOLD,))
    s.apply("ra")
    s.apply("bid:7")
    model = DisplayModel(s)
    assert model.bids == [0, 7]
    assert 7 not in model.suns_up[1] and model.suns_up[1] == [8, 4, 3]
