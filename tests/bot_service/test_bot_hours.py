"""Table playing hours: clocks run only inside the table's daily window (manual clock, no sleeping)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from bot_helpers import CHANNEL, user
from sqlalchemy import text

from bot.service.change import Step
from bot.service.clock import DAY, HOUR, ManualClock
from bot.service.hours import Hours, advance, open_seconds, parse_hours
from bot.service.reminders import LADDER
from bot.service.results import ServiceError
from bot.service.service import GameService
from bot.store.reminders import Reminders
from bot.store.store import GameStore
from bot.store.times import seconds_between, shift

T0 = "2030-01-01T00:00:00.000+00:00"  # a Tuesday, midnight UTC (the ManualClock's start)
EVENING = Hours(18, 23, "UTC")


def test_none_is_plain_utc_arithmetic() -> None:
    assert open_seconds(None, T0, "2030-01-02T00:00:00.000+00:00") == DAY
    assert advance(None, T0, 36 * HOUR) == "2030-01-02T12:00:00.000+00:00"


def test_only_time_inside_the_window_counts() -> None:
    assert open_seconds(EVENING, T0, "2030-01-01T18:00:00.000+00:00") == 0
    assert open_seconds(EVENING, T0, "2030-01-01T20:30:00.000+00:00") == 2 * HOUR + 1800
    assert open_seconds(EVENING, T0, "2030-01-03T00:00:00.000+00:00") == 10 * HOUR
    assert open_seconds(EVENING, "2030-01-01T22:00:00.000+00:00", "2030-01-02T19:00:00.000+00:00") == 2 * HOUR


def test_a_deadline_across_a_night_moves_by_the_closed_hours() -> None:
    # 3 h from 22:00: one open hour tonight, then the 19 closed hours, then two more from 18:00.
    start = "2030-01-01T22:00:00.000+00:00"
    assert advance(EVENING, start, 3 * HOUR) == "2030-01-02T20:00:00.000+00:00"
    assert seconds_between(start, advance(EVENING, start, 3 * HOUR)) == 3 * HOUR + 19 * HOUR
    # Started while closed: the clock waits for the window to open.
    assert advance(EVENING, T0, HOUR) == "2030-01-01T19:00:00.000+00:00"
    # Exactly at closing time it stays today (the deadline is the window's last moment).
    assert advance(EVENING, "2030-01-01T18:00:00.000+00:00", 5 * HOUR) == "2030-01-01T23:00:00.000+00:00"


def test_windows_cross_midnight() -> None:
    late = parse_hours("22-02", None)
    assert late == Hours(22, 2, "UTC")
    # From midnight the 00:00-02:00 tail of the previous night is open.
    assert open_seconds(late, T0, "2030-01-01T03:00:00.000+00:00") == 2 * HOUR
    assert open_seconds(late, T0, "2030-01-02T03:00:00.000+00:00") == 6 * HOUR
    assert advance(late, "2030-01-01T23:00:00.000+00:00", 4 * HOUR) == "2030-01-02T23:00:00.000+00:00"


def test_the_tables_time_zone_is_respected() -> None:
    new_york = parse_hours("18-23", "America/New_York")  # UTC-5 in January: 23:00-04:00 UTC
    assert new_york is not None and new_york.label == "18:00–23:00 America/New_York"
    assert open_seconds(new_york, T0, "2030-01-01T23:00:00.000+00:00") == 4 * HOUR  # the night before, 00-04
    assert advance(new_york, "2030-01-01T12:00:00.000+00:00", HOUR) == "2030-01-02T00:00:00.000+00:00"
    summer = "2030-07-01T12:00:00.000+00:00"  # UTC-4 in July: opens at 22:00 UTC
    assert advance(new_york, summer, HOUR) == "2030-07-01T23:00:00.000+00:00"


def test_no_table_time_moves_nothing() -> None:
    # Not even a moment at closing time or in the closed hours (a downtime that fell entirely at night).
    for moment in ("2030-01-01T23:00:00.000+00:00", "2030-01-01T03:00:00.000+00:00"):
        assert advance(EVENING, moment, 0) == moment
    assert advance(None, T0, 0) == T0


@pytest.mark.parametrize(
    ("span", "zone"),
    [("18-23", "Europe/Paris"), ("22-02", "Europe/Paris"), ("0-24", "Europe/Paris"), ("22-02", "America/New_York")],
)
def test_open_seconds_undoes_advance_across_the_dst_changes(span: str, zone: str) -> None:
    hours = parse_hours(span, zone)
    rng = random.Random(span + zone)
    for base in (
        "2030-03-28T00:00:00.000+00:00",
        "2030-10-24T00:00:00.000+00:00",  # Europe: 31 Mar, 27 Oct
        "2030-03-08T00:00:00.000+00:00",
        "2030-11-01T00:00:00.000+00:00",
    ):  # US: 10 Mar, 3 Nov
        for _ in range(40):
            start = shift(base, rng.randrange(0, 4 * DAY, 900))
            first, then = rng.randrange(60, 30 * HOUR, 60), rng.randrange(60, 30 * HOUR, 60)
            middle = advance(hours, start, first)
            assert open_seconds(hours, start, middle) == first
            assert advance(hours, middle, then) == advance(hours, start, first + then)  # steps add up
    # Whole-day windows are plain arithmetic, DST or not (31 March has 23 hours on Paris clocks).
    assert (
        advance(parse_hours("0-24", "Europe/Paris"), "2030-03-30T12:00:00.000+00:00", DAY)
        == "2030-03-31T12:00:00.000+00:00"
    )


@pytest.mark.parametrize(
    ("hours", "zone", "code"),
    [
        ("25-3", None, "bad_hours"),
        ("evening", None, "bad_hours"),
        ("18-18", None, "bad_hours"),
        ("18-23", "Mars/Olympus", "bad_timezone"),
        (None, "Europe/Paris", "bad_hours"),
    ],
)
def test_bad_input_is_refused_kindly(hours: str | None, zone: str | None, code: str) -> None:
    with pytest.raises(ServiceError) as err:
        parse_hours(hours, zone)
    assert err.value.code == code and "`" in err.value.message


async def _open(svc: GameService, hours: str | None, zone: str | None = None) -> Step:
    lobby = await svc.lobby.open(
        CHANNEL, "g", user("Ann"), "Ann", "toy_race", {}, clock="daily", hours=hours, timezone=zone
    )
    assert ("playing hours" in lobby.public[0]) == (hours is not None)
    await svc.lobby.join(CHANNEL, user("Bob"), "Bob")
    return await svc.lobby.start(CHANNEL, user("Ann"), seed=3)


async def _bank_after(tmp_path: Path, hours: str | None, zone: str | None = None) -> tuple[int, str, str]:
    """Open a daily game; the first player moves after 6 days. (bank after, first opened_at, first due_at)"""
    clock = ManualClock()
    store = await GameStore.open(tmp_path / f"{hours}.sqlite3")
    try:
        svc = GameService(store, clock=clock, rng=random.Random(0))
        started = await _open(svc, hours, zone)
        row, first = started.game_row or 0, started.waiting[0]
        seat = [s.user_id for s in await store.seats(row)].index(first)
        opened = (await svc.core.deadlines.of_game(row))[seat]
        await Reminders(store).plan(10 * DAY, LADDER)
        fires = [
            r[0]
            for r in await store.query(
                text("SELECT fire_at FROM reminders WHERE seat = :seat AND kind = 'half'"), {"seat": seat}
            )
        ]
        assert fires and opened.opened_at is not None and opened.due_at is not None
        assert opened.opened_at < fires[0] < opened.due_at  # reminders follow the (moved) deadline
        clock.advance(6 * DAY)
        await svc.play.act(CHANNEL, first, "step")
        after = await svc.play.act(CHANNEL, first, "step")
        assert first not in after.waiting
        return (await svc.core.deadlines.of_game(row))[seat].bank, opened.opened_at, opened.due_at
    finally:
        await store.close()


async def test_service_charges_only_playing_hours_and_stores_them(tmp_path: Path) -> None:
    bank, opened, due = await _bank_after(tmp_path, "18-23")
    # 72 h of open time at 5 h a day: 14 days and 12 open hours -> the 15th evening, 18:00 + 2 h.
    assert due == "2030-01-15T20:00:00.000+00:00" and opened == T0
    assert bank == 3 * DAY - 6 * 5 * HOUR + DAY  # only 30 open hours were charged
    plain_bank, _, plain_due = await _bank_after(tmp_path, None)
    assert seconds_between(T0, plain_due) == 3 * DAY and plain_bank == DAY  # 144 h charged: empty, +24 h


async def test_hours_are_stored_on_the_game(tmp_path: Path) -> None:
    store = await GameStore.open(tmp_path / "g.sqlite3")
    try:
        svc = GameService(store, clock=ManualClock(), rng=random.Random(0))
        started = await _open(svc, "22-02", "Europe/Paris")
        record = await store.game(started.game_row or 0)
        assert record is not None and (record.hours, record.hours_tz) == ("22-02", "Europe/Paris")
        with pytest.raises(ServiceError):
            await svc.lobby.open("other", "g", user("Cy"), "Cy", "toy_race", {}, hours="9-", timezone=None)
    finally:
        await store.close()
