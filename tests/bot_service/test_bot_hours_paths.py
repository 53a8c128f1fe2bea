"""Table playing hours hold on every path that moves a deadline or a reminder: snooze, bot
downtime, away and back, the reminder ladder, a seat handed over. Manual clock, no sleeping.

The scenario: ``hours:18-23 timezone:Europe/Paris``, clock fast (12 h per decision), started
Monday 7 January 2030 13:00 Paris, so the first deadline is Wednesday 20:00 (Monday 5 h,
Tuesday 5 h, Wednesday 2 h). Times below are Paris wall times; :func:`at` turns them into the
stored UTC form. Then the same paths with ``22-02`` windows across both DST changes of 2030
(Sunday 31 March and Sunday 27 October).
"""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

from bot_helpers import CHANNEL, user
from sqlalchemy import text

from bot.service.clock import HOUR, ManualClock
from bot.service.reminders import LADDER
from bot.service.service import GameService
from bot.store.store import GameStore
from bot.store.times import iso

PARIS = ZoneInfo("Europe/Paris")


def local(text: str) -> datetime:
    """``"2030-01-07 13:00"`` in Paris as an aware datetime."""
    return datetime.fromisoformat(text).replace(tzinfo=PARIS)


def at(text: str) -> str:
    """A Paris wall time in the stored format (ISO-8601 UTC)."""
    return iso(local(text))


@asynccontextmanager
async def table(path: Path, clock: ManualClock, hours: str = "18-23") -> AsyncIterator[tuple[GameService, int, int]]:
    """A fast Toy Race with playing hours, started at the clock's time: (service, game row, seat that owes)."""
    store = await GameStore.open(path)
    try:
        svc = GameService(store, clock=clock, rng=random.Random(0))
        await svc.lobby.open(
            CHANNEL, "g", user("Ann"), "Ann", "toy_race", {}, clock="fast", hours=hours, timezone="Europe/Paris"
        )
        await svc.lobby.join(CHANNEL, user("Bob"), "Bob")
        started = await svc.lobby.start(CHANNEL, user("Ann"), seed=3)
        row = started.game_row or 0
        yield svc, row, [s.user_id for s in await store.seats(row)].index(started.waiting[0])
    finally:
        await store.close()


@asynccontextmanager
async def reopened(path: Path, clock: ManualClock) -> AsyncIterator[GameService]:
    """The bot started again over the same database."""
    store = await GameStore.open(path)
    try:
        yield GameService(store, clock=clock, rng=random.Random(0))
    finally:
        await store.close()


async def clock_of(svc: GameService, row: int, seat: int) -> tuple[str | None, str | None]:
    c = (await svc.core.deadlines.of_game(row))[seat]
    return c.opened_at, c.due_at


async def fires(svc: GameService, row: int, seat: int) -> dict[str, str]:
    """kind -> fire_at of the seat's planned reminder rows."""
    await svc.core.reminders.plan(svc.reminders.stall_after, LADDER)
    rows = await svc.store.query(
        text("SELECT kind, fire_at FROM reminders WHERE game = :game AND seat = :seat"), {"game": row, "seat": seat}
    )
    return {r[0]: r[1] for r in rows}


async def test_the_reminders_come_at_shares_of_the_open_time(tmp_path: Path) -> None:
    clock = ManualClock(local("2030-01-07 13:00"))
    async with table(tmp_path / "g.sqlite3", clock) as (svc, row, seat):
        assert await clock_of(svc, row, seat) == (at("2030-01-07 13:00"), at("2030-01-09 20:00"))
        # Half of 12 open hours: Monday 18-23 and one hour on Tuesday (not Tuesday 16:30, half the wall span).
        # The final warning at 10.8 h (later than 2 h before the deadline): Wednesday 18:48.
        assert await fires(svc, row, seat) == {"half": at("2030-01-08 19:00"), "final": at("2030-01-09 18:48")}
        clock.now = local("2030-01-08 16:30")
        assert await svc.reminders.due() == []
        assert await svc.reminders.next_timer() == at("2030-01-08 19:00")
        clock.now = local("2030-01-08 19:00")
        [half] = await svc.reminders.due()
        assert (half.kind, half.seat, half.due_at) == ("half", seat, at("2030-01-09 20:00"))
        assert await svc.reminders.next_timer() == at("2030-01-09 18:48")


