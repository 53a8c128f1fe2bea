"""A clean stop (issue 23): :meth:`PbpBot.close` with the timer loop in the middle of a round of
passed deadlines and commands being answered, while the gateway goes on delivering interactions
until the connection closes; then every task left is cancelled, as ``asyncio.run`` does at the end.
No store operation is cut in the middle, so nothing is logged at ERROR (SQLAlchemy's pool closing a
connection a cancellation cut, asyncpg's lost connections, a command's apology); on SQLite and on
PostgreSQL. An interaction that comes while the bot is stopping is refused without work."""

from __future__ import annotations

import asyncio
import gc
import logging
from datetime import UTC, datetime
from pathlib import Path

import pytest
from discord.webhook.async_ import async_context
from discord_fakes import ANN, BOB, CY, NAMES, FakeDiscord, Guild, settle, start_bot
from discord_ids import GUILD_ID
from discord_options import command_data

from bot.discord.app import PbpBot
from bot.discord.errors import APOLOGY, CUT_SHORT, friendly
from bot.discord.stopping import RESTARTING
from bot.service.clock import HOUR, ManualClock
from bot.store.rows import StoreClosed
from render.i18n import tr

GAMES = 12
COMMANDS = ("mygames", "game status", "game board")


async def timed_games(db: str, fake: FakeDiscord, clock: ManualClock) -> None:
    """``GAMES`` timed Puerto Rico games, in channels of their own, opened and started."""
    bot = await start_bot(db, fake, clock=clock)
    try:
        for i in range(GAMES):
            channel = str(9000 + i)
            await bot.service.lobby.open(channel, str(GUILD_ID), str(ANN[0]), "Ann", "puerto_rico", clock="fast")
            for user, name in (BOB, CY):
                await bot.service.lobby.join(channel, str(user), name)
            await bot.service.lobby.start(channel, str(ANN[0]), seed=i)
    finally:
        await bot.close()


def deliver(bot: PbpBot, guild: Guild, user: int, path: str) -> None:
    """The gateway delivering a slash command (what :meth:`Guild.feed` does, without waiting)."""
    payload = guild._base(2, user, NAMES[user], command_data(path, {}), "0")
    bot._connection.parse_interaction_create(payload)  # type: ignore[arg-type]


async def gateway(bot: PbpBot, guild: Guild) -> int:
    """Interactions arriving one after another until the connection to Discord is closed."""
    sent = 0
    while not bot.is_closed():
        user = list(NAMES)[sent % len(NAMES)]
        deliver(bot, guild, user, COMMANDS[sent % len(COMMANDS)])
        sent += 1
        await asyncio.sleep(0.002)
    return sent


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
async def test_a_clean_stop_with_work_in_flight_logs_no_error(
    backend: str, tmp_path: Path, request: pytest.FixtureRequest, caplog: pytest.LogCaptureFixture
) -> None:
    db = str(tmp_path / "games.sqlite3") if backend == "sqlite" else str(request.getfixturevalue("pg_database_url"))
    clock, fake = ManualClock(datetime(2030, 1, 1, tzinfo=UTC)), FakeDiscord()
    await timed_games(db, fake, clock)
    ours, before = asyncio.current_task(), asyncio.all_tasks()
    bot = await start_bot(db, fake, clock=clock, run_timers=True)
    guild = Guild(bot, fake)
    async_context.set(fake)  # interaction replies go to the fake, as in Guild.feed
    for _ in range(500):  # the loop's first round, with nothing due yet
        await asyncio.sleep(0.01)
        if bot.last_tick is not None:
            break
    clock.advance(30 * HOUR)  # every deadline has passed: the next round has work to do
    bot.service.core.on_schedule()
    for user in NAMES:
        for path in COMMANDS:
            deliver(bot, guild, user, path)
    arriving = asyncio.create_task(gateway(bot, guild))
    for _ in range(20):
        await asyncio.sleep(0)
    caplog.clear()
    await bot.close()
    assert await arriving > 0
    left = [t for t in asyncio.all_tasks() - before if t is not ours and not t.done()]
    for task in left:  # what asyncio.run does once the main coroutine returns
        task.cancel()
    await asyncio.gather(*left, return_exceptions=True)
    gc.collect()  # futures nobody retrieved are reported when collected
    await asyncio.sleep(0.05)
    errors = [f"{r.name}: {r.getMessage()[:300]}" for r in caplog.records if r.levelno >= logging.ERROR]
    assert errors == []


async def test_an_interaction_while_stopping_is_refused_without_work(guild: Guild) -> None:
    guild.bot.stopping = True
    calls = await guild.command(*ANN, "game new", game="puerto_rico")
    assert len(calls) == 1 and calls[0].ephemeral and calls[0].content == RESTARTING  # not even deferred
    assert await guild.bot.service.store.all_games() == []
    guild.locales[BOB[0]] = "ja"
    mark = len(guild.fake.calls)
    async_context.set(guild.fake)  # the gateway's own way in: the event's parser, as registered
    guild.bot._connection.parsers["INTERACTION_CREATE"](guild._base(2, *BOB, command_data("mygames", {}), "0"))
    await settle()
    [refused] = guild.fake.since(mark)
    assert refused.ephemeral and refused.content == tr(RESTARTING, "ja") != RESTARTING
    assert await guild.suggestions(*ANN, "game new", "game", game="puer") == []
    guild.bot.stopping = False
    assert "opened a Puerto Rico lobby" in (await guild.command(*ANN, "game new", game="puerto_rico"))[-2].content


def test_a_command_the_closing_store_cut_short_is_told_so_not_apologised_for() -> None:
    said = friendly(StoreClosed("the store is closed: the bot is stopping"))
    assert said == CUT_SHORT != APOLOGY and tr(CUT_SHORT, "ja") != CUT_SHORT
