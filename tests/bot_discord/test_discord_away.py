"""/away, /back and /mygames in Discord: one silent line per game, no pings while away, the end
on the first move or at the date, and jump links to the latest turn message."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from discord_fakes import (
    ANN,
    BOB,
    CHANNEL_ID,
    CY,
    GUILD_ID,
    NAMES,
    FakeDiscord,
    Guild,
    pinged,
    start_bot,
    table_now,
)

from bot.service.clock import DAY, ManualClock

OTHER = CHANNEL_ID + 1
SILENT = 4096


async def two_games(tmp_path: Path, clock: ManualClock) -> tuple[Guild, int]:
    """Puerto Rico in the test channel (Ann, Bob, Cy) by commands, and in OTHER (Ann, Bob) through the
    service; returns the guild and a player seated in both who owes nothing in the first game."""
    fake = FakeDiscord()
    guild = Guild(await start_bot(tmp_path / "games.sqlite3", fake, clock=clock), fake)
    await guild.command(*ANN, "game new", game="puerto_rico", clock="fast")
    for who in (BOB, CY):
        await guild.command(*who, "game join")
    await guild.command(*ANN, "game start")
    svc = guild.bot.service
    await svc.lobby.open(str(OTHER), str(GUILD_ID), str(ANN[0]), "Ann", "puerto_rico", {}, clock="fast")
    await svc.lobby.join(str(OTHER), str(BOB[0]), "Bob")
    await svc.lobby.start(str(OTHER), str(ANN[0]))
    waiting = (await table_now(guild)).waiting_users()
    return guild, next(u for u in (ANN[0], BOB[0]) if str(u) not in waiting)


async def play_until_owes(guild: Guild, who: int) -> list[Any]:
    """Others play their first legal option until ``who`` owes a decision; the turn messages."""
    posts = []
    while True:
        table = await table_now(guild)
        if str(who) in table.waiting_users():
            return posts
        mover = int(table.waiting_users()[0])
        text = table.texts(table.seat_of(mover))[0]
        mark = len(guild.fake.calls)
        await guild.command(mover, NAMES[mover], "play", action=text)
        posts += guild.fake.channel_posts(mark)


async def test_away_is_announced_silently_stops_pings_and_ends_on_the_first_move(tmp_path: Path) -> None:
    clock = ManualClock()
    guild, away = await two_games(tmp_path, clock)
    try:
        mark = len(guild.fake.calls)
        calls = await guild.command(away, NAMES[away], "away", until="3d")
        assert calls[-1].ephemeral and "You are away until <t:" in calls[-1].content
        for channel in (CHANNEL_ID, OTHER):
            [line] = guild.fake.channel_posts(mark, channel)
            assert f"**{NAMES[away]}** is away until" in line.content
            assert line.flags & SILENT and not pinged(line)
        posts = await play_until_owes(guild, away)
        assert all(str(away) not in pinged(p) for p in posts)
        last = posts[-1]
        assert f"**{NAMES[away]}**" in last.content and f"<@{away}>" not in last.content
        if not pinged(last):
            assert last.flags & SILENT
        mine = await guild.command(away, NAMES[away], "mygames")
        assert mine[-1].ephemeral and mine[-1].content.startswith("🏝️ You are away until")
        assert "your clock is frozen while you are away" in mine[-1].content
        link = f"https://discord.com/channels/{GUILD_ID}/{CHANNEL_ID}/{last.reply['id']}"
        assert f"[jump]({link})" in mine[-1].content
        table = await table_now(guild)
        mark = len(guild.fake.calls)
        await guild.command(away, NAMES[away], "play", action=table.texts(table.seat_of(away))[0])
        [turn] = guild.fake.channel_posts(mark)
        assert f"👋 **{NAMES[away]}** is back" in turn.content
        [elsewhere] = guild.fake.channel_posts(mark, OTHER)
        assert "is back" in elsewhere.content and elsewhere.flags & SILENT and not pinged(elsewhere)
        refused = await guild.command(away, NAMES[away], "back")
        assert refused[-1].ephemeral and "You are not away" in refused[-1].content
    finally:
        await guild.bot.close()


async def test_away_ends_at_its_date_through_the_timer_loop(tmp_path: Path) -> None:
    clock = ManualClock()
    guild, away = await two_games(tmp_path, clock)
    try:
        await guild.command(away, NAMES[away], "away", until="1d")
        bad = await guild.command(away, NAMES[away], "away", until="yesterday")
        assert bad[-1].ephemeral and "can't read" in bad[-1].content
        clock.advance(DAY)
        mark = len(guild.fake.calls)
        cog: Any = guild.bot.get_cog("TimerCog")
        _, notices = await cog.tick()
        assert sorted(n.kind for n in notices) == ["back", "back"]
        for channel in (CHANNEL_ID, OTHER):  # other players' deadlines passed meanwhile, too
            [line] = [p for p in guild.fake.channel_posts(mark, channel) if "is back" in p.content]
            assert "is back (their away time is over)" in line.content and line.flags & SILENT
    finally:
        await guild.bot.close()


async def test_back_ends_away_at_once(tmp_path: Path) -> None:
    clock = ManualClock()
    guild, away = await two_games(tmp_path, clock)
    try:
        await guild.command(away, NAMES[away], "away", until="2030-02-01")
        mark = len(guild.fake.calls)
        calls = await guild.command(away, NAMES[away], "back")
        assert calls[-1].ephemeral and calls[-1].content.startswith("Welcome back")
        assert len(guild.fake.channel_posts(mark)) == len(guild.fake.channel_posts(mark, OTHER)) == 1
        assert await guild.bot.service.core.away.until(str(away)) is None
    finally:
        await guild.bot.close()
