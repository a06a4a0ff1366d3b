"""Scratch tally (sixteenth session): why hard holds Gods at scoring in recorded games.

Each God hard holds at an epoch's scoring is either one it bought with its last face-up sun
(no turn follows, so it can only score its 2 fame) or one it could have played.  For the
second kind the script prints every turn hard took in that epoch while holding a God: its suns,
the Ra track, whether it was a last chance (`policy.last_chance`), the best God play's gain
net of the God's own worth (`policy.god_options`; > 0: a tile worth more than keeping the God),
medium's three best turn options and what hard chose.

    python3 docs/records/issue12/scripts/gods_trace.py RECORD.jsonl ...   (from the repository root)
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from typing import Any

sys.path.insert(0, ".")

from ra_game.ai.evaluate import Context
from ra_game.ai.policy import god_options, last_chance, turn_options
from ra_game.engine import GameState
from ra_game.engine import events as ev
from ra_game.engine.moves import Move
from ra_game.engine.state import TURN
from ra_game.engine.tiles import Tile


def turn_line(state: GameState, seat: int, chose: str) -> dict[str, Any]:
    """What hard saw on one turn with a God in hand."""
    ctx = Context(state, None)
    best = max((g for g, _ in god_options(ctx, state, 8)), default=None)
    options = sorted(turn_options(ctx, state), reverse=True)[:3]
    return {
        "suns": len(state.suns_up[seat]), "ra": f"{state.ra_count}/{state.ra_length}",
        "lot": len(state.auction_tiles()), "last_chance": last_chance(state, seat),
        "best_god_gain": None if best is None else round(best, 2),
        "medium_options": [(round(v, 2), Move.from_action(a).text) for v, a in options],
        "chose": chose,
    }


def main() -> None:
    totals: Counter[str] = Counter()
    for path in sys.argv[1:]:
        with open(path) as f:
            records = [json.loads(line) for line in f]
        for rec in records:
            hard = [i for i, k in enumerate(rec["kinds"]) if k == "ai:hard"]
            state = GameState.new(len(rec["kinds"]), seed=rec["seed"])
            turns: dict[int, list[dict[str, Any]]] = {h: [] for h in hard}
            last_sun: Counter[int] = Counter()
            for text in rec["moves"]:
                seat = state.current
                if seat in hard and state.phase == TURN and state.tiles[seat][Tile.GOD]:
                    turns[seat].append(turn_line(state, seat, text))
                up = [len(s) for s in state.suns_up]
                events: list[object] = []
                state.apply_action(Move.parse(text).action, events)
                for e in events:
                    if isinstance(e, ev.AuctionWon) and e.player in hard:
                        gods = e.tiles.count(Tile.GOD)
                        totals["won"] += gods
                        if up[e.player] == 1:
                            last_sun[e.player] += gods
                            totals["won_with_last_sun"] += gods
                    elif isinstance(e, ev.EpochScored):
                        for row in e.scores:
                            if row.player not in hard:
                                continue
                            held = row.points["god"] // 2
                            totals["held"] += held
                            playable = held - last_sun[row.player]
                            if playable > 0:
                                totals["held_playable"] += playable
                                gained = [t for t in turns[row.player]
                                          if (t["best_god_gain"] or 0) > 0 and "god" not in t["chose"]]
                                totals["held_playable_after_a_skipped_gain"] += playable * bool(gained)
                                print(f"seed {rec['seed']} rotation {rec['rotation']} epoch "
                                      f"{e.epoch}: {playable} playable God(s) held")
                                for t in turns[row.player]:
                                    print("   ", t)
                        last_sun.clear()
                        turns = {h: [] for h in hard}
    print(dict(totals))


if __name__ == "__main__":
    main()
