"""The status line on its own: what it says for one frame's :class:`Said`, in the order of its
sources (no scene built)."""

from __future__ import annotations

from ra_game.engine import GameState
from ra_game.engine import events as ev
from ra_game.ui.board.controls import HumanInput
from ra_game.ui.board.geometry import BoardGeometry
from ra_game.ui.board.modes.overlay import Overlay
from ra_game.ui.board.parts.epoch_skip import EpochSkip
from ra_game.ui.board.parts.hint import HintAdvisor
from ra_game.ui.board.parts.status_text import Said, StatusText
from ra_game.ui.board.sentences import Sentences
from ra_game.ui.layout import load_layout

NAMES = ["You", "Ann", "Bo"]


class Says(Overlay):
    def status(self) -> str | None:
        return "The mode speaks."


def speech(overlay: Overlay | None = None) -> tuple[StatusText, HumanInput, GameState]:
    state = GameState.new(3, seed=3, names=NAMES)
    decision = HumanInput(BoardGeometry(load_layout("play"), 3))
    text = StatusText(Sentences(NAMES, state.current), state.current, EpochSkip(),
                      overlay or Overlay(), HintAdvisor(3, 1), decision)
    return text, decision, state


def test_a_notice_comes_first_and_is_urgent() -> None:
    text, _decision, state = speech(Says())
    assert text.text(Said(state, 0, notice="Saved.")) == ("Saved.", True)
    assert text.text(Said(state, 0)) == ("The mode speaks.", False)


def test_the_animations_caption_while_pieces_move() -> None:
    text, _decision, state = speech()
    assert text.text(Said(state, 0, busy=True, caption="Ra is invoked!")) == (
        "Ra is invoked!", False)
    assert text.text(Said(state, 0, busy=True)) == ("", False)


def test_the_persons_open_decision_and_the_ai_at_work() -> None:
    text, decision, state = speech()
    decision.begin(state)
    said, urgent = text.text(Said(state, 0, ready=True, person_to_move=True))
    assert said and not urgent and "thinking" not in said
    state.apply("draw")
    assert text.text(Said(state, 1)) == (f"{NAMES[state.current]} is thinking...", False)


def test_the_persons_automatic_pass_is_held_a_few_seconds() -> None:
    text, _decision, state = speech()
    state.apply("draw")
    text.hold_own_pass([ev.Passed(player=text.you or 0, automatic=True)])
    held, _urgent = text.text(Said(state, 1))
    assert held != f"{NAMES[state.current]} is thinking..." and held
    text.tick(StatusText.SAID_SECONDS)
    assert text.text(Said(state, 1))[0] == f"{NAMES[state.current]} is thinking..."
