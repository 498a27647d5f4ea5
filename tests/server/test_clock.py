"""Fischer clocks as values: time is charged to the mover, the increment added, the flag is at the deadline."""

from __future__ import annotations

import pytest

from grundy.server.clock import Clocks, TimeControl, bot_budget


def test_fresh_clocks_are_stopped_and_full() -> None:
    c = Clocks.start(TimeControl(60, 2), 3)
    assert c.remaining == (60.0, 60.0, 60.0)
    assert c.running is None
    assert c.deadline() is None
    assert not c.is_flagged(10**9)
    assert c.snapshot(123.0) == [60.0, 60.0, 60.0]


def test_the_mover_is_charged_from_the_previous_move_and_gets_the_increment() -> None:
    c = Clocks.start(TimeControl(60, 2), 2).run(0, 100.0)
    assert c.left(0, 110.0) == 50.0
    assert c.left(1, 110.0) == 60.0  # a stopped clock does not run
    c = c.moved(0, 1, 112.5)  # seat 0 used 12.5 s, gets +2
    assert c.remaining == (49.5, 60.0)
    assert (c.running, c.since) == (1, 112.5)
    assert c.deadline() == 172.5
    c = c.moved(1, 0, 120.0)
    assert c.remaining == (49.5, 54.5)
    assert c.snapshot(130.0) == [39.5, 54.5]


def test_time_runs_out_at_the_deadline() -> None:
    c = Clocks.start(TimeControl(5), 2).run(1, 0.0)
    assert not c.is_flagged(4.999)
    assert c.is_flagged(5.0)
    assert c.snapshot(7.0) == [5.0, 0.0]  # never shown below zero
    assert c.left(1, 7.0) == -2.0


def test_stopping_charges_the_running_seat_and_resuming_does_not() -> None:
    c = Clocks.start(TimeControl(30), 2).run(0, 0.0)
    stopped = c.run(None, 10.0)
    assert stopped.remaining == (20.0, 30.0)
    assert stopped.running is None
    resumed = c.moved(0, 1, 4.0).resumed(1000.0)  # a server restart: the downtime is nobody's fault
    assert resumed.left(1, 1000.0) == 30.0
    assert resumed.deadline() == 1030.0


def test_remaining_from_a_stored_move() -> None:
    c = Clocks.start(TimeControl(30, 1), 2).with_remaining([12.5, 7])
    assert c.remaining == (12.5, 7.0)
    assert c.increment_s == 1.0
    assert c.running is None


def test_time_control_validates_and_round_trips() -> None:
    tc = TimeControl(180, 2)
    assert TimeControl.from_dict(tc.to_dict()) == tc
    assert TimeControl.from_dict(None) is None
    with pytest.raises(ValueError, match="initial_s"):
        TimeControl(0)
    with pytest.raises(ValueError, match="increment_s"):
        TimeControl(10, -1)


def test_bot_budget_follows_the_clock() -> None:
    assert bot_budget(None, 0, 0.0, untimed_s=1.5) == 1.5
    c = Clocks.start(TimeControl(60, 2), 2).run(0, 0.0)
    assert bot_budget(c, 0, 0.0, moves_left=20) == pytest.approx(60 / 20 + 1.6)
    assert bot_budget(c, 0, 0.0, moves_left=1, cap_s=10) == 10  # capped
    short = Clocks.start(TimeControl(1), 2).run(0, 0.0)
    assert bot_budget(short, 0, 0.0, moves_left=1) == 0.5  # never more than half of what is left
    assert bot_budget(short, 0, 5.0) == 0.02  # out of time: still answers at once


def test_a_held_clock_stands_still_until_it_is_resumed() -> None:
    c = Clocks.start(TimeControl(30, 1), 2).moved(0, 1, 10.0)  # seat 1's clock runs from 10
    held = c.held(14.0)  # moves cannot be stored from 14: seat 1 is charged until then
    assert held.remaining == (31.0, 26.0) and held.running == 1 and held.is_held
    assert held.deadline() is None and not held.is_flagged(10**9)
    assert held.left(1, 500.0) == 26.0 and held.snapshot(500.0) == [31.0, 26.0]
    assert held.held(600.0) == held  # (held once)
    back = held.resumed(500.0)
    assert not back.is_held and back.deadline() == 526.0
    assert back.moved(1, 0, 510.0).remaining == (31.0, 17.0)  # 10 s of play charged, the 486 s held not
    # A hold dated before the clock started (a move stored after the store's last answer) charges nothing.
    assert c.held(7.0).remaining == (31.0, 30.0)
    assert Clocks.start(TimeControl(30), 2).held(5.0) == Clocks.start(TimeControl(30), 2)  # (nothing runs)
