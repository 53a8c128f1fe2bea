"""Helpers shared by the bot tests (imported explicitly; the toy games are registered by the\n``toy_games`` fixture)."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
import toy_game

from bot.service.change import Step
from bot.service.records import State
from bot.service.results import ServiceError
from bot.service.service import GameService
from bot.store.store import GameStore
from engine.core import AnyGame, play

TOY = toy_game.TOY
CHANNEL = "chan-1"

#: The backends the store and service tests run on: SQLite always, PostgreSQL on the server of
#: ``tests/conftest.py`` (``pg_database_url``: skipped without server binaries, except on CI).
BACKENDS = ("sqlite", "postgresql")


def database_for(request: pytest.FixtureRequest, backend: str, tmp_path: Path) -> str:
    """Where a test's empty games database lives: a SQLite file under ``tmp_path``, or a fresh
    PostgreSQL database of its own (dropped after the test)."""
    if backend == "sqlite":
        return str(tmp_path / "games.sqlite3")
    return str(request.getfixturevalue("pg_database_url"))


class FakeClock:
    """A clock that moves one second per reading, from a fixed start."""

    def __init__(self, start: datetime = datetime(2030, 1, 1, tzinfo=UTC)) -> None:
        self.now = start

    def __call__(self) -> datetime:
        self.now += timedelta(seconds=1)
        return self.now


def user(name: str) -> str:
    return f"u-{name.lower()}"


@asynccontextmanager
async def service_at(path: Path | str, seed: int = 0) -> AsyncIterator[GameService]:
    """A service over a fresh store at ``path`` (a SQLite file or a database URL), closed afterwards."""
    store = await GameStore.open(path)
    try:
        yield GameService(store, clock=FakeClock(), rng=random.Random(seed))
    finally:
        await store.close()


async def start_game(
    svc: GameService,
    names: tuple[str, ...] = ("Ann", "Bob"),
    options: dict[str, Any] | None = None,
    seed: int = 1,
    channel: str = CHANNEL,
    game_id: str = "toy_race",
) -> Step:
    """Open, fill and start a game (Toy Race by default); returns the start result."""
    await svc.lobby.open(channel, "guild", user(names[0]), names[0], game_id, options or {})
    for name in names[1:]:
        await svc.lobby.join(channel, user(name), name)
    return await svc.lobby.start(channel, user(names[0]), seed=seed)


async def stored_state(svc: GameService, row: int) -> tuple[int, str]:
    """(version, snapshot JSON) as stored for game ``row``."""
    record = await svc.store.game(row)
    assert record is not None
    text = await svc.store.snapshot(row, record.version)
    assert text is not None
    return record.version, text


async def seat_users(svc: GameService, row: int) -> list[str]:
    return [s.user_id for s in await svc.store.seats(row)]


def name_of(uid: str) -> str:
    return uid.removeprefix("u-").capitalize()


async def play_random(
    svc: GameService,
    result: Step,
    rng: random.Random,
    channel: str = CHANNEL,
    max_actions: int = 2000,
    undo_rate: float = 0.0,
) -> list[Step]:
    """Play uniformly random legal actions (and optional undo attempts) to the end."""
    results = []
    for _ in range(max_actions):
        if result.game_over:
            break
        who = rng.choice(result.waiting)
        if undo_rate and rng.random() < undo_rate:
            try:
                result = await svc.play.undo(channel, who)
                results.append(result)
                continue
            except ServiceError:  # refused: play on
                pass
        result = await svc.play.act(channel, who, rng.choice(result.legal[who]), expected_version=result.version)
        results.append(result)
    return results


def waiting_users(state: State, users: list[str], game: AnyGame = TOY) -> list[str]:
    return [users[p] for p in play.waiting_players(game, state)]


async def refused(code: str, call: object) -> str:
    """Await ``call``; it must raise the ServiceError ``code``. Returns its message."""
    with pytest.raises(ServiceError) as err:
        await call  # type: ignore[misc]
    assert err.value.code == code, err.value.message
    return err.value.message
