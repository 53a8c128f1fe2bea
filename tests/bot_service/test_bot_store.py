"""GameStore: migrations, pragmas, persistence, one game per channel, atomic versioned writes."""

from __future__ import annotations

import asyncio
import os
import sqlite3
import subprocess
import sys
import textwrap
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest
from bot_helpers import CHANNEL, FakeClock, service_at, start_game, stored_state, user
from sqlalchemy.exc import OperationalError

from bot.service.service import GameService
from bot.store import migrations
from bot.store.connection import INLINE_BUSY_MS
from bot.store.rows import ChannelBusy, ConstraintError, VersionConflict
from bot.store.store import GameStore
from engine.core import play

TESTS = Path(__file__).resolve().parent


@asynccontextmanager
async def stores_at(path: Path, count: int) -> AsyncIterator[list[GameStore]]:
    """``count`` separate connections to one file, always closed (open threads would hang pytest)."""
    stores: list[GameStore] = []
    try:
        for _ in range(count):
            stores.append(await GameStore.open(path))
        yield stores
    finally:
        for store in stores:
            await store.close()


@pytest.mark.sqlite_only
async def test_migrations_pragmas_and_reopen_is_a_no_op(tmp_path: Path) -> None:
    path = tmp_path / "g.sqlite3"
    async with stores_at(path, 1) as stores:
        store = stores[0]
        assert await store.schema_version() == len(migrations.MIGRATIONS)
        assert await store.pragma("journal_mode") == "wal"
        assert await store.pragma("foreign_keys") == 1
        assert await store.pragma("busy_timeout") == INLINE_BUSY_MS  # the store waits for longer locks itself
        assert store.db.busy_timeout_ms == 5000
    async with stores_at(path, 1) as stores:
        store = stores[0]  # nothing left to run, nothing fails
        assert await store.schema_version() == len(migrations.MIGRATIONS)
    with sqlite3.connect(path) as db:
        tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        assert db.execute("SELECT COUNT(*) FROM schema_version").fetchone()[0] == 1
    assert {"games", "seats", "actions", "snapshots", "schema_version"} <= tables


@pytest.mark.sqlite_only
async def test_new_migration_runs_once_and_keeps_data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "g.sqlite3"
    async with service_at(path) as svc:
        await start_game(svc)
    monkeypatch.setattr(migrations, "MIGRATIONS", [*migrations.MIGRATIONS, "CREATE TABLE extra (x INTEGER)"])
    monkeypatch.setattr("bot.store.store.MIGRATIONS", migrations.MIGRATIONS)
    for _ in range(2):
        async with stores_at(path, 1) as (store,):
            assert await store.schema_version() == len(migrations.MIGRATIONS)
            assert len(await store.all_games()) == 1


async def test_foreign_keys_are_enforced(tmp_path: Path) -> None:
    async with stores_at(tmp_path / "g.sqlite3", 1) as (store,):
        with pytest.raises(ConstraintError, match="(?i)foreign key"):  # SQLite and PostgreSQL word it apart
            await store.query("INSERT INTO snapshots (game, version, state_json) VALUES (999, 0, '{}')")


async def test_reopen_keeps_every_game(tmp_path: Path) -> None:
    path = tmp_path / "g.sqlite3"
    async with service_at(path) as svc:
        started = await start_game(svc)
        first = started.waiting[0]
        await svc.play.act(CHANNEL, first, "step")
        await svc.lobby.open("chan-2", "guild", user("Cy"), "Cy", "toy_race", {"length": 15})
        await start_game(svc, ("Dee", "Eve", "Fay"), channel="chan-3")
        before = [(g.id, g.channel_id, g.status, g.version, g.options) for g in await svc.store.all_games()]
        snap = await stored_state(svc, started.game_row or 0)
    async with service_at(path) as svc:
        after = [(g.id, g.channel_id, g.status, g.version, g.options) for g in await svc.store.all_games()]
        assert after == before and len(after) == 3
        assert await stored_state(svc, started.game_row or 0) == snap
        status = await svc.play.status(CHANNEL)
        assert status.version == 1 and status.waiting == [first]
        assert (await svc.play.act(CHANNEL, first, "step")).version == 2


