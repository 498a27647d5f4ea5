"""The one time-control notation: lichess's MINUTES+SECONDS, with an explicit seconds form."""

from __future__ import annotations

import pytest

from grundy import protocol as p
from grundy.protocol.clock import format_time_control, parse_time_control


@pytest.mark.parametrize(
    ("text", "initial", "increment"),
    [
        ("5+2", 300, 2),  # lichess: 5 minutes, 2 seconds a move
        ("3+0", 180, 0),
        ("5", 300, 0),  # a bare starting time: no increment
        ("0.5+1", 30, 1),
        ("30s+1", 30, 1),  # the explicit seconds form
        ("90s", 90, 0),
        ("300s+5", 300, 5),  # what the old seconds notation meant by 300+5
        ("200m+3", 12000, 3),  # minutes beyond three hours say so
        (" 10 + 5 ", 600, 5),
        ("5+2s", 300, 2),
    ],
)
def test_minutes_plus_seconds(text: str, initial: float, increment: float) -> None:
    assert parse_time_control(text) == p.TimeControl(initial_s=initial, increment_s=increment)


@pytest.mark.parametrize("text", ["", "  ", "none", "untimed", "-", "NONE"])
def test_blank_and_none_are_untimed(text: str) -> None:
    assert parse_time_control(text) is None


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("soon", "write MINUTES+SECONDS like 5+2"),
        ("5 min", "write MINUTES+SECONDS"),
        ("5+2+1", "write MINUTES+SECONDS"),
        ("-5+2", "write MINUTES+SECONDS"),
        ("0+2", "above 0"),
        ("1441m", "at most 1440 minutes"),
        ("5+3601", "0 to 3600 seconds"),
        ("300+5", "write 300s+5 for 300 seconds"),  # the old notation is caught, not read as five hours
    ],
)
def test_bad_clocks_are_refused_naming_the_text_and_the_way_to_write_it(text: str, says: str) -> None:
    with pytest.raises(p.TimeControlError) as e:
        parse_time_control(text)
    assert repr(text) in str(e.value) and says in str(e.value)
    assert isinstance(e.value, ValueError)


@pytest.mark.parametrize(
    ("tc", "text"),
    [
        (p.TimeControl(initial_s=300, increment_s=2), "5+2"),
        (p.TimeControl(initial_s=30, increment_s=1), "30s+1"),
        (p.TimeControl(initial_s=90, increment_s=0), "1.5+0"),
        (p.TimeControl(initial_s=61, increment_s=0.5), "61s+0.5"),
        (p.TimeControl(initial_s=12000, increment_s=0), "200m+0"),
        (None, "untimed"),
    ],
)
def test_the_notation_is_written_back_and_reads_the_same(tc: p.TimeControl | None, text: str) -> None:
    assert format_time_control(tc) == text
    assert parse_time_control(text) == tc
