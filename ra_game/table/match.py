"""The table: one game of Ra, whoever sits at it.

A :class:`Match` owns the :class:`GameState` and the moves played so far.  ``apply`` plays a
move only if the engine says it is legal (else the engine's ``IllegalMoveError`` goes to the
caller and nothing changes; no other move is put in its place) and tells its observers
``(move, events)``: the game log, the autosave, the undo book, the statistics, the sounds and
the seat controllers are observers.  What a kind of game allows (saving, undo, hints,
statistics) is a :class:`Modes` of the match.  :func:`play_out` drives a match with seat
controllers to the end, without a window; the play scene drives the same match frame by frame.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..engine import GameState, Move, Observation, replay_dict
from .seats import SeatController, Tick, seated
from .stepped import run_to_end

if TYPE_CHECKING:
    from ..engine.events import Event
    from .seat_kinds import SeatKind

Observer = Callable[[Move, "Sequence[Event]"], None]
ResetObserver = Callable[[Sequence[str]], None]


@dataclass(frozen=True)  # (no slots: they would hide a compiled Move's own fields)
class Revealed(Move):
    """A draw whose tile the table learns from elsewhere (a copy of an online game: the server
    says which tile came out); :meth:`Match.apply` puts ``tile`` next in the bag, then draws."""

    tile: int = -1

    @classmethod
    def draw(cls, tile: int) -> Revealed:
        return cls("draw", tile=tile)


@dataclass(frozen=True)
class Modes:
    """What this kind of game allows: a replay and the lesson follow a script, so they save
    nothing, take nothing back, give no hints and count for no statistics."""

    saves: bool = True
    undo: bool = True
    hints: bool = True
    stats: bool = True


#: The modes of a game that follows a script (the replay viewer, the lesson).
SCRIPTED = Modes(saves=False, undo=False, hints=False, stats=False)


class Match:
    """A game's state, its moves and who is told about them."""

    def __init__(self, state: GameState, moves: Sequence[str] = (),
                 modes: Modes = Modes()) -> None:
        self.state = state
        self.moves: list[str] = list(moves)
        self.modes = modes
        #: Changes with every applied move and every reset: names the decision to take.
        self.version = 0
        self._observers: list[Observer] = []
        self._reset_observers: list[ResetObserver] = []
        self._seen: tuple[int, int, Observation] | None = None

    @classmethod
    def new(cls, names: Sequence[str], seed: int, modes: Modes = Modes()) -> Match:
        """A new game for the seats ``names``, its bag dealt by ``seed``."""
        return cls(GameState.new(len(names), seed=seed, names=list(names)), modes=modes)

    def observe(self, observer: Observer) -> None:
        """Call ``observer(move, events)`` after every applied move, in the order added."""
        self._observers.append(observer)

    def observe_reset(self, observer: ResetObserver) -> None:
        """Call ``observer(moves)`` after every :meth:`reset`, with the moves it keeps."""
        self._reset_observers.append(observer)

    @property
    def over(self) -> bool:
        return self.state.over

    def observation(self, seat: int) -> Observation:
        """What ``seat`` may know now (the same object until the match changes)."""
        seen = self._seen
        if seen is None or seen[0] != self.version or seen[1] != seat:
            seen = self._seen = (self.version, seat, self.state.observation(seat))
        return seen[2]

    def apply(self, move: Move) -> list[Any]:
        """Play ``move`` for the seat to move; its events.  Raises the engine's
        ``IllegalMoveError`` (and changes nothing) when it is not legal now.  A
        :class:`Revealed` draw first puts its tile next in the bag (a ``SetupError`` when no
        such tile is left, and nothing changes); observers see the plain draw."""
        if isinstance(move, Revealed):
            if move.action in self.state.legal_actions():
                self.state.put_next(move.tile)
            move = Move.from_action(move.action)
        events = self.state.apply(move)
        self.moves.append(move.text)
        self.version += 1
        for observer in list(self._observers):
            observer(move, events)
        return events

    def reset(self, state: GameState, moves: Sequence[str]) -> None:
        """Show ``state``, reached by ``moves``, from now on (a replay's step, a take-back);
        the move observers are not told (whoever resets rebuilds what it shows), the reset
        observers are."""
        self.state = state
        self.moves = list(moves)
        self.version += 1
        for observer in list(self._reset_observers):
            observer(self.moves)

    def fast_forward(self, moves: Sequence[str]) -> list[list[Any]]:
        """Play ``moves`` at once, as one reset (the lesson's jump ahead): their events, in
        order.  Raises the engine's ``IllegalMoveError`` (and changes nothing) when one of
        them is not legal."""
        state = self.state.clone()
        events = [state.apply(move) for move in moves]
        self.reset(state, [*self.moves, *moves])
        return events

    def document(self, kinds: Sequence[SeatKind], seed: int | None = None) -> dict[str, Any]:
        """The replay document of the game so far (without a seed: no bag order)."""
        return replay_dict(self.state, self.moves, [kind.code for kind in kinds], seed)


class PlayOut:
    """A match played to its end by its seat controllers, a step at a time (a
    :class:`~ra_game.table.stepped.Stepped` job): each step polls the controller of the seat to move
    and applies its move; waiting is that controller's (it thinks meanwhile).  ``ended``: what
    must also be true once the match is over (the headless client waits on for the server's
    end, in its first controller)."""

    def __init__(self, match: Match, controllers: Sequence[SeatController],
                 ended: Callable[[], bool] | None = None) -> None:
        self.match = match
        self.controllers = list(controllers)
        self.ended = ended
        self.waiting = self.controllers[0]
        for controller in controllers:
            match.observe(controller.on_applied)
            match.observe_reset(controller.on_reset)

    @property
    def done(self) -> bool:
        return self.match.over and (self.ended is None or self.ended())

    def step(self, max_seconds: float = 0.0) -> bool:
        match = self.match
        if match.over:
            self.waiting = self.controllers[0]
            return False
        seat = match.state.current
        controller = seated(self.controllers, seat)
        move = controller.poll(match.observation(seat), Tick(match.version))
        if move is None:
            self.waiting = controller
            return False
        match.apply(move)
        return True

    def wait(self, timeout: float) -> None:
        self.waiting.wait(timeout)


def play_out(match: Match, controllers: Sequence[SeatController],
             wait: float = 0.5) -> None:
    """Drive ``match`` to its end with ``controllers`` (blocking, no window): each decision is
    polled from the seat's controller, which sleeps in ``wait`` while it thinks."""
    run_to_end(PlayOut(match, controllers), wait=wait)
