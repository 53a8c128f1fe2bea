"""The reminder ladder through the service, driven by a manual clock (no sleeping): half-time
reminder, final warning, snooze, the table waiting longer, stalled games, restarts."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import pytest
from bot_helpers import CHANNEL, user

from bot.service.change import Step
from bot.service.clock import DAY, HOUR, ManualClock
from bot.service.notices import Notice
from bot.service.results import ServiceError
from bot.service.service import GameService
from bot.store.store import GameStore
from bot.store.times import seconds_between, shift


@asynccontextmanager
async def timed(path: Path, clock: ManualClock, **kwargs: int) -> AsyncIterator[GameService]:
    store = await GameStore.open(path)
    try:
        yield GameService(store, clock=clock, rng=random.Random(0), **kwargs)
    finally:
        await store.close()


async def open_game(svc: GameService, clock: str = "fast", game_id: str = "toy_race") -> Step:
    await svc.lobby.open(CHANNEL, "g", user("Ann"), "Ann", game_id, {}, clock=clock)
    await svc.lobby.join(CHANNEL, user("Bob"), "Bob")
    return await svc.lobby.start(CHANNEL, user("Ann"), seed=3)


def kinds(notices: list[Notice]) -> list[tuple[str, str | None]]:
    return [(n.kind, n.user_id) for n in notices]


async def test_half_time_reminder_then_final_warning_ping_only_the_seat_that_owes(tmp_path: Path) -> None:
    clock = ManualClock()
    async with timed(tmp_path / "g.sqlite3", clock) as svc:
        started = await open_game(svc)
        late = started.waiting[0]
        clock.advance(6 * HOUR - 1)
        assert await svc.reminders.due() == []
        clock.advance(1)
        [half] = await svc.reminders.due()
        assert (half.kind, half.user_id, half.ping, half.snooze) == ("half", late, True, True)
        assert half.channel_id == CHANNEL and "a reminder: **Toy Race** is waiting for you" in half.text()
        assert half.text().startswith(f"⏳ @{late}, a reminder")  # test ids are not numeric: no <@…> form
        assert "due <t:" in half.text()
        assert await svc.reminders.due() == []  # claimed: never twice
        assert seconds_between(svc.now(), await svc.reminders.next_timer() or "") == int(4.8 * HOUR)
        clock.advance(4.8 * HOUR)
        [final] = await svc.reminders.due()
        assert (final.kind, final.user_id) == ("final", late)
        assert "final warning" in final.text() and "the default `step` is played for you" in final.text()
        clock.advance(1.2 * HOUR)
        [expiry] = await svc.timeouts.expire_due()
        assert expiry.result is not None
        assert await svc.reminders.due() == []
        nxt = expiry.result.waiting[0]
        assert nxt != late
        clock.advance(6 * HOUR)  # the next player's decision opened at the deadline: its own ladder
        assert kinds(await svc.reminders.due()) == [("half", nxt)]


async def test_when_both_are_due_only_the_final_warning_is_sent(tmp_path: Path) -> None:
    clock = ManualClock()
    async with timed(tmp_path / "g.sqlite3", clock) as svc:
        started = await open_game(svc, "daily")
        clock.advance(71 * HOUR)  # 3-day bank: half at 36 h, final 2 h before (70 h)
        assert kinds(await svc.reminders.due()) == [("final", started.waiting[0])]
        clock.advance(30 * 60)
        assert await svc.reminders.due() == []


async def test_a_move_ends_the_ladder_of_that_decision(tmp_path: Path) -> None:
    clock = ManualClock()
    async with timed(tmp_path / "g.sqlite3", clock) as svc:
        started = await open_game(svc)
        first = started.waiting[0]
        clock.advance(HOUR)
        await svc.play.act(CHANNEL, first, "step")
        moved = await svc.play.act(CHANNEL, first, "step")
        assert first not in moved.waiting
        clock.advance(5 * HOUR)  # 6 h after the first decision opened: it is closed, nothing fires
        assert await svc.reminders.due() == []
        clock.advance(HOUR)
        assert kinds(await svc.reminders.due()) == [("half", moved.waiting[0])]


async def test_snooze_moves_the_deadline_once_per_decision_and_is_logged(tmp_path: Path) -> None:
    clock = ManualClock()
    async with timed(tmp_path / "g.sqlite3", clock) as svc:
        started = await open_game(svc)
        row, late = started.game_row or 0, started.waiting[0]
        other = next(u for u in (user("Ann"), user("Bob")) if u != late)
        seat = [s.user_id for s in await svc.store.seats(row)].index(late)
        due = (await svc.core.deadlines.of_game(row))[seat].due_at or ""
        clock.advance(6 * HOUR)
        [half] = await svc.reminders.due()
        with pytest.raises(ServiceError) as err:
            await svc.reminders.snooze(row, seat, other)
        assert err.value.code == "not_your_decision"
        snoozed = await svc.reminders.snooze(row, seat, late)
        assert "snoozed" in snoozed.public[0] and "12 h later" in snoozed.public[0]
        assert (await svc.core.deadlines.of_game(row))[seat].due_at == shift(due, 12 * HOUR)
        with pytest.raises(ServiceError) as err:
            await svc.reminders.snooze(row, seat, late)
        assert err.value.code == "already_snoozed"
        assert [(e, u) for _, u, e, _ in await svc.core.reminders.history(row)] == [("snooze", late)]
        clock.advance(10 * HOUR)  # the old final-warning time (10.8 h) passes quietly...
        assert await svc.timeouts.expire_due() == [] and await svc.reminders.due() == []
        clock.advance(6 * HOUR)  # ...and the warning comes 2 h before the new deadline (24 h)
        [final] = await svc.reminders.due()
        assert final.kind == "final" and not final.snooze  # no second snooze on offer
        clock.advance(2 * HOUR)
        [expiry] = await svc.timeouts.expire_due()
        assert expiry.result is not None and late not in expiry.result.waiting


async def test_waiting_longer_rearms_only_the_final_warning(tmp_path: Path) -> None:
    clock = ManualClock()
    async with timed(tmp_path / "g.sqlite3", clock) as svc:
        started = await open_game(svc, game_id="toy_stubborn")
        row, late = started.game_row or 0, started.waiting[0]
        other = next(u for u in (user("Ann"), user("Bob")) if u != late)
        clock.advance(6 * HOUR)
        assert kinds(await svc.reminders.due()) == [("half", late)]
        clock.advance(5 * HOUR)
        assert kinds(await svc.reminders.due()) == [("final", late)]
        clock.advance(HOUR)
        [expiry] = await svc.timeouts.expire_due()
        assert expiry.offer is not None
        assert await svc.reminders.due() == []  # the table was asked: no reminders while it decides
        offer = expiry.offer
        await svc.timeouts.wait_longer(row, offer.version, offer.seat, other)  # new deadline at 24 h
        clock.advance(10 * HOUR - 1)
        assert await svc.reminders.due() == []
        clock.advance(1)
        [final] = await svc.reminders.due()
        assert final.kind == "final" and "the table decides" in final.text()
        with pytest.raises(ServiceError):
            await svc.reminders.snooze(row, offer.seat, other)
        clock.advance(DAY)
        assert await svc.reminders.due() == []


async def test_a_stalled_game_is_announced_to_the_table_once(tmp_path: Path) -> None:
    clock = ManualClock()
    async with timed(tmp_path / "g.sqlite3", clock) as svc:
        started = await open_game(svc, "none")
        clock.advance(7 * DAY - 1)
        assert await svc.reminders.due() == []
        clock.advance(1)
        [stall] = await svc.reminders.due()
        assert stall.kind == "stall" and stall.user_id is None and not stall.ping and not stall.snooze
        waiting = started.waiting[0].removeprefix("u-").capitalize()
        assert "has stalled" in stall.text() and "7 days" in stall.text() and f"**{waiting}**" in stall.text()
        for _ in range(5):
            clock.advance(7 * DAY)
            assert await svc.reminders.due() == []  # never pinged forever
        await svc.play.act(CHANNEL, started.waiting[0], "step")
        clock.advance(7 * DAY)
        assert kinds(await svc.reminders.due()) == [("stall", None)]  # a new stall after new activity


async def test_stall_after_is_configurable_and_ended_games_are_quiet(tmp_path: Path) -> None:
    clock = ManualClock()
    async with timed(tmp_path / "g.sqlite3", clock, stall_after=2 * DAY) as svc:
        await open_game(svc, "fast")
        await svc.lobby.abandon(CHANNEL, user("Ann"))
        clock.advance(30 * DAY)
        assert await svc.reminders.due() == [] and await svc.reminders.next_timer() is None


async def test_a_restart_never_duplicates_reminders_and_downtime_moves_them(tmp_path: Path) -> None:
    clock, path = ManualClock(), tmp_path / "g.sqlite3"
    async with timed(path, clock) as svc:
        started = await open_game(svc, "daily")
        late = started.waiting[0]
        clock.advance(36 * HOUR)
        assert kinds(await svc.reminders.due()) == [("half", late)]
        await svc.timeouts.heartbeat()
    clock.advance(5 * HOUR)  # down for 5 h: the deadline and the final warning move 5 h later
    async with timed(path, clock) as svc:
        assert (await svc.timeouts.resume())[0] == 5 * HOUR
        assert await svc.reminders.due() == []  # the half-time reminder is not sent again
        clock.advance(34 * HOUR - 1)  # final at 70 h of the bank, i.e. 75 h after the start
        assert await svc.reminders.due() == []
        clock.advance(1)
        assert kinds(await svc.reminders.due()) == [("final", late)]
        await svc.timeouts.heartbeat()
    async with timed(path, clock) as svc:  # a quick restart: nothing moves, nothing repeats
        assert await svc.timeouts.resume() == (0, 0)
        clock.advance(HOUR)
        assert await svc.reminders.due() == []
