"""Fixtures shared by the service tests."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from bot_helpers import service_at

from bot.service.clock import ManualClock
from bot.service.service import GameService
from bot.store.store import GameStore


@pytest.fixture
async def svc(tmp_path: Path) -> AsyncIterator[GameService]:
    async with service_at(tmp_path / "games.sqlite3") as service:
        yield service


@pytest.fixture
async def timed_svc(tmp_path: Path) -> AsyncIterator[tuple[GameService, ManualClock]]:
    """A service over a fresh store whose clock moves only when the test advances it."""
    clock = ManualClock()
    store = await GameStore.open(tmp_path / "timed.sqlite3")
    try:
        yield GameService(store, clock=clock, rng=random.Random(0)), clock
    finally:
        await store.close()
