"""Every level plays only legal moves, deterministically, and never reads the bag's order."""

from __future__ import annotations

import random

import pytest

from ra_game.ai import LEVELS, Agent, HardAgent, RootParallelAgent, make_agent
from ra_game.ai.parallel import HARD_BUDGET
from ra_game.engine import GameState
from ra_game.engine.moves import RA
from tooling.positions import changed

QUICK = ["random", "ai:easy", "ai:medium"]


def small_hard(seed: int) -> Agent:
    return HardAgent(seed, iterations=8)


def play_game(players: int, seed: int, factories: list) -> GameState:
    """Play one game, checking every decision is among the legal actions."""
    state = GameState.new(players, seed=seed)
    agents = [f(seed * 7 + i) for i, f in enumerate(factories)]
    while not state.over:
        seat = state.current
        legal = state.legal_actions()
        action = agents[seat].choose(state.observation(seat))
        assert action in legal, (seat, action, legal)
        state.apply_action(action)
    return state


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("kind", QUICK)
def test_heuristic_levels_play_only_legal_moves(kind: str, players: int) -> None:
    for seed in range(6):
        factories = [lambda s, k=kind: make_agent(k, s)] * players
        state = play_game(players, seed, factories)
        assert state.winner is not None


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_hard_plays_only_legal_moves(players: int) -> None:
    medium = LEVELS["ai:medium"].factory
    factories = [small_hard] + [lambda s: medium(s, None)] * (players - 1)
    state = play_game(players, 40 + players, factories)
    assert state.winner is not None


@pytest.mark.slow
def test_mixed_table_of_all_levels() -> None:
    factories = [small_hard] + [lambda s, k=k: make_agent(k, s) for k in QUICK]
    assert play_game(4, 3, factories).winner is not None


def midgame(seed: int, moves: int = 40) -> GameState:
    state = GameState.new(4, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        state.apply_action(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("kind", ["ai:easy", "ai:medium", "hard"])
def test_decisions_ignore_the_draw_order(kind: str) -> None:
    """Two states that differ only in the order of the unseen bag get the same decision."""
    for seed in range(4):
        state = midgame(seed)
        other = state.redealt(random.Random(99))
        assert other.draw_order() != state.draw_order()
        seat = state.current

        def decide(s: GameState, seat: int = seat) -> int:
            agent = HardAgent(5, iterations=60) if kind == "hard" else make_agent(kind, 5)
            return agent.choose(s.observation(seat))

        assert decide(state) == decide(other)


@pytest.mark.parametrize("kind", ["random", "ai:easy", "ai:medium"])
def test_fixed_seed_agents_are_deterministic(kind: str) -> None:
    def run() -> list[int]:
        state = GameState.new(3, seed=11)
        agents = [make_agent(kind, i) for i in range(3)]
        actions = []
        while not state.over:
            action = agents[state.current].choose(state.observation(state.current))
            actions.append(action)
            state.apply_action(action)
        return actions

    assert run() == run()


def test_hard_is_deterministic_and_resumable_in_slices() -> None:
    state = midgame(8, 31)  # a bid with three candidate suns and a pass
    obs = state.observation(state.current)
    whole = HardAgent(3, iterations=120)
    first = whole.choose(obs)
    sliced = HardAgent(3, iterations=120)
    sliced.begin(obs)
    calls = 0
    while not sliced.think(0.0):
        calls += 1
    assert calls > 1, "think(0) should do a slice of work and return"
    assert sliced.best_action() == first
    assert sliced.last_iterations == whole.last_iterations == 120


def test_single_legal_action_returns_at_once() -> None:
    state = changed(GameState.new(2, seed=1), auction=(3,) * 8)  # full: only Ra is legal
    agent = HardAgent(1, iterations=10_000)
    agent.begin(state.observation(state.current))
    assert agent.think(0.0) is True
    assert agent.best_action() == RA
    assert agent.last_iterations == 0


def test_registry_and_think_ms() -> None:
    for kind in ("ai:easy", "ai:medium", "ai:hard", "ai:expert", "random"):
        assert kind in LEVELS
    hard = make_agent("ai:hard", 1, 250)
    assert isinstance(hard, HardAgent) and hard.budget == pytest.approx(0.25)
    fixed = make_agent("ai:hard", 1, None)
    assert isinstance(fixed, RootParallelAgent) and fixed.budget == HARD_BUDGET
    assert fixed.budget.iterations is not None  # fixed work: the same opponent on every machine
    expert = make_agent("ai:expert", 1, None)
    assert isinstance(expert, RootParallelAgent) and expert.budget.seconds == pytest.approx(2.0)
    with pytest.raises(ValueError, match="unknown AI kind"):
        make_agent("ai:grandmaster")
