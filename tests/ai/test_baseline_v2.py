"""The frozen hard of issue 47 (``hard-v2``): legal moves, and the same search as today's hard
while the two are still equal."""

from __future__ import annotations

from ra_game.ai import make_agent
from ra_game.ai.mcts import HardAgent
from ra_game.ai.parallel import RootParallelAgent, SearchBudget
from ra_game.engine import GameState
from tools import tournament
from tools.baselines.v2 import HardV2Agent, RootParallelV2Agent


def positions() -> list[GameState]:
    """Positions of 2-5 players a few dozen moves into games of medium players."""
    out = []
    for players, seed, moves in ((2, 3, 20), (3, 5, 35), (4, 11, 25), (5, 8, 60)):
        state = GameState.new(players, seed=seed)
        agent = make_agent("ai:medium", seed)
        for _ in range(moves):
            state.apply_action(agent.choose(state.observation(state.current)))
        out.append(state)
    return out


def test_one_tree_of_hard_v2_is_todays_hard_tree() -> None:
    for state in positions():
        obs = state.observation(state.current)
        frozen, live = HardV2Agent(17, iterations=60), HardAgent(17, iterations=60)
        assert frozen.choose(obs) == live.choose(obs)
        assert frozen.root_stats() == live.root_stats()


def test_hard_v2_picks_todays_hards_move_at_a_fixed_seed_and_budget() -> None:
    budget = SearchBudget(trees=2, iterations=20, seconds=0.0, cap=60.0)
    for seed, state in enumerate(positions()):
        obs = state.observation(state.current)
        frozen = RootParallelV2Agent(seed, trees=2, iterations=20)
        live = RootParallelAgent(seed, budget, "hard")
        assert frozen.choose(obs) == live.choose(obs)
        assert frozen.choose(obs) == live.choose(obs)  # (the next decision's tree seeds too)


def test_hard_v2_plays_legal_moves_to_the_end_of_a_game() -> None:
    state = GameState.new(3, seed=21)
    agents = [tournament.build_agent("hard-v2@8", 5, None), make_agent("ai:medium", 1),
              make_agent("random", 2)]
    while not state.over:
        obs = state.observation(state.current)
        action = agents[state.current].choose(obs)
        assert action in state.legal_actions()
        state.apply_action(action)


def test_the_tournament_offers_hard_v2_with_its_budget_and_at_n_iterations() -> None:
    assert tournament.agent_kind("hard-v2") == "hard-v2"
    assert tournament.agent_kind("hard-v2@50") == "hard-v2@50"
    whole = tournament.build_agent("hard-v2", 1, None)
    assert isinstance(whole, RootParallelV2Agent)
    assert (whole.trees, whole.iterations) == (4, 300)
    one = tournament.build_agent("hard-v2@50", 1, None)
    assert isinstance(one, HardV2Agent) and one.iterations == 50