async def test_one_live_game_per_channel_but_records_stay(tmp_path: Path) -> None:
    async with service_at(tmp_path / "g.sqlite3") as svc:
        await svc.lobby.open(CHANNEL, "guild", user("Ann"), "Ann", "toy_race")
        with pytest.raises(ChannelBusy):
            await svc.core.lobbies.create(
                channel_id=CHANNEL,
                guild_id=None,
                game_id="toy_race",
                title="T",
                rules_version=1,
                options={},
                creator_id="x",
                creator_name="X",
                now="2030-01-01T00:00:00Z",
            )
        await svc.lobby.join(CHANNEL, user("Bob"), "Bob")
        await svc.lobby.start(CHANNEL, user("Ann"), seed=3)
        await svc.lobby.abandon(CHANNEL, user("Ann"))
        await svc.lobby.open(CHANNEL, "guild", user("Cy"), "Cy", "toy_race")
        statuses = [g.status for g in await svc.store.all_games()]
        assert statuses == ["abandoned", "lobby"]


async def test_append_with_wrong_expected_version_changes_nothing(tmp_path: Path) -> None:
    async with service_at(tmp_path / "g.sqlite3") as svc:
        row = (await start_game(svc)).game_row or 0
        version, snap = await stored_state(svc, row)
        with pytest.raises(VersionConflict):
            await _raw_append(svc.store, row, "x", expected_version=version + 5)
        assert await stored_state(svc, row) == (version, snap)
        assert await svc.store.actions(row) == []


async def test_two_connections_race_on_the_version_check(tmp_path: Path) -> None:
    path = tmp_path / "g.sqlite3"
    async with service_at(path) as svc:
        started = await start_game(svc)
        row = started.game_row or 0
    async with stores_at(path, 2) as stores:
        services = [GameService(s, clock=FakeClock()) for s in stores]
        mover = started.waiting[0]
        outcomes = await asyncio.gather(
            *(s.play.act(CHANNEL, mover, "step", expected_version=0) for s in services), return_exceptions=True
        )
        wins = [o for o in outcomes if not isinstance(o, BaseException)]
        losses = [o for o in outcomes if isinstance(o, BaseException)]
        assert len(wins) == 1 and len(losses) == 1
        assert getattr(losses[0], "code", None) == "stale" and "outdated" in str(losses[0])
        assert len(await stores[0].actions(row)) == 1
        assert (await stores[1].game(row)).version == 1  # type: ignore[union-attr]
        # each service recovers and sees the winner's move
        for service in services:
            status, board = await service.play.status(CHANNEL), await service.play.view(CHANNEL)
            assert status.version == board.version == 1 and board.view["pos"].count(1) == 1


async def test_raw_store_race_between_connections(tmp_path: Path) -> None:
    path = tmp_path / "g.sqlite3"
    async with service_at(path) as svc:
        row = (await start_game(svc)).game_row or 0
    async with stores_at(path, 4) as stores:
        outcomes = await asyncio.gather(
            *(_raw_append(s, row, f"w{i}") for i, s in enumerate(stores)),
            return_exceptions=True,
        )
        assert sum(o == 1 for o in outcomes) == 1
        assert sum(isinstance(o, VersionConflict) for o in outcomes) == 3, outcomes
        assert len(await stores[0].actions(row)) == 1


def _raw_append(store: GameStore, row: int, user: str, expected_version: int = 0) -> Any:
    """A bare ``append`` of one step (no service around it)."""
    return store.append(
        row,
        expected_version=expected_version,
        seat=0,
        user_id=user,
        kind="action",
        text="step",
        undo_barrier=False,
        public_lines=[],
        state_json="{}",
        waiting=[],
        now="t",
    )


