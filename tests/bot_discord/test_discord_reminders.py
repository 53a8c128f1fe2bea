"""Reminders in Discord: who is pinged, what is silent, the snooze button, stalled games, restarts."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from discord_fakes import NAMES, Call, Guild, pinged, posted, table_now
from timed_tables import open_timed, timed_guild

from bot.discord.views.components import DYNAMIC_ITEMS
from bot.discord.views.reminders import SnoozeButton
from bot.discord.views.timeouts import OfferButton
from bot.service.clock import DAY, HOUR, ManualClock
from bot.settings import Settings, SettingsError

SILENT = 4096


def timers(guild: Guild) -> Any:
    found = guild.bot.get_cog("TimerCog")
    assert found is not None
    return found


def ping_or_silent(posts: list[Call]) -> None:
    """Every channel message either pings someone, or is sent with the silent flag."""
    for post in posts:
        assert bool(pinged(post)) != bool(post.flags & SILENT), post.content


async def test_snooze_custom_id_belongs_to_one_item() -> None:
    item = SnoozeButton(123456789012, 3)
    classes = (*DYNAMIC_ITEMS, OfferButton, SnoozeButton)
    assert [c for c in classes if c.__discord_ui_compiled_template__.fullmatch(item.custom_id)] == [SnoozeButton]
    match = SnoozeButton.__discord_ui_compiled_template__.fullmatch(item.custom_id)
    assert match is not None
    again = await SnoozeButton.from_custom_id(None, item.item, match)  # type: ignore[arg-type]
    assert (again.game_row, again.seat) == (123456789012, 3)


async def test_reminders_ping_only_the_seat_that_owes_and_snooze_once(tmp_path: Path) -> None:
    clock = ManualClock()
    guild = await timed_guild(tmp_path, clock)
    try:
        await open_timed(guild)
        table = await table_now(guild)
        [seat] = table.waiting_seats()
        owner = int(table.users[seat])
        other = next(u for u in NAMES if u != owner)
        clock.advance(6 * HOUR)
        mark = len(guild.fake.calls)
        _, notices = await timers(guild).tick()
        reminder = posted(guild.fake.since(mark))
        assert len(notices) == 1 and pinged(reminder) == {str(owner)} and not reminder.flags & SILENT
        assert reminder.content.startswith(f"⏳ <@{owner}>, a reminder: **Puerto Rico**")
        [snooze] = reminder.custom_ids()
        assert snooze == f"pbp:{table.row}:{seat}:snooze"
        refused = await guild.click(other, NAMES[other], reminder.reply, snooze)
        assert any(c.ephemeral and f"Only {table.names[seat]} can snooze" in c.content for c in refused)
        calls = await guild.click(owner, NAMES[owner], reminder.reply, snooze)
        line = posted(calls)
        assert "snoozed" in line.content and line.flags & SILENT and not pinged(line)
        assert any(c.method == "PATCH" and c.payload.get("components") == [] for c in calls)  # button removed
        again = await guild.click(owner, NAMES[owner], reminder.reply, snooze)
        assert any(c.ephemeral and "already snoozed" in c.content for c in again)
        assert (await table_now(guild)).due[seat] > table.due[seat]
        mark = len(guild.fake.calls)
        assert (await timers(guild).tick()) == ([], [])  # the old final-warning time is gone
        clock.advance(16 * HOUR)  # 2 h before the snoozed deadline (24 h)
        _, [final] = await timers(guild).tick()
        warning = posted(guild.fake.since(mark))
        assert final.kind == "final" and pinged(warning) == {str(owner)}
        assert "final warning" in warning.content and warning.custom_ids() == []  # snoozed once already
        ping_or_silent(guild.fake.channel_posts())
    finally:
        await guild.bot.close()


async def test_one_ping_per_new_decision_and_silence_for_everything_else(tmp_path: Path) -> None:
    clock = ManualClock()
    guild = await timed_guild(tmp_path, clock)
    try:
        await open_timed(guild)
        start = guild.fake.channel_posts()[-1]
        table = await table_now(guild)
        governor = table.waiting_users()
        assert pinged(start) == set(governor)
        for _ in range(3):  # the ladder, then the deadline: offered to the table (choosing a role has no default)
            clock.advance(4 * HOUR)
            await timers(guild).tick()
        posts = guild.fake.channel_posts()
        assert [p for p in posts if pinged(p)] == [start] + [p for p in posts if "⏳" in p.content or "⚠️" in p.content]
        assert all(pinged(p) == set(governor) for p in posts if pinged(p))
        offer = posts[-1]
        assert "time ran out" in offer.content and offer.flags & SILENT
        ping_or_silent(posts)
    finally:
        await guild.bot.close()


async def test_a_stalled_game_is_announced_silently_once_and_the_loop_wakes_for_it(tmp_path: Path) -> None:
    clock = ManualClock()
    guild = await timed_guild(tmp_path, clock, stall_days=3)
    try:
        await open_timed(guild, "none")
        assert await timers(guild).delay() == 60.0  # nothing within a minute: heartbeat interval
        await timers(guild).tick()  # plans the stall row
        clock.advance(3 * DAY)
        assert await timers(guild).delay() == 0.0
        mark = len(guild.fake.calls)
        await timers(guild).tick()
        stall = posted(guild.fake.since(mark))
        assert stall.content.startswith("⌛ **Puerto Rico** has stalled") and "3 days" in stall.content
        assert stall.flags & SILENT and not pinged(stall) and stall.custom_ids() == []
        clock.advance(30 * DAY)
        mark = len(guild.fake.calls)
        await timers(guild).tick()
        assert guild.fake.channel_posts(mark) == []
    finally:
        await guild.bot.close()


async def test_a_restart_between_reminders_sends_each_once(tmp_path: Path) -> None:
    clock = ManualClock()
    guild = await timed_guild(tmp_path, clock)
    await open_timed(guild)
    clock.advance(6 * HOUR)
    await timers(guild).tick()
    assert len([p for p in guild.fake.channel_posts() if "a reminder" in p.content]) == 1
    await guild.bot.close()
    clock.advance(30)  # a quick restart
    guild = await timed_guild(tmp_path, clock)
    try:
        await timers(guild).tick()
        assert guild.fake.channel_posts() == []  # nothing is posted twice
        clock.advance(5 * HOUR)
        await timers(guild).tick()
        [final] = guild.fake.channel_posts()
        assert "final warning: **Puerto Rico** needs you (“Choose a role.”)" in final.content
    finally:
        await guild.bot.close()


def test_stall_days_comes_from_the_environment() -> None:
    assert Settings.from_env({}).stall_days == 7
    assert Settings.from_env({"STALL_DAYS": "14"}).stall_days == 14
    with pytest.raises(SettingsError, match="STALL_DAYS"):
        Settings.from_env({"STALL_DAYS": "soon"})
