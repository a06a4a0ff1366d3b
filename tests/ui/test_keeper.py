"""The keeper on its own (no play scene): a game with a person here is saved after each move
and leaves its slot when it ends; a game without one keeps nothing."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ra_game.engine import GameState, Move
from ra_game.files.saves import slot_path
from ra_game.table.match import Match
from ra_game.table.seats import Seat
from ra_game.ui.board.parts.keeper import Keeper

if TYPE_CHECKING:
    from ra_game.ui.app_context import AppContext


def kept(ctx: AppContext, codes: tuple[str, ...], hints: list[int]) -> tuple[Keeper, Match]:
    seats = [Seat.of(code, f"P{i}") for i, code in enumerate(codes)]
    match = Match(GameState.new(len(seats), seed=3, names=[s.name for s in seats]))
    notices: list[str] = []
    keeper = Keeper(ctx, match, seats, False, 2, lambda: hints, notices.append)
    match.observe(keeper.on_applied)
    return keeper, match


def test_a_persons_game_is_saved_after_each_move_with_the_hints_used(ctx: AppContext) -> None:
    keeper, match = kept(ctx, ("human", "random"), [1, 0])
    assert keeper.claim() == ""
    match.apply(Move("draw"))
    assert keeper.saver is not None and keeper.saver.flush() is None
    assert slot_path(2).exists()
    doc = keeper.document()
    assert doc["moves"] == ["draw"] and doc["hints"] == [1, 0] and doc["hide_scores"] is False
    keeper.release()


def test_a_game_without_a_person_here_keeps_nothing(ctx: AppContext) -> None:
    keeper, match = kept(ctx, ("random", "random"), [0, 0])
    assert keeper.claim() == ""
    match.apply(Move("draw"))
    keeper.autosave()
    assert keeper.saver is not None and keeper.saver.flush() is None
    assert not slot_path(2).exists() and "hints" not in keeper.document()