@pytest.mark.sqlite_only
async def test_writer_lock_of_another_process_is_waited_for_without_blocking_the_loop(tmp_path: Path) -> None:
    """Another process's writer lock is waited for by sleeping between tries (neither the loop nor the
    store's database thread blocks), so the loop keeps serving other work meanwhile, and the write
    goes through once the lock is freed."""
    path = tmp_path / "g.sqlite3"
    async with service_at(path) as svc:
        row = (await start_game(svc)).game_row or 0
    ticks = 0

    async def ticker() -> None:
        nonlocal ticks
        while True:
            ticks += 1
            await asyncio.sleep(0.005)

    async with stores_at(path, 1) as stores:
        store = stores[0]
        other = sqlite3.connect(path, isolation_level=None)  # stands for another process
        other.execute("BEGIN IMMEDIATE")
        beat = asyncio.create_task(ticker())
        asyncio.get_running_loop().call_later(0.3, other.rollback)
        try:
            assert await _raw_append(store, row, "w") == 1
        finally:
            beat.cancel()
    other.close()
    assert ticks >= 20  # the loop ran all along the 0.3 s wait (a blocked loop ticks about once)


@pytest.mark.sqlite_only
async def test_writer_lock_held_past_busy_timeout_fails_and_writes_nothing(tmp_path: Path) -> None:
    path = tmp_path / "g.sqlite3"
    async with service_at(path) as svc:
        row = (await start_game(svc)).game_row or 0
    store = await GameStore.open(path, busy_timeout_ms=150)
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    try:
        with pytest.raises(OperationalError, match="locked"):
            await _raw_append(store, row, "w")
        other.rollback()
        assert await store.actions(row) == []
        assert await _raw_append(store, row, "w") == 1  # and the store works on once it is free
    finally:
        await store.close()
        other.close()


@pytest.mark.parametrize("stage", ["after_log", "after_snapshot", "before_commit"])
async def test_failure_inside_transaction_keeps_last_commit(tmp_path: Path, stage: str) -> None:
    async with service_at(tmp_path / "g.sqlite3") as svc:
        started = await start_game(svc)
        row, mover = started.game_row or 0, started.waiting[0]
        await svc.play.act(CHANNEL, mover, "step")
        before = await stored_state(svc, row)

        def crash(at: str) -> None:
            if at == stage:
                raise RuntimeError("simulated crash")

        svc.store.fault = crash
        with pytest.raises(RuntimeError):
            await svc.play.act(CHANNEL, mover, "step")
        svc.store.fault = None
        assert await stored_state(svc, row) == before
        assert len(await svc.store.actions(row)) == 1
        assert await svc.store.snapshot(row, 2) is None
        assert (await svc.play.act(CHANNEL, mover, "step")).version == 2  # the store still works


CHILD = textwrap.dedent("""
    import asyncio, os, sys
    import toy_game
    toy_game.register_toys()
    from bot.service.service import GameService
    from bot.store.store import GameStore

    async def main() -> None:
        store = await GameStore.open(sys.argv[1])
        store.fault = lambda stage: os._exit(9) if stage == sys.argv[3] else None
        await GameService(store).play.act("chan-1", sys.argv[2], "step")

    asyncio.run(main())
""")


@pytest.mark.sqlite_only
@pytest.mark.parametrize("stage", ["after_log", "before_commit"])
async def test_process_killed_mid_transaction(tmp_path: Path, stage: str) -> None:
    path = tmp_path / "g.sqlite3"
    async with service_at(path) as svc:
        started = await start_game(svc)
        row, mover = started.game_row or 0, started.waiting[0]
        await svc.play.act(CHANNEL, mover, "step")
        before = await stored_state(svc, row)
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(TESTS), os.environ.get("PYTHONPATH", "")]))
    child = subprocess.run(
        [sys.executable, "-c", CHILD, str(path), mover, stage], env=env, capture_output=True, text=True, timeout=60
    )
    assert child.returncode == 9, child.stderr
    async with service_at(path) as svc:
        assert await stored_state(svc, row) == before
        assert [a.version for a in await svc.store.actions(row)] == [1]
        assert play.dumps(await svc.archive.rebuild(row)) == before[1]
        assert (await svc.play.act(CHANNEL, mover, "step")).version == 2
