"""/notify through the service, driven by a manual clock: preferences, quiet hours, the daily
budget, digests, closed DMs, standing answers."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from datetime import UTC, datetime
from pathlib import Path

import pytest
from bot_helpers import user
from sqlalchemy import delete, select

from bot.service.change import Step
from bot.service.clock import DAY, HOUR, ManualClock
from bot.service.notify import HINT
from bot.service.results import ServiceError
from bot.service.service import GameService
from bot.store import schema
from bot.store.store import GameStore

ANN, BOB = user("Ann"), user("Bob")
GUILD = "55"


@asynccontextmanager
async def service(path: Path, clock: ManualClock) -> AsyncIterator[GameService]:
    store = await GameStore.open(path)
    try:
        yield GameService(store, clock=clock, rng=random.Random(0))
    finally:
        await store.close()


async def table(svc: GameService, channel: str = "101", clock: str = "fast", game_id: str = "toy_race") -> Step:
    await svc.lobby.open(channel, GUILD, ANN, "Ann", game_id, {}, clock=clock)
    await svc.lobby.join(channel, BOB, "Bob")
    return await svc.lobby.start(channel, ANN, seed=3)


async def owes(svc: GameService, channel: str, who: str, result: Step) -> Step:
    while who not in result.waiting:
        mover = result.waiting[0]
        result = await svc.play.act(channel, mover, "step" if "step" in result.legal[mover] else "rest")
    return result


async def test_settings_are_validated_stored_and_shown(tmp_path: Path) -> None:
    async with service(tmp_path / "g.sqlite3", ManualClock()) as svc:
        shown = (await svc.notify.settings(ANN)).lines
        assert shown[0] == "Notifications: a mention in the game's channel."
        assert "UTC; quiet hours: none" in shown[1] and "no limit (0 today)" in shown[2]
        for kwargs, code in (
            ({"mode": "pigeon"}, "bad_mode"),
            ({"timezone": "Mars/Olympus"}, "bad_timezone"),
            ({"quiet": "22-22"}, "bad_quiet"),
            ({"quiet": "late"}, "bad_quiet"),
            ({"budget": 101}, "bad_budget"),
        ):
            with pytest.raises(ServiceError) as err:
                await svc.notify.settings(ANN, **kwargs)  # type: ignore[arg-type]
            assert err.value.code == code
        lines = (await svc.notify.settings(ANN, mode="dm", timezone="Europe/Berlin", quiet="22-07", budget=3)).lines
        assert "a direct message" in lines[0] and "Europe/Berlin; quiet hours: 22:00–07:00" in lines[1]
        assert "budget across all your games: 3 (0 used today)" in lines[2]
        assert (await svc.notify.settings(ANN, quiet="off")).lines[1].endswith("quiet hours: none.")
        assert str(await svc.notify.zone(ANN)) == "Europe/Berlin"


async def test_a_turn_ping_in_quiet_hours_is_held_until_they_end(tmp_path: Path) -> None:
    clock = ManualClock(datetime(2030, 1, 1, 20, tzinfo=UTC))
    async with service(tmp_path / "g.sqlite3", clock) as svc:
        await svc.notify.settings(ANN, timezone="Europe/Berlin", quiet="22-07")  # 21:00-06:00 UTC in winter
        started = await table(svc, clock="none")
        row = started.game_row or 0
        assert (await svc.notify.plan_pings(row, [ANN, BOB])).ping == [ANN, BOB]  # 21:00 in Berlin: not quiet yet
        clock.advance(2 * HOUR)
        plan = await svc.notify.plan_pings(row, [ANN, BOB])
        assert plan.ping == [BOB] and plan.dm == []
        clock.advance(8 * HOUR - 1)  # 05:59 UTC, 06:59 in Berlin
        assert await svc.notify.held_due() == []
        clock.advance(1)
        result = await owes(svc, "101", ANN, started)
        assert ANN in result.waiting
        [held] = await svc.notify.held_due()
        assert (held.kind, held.user_id, held.ping) == ("held", ANN, True)
        assert "during your quiet hours" in held.text() and held.text().startswith(f"🔔 @{ANN}")
        assert await svc.notify.held_due() == []  # once


async def test_reminders_in_quiet_hours_wait_but_the_deadline_does_not_move(tmp_path: Path) -> None:
    clock = ManualClock(datetime(2030, 1, 1, 12, tzinfo=UTC))
    async with service(tmp_path / "g.sqlite3", clock) as svc:
        started = await table(svc)  # fast: 12 h; half-time at 18:00, final at 22:48, deadline at midnight
        late = started.waiting[0]
        await svc.notify.settings(late, quiet="17-20")
        due = await svc.reminders.next_timer()
        clock.advance(6 * HOUR)
        assert await svc.reminders.due() == []  # 18:00: quiet
        clock.advance(2 * HOUR)
        assert [(n.kind, n.ping) for n in await svc.reminders.due()] == [("half", True)]  # 20:00: quiet is over
        await svc.notify.settings(late, quiet="22-07")
        clock.advance(3 * HOUR)  # 23:00: the final warning (22:48) waits for 07:00, after the deadline...
        assert await svc.reminders.due() == []
        clock.advance(HOUR)  # ...which stays at midnight
        [expiry] = await svc.timeouts.expire_due()
        assert expiry.result is not None and late not in expiry.result.waiting and due is not None
        clock.advance(8 * HOUR)
        assert all(n.user_id != late for n in await svc.reminders.due())


async def test_over_the_daily_budget_pings_turn_silent_and_go_to_the_next_digest(tmp_path: Path) -> None:
    clock = ManualClock(datetime(2030, 1, 1, 10, tzinfo=UTC))
    async with service(tmp_path / "g.sqlite3", clock) as svc:
        started = await table(svc)
        row = started.game_row or 0
        assert started.ping == [ANN]  # the start's turn message pinged her: one ping counted today
        await svc.notify.settings(ANN, budget=2)
        assert [(await svc.notify.plan_pings(row, [ANN])).ping for _ in range(2)] == [[ANN], []]
        result = await owes(svc, "101", ANN, started)
        clock.advance(6 * HOUR)
        [half] = [n for n in await svc.reminders.due() if n.user_id == ANN]
        assert not half.ping and half.text().startswith("⏳ **Ann**, a reminder")  # named, silent
        assert "2 (2 used today)" in (await svc.notify.settings(ANN)).lines[2]
        assert await svc.notify.digest_due() == []  # the next digest is tomorrow at 09:00
        clock.advance(17 * HOUR)  # 09:00 the next day: a new budget, and the digest
        [digest] = await svc.notify.digest_due()
        assert digest.user_id == ANN and not digest.dm and digest.channel_id == "101"
        assert digest.text.startswith("📬 Your daily digest") and "**your turn** in Toy Race" in digest.text
        assert "over your daily ping budget" in digest.text and "a reminder" in digest.text
        assert await svc.notify.digest_due() == []
        assert (await svc.notify.plan_pings(row, [ANN])).ping == [ANN] and result.game_row == row


async def test_digest_mode_pings_nobody_and_sends_one_digest_a_day(tmp_path: Path) -> None:
    clock = ManualClock(datetime(2030, 1, 1, 10, tzinfo=UTC))
    async with service(tmp_path / "g.sqlite3", clock) as svc:
        await svc.notify.settings(ANN, mode="digest", timezone="America/New_York")
        started = await table(svc, clock="daily")
        row = started.game_row or 0
        assert (await svc.notify.plan_pings(row, [ANN, BOB])).ping == [BOB]
        await owes(svc, "101", ANN, started)
        digests, reminders = [], []
        for _ in range(60):
            clock.advance(HOUR)
            reminders += await svc.reminders.due()
            digests += await svc.notify.digest_due()
        assert [(n.user_id, n.ping) for n in reminders] == [(ANN, False)]  # silent, into the digest
        assert len(digests) == 3 and all(d.dm for d in digests)  # 09:00 in New York (14:00 UTC), daily
        assert "Since the last digest:" in digests[0].text and "Since the last digest" not in digests[1].text
        assert "a reminder" in digests[2].text


async def test_closed_dms_are_remembered_hinted_once_and_retried_only_after_a_change(tmp_path: Path) -> None:
    async with service(tmp_path / "g.sqlite3", ManualClock()) as svc:
        started = await table(svc, clock="none")
        row = started.game_row or 0
        assert not await svc.notify.dm_allowed(ANN)  # DMs are opt-in
        await svc.notify.settings(ANN, mode="dm")
        assert await svc.notify.dm_allowed(ANN) and (await svc.notify.plan_pings(row, [ANN])).dm == [ANN]
        assert await svc.notify.dm_failed(ANN) == HINT
        assert await svc.notify.dm_failed(ANN) is None  # the hint only once
        assert not await svc.notify.dm_allowed(ANN) and (await svc.notify.plan_pings(row, [ANN])).dm == []
        assert "DMs were closed" in (await svc.notify.settings(ANN)).lines[-1]
        await svc.notify.settings(ANN, mode="dm")
        assert await svc.notify.dm_allowed(ANN)


async def test_standing_answers_play_the_default_and_are_logged(tmp_path: Path) -> None:
    async with service(tmp_path / "g.sqlite3", ManualClock()) as svc:
        started = await table(svc, clock="none")
        row = started.game_row or 0
        for kind, code in (("Bet!", "bad_kind"),):
            with pytest.raises(ServiceError) as err:
                await svc.standing.set("101", ANN, kind)
            assert err.value.code == code
        with pytest.raises(ServiceError) as err:
            await svc.standing.set("101", "u-zed", "bet")
        assert err.value.code == "not_seated"
        told = await svc.standing.set("101", ANN, "bet")
        assert "answered for you with their default" in told.lines[0] and "`bet`" in told.lines[1]
        assert await svc.standing.kinds("101", ANN) == ["bet", "move"]
        result = started
        for _ in range(2):  # both players finish their turns: the parallel bet opens...
            mover = result.waiting[0]
            result = await svc.play.act("101", mover, "step")
            result = await svc.play.act("101", mover, "step")
        # ...and Ann's standing answer to it is stored in the same step, as her own logged action
        assert result.waiting == [BOB] and result.mention == [BOB] and result.ping == [BOB]
        line = "🤖 Ann's standing answer to “Push or rest?”: `rest`."
        assert line in result.public and result.public.index(line) > 0  # after the move that opened it
        last = (await svc.store.actions(row))[-1]
        assert (last.version, last.user_id, last.text, last.public_lines[0]) == (result.version, ANN, "rest", line)
        assert [(e, d) for _, u, e, d in await svc.core.reminders.history(row) if u == ANN][-1] == (
            "standing",
            "bet: rest",
        )
        assert await svc.standing.answer(row) is None and await svc.standing.due() == []
        off = await svc.standing.set("101", ANN, "bet", on=False)
        assert "asked of you again" in off.lines[0] and "none" in off.lines[1]


async def test_a_kind_without_default_is_refused_and_the_sweep_answers_later_decisions(tmp_path: Path) -> None:
    clock = ManualClock()
    async with service(tmp_path / "g.sqlite3", clock) as svc:
        started = await table(svc, clock="fast", game_id="toy_stubborn")
        with pytest.raises(ServiceError) as err:
            await svc.standing.set("101", started.waiting[0], "move")
        assert err.value.code == "no_default"
        result = started
        for _ in range(2):
            mover = result.waiting[0]
            result = await svc.play.act("101", mover, "step")
            result = await svc.play.act("101", mover, "step")
        assert set(result.waiting) == {ANN, BOB}  # the bet is open; nobody has a standing answer yet
        await svc.standing.set("101", BOB, "bet")  # turning one on answers nothing by itself
        await svc.standing.set("101", ANN, "bet")
        [swept] = await svc.standing.due()  # e.g. after a restart: the timer loop's sweep
        assert sum("standing answer" in line for line in swept.public) == 2 and swept.waiting != []
        assert swept.version == result.version + 2 and await svc.standing.due() == []


async def test_away_dates_are_read_in_the_users_time_zone(tmp_path: Path) -> None:
    clock = ManualClock(datetime(2030, 1, 1, 12, tzinfo=UTC))
    async with service(tmp_path / "g.sqlite3", clock) as svc:
        await svc.notify.settings(ANN, timezone="Asia/Tokyo")
        await svc.away.set(ANN, "2030-01-02")
        assert await svc.core.away.until(ANN) == "2030-01-02T15:00:00.000+00:00"  # midnight in Tokyo
        clock.advance(DAY + 3 * HOUR)
        assert await svc.away.due() == [] and await svc.core.away.until(ANN) is None  # no games: no lines


async def test_reminders_follow_the_mode_dm_copy_and_budget(tmp_path: Path) -> None:
    clock = ManualClock()
    async with service(tmp_path / "g.sqlite3", clock) as svc:
        started = await table(svc, clock="fast")
        late = started.waiting[0]
        await svc.notify.settings(late, mode="dm")
        clock.advance(6 * HOUR)
        [half] = await svc.reminders.due()
        assert half.ping and half.dm and half.dm_text().startswith("⏳ A reminder: **Toy Race** is waiting for you")
        await svc.notify.dm_failed(late)
        clock.advance(5 * HOUR)
        [final] = await svc.reminders.due()
        assert final.ping and not final.dm  # DMs closed: the channel mention only


async def test_pings_older_than_two_days_are_dropped_at_most_once_an_hour(tmp_path: Path) -> None:
    clock = ManualClock()
    async with service(tmp_path / "pings.sqlite3", clock) as svc:
        row = (await table(svc)).game_row or 0
        book = svc.core.notify
        p = schema.pings
        async with svc.store.transaction() as db:  # the start's own pings: not this test's
            await db.execute(delete(p))
        times: list[str] = []

        async def ping(after: float) -> list[str]:
            clock.advance(after)
            times.append(svc.now())
            await book.count_ping(ANN, row, "turn", svc.now())
            return [r[0] for r in await svc.store.query(select(p.c.sent_at).where(p.c.user_id == ANN))]

        assert await ping(0) == times[:1]
        assert await ping(30 * 60) == times[:2]
        assert await ping(2 * DAY - 10 * 60) == times[1:3]  # pruned: the first is over two days old
        assert await ping(20 * 60) == times[1:4]  # the second is too, but the last prune was 20 min ago
        assert await ping(HOUR) == times[2:5]  # an hour on: pruned again
