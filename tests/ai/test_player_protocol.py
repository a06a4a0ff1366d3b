"""The line protocol of docs/player-protocol.md: the player process, the tournament's seat that
speaks it, and a frozen version played from its own checkout."""

from __future__ import annotations

import io
import json
import sys

import pytest

from ra_game.ai import make_agent
from ra_game.engine import GameState, Move, replay_dict
from tools import frozen, ra_player, tournament

PLAYER = [sys.executable, str(frozen.PLAYER)]


def history(players: int, seed: int, moves: int) -> tuple[GameState, list[str]]:
    """A game of medium players ``moves`` moves in, and its moves in notation."""
    state = GameState.new(players, seed=seed)
    medium = make_agent("ai:medium", seed)
    played = []
    for _ in range(moves):
        action = medium.choose(state.observation(state.current))
        played.append(Move.from_action(action).text)
        state.apply_action(action)
    return state, played


def serve(lines: list[str]) -> list[str]:
    out = io.StringIO()
    ra_player.serve(ra_player.Player(capped=False), io.StringIO("\n".join(lines) + "\n"), out)
    return out.getvalue().splitlines()


def test_an_observation_in_a_move_out_in_the_games_notation() -> None:
    state, played = history(3, 4, 30)
    doc = json.dumps(replay_dict(state, played, ["ai"] * 3))
    assert "seed" not in doc  # the public history only: the drawn tiles, never the bag's order
    replies = serve(["new ai:medium 1", f"position {doc}", "quit", "new ai:medium 2"])
    assert replies[:3] == ["ready ra-player/1", "ok", "info cut 0"]
    move = replies[3].removeprefix("move ")
    assert Move.parse(move).action == make_agent("ai:medium", 1).choose(
        state.observation(state.current))
    assert len(replies) == 4  # nothing after quit


def test_bad_lines_get_one_error_line_and_the_player_goes_on() -> None:
    state, played = history(2, 4, 10)
    doc = json.dumps(replay_dict(state, played, ["ai"] * 2))
    replies = serve([f"position {doc}", "new ai:nobody 1", "new ai:medium 1", "position {x",
                     "hello", f"position {doc}"])
    assert [r.split()[0] for r in replies] == ["ready", "error", "error", "ok", "error", "error",
                                              "info", "move"]
    assert all("\n" not in r and "Traceback" not in r for r in replies)


def test_a_program_at_a_seat_plays_as_the_same_agent_in_this_process(
        capsys: pytest.CaptureFixture[str]) -> None:
    program = f"{' '.join(PLAYER)} --kind ai:medium"
    args = ["--seats", "medium,today", "--games", "1", "--seed", "9", "--json"]
    assert tournament.main([*args, "--program", f"today={program}"]) == 0
    spoken = json.loads(capsys.readouterr().out)
    assert tournament.main(["--seats", "medium,medium", "--games", "1", "--seed", "9",
                            "--json"]) == 0
    local = json.loads(capsys.readouterr().out)
    # same seeds, same agent: the same games, whichever way it is spoken to
    assert [r["mean_score"] for r in spoken["results"]] == [local["results"][0]["mean_score"]] * 2
    assert all(r["cut_short"] == 0 for r in spoken["results"])


def test_a_broken_program_is_one_clear_error(capsys: pytest.CaptureFixture[str]) -> None:
    agent = frozen.LinePlayer([sys.executable, "-c", "print('hello')"], "x", 1)
    state, _ = history(2, 4, 3)
    with pytest.raises(frozen.PlayerError, match="expected 'ready'"):
        agent.choose(state.observation(state.current))
    agent.close()
    program = f"mute={sys.executable} -c pass"
    assert tournament.main(["--seats", "medium,mute", "--program", program, "--json"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("tournament: error: mute: the player process ended")
    assert err.count("\n") == 1 and "Traceback" not in err


def test_frozen_versions_are_commits_of_main() -> None:
    named = frozen.versions()
    assert "hard-v2" in named
    for version in named.values():
        assert len(version.commit) == 40 and int(version.commit, 16) >= 0
    assert tournament.agent_kind("hard-v2") == "hard-v2"
    with pytest.raises(ValueError):
        tournament.agent_kind("hard-v2@100")


@pytest.mark.slow
def test_hard_v2_plays_from_its_own_checkout_as_todays_hand_made_hard() -> None:
    """hard-v2 is the commit whose hard is today's hard with the hand-made evaluation: the same
    seed gives the same move (the frozen code, in its own process, over the protocol)."""
    version = frozen.versions()["hard-v2"]
    for players, seed, moves in ((2, 3, 20), (4, 11, 25)):
        state, played = history(players, seed, moves)
        obs = state.observation(state.current)
        agent = tournament.build_agent("hard-v2", 7, None)
        assert isinstance(agent, frozen.LinePlayer)
        agent.follow(played)
        try:
            assert agent.choose(obs) == make_agent("hard-hand-made", 7).choose(obs)
        finally:
            agent.close()
    assert (frozen.checkout(version) / "ra_game").is_dir()
