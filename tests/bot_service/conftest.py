"""Fixtures shared by the service tests."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from bot_helpers import BACKENDS, fresh_database, service_at

from bot.service.clock import ManualClock
from bot.service.service import GameService
from bot.store.store import GameStore


@pytest.fixture(params=BACKENDS)
async def database(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[str]:
    """An empty games database on each backend: SQLite always, PostgreSQL when ``DATABASE_URL_PG`` is set."""
    async with fresh_database(request.param, tmp_path) as where:
        yield where


@pytest.fixture
async def svc(database: str) -> AsyncIterator[GameService]:
    async with service_at(database) as service:
        yield service


@pytest.fixture
async def timed_svc(database: str) -> AsyncIterator[tuple[GameService, ManualClock]]:
    """A service over a fresh store whose clock moves only when the test advances it."""
    clock = ManualClock()
    store = await GameStore.open(database)
    try:
        yield GameService(store, clock=clock, rng=random.Random(0)), clock
    finally:
        await store.close()
