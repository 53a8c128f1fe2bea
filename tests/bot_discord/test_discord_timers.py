"""Deadlines in Discord: the clock chosen at /game new, the header, the timer cog's posts, the
table's wait / take-over buttons, the loop waking by itself, and downtime across a restart."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from discord_fakes import ANN, BOB, CY, Guild, pinged, posted, shown, table_now
from timed_tables import open_timed, timed_guild

from bot.discord.cogs.timers import TimerCog
from bot.service.clock import HOUR, ManualClock
from bot.store.times import parse, seconds_between

DEE = (1004, "Dee")


def cog(guild: Guild) -> Any:
    """The loaded timer cog (load_extension imports its module afresh, so no isinstance)."""
    found = guild.bot.get_cog("TimerCog")
    assert found is not None and type(found).__name__ == TimerCog.__name__
    return found


async def test_clock_is_shown_and_a_missing_default_is_offered_to_the_table(tmp_path: Path) -> None:
    clock = ManualClock()
    guild = await timed_guild(tmp_path, clock)
    try:
        await open_timed(guild)
        lobby, start = guild.fake.channel_posts()[0], guild.fake.channel_posts()[-1]
        assert "clock: fast (12 h per move)" in lobby.content
        assert "⏱ fast (12 h per move)" in start.content.splitlines()[0] and "(due <t:" in start.content
        table = await table_now(guild)
        [seat] = table.waiting_seats()
        governor = table.users[seat]
        clock.advance(12 * HOUR)
        mark = len(guild.fake.calls)
        [expiry] = await cog(guild).fire()
        offer_post = posted(guild.fake.since(mark))
        assert expiry.offer is not None and "time ran out" in offer_post.content
        assert offer_post.payload["flags"] & 4096 and not pinged(offer_post)  # silent, nobody pinged
        ids = offer_post.custom_ids()
        assert [i.rsplit(":", 1)[1] for i in ids] == ["twait", "tsub"]  # choosing a role: no pass, no skip
        other = next(u for u in (ANN, BOB, CY) if str(u[0]) != governor)
        waited = posted(await guild.click(*other, offer_post.reply, ids[0]))
        assert "chose to wait" in waited.content and "New deadline <t:" in waited.content
        again = await guild.click(*other, offer_post.reply, ids[0])  # settled: refused privately
        assert any("already settled" in c.content for c in again if c.ephemeral)
        clock.advance(12 * HOUR)
        mark = len(guild.fake.calls)
        await cog(guild).fire()
        offer_post = posted(guild.fake.since(mark))
        taken = posted(await guild.click(*DEE, offer_post.reply, offer_post.custom_ids()[-1]))
        assert "Dee takes over" in taken.content and pinged(taken) == {str(DEE[0])}
        role = next(i for i in taken.custom_ids() if ":a" in i)
        played = shown(await guild.click(*DEE, taken.reply, role))
        assert f"move {table.version + 1}" in played.content.splitlines()[0]
    finally:
        await guild.bot.close()


async def test_a_default_at_the_deadline_is_posted_and_pings_only_the_next_players(tmp_path: Path) -> None:
    clock = ManualClock()
    guild = await timed_guild(tmp_path, clock)
    try:
        await open_timed(guild)
        table = await table_now(guild)
        role = next(i for i in posted(guild.fake.channel_posts()[-1:]).custom_ids() if ":a" in i)
        await guild.click(
            *next(u for u in (ANN, BOB, CY) if str(u[0]) in table.waiting_users()),
            guild.fake.channel_posts()[-1].reply,
            role,
        )
        table = await table_now(guild)
        late = table.waiting_users()
        clock.advance(12 * HOUR)
        mark = len(guild.fake.calls)
        expiries = await cog(guild).fire()
        assert expiries and all(e.offer is None for e in expiries)
        posts = guild.fake.channel_posts(mark)
        assert posts and any("ran out of time" in p.content for p in posts)
        for post in posts:
            assert not pinged(post) & set(late)  # the late player is not pinged for their own timeout
        assert await cog(guild).fire() == []
    finally:
        await guild.bot.close()


async def test_the_loop_fires_by_itself_when_woken(tmp_path: Path) -> None:
    clock = ManualClock()
    guild = await timed_guild(tmp_path, clock, run_timers=True)
    try:
        await open_timed(guild)
        clock.advance(12 * HOUR)
        mark = len(guild.fake.calls)
        assert await cog(guild).delay() == 0.0
        cog(guild).wake.set()
        for _ in range(500):  # waits for the loop's database I/O, not for any game time
            await asyncio.sleep(0.01)
            if guild.fake.channel_posts(mark):
                break
        assert "time ran out" in guild.fake.channel_posts(mark)[0].content
    finally:
        await guild.bot.close()
    assert cog_task_done(guild)


def cog_task_done(guild: Guild) -> bool:
    task = cog(guild).task if guild.bot.get_cog("TimerCog") else None
    return task is None or task.done()


async def test_a_restart_extends_deadlines_by_the_downtime(tmp_path: Path) -> None:
    clock = ManualClock()
    guild = await timed_guild(tmp_path, clock)
    await open_timed(guild, "daily")
    before = dict((await table_now(guild)).due)
    clock.advance(HOUR)
    await guild.bot.close()  # writes the heartbeat
    clock.advance(20 * HOUR)
    guild = await timed_guild(tmp_path, clock)
    try:
        after = (await table_now(guild)).due
        assert after.keys() == before.keys()
        for seat, due in before.items():
            assert seconds_between(due, after[seat]) == 20 * HOUR
        assert parse(next(iter(after.values()))) > clock.now
        assert await cog(guild).fire() == []
    finally:
        await guild.bot.close()
