"""Drive the real app in a real window and save its screenshots (into build/screenshots/, outside
the tracked tree, unless ``--out`` says otherwise; the docs keep a few in docs/screenshots/).

    xvfb-run -a python3 tools/screenshots.py [--out DIR] [--seed 21]

title.png and setup.png come from the menus; play_auction.png from a seeded game in which the
person at seat 1 (played here by key presses: D draw, R invoke Ra, P pass) is about to bid after
the AIs have bid; epoch_scoring.png and final_results.png from a seeded demo fast-forwarded to
those scenes; slots.png (and title_continue.png, slots_confirm.png) from three saved games;
tutorial*.png, rules_*.png, replay_*.png and stats.png from the guided first game, the rules,
the replays folder (the tutorial's game and a broken file) and a few recorded games (``lesson``
shoots only the guided game's); play_god_pick.png and play_discard.png from a God taking an
Earthquake (``pickers``); play_skip.png from a game in which the person has spent every sun
(``skip``: "Skip to the end of the epoch"); play_tall.png is the fixed board in the window of
``--size`` (``tall``, e.g. 1000x900).  Settings and saves go to a temporary folder, never the
user's.

    xvfb-run -a python3 tools/screenshots.py --lang es --only menus,board   # -> play_es.png

With ``--lang``, every screenshot is taken in that language and named ``<name>_<lang>.png``
(the board: ``play_<lang>.png``).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

os.environ["RA_GAME_HOME"] = tempfile.mkdtemp(prefix="ra-shots-")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
ROOT = Path(__file__).resolve().parent.parent
#: Where the screenshots go by default: made on demand, never committed (build/ is ignored).
OUT = ROOT / "build" / "screenshots"
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))  # the test tooling (tests/tooling)

import pygame

from ra_game.app import create_app, run_frames
from ra_game.engine.state import BID, TURN
from ra_game.table.seat_kinds import kind_of
from ra_game.ui.app_context import AppContext, DemoOptions

FRAME_LIMIT = 60 * 60 * 5  # simulated frames before giving up on a scene
LANG: str | None = None  # --lang: shoot in this language, with a _<lang> suffix


def save(out: Path, name: str) -> None:
    surface = pygame.display.get_surface()
    assert surface is not None
    if LANG:
        name = f"play_{LANG}" if name == "play_board" else f"{name}_{LANG}"
    path = out / f"{name}.png"
    pygame.image.save(surface, str(path))
    print(f"wrote {path}")


def press(ctx: AppContext, key: int, frames: int = 1) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode=""))
    run_frames(ctx, frames)


def wait_for(ctx: AppContext, what: str, done: Callable[[AppContext], bool]) -> None:
    run_frames(ctx, FRAME_LIMIT, until=done)
    if not done(ctx):
        raise SystemExit(f"screenshots: never reached {what}")


def menus(ctx: AppContext, out: Path, shoot: bool) -> None:
    """Title, then New game (the setup scene the auction game starts from)."""
    run_frames(ctx, 40)
    if shoot:
        save(out, "title")
    press(ctx, pygame.K_n, 20)
    if shoot:
        save(out, "setup")


def auction(ctx: AppContext, out: Path, seed: int) -> None:
    """Play seat 1 by keys until it must bid after at least one AI bid, then shoot."""
    if TYPE_CHECKING:  # scenes/ is installed as ra_game.scenes
        from scenes.play import PlayScene
        from scenes.setup import SetupScene
    else:
        from ra_game.scenes.play import PlayScene
        from ra_game.scenes.setup import SetupScene

    setup = ctx.scenes.top
    assert isinstance(setup, SetupScene)
    ctx.scenes.replace(PlayScene(ctx, setup.seats(), seed=seed))
    play = ctx.scenes.top
    assert isinstance(play, PlayScene)
    for _ in range(FRAME_LIMIT):
        run_frames(ctx, 1)
        if ctx.scenes.top is not play:
            press(ctx, pygame.K_RETURN)  # an epoch scoring or hand-over scene
            continue
        if not play.human_to_move() or play.queue.busy:
            continue
        state = play.state
        if state.phase == BID:
            if any(state.bids) and state.epoch >= 2:  # a table with some history on it
                run_frames(ctx, 30)
                save(out, "play_auction")
                return
            press(ctx, pygame.K_RETURN if state.forced_bid() else pygame.K_p)
        elif state.phase == TURN:
            tiles = sum(1 for t in state.auction if t >= 0)
            press(ctx, pygame.K_r if tiles >= 4 else pygame.K_d)
        else:
            press(ctx, pygame.K_RETURN)
    raise SystemExit("screenshots: no auction with bids reached")


def follow(ctx: AppContext, out: Path, seed: int, players: int, suffix: str) -> None:
    """The information layer during an auction: the game log, the tile counter, and the score
    preview (a player area hovered, its breakdown in a tooltip); one person against AIs."""
    if TYPE_CHECKING:  # scenes/ is installed as ra_game.scenes
        from scenes.play import PlayScene
    else:
        from ra_game.scenes.play import PlayScene

    from ra_game.table.seats import AI_NAMES, Seat

    seats = [Seat.of("human", "You")] + [Seat.of(kind, AI_NAMES[i]) for i, kind in
                                      enumerate(["ai:easy", "ai:medium", "ai:easy",
                                                 "ai:medium"][: players - 1])]
    ctx.settings.animation_speed = "fast"
    ctx.scenes.clear_to(PlayScene(ctx, seats, seed=seed))
    play = ctx.scenes.top
    assert isinstance(play, PlayScene)
    for _ in range(FRAME_LIMIT):
        run_frames(ctx, 1)
        if ctx.scenes.top is not play:
            press(ctx, pygame.K_RETURN)
            continue
        if not play.human_to_move() or play.queue.busy:
            continue
        state = play.state
        if state.phase == BID:
            if any(state.bids) and len(play.moves) > 40 and len(state.auction_tiles()) >= 3:
                break
            press(ctx, pygame.K_RETURN if state.forced_bid() else pygame.K_p)
        elif state.phase == TURN:
            tiles = sum(1 for t in state.auction if t >= 0)
            press(ctx, pygame.K_r if tiles >= 4 else pygame.K_d)
        else:
            press(ctx, pygame.K_RETURN)
    else:
        raise SystemExit("screenshots: no auction with bids reached")
    run_frames(ctx, 30)
    press(ctx, pygame.K_l, 5)
    save(out, f"play_log{suffix}")
    press(ctx, pygame.K_l)
    press(ctx, pygame.K_t, 5)
    save(out, f"play_tiles{suffix}")
    press(ctx, pygame.K_t)
    area = play.geom.seats[1]
    assert play.view is not None
    pos = play.view.p(area.x + area.width * 0.6, area.bottom - 30)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    run_frames(ctx, 5)
    save(out, f"play_preview{suffix}")
def board(ctx: AppContext, out: Path, name: str = "play_board") -> None:
    """A fixed table from a golden replay (epoch 2, bids on the table, you to bid): the same
    picture in every language, for play_<lang>.png."""
    if TYPE_CHECKING:  # scenes/ is installed as ra_game.scenes
        from scenes.play import PlayScene
    else:
        from ra_game.scenes.play import PlayScene

    from ra_game.engine import load_replay
    from ra_game.table.seats import AI_NAMES, Seat

    replay = load_replay(Path(__file__).resolve().parent.parent / "tests" / "fixtures" /
                         "golden_4p_epoch2.ra.json")
    replay.players = [{"name": "You" if i == 0 else AI_NAMES[i], "kind": "human" if i == 0
                       else "ai:medium"} for i in range(len(replay.players))]
    for upto in range(len(replay.moves), 0, -1):
        state = replay.play(upto)
        if state.phase == BID and state.current == 0 and any(state.bids) and state.epoch >= 2:
            break
    else:
        raise SystemExit("screenshots: no position with you to bid")
    seats = [Seat.of(p["kind"], p["name"]) for p in replay.players]
    ctx.scenes.clear_to(PlayScene(ctx, seats, replay.seed, state=state,
                                  moves=replay.moves[:upto]))
    run_frames(ctx, 60)
    save(out, name)


def pickers(ctx: AppContext, out: Path) -> None:
    """A God on the auction track (G, then the Earthquake picked), then the discard it asks
    for (Enter): play_god_pick.png and play_discard.png."""
    if TYPE_CHECKING:  # scenes/ is installed as ra_game.scenes
        from scenes.play import PlayScene
    else:
        from ra_game.scenes.play import PlayScene

    from ra_game.engine import GameState, Tile, new_position
    from ra_game.engine.state import DISCARD
    from ra_game.table.seats import AI_NAMES, Seat

    names = ["You", AI_NAMES[1], AI_NAMES[2]]
    held = [Tile.GOD, Tile.GOD, Tile.FORTRESS, Tile.FORTRESS, Tile.TEMPLE, Tile.PYRAMID]
    position = new_position(3, up=GameState.new(3, seed=4).suns_up, held=[held, [], []],
                            track=[Tile.GOLD, Tile.EARTHQUAKE, Tile.GOD, Tile.PHARAOH])
    state = GameState.from_position(position, seed=4, names=names)
    seats = [Seat.of("human", names[0])] + [Seat.of("ai:easy", n) for n in names[1:]]
    ctx.demo = None
    ctx.scenes.clear_to(PlayScene(ctx, seats, seed=4, state=state))
    play = ctx.scenes.top
    assert isinstance(play, PlayScene)
    run_frames(ctx, 30)
    press(ctx, pygame.K_g, 10)
    press(ctx, pygame.K_2, 10)
    save(out, "play_god_pick")
    press(ctx, pygame.K_RETURN)
    wait_for(ctx, "the discard", lambda c: play.state.phase == DISCARD and play.human_ready())
    press(ctx, pygame.K_1, 20)
    save(out, "play_discard")


def epoch_skip(ctx: AppContext, out: Path) -> None:
    """Epoch 1 after the person spent every sun: the AIs play on and "Skip to the end of the
    epoch" (K) is offered: play_skip.png."""
    if TYPE_CHECKING:  # scenes/ is installed as ra_game.scenes
        from scenes.play import PlayScene
    else:
        from ra_game.scenes.play import PlayScene

    from ra_game.engine import GameState
    from ra_game.table.seats import AI_NAMES, Seat

    names = ["You", AI_NAMES[1], AI_NAMES[2]]
    state = GameState.new(3, seed=5, names=names)
    while state.current == 0:
        state.apply("draw")
    for _ in range(3):  # a few tiles on the track
        state.apply("draw")
    position = state.position()
    up, down = position.suns_up, position.suns_down
    state = GameState.from_position(
        replace(position, suns_up=((), *up[1:]), suns_down=(down[0] + up[0], *down[1:])),
        bag=state.draw_order()[state.draw_count:], names=names)
    seats = [Seat.of("human", names[0])] + [Seat.of("ai:easy", n) for n in names[1:]]
    ctx.demo = None
    ctx.settings.animation_speed = "normal"
    ctx.scenes.clear_to(PlayScene(ctx, seats, seed=5, state=state))
    play = ctx.scenes.top
    assert isinstance(play, PlayScene)
    wait_for(ctx, "the skip offered", lambda c: play.skip_offered() and not play.queue.busy)
    run_frames(ctx, 10)
    save(out, "play_skip")


