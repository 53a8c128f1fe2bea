"""Fixtures shared by the service tests.

The whole store and service suite runs on both backends: every test here runs once as written
(``[sqlite]``) and once (``[postgresql]``) with every SQLite database it opens through
:meth:`GameStore.open` replaced by a fresh PostgreSQL database of its own on the tests' server
(the same path gives the same database, so reopening works), dropped after the test. Tests that
check the SQLite file itself are marked ``sqlite_only``; tests that take the ``database`` fixture
choose their backend through it.
"""

from __future__ import annotations

import random
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import pytest
from bot_helpers import BACKENDS, database_for, service_at
from races import racers  # noqa: F401  (the race tests' fixture: two worker processes per module)

from bot.service.clock import ManualClock
from bot.service.service import GameService
from bot.store.store import GameStore


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """Each test on both backends, unless it picks one (``database``) or checks SQLite itself."""
    if "database" in metafunc.fixturenames or metafunc.definition.get_closest_marker("sqlite_only"):
        return
    metafunc.fixturenames.append("store_backend")
    metafunc.parametrize("store_backend", BACKENDS, indirect=True)


@pytest.fixture(autouse=True)
def _toys_registered(toy_games: tuple[Any, ...]) -> None:
    """Every service test may play the toy games (``toy_race``...): registered for the test alone."""


@pytest.fixture
def store_backend(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """``postgresql``: the SQLite databases the test opens are PostgreSQL databases instead."""
    backend = str(getattr(request, "param", "sqlite"))
    if backend == "sqlite":
        yield backend
        return
    server = request.getfixturevalue("pg_server")
    made: dict[str, str] = {}
    sqlite_open = GameStore.open.__func__  # type: ignore[attr-defined]

    async def open_on_postgresql(cls: type[GameStore], where: str | Path, **options: Any) -> GameStore:
        text = str(where)
        if "://" not in text or text.startswith("sqlite"):
            if text not in made:
                made[text] = server.create_database()
            where = made[text]
        return await sqlite_open(cls, where, **options)  # type: ignore[no-any-return]

    monkeypatch.setattr(GameStore, "open", classmethod(open_on_postgresql))
    try:
        yield backend
    finally:
        for url in made.values():
            server.drop_database(url)


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
