"""A bot on a fake Discord with a manual clock, and a 3-player Puerto Rico table with a clock,
for the deadline and reminder tests."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from discord_fakes import ANN, BOB, CY, FakeDiscord, Guild, start_bot

from bot.service.clock import ManualClock


async def timed_guild(tmp_path: Path, clock: ManualClock, **settings: Any) -> Guild:
    fake = FakeDiscord()
    return Guild(await start_bot(tmp_path / "games.sqlite3", fake, clock=clock, **settings), fake)


async def open_timed(guild: Guild, clock: str = "fast") -> None:
    await guild.command(*ANN, "game new", game="puerto_rico", clock=clock)
    for who in (BOB, CY):
        await guild.command(*who, "game join")
    await guild.command(*ANN, "game start")
