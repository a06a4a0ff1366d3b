"""Hand-built positions for AI tests: tiles already drawn are a bag prefix, so the bag still
holds exactly what the rules say is left."""

from __future__ import annotations

from ra_game.engine import Decision, GameState, new_position
from ra_game.engine.tiles import NUM_KINDS, TILE_BY_ID, TILE_COUNTS
from tooling.positions import changed


def kinds(text: str) -> list[int]:
    """Tile kinds from space-separated ids."""
    return [TILE_BY_ID[name] for name in text.split()]


def position(
    players: int,
    up: list[list[int]],
    down: list[list[int]],
    center: int,
    held: list[str],
    auction: str = "",
    ra_count: int = 0,
    epoch: int = 1,
    seed: int = 0,
    gone: int = 0,
) -> GameState:
    """A position: suns by seat, held tiles by seat, the auction track and the Ra track.
    Seat 0 is to move in its turn; the bag holds what the rules say is left once ``gone``
    more non-Ra tiles (discarded in earlier epochs, taken evenly across kinds) are set aside,
    in an order shuffled by ``seed``.  The suns need not be all the game's (not strict)."""
    shown = kinds(auction) + [k for text in held for k in kinds(text)]
    left = list(TILE_COUNTS)
    for k in shown:
        left[k] -= 1
    discarded: list[int] = []
    while len(discarded) < gone:
        for k in range(1, NUM_KINDS):
            if left[k] and len(discarded) < gone:
                left[k] -= 1
                discarded.append(k)
    return GameState.from_position(
        new_position(players, up=up, down=down, held=[kinds(text) for text in held],
                     track=kinds(auction), gone=discarded, center=center, epoch=epoch,
                     ra_count=ra_count),
        seed=seed, strict=False)


def bidding(state: GameState, ra_player: int, bidder: int, invoked: bool = False,
            full_invoke: bool = False, bidders_left: int | None = None) -> GameState:
    """Turn ``state`` into an auction started by ``ra_player`` (a drawn Ra unless ``invoked``),
    ``bidder`` to bid, nobody bid yet; the seats still to ask after ``bidder`` are those
    before ``ra_player`` comes round again unless ``bidders_left`` says otherwise."""
    left = (ra_player - bidder) % state.n if bidders_left is None else bidders_left
    return changed(state, decision=Decision.BID, caller=ra_player, invoked=invoked,
                   full_invoke=full_invoke, high_bid=0, high_bidder=-1, bids=(0,) * state.n,
                   current=bidder, bidders_left=left)


def war_choice(state: GameState, owner: int, disaster: str = "war") -> GameState:
    """Make ``owner`` choose the discards of a disaster it has just won."""
    return changed(state, decision=Decision.DISCARD, pending=tuple(kinds(disaster)),
                   disaster_owner=owner, current=owner)


def lone_holder_lot(auction: str = "funeral") -> GameState:
    """3 players, Ra 7/8: seat 0 alone holds a face-up sun (11, centre 10)."""
    return position(
        3, up=[[11], [], []], down=[[9, 7, 3], [13, 12, 8, 2], [6, 5, 4, 1]], center=10,
        held=["pharaoh pharaoh gold", "pharaoh nile flood", "astronomy"], auction=auction,
        ra_count=7,
    )


def full_valuable_lot() -> GameState:
    """g2p_s606 #27: a full 8-tile lot without disasters, seat 1 invoked, seat 0 (8-4-3) bids."""
    state = position(
        2, up=[[8, 4, 3], [9, 6, 5]], down=[[1], [7]], center=2, held=["", ""],
        auction="flood art statue fortress nile statue flood religion", ra_count=3,
    )
    return bidding(state, ra_player=1, bidder=0, invoked=True, full_invoke=True)


def god_and_gold() -> GameState:
    """Seat 0 holds a God early in the epoch; a Gold and a Nile are on the track."""
    return position(
        4, up=[[13, 6, 2], [12, 7, 3], [11, 8, 4], [10, 9, 5]], down=[[], [], [], []], center=1,
        held=["god", "", "", ""], auction="gold nile", ra_count=2,
    )


def last_sun_god(up0: list[int], auction: str) -> GameState:
    """Seat 0 holds a God and the suns ``up0`` halfway through a 4-player epoch (4 of 9 Ra
    tiles out), its rivals two suns each; ``auction`` is on the track."""
    return position(
        4, up=[up0, [12, 8], [11, 7], [10, 6]], down=[[], [], [], []], center=1,
        held=["god nile", "pharaoh", "astronomy", "flood"], auction=auction, ra_count=4,
    )
