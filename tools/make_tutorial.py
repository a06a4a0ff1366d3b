"""Write ``scenes/tutorial.ra.json``, the game the guided first game plays, from its lesson.

    python3 tools/make_tutorial.py          # writes scenes/tutorial.ra.json and checks it

The scripted steps of ``scenes/tutorial_lesson.py`` give the moves and the tiles their draws
take; the two ``skip`` steps are filled in here by a simple policy on a stacked bag: the rest of
the first epoch (the opponents alone), then the second epoch and the third up to the moment the
player draws the last Ra tile.  Every move goes through the engine, so the document is a
legal replay (a test checks it again).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

if TYPE_CHECKING:  # scenes/ is installed as ra_game.scenes
    from scenes.tutorial_lesson import KINDS, NAMES, STEPS, SUNS
else:
    from ra_game.scenes.tutorial_lesson import KINDS, NAMES, STEPS, SUNS

from ra_game.engine import GameState, load_replay, replay_dict
from ra_game.engine.state import BID, TURN
from ra_game.engine.tiles import TILE_BY_ID, Tile
from ra_game.jsontypes import JsonObject, JsonValue

OUT = Path(__file__).resolve().parent.parent / "scenes" / "tutorial.ra.json"
SEED = 2024
YOU = 0

#: Tiles the skipped parts draw, in this order, cycling (Ra tiles make the epochs end).
EPOCH1_REST = ("pharaoh", "nile", "ra", "pharaoh", "ra", "ra", "ra", "ra")
LATER = ("pharaoh", "nile", "flood", "sphinx", "gold", "ra", "statue", "pharaoh", "agriculture",
         "obelisk", "ra", "nile", "palace", "astronomy", "pyramid", "ra", "writing", "temple",
         "god", "ra", "pharaoh", "religion", "ra", "nile", "art", "ra", "step_pyramid", "ra")


def stack_next(state: GameState, tile: str) -> GameState:
    """The state with ``tile`` the next one out of the bag (the bag's multiset unchanged)."""
    stacked = state.clone()
    stacked.put_next(TILE_BY_ID[tile])
    return stacked


def policy(state: GameState) -> str:
    """A plain, legal choice for the skipped parts: draw, invoke Ra at four tiles; the player
    bids its highest sun on two tiles or more (keeping one sun for the last epoch's end), the
    opponents their lowest on three or more.  The player wins a close game this way."""
    legal = [m.text for m in state.legal_moves()]
    if state.phase == TURN:
        if len(state.auction_tiles()) >= 4 and state.suns_up[state.current]:
            return "ra"
        return "draw" if "draw" in legal else "ra"
    if state.phase == BID:
        bids = sorted((m for m in legal if m.startswith("bid:")), key=lambda m: int(m[4:]))
        you = state.current == YOU
        eager = len(state.auction_tiles()) >= (2 if you else 3)
        keep_one = you and state.epoch == 3 and len(bids) < 2
        if "pass" not in legal or (bids and eager and not keep_one):
            return bids[-1] if you else bids[0]
        return "pass"
    return legal[0]


def play(state: GameState, move: str, moves: list[str], draws: list[str]) -> GameState:
    if move == "draw" and draws:
        state = stack_next(state, draws.pop(0))
    state.apply(move)
    moves.append(move)
    return state


def skip_rest_of_epoch(state: GameState, moves: list[str]) -> GameState:
    """The opponents play on until the next Ra tile Imhotep draws will fill the Ra track."""
    plan = list(EPOCH1_REST)
    while True:
        last = state.ra_count == state.ra_length - 1
        if last and state.phase == TURN and state.current == 1 and state.can_draw():
            return state
        move = policy(state)
        if move == "draw" and last:
            move = "ra" if state.suns_up[state.current] else "draw"
        draws = [plan.pop(0) if plan else "ra"] if move == "draw" and not last else []
        state = play(state, move, moves, draws)


def skip_to_the_end(state: GameState, moves: list[str]) -> GameState:
    """Epoch 2, then epoch 3 until the player may draw the last Ra tile."""
    plan = list(LATER) * 3
    while True:
        if (state.epoch == 3 and state.ra_count == state.ra_length - 1 and state.phase == TURN
                and state.current == YOU and state.can_draw()):
            return state
        move = policy(state)
        near_end = state.epoch == 3 and state.ra_count == state.ra_length - 1
        draws: list[str] = []
        if move == "draw":
            tile = plan.pop(0)
            if near_end and tile == "ra":
                tile = "pharaoh" if state.bag_counts()[Tile.PHARAOH] else "nile"
            draws = [tile]
        state = play(state, move, moves, draws)


def build() -> JsonObject:
    state = GameState.new(3, seed=SEED, suns=SUNS, bag=[], names=NAMES)
    moves: list[str] = []
    lesson: list[JsonValue] = []
    for step in STEPS:
        start = len(moves)
        if step.id == "rest_of_epoch":
            state = skip_rest_of_epoch(state, moves)
        elif step.id == "jump":
            state = skip_to_the_end(state, moves)
        else:
            draws = list(step.draws)
            for move in step.moves:
                state = play(state, move, moves, draws)
        lesson.append([step.id, len(moves) - start])
    if not state.over:
        raise SystemExit("make_tutorial: the lesson does not reach the end of the game")
    doc = replay_dict(state, moves, list(KINDS), SEED)
    doc["lesson"] = lesson
    return doc


def main() -> int:
    doc = build()
    OUT.write_text(json.dumps(doc, indent=1) + "\n", encoding="utf-8")
    written = load_replay(OUT)  # the file as the game reads it
    final = written.play()
    print(f"wrote {OUT.name}: {len(written.moves)} moves, scores {final.scores}, "
          f"winner {NAMES[final.winner or 0]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
