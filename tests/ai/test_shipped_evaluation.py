"""Which evaluation each searching part of the game uses: the learned one with 2 players (hard,
the Hint, the review), the hand-made one with 3-5 players and for expert."""

from __future__ import annotations

import pytest

from ra_game.ai import RootParallelAgent, make_agent
from ra_game.ai.evaluators import HAND_MADE, LEARNED, Judgment
from ra_game.ai.mcts import HardAgent, candidate_actions
from ra_game.engine import GameState, Observation
from ra_game.review.search import plan
from ra_game.table.seat_kinds import HINT_AI, kind_of


def decision(players: int) -> Observation:
    """A position of ``players`` where the search has a real choice."""
    state = GameState.new(players, seed=3)
    medium = make_agent("ai:medium", 3)
    while len(candidate_actions(state)) < 2:
        state.apply_action(medium.choose(state.observation(state.current)))
    return state.observation(state.current)


def expected(players: int) -> Judgment:
    return Judgment.LEARNED if players == 2 else Judgment.HAND_MADE


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_hard_and_the_hint_search_with_the_learned_evaluation_only_with_two_players(
        players: int) -> None:
    obs = decision(players)
    hint = kind_of(HINT_AI).code
    for kind in ("ai:hard", hint):
        agent = make_agent(kind, 1)
        assert isinstance(agent, RootParallelAgent)
        jobs = agent.plan(obs)
        assert jobs and {job.evaluator for job in jobs} == {expected(players)}
        tree = jobs[0].make_agent()
        tree.begin(obs)
        assert tree.evaluator is (LEARNED if players == 2 else HAND_MADE)
    timed = make_agent("ai:hard", 1, think_ms=50)  # --think-ms: one tree, the same evaluation
    assert isinstance(timed, HardAgent)
    timed.begin(obs)
    assert timed.evaluator is (LEARNED if players == 2 else HAND_MADE)


@pytest.mark.parametrize("players", [2, 4])
def test_the_review_judges_with_the_evaluation_hard_plays_with(players: int) -> None:
    obs = decision(players)
    jobs = plan(obs, obs.state.legal_actions()[-1])
    assert jobs and {job.evaluator for job in jobs} == {expected(players)}


def test_expert_keeps_the_hand_made_evaluation() -> None:
    agent = make_agent("ai:expert", 1)
    assert isinstance(agent, RootParallelAgent)
    assert {job.evaluator for job in agent.plan(decision(2))} == {Judgment.HAND_MADE}