async def test_snooze_adds_twelve_open_hours(tmp_path: Path) -> None:
    clock = ManualClock(local("2030-01-07 13:00"))
    async with table(tmp_path / "g.sqlite3", clock) as (svc, row, seat):
        clock.now = local("2030-01-08 20:00")
        [half] = await svc.reminders.due()
        snoozed = await svc.reminders.snooze(row, seat, (await svc.store.seats(row))[seat].user_id)
        # From Wednesday 20:00: 3 h that evening, 5 h on Thursday, 4 h on Friday (not Thursday 08:00).
        assert await clock_of(svc, row, seat) == (at("2030-01-07 13:00"), at("2030-01-11 22:00"))
        assert "12 h of playing time later" in snoozed.public[0]
        # The final warning comes 2 open hours before the new deadline (22 of its 24 open hours).
        assert (await fires(svc, row, seat))["final"] == at("2030-01-11 20:00")
        clock.now = local("2030-01-10 08:00")
        assert await svc.timeouts.expire_due() == [] and await svc.reminders.due() == []
        clock.now = local("2030-01-11 22:00")
        [expiry] = await svc.timeouts.expire_due()
        assert expiry.result is not None


async def test_downtime_gives_back_the_open_time_it_took(tmp_path: Path) -> None:
    clock, path = ManualClock(local("2030-01-07 13:00")), tmp_path / "g.sqlite3"
    async with table(path, clock) as (svc, row, seat):
        clock.now = local("2030-01-08 16:00")
        assert await svc.reminders.due() == []  # the ladder is planned: half at 19:00, final Wednesday 18:48
        clock.now = local("2030-01-08 19:00")
        await svc.timeouts.heartbeat()  # the bot's last sign of life (before the half-time reminder went out)
    clock.now = local("2030-01-08 23:00")
    async with reopened(path, clock) as svc:
        assert await svc.timeouts.resume() == (4 * HOUR, 1)
        # 4 open hours lost: Wednesday 20:00 moves to 23:00 (3 h), then Thursday 18:00 + 1 h (not Thursday
        # 00:00); the decision counts as opened 4 open hours later, Monday 22:00, so none of it is charged.
        assert await clock_of(svc, row, seat) == (at("2030-01-07 22:00"), at("2030-01-10 19:00"))
        # The reminders moved by the same open time: the half-time one is due now (Tuesday 19:00 + 4 h),
        # the final warning 2 h 12 min of open time before the new deadline.
        assert await fires(svc, row, seat) == {"half": at("2030-01-08 23:00"), "final": at("2030-01-09 22:48")}
        [half] = await svc.reminders.due()
        assert half.kind == "half" and await svc.reminders.next_timer() == at("2030-01-09 22:48")


async def test_away_keeps_the_open_time_that_was_left(tmp_path: Path) -> None:
    clock = ManualClock(local("2030-01-07 13:00"))
    async with table(tmp_path / "g.sqlite3", clock) as (svc, row, seat):
        player = (await svc.store.seats(row))[seat].user_id
        clock.now = local("2030-01-08 19:00")
        [half] = await svc.reminders.due()
        clock.now = local("2030-01-08 22:00")
        await svc.away.set(player, "5d")
        [frozen] = await svc.core.away.frozen(row)
        assert frozen.remaining == 3 * HOUR  # 22:00-23:00 tonight and Wednesday 18:00-20:00
        clock.now = local("2030-01-10 18:30")
        back = await svc.away.back(player)
        # 3 open hours from Thursday 18:30 (not 22 h of wall time); opened_at moves on by the 6.5 open hours
        # spent away (Tuesday 1 h, Wednesday 5 h, Thursday 0.5 h): Monday 5 h + Tuesday 18:00-19:30.
        assert await clock_of(svc, row, seat) == (at("2030-01-08 19:30"), at("2030-01-10 21:30"))
        assert back.notices and "their deadline is <t:" in back.notices[0].body
        assert (await fires(svc, row, seat))["final"] == at("2030-01-10 20:18")  # 10.8 of its 12 open hours
        assert await svc.reminders.next_timer() == at("2030-01-10 20:18")


