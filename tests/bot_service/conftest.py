"""Fixtures shared by the service tests."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from bot_helpers import BACKENDS, database_for, service_at

from bot.service.clock import ManualClock
from bot.service.service import GameService
from bot.store.store import GameStore


@pytest.fixture(params=BACKENDS)
def database(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """An empty games database on each backend: a SQLite file, and a PostgreSQL database of its own
    on the tests' server (``tests/conftest.py``)."""
    return database_for(request, request.param, tmp_path)


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