def scoring_and_results(ctx: AppContext, out: Path, seed: int) -> None:
    if TYPE_CHECKING:  # scenes/ is installed as ra_game.scenes
        from scenes.play import PlayScene
        from scenes.results import FinalResultsScene
        from scenes.scoring import EpochScoringScene
        from scenes.setup import demo_seats
    else:
        from ra_game.scenes.play import PlayScene
        from ra_game.scenes.results import FinalResultsScene
        from ra_game.scenes.scoring import EpochScoringScene
        from ra_game.scenes.setup import demo_seats

    ctx.demo = DemoOptions(speed="max")
    ctx.scenes.clear_to(PlayScene(ctx, demo_seats(), seed=seed))
    wait_for(ctx, "an epoch scoring", lambda c: isinstance(c.scenes.top, EpochScoringScene))
    scene = ctx.scenes.top
    assert isinstance(scene, EpochScoringScene)
    scene.skip()
    run_frames(ctx, 1)
    save(out, "epoch_scoring")
    wait_for(ctx, "the final results", lambda c: isinstance(c.scenes.top, FinalResultsScene))
    run_frames(ctx, 150)
    save(out, "final_results")


def lesson(ctx: AppContext, out: Path) -> None:
    """Two steps of the guided first game: a bid and a disaster's discard."""
    if TYPE_CHECKING:  # scenes/ is installed as ra_game.scenes
        from scenes.title import TitleScene
        from scenes.tutorial import load_lesson, tutorial_scene
    else:
        from ra_game.scenes.title import TitleScene
        from ra_game.scenes.tutorial import load_lesson, tutorial_scene

    ctx.demo = None
    ctx.scenes.clear_to(TitleScene(ctx))
    _replay, placed = load_lesson()
    for step_id, name in (("bid", "tutorial"), ("discard", "tutorial_discard")):
        index = next(i for i, p in enumerate(placed) if p.step.id == step_id)
        ctx.scenes.push(tutorial_scene(ctx, index))
        run_frames(ctx, 90)
        save(out, name)
        ctx.scenes.pop()


