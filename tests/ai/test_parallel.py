"""Root-parallel search: a fixed seed and iteration count give the same move anywhere."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from ra_game.ai import make_agent, workers
from ra_game.ai.parallel import (
    HARD_BUDGET,
    RootParallelAgent,
    SearchBudget,
    TreeJob,
    TreeResult,
    merge,
    run_tree,
)
from ra_game.engine import GameState

SMALL = SearchBudget(trees=3, iterations=40, seconds=0.0, cap=30.0)


def mid_game(players: int, seed: int, moves: int = 25) -> GameState:
    state = GameState.new(players, seed=seed)
    agent = make_agent("ai:medium", seed)
    for _ in range(moves):
        state.apply_action(agent.choose(state.observation(state.current)))
    return state


@pytest.mark.slow
def test_fixed_iterations_give_the_same_trees_here_sliced_and_on_any_number_of_workers() -> None:
    state = mid_game(4, 11)
    obs = state.observation(state.current)
    here = RootParallelAgent(7, SMALL, "hard")
    jobs = here.plan(obs)
    assert len(jobs) == 3 and len({j.seed for j in jobs}) == 3
    local = [run_tree(j) for j in jobs]
    sliced = RootParallelAgent(7, SMALL, "hard")
    sliced.begin(obs)
    frames = 1
    while not sliced.think(0.001):
        frames += 1
    assert frames > 3
    outcomes = {sliced.best_action()}
    stats = [r.stats for r in local]
    for size in (1, 2):
        pool = workers.WorkerPool(size)
        try:
            agent = RootParallelAgent(7, SMALL, "hard")
            remote = pool.run(agent.plan(obs))
        finally:
            pool.close()
        assert [r.stats for r in remote] == stats
        outcomes.add(agent.decide(remote))
    assert outcomes == {here.decide(local)}
    assert all(r.iterations == 40 for r in local)


def test_choose_uses_the_pool_passed_in_with_the_same_result() -> None:
    state = mid_game(3, 4)
    obs = state.observation(state.current)
    alone = RootParallelAgent(3, SMALL, "hard").choose(obs)
    pool = CountingPool(workers.WorkerPool(2))
    try:
        pooled = RootParallelAgent(3, SMALL, "hard")
        pooled.use_pool(pool)
        assert pooled.workers == 2
        assert pooled.choose(obs) == alone
        assert pooled.last_iterations == 3 * 40
        assert pool.jobs == 3  # the trees ran on the pool passed in
    finally:
        pool.pool.close()
    assert not hasattr(workers, "shared_pool")  # no pool in a module global


class CountingPool:
    """A :class:`ra_game.ai.base.TreePool` that counts the jobs it runs."""

    def __init__(self, pool: workers.WorkerPool) -> None:
        self.pool = pool
        self.jobs = 0

    @property
    def size(self) -> int:
        return self.pool.size

    def run(self, jobs: Sequence[TreeJob]) -> list[TreeResult]:
        self.jobs += len(jobs)
        return self.pool.run(jobs)


def test_merge_sums_visits_over_trees_and_breaks_ties_by_candidate_order() -> None:
    a = TreeResult({0: (5, 2.0), 1: (4, 3.0)}, 9)
    b = TreeResult({0: (1, 0.1), 1: (3, 1.0)}, 4)
    assert merge([0, 1], [a, b]) == 1  # 7 visits against 6
    assert merge([1, 0], [TreeResult({0: (2, 1.0), 1: (2, 1.0)}, 4)]) == 1


def test_levels_have_fixed_work_or_a_wall_clock_budget_on_every_worker() -> None:
    assert HARD_BUDGET.iterations and HARD_BUDGET.trees >= 1 and HARD_BUDGET.cap <= 1.5
    expert = make_agent("ai:expert", 1)
    assert isinstance(expert, RootParallelAgent) and expert.budget.iterations is None
    expert.workers = 3
    state = mid_game(4, 11)
    jobs = expert.plan(state.observation(state.current))
    assert len(jobs) == 3 and all(j.seconds == pytest.approx(2.0) for j in jobs)
    # never less work than hard: the trees share hard's iteration count as a floor
    assert sum(j.at_least for j in jobs) >= HARD_BUDGET.trees * HARD_BUDGET.iterations


def test_a_time_budget_goes_on_to_its_floor_on_a_slow_machine() -> None:
    state = mid_game(3, 6)
    obs = state.observation(state.current)
    slow = SearchBudget(trees=0, iterations=None, seconds=0.0005, cap=60.0, floor=50)
    agent = RootParallelAgent(2, slow, "expert", workers=2)
    jobs = agent.plan(obs)
    assert [j.at_least for j in jobs] == [25, 25]
    assert all(run_tree(j).iterations >= 25 for j in jobs)
    agent.begin(obs)  # the same in this process, in slices
    while not agent.think(0.0005):
        pass
    assert agent.last_iterations >= 50


def single_choice_position() -> GameState:
    """The first position of a random game where only one move is legal."""
    import random

    rng = random.Random(2)
    state = GameState.new(3, seed=2)
    while len(state.legal_actions()) != 1:
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def test_a_forced_decision_needs_no_search() -> None:
    state = single_choice_position()
    agent = RootParallelAgent(1, SMALL, "hard")
    assert agent.plan(state.observation(state.current)) == []
    assert agent.best_action() == state.legal_actions()[0]
