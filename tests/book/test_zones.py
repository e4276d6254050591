"""A class's time zone and its calendar (mathcards/book/zones.py): a deadline is due when its day
ends in the class's zone (at midnight there, a daylight-saving night too, and where the clock
skips midnight itself), and a moment falls on the day the class's clock shows."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mathcards.book import BookError
from mathcards.book.zones import day_of, end_of, local_zone, zone, zone_name, zone_said

WARSAW, SANTIAGO = ZoneInfo("Europe/Warsaw"), ZoneInfo("America/Santiago")
ZONES = ["Europe/Warsaw", "America/Santiago", "Australia/Lord_Howe", "Asia/Kolkata", "Etc/UTC"]


def utc(*moment: int) -> datetime:
    return datetime(*moment, tzinfo=UTC)


def test_a_day_ends_at_midnight_in_the_class_s_zone():
    assert end_of(date(2026, 12, 11), WARSAW) == utc(2026, 12, 11, 23)  # CET: UTC+1
    assert end_of(date(2026, 7, 10), WARSAW) == utc(2026, 7, 10, 22)  # CEST: UTC+2
    assert day_of(utc(2026, 12, 11, 22, 59, 59), WARSAW) == date(2026, 12, 11)
    assert day_of(utc(2026, 12, 11, 23), WARSAW) == date(2026, 12, 12)  # midnight: the next day


def test_a_day_the_clock_goes_forward_or_back_ends_at_its_own_midnight():
    # Warsaw: 29 March 2026 has 23 hours (02:00 → 03:00), 25 October 25 hours (03:00 → 02:00)
    assert end_of(date(2026, 3, 28), WARSAW) == utc(2026, 3, 28, 23)
    assert end_of(date(2026, 3, 29), WARSAW) - end_of(date(2026, 3, 28), WARSAW) == timedelta(
        hours=23
    )
    assert end_of(date(2026, 10, 25), WARSAW) - end_of(date(2026, 10, 24), WARSAW) == timedelta(
        hours=25
    )
    # the hour that comes twice is one day's: 02:30 CEST and 02:30 CET are both 25 October
    assert day_of(utc(2026, 10, 25, 0, 30), WARSAW) == day_of(utc(2026, 10, 25, 1, 30), WARSAW)


def test_where_the_clock_skips_midnight_the_day_ends_when_it_jumps():
    """Santiago puts its clock forward at 24:00 on 5 September 2026 (to 01:00 on the 6th):
    the 5th ends at the jump, 04:00 UTC, and the 6th has 23 hours."""
    assert end_of(date(2026, 9, 5), SANTIAGO) == utc(2026, 9, 6, 4)
    assert day_of(utc(2026, 9, 6, 3, 59), SANTIAGO) == date(2026, 9, 5)
    assert day_of(utc(2026, 9, 6, 4), SANTIAGO) == date(2026, 9, 6)
    assert end_of(date(2026, 9, 6), SANTIAGO) == utc(2026, 9, 7, 3)


@given(
    st.datetimes(min_value=datetime(2000, 1, 2), max_value=datetime(2090, 1, 1)),
    st.sampled_from(ZONES),
)
def test_every_moment_falls_before_its_day_s_end_and_after_the_day_before_s(moment, name):
    where, moment = ZoneInfo(name), moment.replace(tzinfo=UTC)
    day = day_of(moment, where)
    assert end_of(day - timedelta(days=1), where) <= moment < end_of(day, where)


def test_a_zone_is_an_iana_name_checked_with_zoneinfo():
    assert zone_name(" Europe/Warsaw ") == "Europe/Warsaw"
    assert zone("America/Santiago") == SANTIAGO
    for wrong in ("Mars/Olympus", "Europe/../../etc/passwd", "", "x" * 200, "localtime"):
        with pytest.raises(BookError, match=r"there is no time zone called .*Europe/Warsaw"):
            zone_name(wrong)


def test_no_zone_set_is_the_server_s_own():
    name, where = local_zone()
    assert zone(None) is where and zone_said(None) == name
    assert zone_said("Asia/Kolkata") == "Asia/Kolkata"
    moment = utc(2026, 12, 11, 12)
    assert day_of(moment, where) == moment.astimezone(where).date()
