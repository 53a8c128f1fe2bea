"""/notify in Discord: settings, DM copies and closed DMs (403 remembered, one hint), quiet hours,
the daily digest with its channel fallback, and standing answers."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from discord_fakes import ANN, BOB, CY, NAMES, FakeDiscord, Guild, pinged, posted, start_bot, table_now

from bot.service.clock import HOUR, ManualClock
from bot.service.notify import HINT

SILENT = 4096
PLAYERS = (ANN, BOB, CY)


async def clocked(tmp_path: Path, clock: ManualClock) -> Guild:
    fake = FakeDiscord()
    return Guild(await start_bot(tmp_path / "games.sqlite3", fake, clock=clock), fake)


async def open_game(guild: Guild, **settings: Any) -> None:
    """Everyone sets ``/notify settings`` first (if given), then Ann opens, the others join, Ann starts."""
    for who in PLAYERS:
        if settings:
            await guild.command(*who, "notify settings", **settings)
    await guild.command(*ANN, "game new", game="puerto_rico")
    for who in (BOB, CY):
        await guild.command(*who, "game join")
    await guild.command(*ANN, "game start")


async def play_first_option(guild: Guild) -> tuple[int, list[Any]]:
    """The waiting player plays their first legal option; (who, the channel posts it made)."""
    table = await table_now(guild)
    mover = int(table.waiting_users()[0])
    mark = len(guild.fake.calls)
    await guild.command(mover, NAMES[mover], "play", action=table.texts(table.seat_of(mover))[0])
    return mover, guild.fake.channel_posts(mark)


async def test_settings_are_private_and_time_zones_are_suggested(guild: Guild) -> None:
    shown = await guild.command(*ANN, "notify settings")
    assert shown[-1].ephemeral and shown[-1].content.startswith("Notifications: a mention in the game's channel.")
    changed = await guild.command(*ANN, "notify settings", mode="dm", timezone="Europe/Berlin", quiet="22-07", budget=5)
    assert changed[-1].ephemeral and "Europe/Berlin; quiet hours: 22:00–07:00" in changed[-1].content
    assert "budget across all your games: 5" in changed[-1].content
    assert "Europe/Berlin" in await guild.autocomplete(*ANN, "notify settings", "timezone", timezone="berl")
    bad = await guild.command(*ANN, "notify settings", timezone="Nowhere/Atlantis")
    assert bad[-1].ephemeral and "I don't know the time zone" in bad[-1].content
    assert guild.fake.channel_posts() == []  # nothing public


async def test_dm_mode_copies_pings_and_closed_dms_fall_back_with_one_hint(guild: Guild) -> None:
    await open_game(guild, mode="dm")
    start = guild.fake.channel_posts()[-1]
    [governor] = pinged(start)
    [dm] = guild.fake.dms(user=int(governor))
    assert "Your turn in **Puerto Rico**" in dm.content and f"/{start.reply['id']}" in dm.content
    closed = next(u for u, _ in PLAYERS if str(u) != governor)
    guild.fake.closed_dms.add(closed)
    hints, tries = [], 0
    for _ in range(60):
        mark = len(guild.fake.calls)
        _, posts = await play_first_option(guild)
        tries += len(guild.fake.dms(mark, closed))
        hints += [p for p in posts if HINT in p.content]
        if any(str(closed) in pinged(p) for p in posts) and tries:
            break
    assert tries == 1 and len(hints) == 1  # one 403, one hint...
    assert pinged(hints[0]) == {str(closed)} and hints[0].flags & SILENT
    for _ in range(60):  # ...and never again, though they keep being pinged in the channel
        mark = len(guild.fake.calls)
        _, posts = await play_first_option(guild)
        assert guild.fake.dms(mark, closed) == [] and not any(HINT in p.content for p in posts)


async def test_quiet_hours_name_without_a_ping_and_ping_when_they_end(tmp_path: Path) -> None:
    clock = ManualClock(datetime(2030, 1, 1, 23, tzinfo=UTC))
    guild = await clocked(tmp_path, clock)
    try:
        await open_game(guild, quiet="22-07")
        start = guild.fake.channel_posts()[-1]
        table = await table_now(guild)
        [governor] = table.waiting_users()
        assert not pinged(start) and start.flags & SILENT and f"**{NAMES[int(governor)]}**" in start.content
        cog: Any = guild.bot.get_cog("TimerCog")
        clock.advance(8 * HOUR - 1)
        mark = len(guild.fake.calls)
        await cog.tick()
        assert guild.fake.channel_posts(mark) == []
        clock.advance(1)
        await cog.tick()
        held = posted(guild.fake.since(mark))
        assert pinged(held) == {governor} and not held.flags & SILENT
        assert held.content.startswith(f"🔔 <@{governor}>, **Puerto Rico** is waiting for you")
    finally:
        await guild.bot.close()


async def test_the_daily_digest_falls_back_to_the_channel_when_dms_are_closed(tmp_path: Path) -> None:
    clock = ManualClock(datetime(2030, 1, 1, 12, tzinfo=UTC))
    guild = await clocked(tmp_path, clock)
    try:
        guild.fake.closed_dms.update(u for u, _ in PLAYERS)
        await open_game(guild, mode="digest")
        start = guild.fake.channel_posts()[-1]
        [governor] = (await table_now(guild)).waiting_users()
        assert not pinged(start) and start.flags & SILENT  # digest mode: no pings at all
        cog: Any = guild.bot.get_cog("TimerCog")
        clock.advance(21 * HOUR)  # 09:00 UTC the next day
        mark = len(guild.fake.calls)
        await cog.tick()
        posts = guild.fake.channel_posts(mark)
        assert len(guild.fake.dms(mark)) == 1  # the governor's digest DM is refused once
        [hint] = [p for p in posts if HINT in p.content]
        [digest] = [p for p in posts if "📬 Your daily digest" in p.content]
        assert pinged(hint) == pinged(digest) == {governor}
        assert "**your turn** in Puerto Rico" in digest.content and "Since the last digest:" in digest.content
        clock.advance(HOUR)
        mark = len(guild.fake.calls)
        await cog.tick()
        assert guild.fake.channel_posts(mark) == [] and guild.fake.dms(mark) == []
    finally:
        await guild.bot.close()


async def test_standing_answers_are_suggested_refused_without_default_and_applied(guild: Guild) -> None:
    await open_game(guild)
    table = await table_now(guild)
    governor = int(table.waiting_users()[0])
    others = [u for u, _ in PLAYERS if u != governor]
    refused = await guild.command(governor, NAMES[governor], "notify auto", kind="role")
    assert refused[-1].ephemeral and "have no default answer" in refused[-1].content
    for who in others:
        done = await guild.command(who, NAMES[who], "notify auto", kind="build")
        assert done[-1].ephemeral and "answered for you with their default" in done[-1].content
    assert await guild.autocomplete(others[0], NAMES[others[0]], "notify auto", "kind", kind="") == ["build"]
    await guild.command(governor, NAMES[governor], "play", action="role builder")
    mark = len(guild.fake.calls)
    await guild.command(governor, NAMES[governor], "play", action="pass")
    turn = posted(guild.fake.since(mark))
    answers = [line for line in turn.content.splitlines() if line.startswith("🤖")]
    assert sorted(a.split("'")[0] for a in answers) == sorted(f"🤖 {NAMES[u]}" for u in others)
    assert all("standing answer to “Build one building, or pass.”: `pass`." in a for a in answers)
    after = await table_now(guild)
    assert pinged(turn) == set(after.waiting_users()) and after.version == table.version + 4


async def test_a_reminder_in_dm_mode_is_also_a_direct_message(tmp_path: Path) -> None:
    clock = ManualClock()
    guild = await clocked(tmp_path, clock)
    try:
        for who in PLAYERS:
            await guild.command(*who, "notify settings", mode="dm")
        await guild.command(*ANN, "game new", game="puerto_rico", clock="fast")
        for who in (BOB, CY):
            await guild.command(*who, "game join")
        await guild.command(*ANN, "game start")
        [governor] = (await table_now(guild)).waiting_users()
        clock.advance(6 * HOUR)
        mark = len(guild.fake.calls)
        cog: Any = guild.bot.get_cog("TimerCog")
        await cog.tick()
        reminder = posted(guild.fake.since(mark))
        [dm] = guild.fake.dms(mark, int(governor))
        assert pinged(reminder) == {governor} and dm.content.startswith("⏳ A reminder: **Puerto Rico**")
        assert dm.content.endswith(f"/{reminder.reply['id']}")
    finally:
        await guild.bot.close()
