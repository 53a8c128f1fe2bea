"""Fixtures: a real bot on a temporary database, its recorded Discord traffic, and a guild to play in."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from discord_fakes import FakeDiscord, Guild, start_bot


@pytest.fixture
async def guild(tmp_path: Path) -> AsyncIterator[Guild]:
    fake = FakeDiscord()
    bot = await start_bot(tmp_path / "games.sqlite3", fake)
    try:
        yield Guild(bot, fake)
    finally:
        await bot.close()