async def test_a_seat_handed_over_gets_twelve_open_hours(tmp_path: Path) -> None:
    clock = ManualClock(local("2030-01-07 13:00"))
    async with table(tmp_path / "g.sqlite3", clock) as (svc, row, seat):
        player = (await svc.store.seats(row))[seat].user_id
        clock.now = local("2030-01-08 20:00")
        await svc.seats.substitute(CHANNEL, player, "u-dee", "Dee")
        # Tuesday 20:00-23:00, Wednesday 5 h, Thursday 18:00 + 4 h (not Wednesday 08:00).
        assert await clock_of(svc, row, seat) == (at("2030-01-08 20:00"), at("2030-01-10 22:00"))


# --- 22-02 windows across the DST changes -------------------------------------------------------
# Spring 2030: Paris goes from UTC+1 to UTC+2 at 02:00 on Sunday 31 March, so Saturday night's window
# (22:00 to the non-existent 02:00) closes at 01:00 UTC and Sunday's opens at 20:00 UTC. A fast game
# started Friday 29 March 13:00 is due Monday 1 April 02:00 (Friday 4 h, Saturday 4 h, Sunday 4 h).


async def test_past_midnight_reminders_across_the_spring_change(tmp_path: Path) -> None:
    clock = ManualClock(local("2030-03-29 13:00"))
    async with table(tmp_path / "g.sqlite3", clock, "22-02") as (svc, row, seat):
        assert await clock_of(svc, row, seat) == (at("2030-03-29 13:00"), at("2030-04-01 02:00"))
        # Half: Friday night 4 h, then Saturday 22:00 + 2 h; final: 10.8 h, Sunday 22:00 + 2 h 48.
        assert await fires(svc, row, seat) == {"half": at("2030-03-31 00:00"), "final": at("2030-04-01 00:48")}


async def test_downtime_across_the_spring_change(tmp_path: Path) -> None:
    clock, path = ManualClock(local("2030-03-29 13:00")), tmp_path / "g.sqlite3"
    async with table(path, clock, "22-02") as (svc, row, seat):
        clock.now = local("2030-03-30 23:00")
        await svc.timeouts.heartbeat()
    clock.now = local("2030-03-31 23:00")  # 23 h later by the wall (the night lost an hour)
    async with reopened(path, clock) as svc:
        assert await svc.timeouts.resume() == (23 * HOUR, 1)
        # Open time lost: Saturday 23:00-02:00 (3 h) and Sunday 22:00-23:00 (1 h). Of the 7 open hours that
        # were left, 3 remain tonight and 4 fill Monday night's window: Tuesday 02:00.
        assert await clock_of(svc, row, seat) == (at("2030-03-30 02:00"), at("2030-04-02 02:00"))


async def test_snooze_past_midnight_across_the_spring_change(tmp_path: Path) -> None:
    clock = ManualClock(local("2030-03-29 13:00"))
    async with table(tmp_path / "g.sqlite3", clock, "22-02") as (svc, row, seat):
        clock.now = local("2030-03-30 23:00")
        await svc.reminders.snooze(row, seat, (await svc.store.seats(row))[seat].user_id)
        # From Monday 02:00 (a closing time): Monday night, Tuesday night, Wednesday night, 4 h each.
        assert (await clock_of(svc, row, seat))[1] == at("2030-04-04 02:00")


async def test_away_past_midnight_across_the_autumn_change(tmp_path: Path) -> None:
    # Autumn 2030: back from UTC+2 to UTC+1 at 03:00 on Sunday 27 October. A fast game started Friday
    # 25 October 13:00 is due Monday 28 October 02:00 (Friday, Saturday and Sunday nights, 4 h each).
    clock = ManualClock(local("2030-10-25 13:00"))
    async with table(tmp_path / "g.sqlite3", clock, "22-02") as (svc, row, seat):
        player = (await svc.store.seats(row))[seat].user_id
        assert await clock_of(svc, row, seat) == (at("2030-10-25 13:00"), at("2030-10-28 02:00"))
        clock.now = local("2030-10-26 23:00")
        await svc.away.set(player, "3d")
        assert (await svc.core.away.frozen(row))[0].remaining == 7 * HOUR  # 3 h tonight, 4 h on Sunday night
        clock.now = local("2030-10-27 23:30")
        await svc.away.back(player)
        # 2.5 h tonight, 4 h on Monday night, 0.5 h on Tuesday: 22:30. Away took 3 h + 1.5 h of open time,
        # so the decision counts as opened on Saturday 22:30 (Friday night 4 h, then half an hour).
        assert await clock_of(svc, row, seat) == (at("2030-10-26 22:30"), at("2030-10-29 22:30"))
