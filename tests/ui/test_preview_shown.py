"""The "+N now" previews stay shown while a move is animated (for the position the board shows)
and follow the tiles a person picks to discard for a disaster; pausing mid-animation shows whole
pieces and holds the scenes the animation opens until the menu closes."""

from __future__ import annotations

import os

from tooling.positions import changed, with_held

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from typing import TYPE_CHECKING, Any

import pygame

from ra_game.app import create_app, step_frame
from ra_game.engine import GameState, Move, Tile
from ra_game.engine.preview import epoch_preview
from ra_game.engine.state import DISCARD
from ra_game.table.seats import Seat
from tooling.autopilot import key_events

if TYPE_CHECKING:
    from ra_game.scenes.play import PlayScene

    from ra_game.ui.app_context import AppContext


def war_position() -> GameState:
    """Seat 0 (human) may play a God on a War; it holds 3 civilization kinds (+5 now) and 2
    Gods, so the War's discard of 2 civilizations is its choice."""
    s = GameState.new(2, seed=4, names=["You", "Bot"])
    return changed(s, current=0, auction=(Tile.WAR, Tile.GOLD),
                   tiles=with_held(s, 0, {Tile.GOD: 2, Tile.AGRICULTURE: 2, Tile.ART: 1,
                                          Tile.WRITING: 1}))


def board(state: GameState, speed: str = "max") -> tuple[AppContext, PlayScene]:
    from ra_game.scenes.play import PlayScene

    ctx, _w = create_app()
    ctx.settings.animation_speed = speed
    play = PlayScene(ctx, [Seat.of("human", "You"), Seat.of("random", "Bot")], seed=1, state=state)
    ctx.scenes.clear_to(play)
    frames(ctx)
    return ctx, play


def frames(ctx: Any, n: int = 3, *keys: int) -> None:
    """Press ``keys``, then play ``n`` frames."""
    for key in keys:
        for e in key_events(key):
            pygame.event.post(e)
    for _ in range(n):
        step_frame(ctx, 1 / 60)


def test_the_preview_follows_the_discards_picked() -> None:
    ctx, play = board(war_position())
    frames(ctx, 2, pygame.K_g, pygame.K_1, pygame.K_RETURN)
    assert play.moves == ["god:war"] and play.state.phase == DISCARD
    frames(ctx, 3)
    assert play.input.mode == "discard"
    before = play.info.preview.total(0)
    assert before == sum(epoch_preview(play.state)[0].values())
    kinds = [c.value for c in play.input.controls() if c.name == "kind"]
    frames(ctx, 2, pygame.K_0 + kinds.index(Tile.ART) + 1)
    assert play.input.selection == [Tile.ART]
    gone = changed(play.state, tiles=with_held(play.state, 0, {Tile.ART: 0}))
    after = play.info.preview.total(0)
    assert after == sum(epoch_preview(gone)[0].values()) and after != before
    frames(ctx, 2, pygame.K_BACKSPACE)
    assert play.info.preview.total(0) == before
    play.close()


def test_the_preview_stays_shown_while_a_move_is_animated() -> None:
    ctx, play = board(war_position(), speed="slow")
    shown: list[Any] = []
    draw = play.areas.draw

    def spy(*args: Any, **kw: Any) -> None:
        shown.append(args[-1])
        draw(*args, **kw)

    play.areas.draw = spy  # type: ignore[method-assign]
    at_rest = play.info.preview.total(0)
    assert at_rest is not None
    frames(ctx, 2, pygame.K_d)  # draw a tile: its animation plays
    assert play.moves == ["draw"] and play.queue.busy
    shown.clear()
    frames(ctx, 3)
    assert play.queue.busy
    assert shown and all(p is play.info.preview for p in shown)
    assert play.info.preview.total(0) == at_rest  # the position the board still shows
    play.close()


def last_ra_position() -> GameState:
    """Seat 0 (human) to move in epoch 1 with the Ra track one short of full and a Ra tile
    next in the bag: its draw ends the epoch."""
    s = GameState.new(2, seed=4, names=["You", "Bot"])
    while s.current != 0:
        s.apply("draw")
    s.put_next(Tile.RA)
    return changed(s, ra_count=s.ra_length - 1)


def test_pausing_mid_animation_finishes_the_move_first() -> None:
    """Esc while a drawn tile is still flying: the board under the pause menu shows the tile
    on the track, not frozen half-way, and stays so while the menu is up."""
    ctx, play = board(war_position(), speed="slow")
    frames(ctx, 2, pygame.K_d)
    assert play.queue.busy and play.model.flyers
    frames(ctx, 1, pygame.K_ESCAPE)
    assert play.pause is not None
    assert not play.queue.busy and not play.model.flyers
    assert play.model.auction == play.state.auction
    frames(ctx, 30)
    assert play.pause is not None and not play.model.flyers and play.moves == ["draw"]
    play.close()


def test_a_scoring_reached_while_paused_opens_after_the_menu_closes() -> None:
    """The draw that ends the epoch, paused mid-animation: the menu stays in front (no scoring
    scene above it); Resume shows the epoch's scoring, and the board waits under it."""
    from ra_game.scenes.scoring import EpochScoringScene

    ctx, play = board(last_ra_position(), speed="slow")
    frames(ctx, 2, pygame.K_d)
    assert play.queue.busy and play.state.epoch == 2
    frames(ctx, 1, pygame.K_ESCAPE)
    assert play.pause is not None and ctx.scenes.top is play
    assert len(play.pausing.held) == 1 and not play.model.flyers
    frames(ctx, 30)
    assert ctx.scenes.top is play and play.pause is not None
    frames(ctx, 2, pygame.K_ESCAPE)  # Esc resumes
    assert play.pause is None and not play.pausing.held
    assert isinstance(ctx.scenes.top, EpochScoringScene)
    play.close()


def test_quitting_from_the_pause_drops_the_held_scoring() -> None:
    """Save and quit while a scoring waits: the title comes, not the scoring."""
    from ra_game.scenes.title import TitleScene

    ctx, play = board(last_ra_position(), speed="slow")
    frames(ctx, 2, pygame.K_d)
    frames(ctx, 1, pygame.K_ESCAPE)
    assert play.pausing.held
    frames(ctx, 2, pygame.K_q)
    assert isinstance(ctx.scenes.top, TitleScene)
    play.close()


def test_at_the_instant_speed_the_persons_automatic_pass_is_said() -> None:
    """You invoke Ra, the bot bids a sun none of yours beats: at "instant" no animation holds
    the line, so the status line says the pass for a few seconds, before your next question
    too; then only the question."""
    s = GameState.new(2, seed=4, names=["You", "Bot"])
    up = s.position().suns_up
    if max(up[1]) < max(up[0]):
        up = (up[1], up[0])
    s = changed(s, current=0, auction=(Tile.GOLD, Tile.PHARAOH), suns_up=up)
    ctx, play = board(s)
    play.apply(Move.parse("ra"))
    play.apply(Move.parse(f"bid:{max(play.state.suns_up[1])}"))  # as the bot would
    said = "You have no sun that can bid, so you pass."
    frames(ctx, 2)
    assert play.status()[0].startswith(said)
    frames(ctx, 60 * 5)
    assert said not in play.status()[0]
    play.close()
