"""Fixed-seed fingerprints of every search: the refactors of the search (one ``HardAgent``, the
evaluation and the root rule as arguments) must keep each level's decisions, the review's
verdicts and the second opinion's play-outs exactly as they were.  The digests were taken from
the code before the refactor (commit 8017e19)."""

from __future__ import annotations

import hashlib

import pytest

from ra_game.ai import make_agent
from ra_game.engine import GameState, Observation


def mid_game_positions() -> list[Observation]:
    """Positions of 2-5 players a few dozen moves into games of medium players."""
    out = []
    for players, seed, moves in ((2, 3, 20), (3, 5, 35), (4, 11, 25), (5, 8, 60), (2, 9, 45)):
        state = GameState.new(players, seed=seed)
        agent = make_agent("ai:medium", seed)
        for _ in range(moves):
            state.apply_action(agent.choose(state.observation(state.current)))
        out.append(state.observation(state.current))
    return out


def digest(value: object) -> str:
    return hashlib.sha256(repr(value).encode()).hexdigest()[:16]


def rounded(stats: dict[int, tuple[int, float]]) -> list[tuple[int, int, float]]:
    return sorted((a, v, round(t, 9)) for a, (v, t) in stats.items())


POSITIONS = mid_game_positions()


def test_one_tree_of_hard_decides_as_before() -> None:
    from ra_game.ai.mcts import HardAgent

    trees = []
    for i, obs in enumerate(POSITIONS):
        agent = HardAgent(31 + i, iterations=80)
        trees.append((agent.choose(obs), rounded(agent.root_stats())))
    assert digest(trees) == "26dd66215c765567"


def test_one_tree_with_the_learned_evaluation_decides_as_before() -> None:
    from ra_game.ai.evaluators import LEARNED
    from ra_game.ai.mcts import HardAgent

    trees = []
    for i, obs in enumerate(POSITIONS):
        agent = HardAgent(31 + i, iterations=80, evaluator=LEARNED)
        trees.append((agent.choose(obs), rounded(agent.root_stats())))
    assert digest(trees) == "4cdf1d24358303c6"


def level_fingerprint(kind: str) -> str:
    """The decision and the trees' root statistics of a level at its budget on two positions."""
    from ra_game.ai.parallel import RootParallelAgent, run_tree

    out = []
    for i, obs in enumerate(POSITIONS[:2]):
        agent = make_agent(kind, 5 + i)
        assert isinstance(agent, RootParallelAgent)
        results = [run_tree(job) for job in agent.plan(obs)]
        out.append((agent.decide(results), [rounded(r.stats) for r in results]))
    return digest(out)


@pytest.mark.slow
def test_hard_with_the_hand_made_evaluation_decides_as_before() -> None:
    assert level_fingerprint("hard-hand-made") == "3d9c3e2c57ce2a4c"


@pytest.mark.slow
def test_hard_with_the_learned_evaluation_decides_as_before() -> None:
    assert level_fingerprint("hard-learned") == "55ae714602834d0d"


def test_the_review_judges_as_before(monkeypatch: pytest.MonkeyPatch) -> None:
    from ra_game.ai.evaluators import SHIPPED, Judgment
    from ra_game.review.search import ReviewBudget, judge_here

    monkeypatch.setitem(SHIPPED, 2, Judgment.HAND_MADE)  # the evaluation it had (2 players too)

    verdicts = []
    for obs in POSITIONS:
        played = obs.state.legal_actions()[-1]
        v = judge_here(obs, played, ReviewBudget(2, 60))
        verdicts.append((v.best, v.played, round(v.best_fame, 9), round(v.played_fame, 9),
                         round(v.error, 9), sorted(v.visits.items())))
    assert digest(verdicts) == "6804253e321ee71d"


def test_the_second_opinion_plays_out_as_before() -> None:
    from ra_game.review.confirm import second_opinion_here

    opinions: list[tuple[float | int, ...]] = []
    for obs in POSITIONS[:3]:
        legal = obs.state.legal_actions()
        s = second_opinion_here(obs, legal[0], legal[-1], deals=4)
        opinions.append((round(s.gain, 9), round(s.error, 9), s.deals))
    state, medium = GameState.new(3, seed=21), make_agent("ai:medium", 2)
    while state.epoch < 3:  # the last epoch: the keep-suns plan is tried too
        state.apply_action(medium.choose(state.observation(state.current)))
    for _ in range(6):
        state.apply_action(medium.choose(state.observation(state.current)))
    obs = state.observation(state.current)
    legal = obs.state.legal_actions()
    s = second_opinion_here(obs, legal[0], legal[-1], deals=4)
    opinions.append((len(legal), round(s.gain, 9), round(s.error, 9), s.deals))
    assert digest(opinions) == "8dbab3272a2697d2"
