"""Animation objects advanced by dt, without a window."""

from __future__ import annotations

import math

import pytest

from ra_game.ui.animation import (
    EASINGS,
    AnimationQueue,
    Call,
    Deferred,
    Delay,
    Parallel,
    Sequence,
    Tween,
    WaitUntil,
    stagger,
)


class Thing:
    def __init__(self) -> None:
        self.x = 0.0
        self.pos = (0.0, 0.0)


@pytest.mark.parametrize("name", sorted(EASINGS))
def test_easings_start_at_0_and_end_at_1(name: str) -> None:
    ease = EASINGS[name]
    assert ease(0.0) == pytest.approx(0.0, abs=1e-9)
    assert ease(1.0) == pytest.approx(1.0)


def test_tween_linear_midpoint_and_end() -> None:
    t = Thing()
    tw = Tween(t, 2.0, "linear", x=10.0, pos=(4.0, -2.0))
    assert tw.update(1.0) == 0.0
    assert t.x == pytest.approx(5.0)
    assert t.pos == pytest.approx((2.0, -1.0))
    assert not tw.done
    assert tw.update(1.5) == pytest.approx(0.5)
    assert tw.done and t.x == 10.0 and t.pos == (4.0, -2.0)


def test_tween_reads_start_value_when_it_starts() -> None:
    t = Thing()
    seq = Sequence(Call(lambda: setattr(t, "x", 100.0)), Tween(t, 1.0, "linear", x=0.0))
    seq.update(0.25)
    assert t.x == pytest.approx(75.0)


def test_unknown_easing_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown easing"):
        Tween(Thing(), 1.0, "wobble", x=1)


def test_sequence_passes_leftover_time_on() -> None:
    t = Thing()
    log: list[str] = []
    seq = Sequence(Delay(0.5), Call(lambda: log.append("a")), Tween(t, 1.0, "linear", x=1.0))
    seq.update(1.0)
    assert log == ["a"]
    assert t.x == pytest.approx(0.5)
    seq.update(0.5)
    assert seq.done


def test_parallel_waits_for_the_longest_child() -> None:
    a, b = Thing(), Thing()
    par = Parallel(Tween(a, 1.0, "linear", x=1.0), Tween(b, 2.0, "linear", x=1.0))
    par.update(1.0)
    assert a.x == 1.0 and b.x == pytest.approx(0.5) and not par.done
    assert par.update(1.5) == pytest.approx(0.5)
    assert par.done


def test_stagger_delays_each_start() -> None:
    things = [Thing() for _ in range(3)]
    par = stagger([Tween(t, 1.0, "linear", x=1.0) for t in things], 0.5)
    par.update(1.0)
    assert [t.x for t in things] == pytest.approx([1.0, 0.5, 0.0])


def test_finish_runs_callbacks_in_order_and_sets_end_values() -> None:
    t = Thing()
    log: list[int] = []
    seq = Sequence(Call(lambda: log.append(1)), Tween(t, 5.0, x=3.0), Delay(9), Call(lambda: log.append(2)))
    seq.finish()
    assert seq.done and t.x == 3.0 and log == [1, 2]


def test_wait_until_holds_even_a_finish() -> None:
    flag = {"go": False}
    log: list[str] = []
    seq = Sequence(Call(lambda: log.append("before")), WaitUntil(lambda: flag["go"]),
                   Call(lambda: log.append("after")))
    seq.finish()
    assert log == ["before"] and not seq.done
    flag["go"] = True
    seq.update(0.0)
    assert log == ["before", "after"] and seq.done


def test_queue_speed_factor_and_busy() -> None:
    t = Thing()
    q = AnimationQueue(speed=2.0)
    assert not q.busy
    q.add(Tween(t, 1.0, "linear", x=1.0))
    assert q.busy
    q.update(0.25)
    assert t.x == pytest.approx(0.5)
    q.update(0.25)
    assert not q.busy


def test_queue_at_infinite_speed_finishes_at_once() -> None:
    t = Thing()
    q = AnimationQueue(speed=math.inf)
    q.add(Sequence(Delay(3.0), Tween(t, 2.0, x=7.0)))
    q.update(0.0)
    assert t.x == 7.0 and not q.busy


def test_queue_skip_and_reuse() -> None:
    t = Thing()
    q = AnimationQueue()
    q.add(Tween(t, 10.0, x=1.0))
    q.skip()
    assert t.x == 1.0 and not q.busy
    q.add(Tween(t, 1.0, "linear", x=0.0))
    q.update(0.5)
    assert t.x == pytest.approx(0.5) and q.busy


def test_deferred_builds_when_it_starts() -> None:
    t = Thing()
    built: list[float] = []

    def factory() -> Tween:
        built.append(t.x)
        return Tween(t, 1.0, "linear", x=t.x + 10)
    seq = Sequence(Tween(t, 1.0, "linear", x=5.0), Deferred(factory))
    seq.update(0.5)
    assert built == []
    seq.update(1.0)
    assert built == [5.0] and t.x == pytest.approx(10.0)
    seq.update(1.0)
    assert seq.done and t.x == 15.0