def learn(ctx: AppContext, out: Path) -> None:
    """The guided first game, the rules (set-up and glossary), replays and statistics."""
    import json
    import random

    if TYPE_CHECKING:  # scenes/ is installed as ra_game.scenes
        from scenes.title import TitleScene
        from scenes.tutorial import load_lesson
    else:
        from ra_game.scenes.title import TitleScene
        from ra_game.scenes.tutorial import load_lesson

    from ra_game.engine import GameState, replay_dict
    from ra_game.files.replays import replays_dir
    from ra_game.files.stats import record_game

    lesson(ctx, out)
    press(ctx, pygame.K_r, 10)
    for key, name in ((pygame.K_2, "rules_setup"), (pygame.K_8, "rules_glossary")):
        press(ctx, key, 10)
        save(out, name)
    press(ctx, pygame.K_ESCAPE, 5)
    folder = replays_dir()
    folder.mkdir(parents=True, exist_ok=True)
    replay, _placed = load_lesson()
    state = replay.play()
    doc = replay_dict(state, replay.moves, ["human", "ai:medium", "ai:hard"], replay.seed)
    (folder / "2026-11-30_2010_You-Imhotep-Hatshepsut.ra.json").write_text(json.dumps(doc))
    (folder / "from-a-friend.ra.json").write_text('{"format": "ra-replay/1", "players": []}')
    press(ctx, pygame.K_w, 10)
    save(out, "replay_list")
    press(ctx, pygame.K_RETURN, 5)
    for _ in range(40):
        press(ctx, pygame.K_RIGHT, 3)
    run_frames(ctx, 120)
    save(out, "replay_viewer")
    ctx.scenes.clear_to(TitleScene(ctx))
    kinds = [["human", "ai:medium", "ai:medium"], ["human", "ai:hard", "ai:easy", "ai:hard"],
             ["human", "ai:easy"], ["human", "ai:expert", "ai:medium"]]
    rng = random.Random(5)
    for seed, seats in enumerate(kinds * 2):
        game = GameState.new(len(seats), seed=seed)
        while not game.over:
            game.apply(rng.choice(game.legal_moves()))
        record_game(game, [kind_of(k) for k in seats])
    press(ctx, pygame.K_t, 10)
    save(out, "stats")


def slot_list(ctx: AppContext, out: Path) -> None:
    """Three saved games in the slots, the title offering Continue, then Load game."""
    if TYPE_CHECKING:  # scenes/ is installed as ra_game.scenes
        from scenes.title import TitleScene
    else:
        from ra_game.scenes.title import TitleScene

    from ra_game.files.saves import SlotWriter
    from tooling.faults import sample_save

    games = [(0, sample_save(40, seed=3, players=3, kinds=["human", "ai:medium", "ai:easy"])),
             (1, sample_save(150, seed=8, players=4,
                             kinds=["human", "human", "ai:hard", "ai:medium"])),
             (3, sample_save(90, seed=5, players=2, kinds=["human", "human"]))]
    for index, doc in games:
        writer = SlotWriter(index, background=False)
        writer.write(doc)
        writer.release()
    ctx.scenes.clear_to(TitleScene(ctx))
    run_frames(ctx, 30)
    save(out, "title_continue")
    press(ctx, pygame.K_l, 20)
    save(out, "slots")
    press(ctx, pygame.K_DOWN, 2)
    press(ctx, pygame.K_DELETE, 10)
    save(out, "slots_confirm")
    press(ctx, pygame.K_n, 2)


def main() -> int:
    parser = argparse.ArgumentParser(description="Save screenshots of the real app.")
    parser.add_argument("--out", default=str(OUT), help=f"folder (default: {OUT})")
    parser.add_argument("--seed", type=int, default=21)
    parser.add_argument("--only", default="menus,auction,follow,scoring,slots,learn",
                        help="comma list of: menus (title, setup), auction, board (a fixed "
                             "table: play_board.png), follow (log, tile counter, score preview), "
                             "scoring (epoch scoring and final results), slots (the save slot "
                             "list), learn (tutorial, rules, replays, statistics), lesson "
                             "(the tutorial only), pickers (God pick, discard), skip (the "
                             "epoch skip), tall (the fixed board at --size: play_tall.png)")
    parser.add_argument("--lang", default=None, help="language code (es, pt, tr...)")
    parser.add_argument("--size", default="1280x720", help="window size, e.g. 640x480")
    parser.add_argument("--players", type=int, default=4, help="seats in the follow shots")
    parser.add_argument("--suffix", default="", help="added to the follow shots' names")
    args = parser.parse_args()
    if args.lang:
        from ra_game.text.i18n import override_language

        global LANG
        LANG = args.lang
        override_language(args.lang)
    if not os.environ.get("DISPLAY"):
        print("screenshots: no display; run it as: xvfb-run -a python3 tools/screenshots.py",
              file=sys.stderr)
        return 2
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    only = set(args.only.split(","))
    width, height = (int(v) for v in args.size.split("x"))
    ctx, _ = create_app((width, height))
    menus(ctx, out, "menus" in only)
    if "auction" in only:
        auction(ctx, out, args.seed)
    if "follow" in only:
        follow(ctx, out, args.seed, args.players, args.suffix)
    if "board" in only:
        board(ctx, out)
    if "tall" in only:
        board(ctx, out, "play_tall")
    if "pickers" in only:
        pickers(ctx, out)
    if "skip" in only:
        epoch_skip(ctx, out)
    if "lesson" in only and "learn" not in only:
        lesson(ctx, out)
    if "scoring" in only:
        scoring_and_results(ctx, out, args.seed)
    if "learn" in only:
        learn(ctx, out)
    if "slots" in only:
        ctx.demo = None
        slot_list(ctx, out)
    pygame.quit()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
