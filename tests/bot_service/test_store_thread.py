"""SQLite off the event loop (issue 24): every statement of a store runs in its database thread, a
unit of work commits whole or not at all, a read is served while another task's write transaction is
open, and closing finishes what the thread was given before it ends. Units of work on both backends."""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path
from typing import Any

import pytest
from bot_helpers import CHANNEL, service_at, start_game
from sqlalchemy import Connection, event, insert, select, update

from bot.store import schema
from bot.store.rows import ConstraintError
from bot.store.store import GameStore


@pytest.mark.sqlite_only
async def test_no_sqlite_statement_runs_in_the_event_loops_thread(tmp_path: Path) -> None:
    async with service_at(tmp_path / "g.sqlite3") as svc:
        ran_in: set[int] = set()

        def seen(*_: Any) -> None:
            ran_in.add(threading.get_ident())

        engine = svc.store.db.engine  # type: ignore[attr-defined]
        event.listen(engine, "before_cursor_execute", seen)
        started = await start_game(svc)  # lobby writes, the start, its reads
        row = started.game_row or 0
        for _ in range(3):
            await svc.play.act(CHANNEL, (await svc.play.status(CHANNEL)).waiting[0], "step")
        async with svc.store.transaction() as db:  # a write transaction with awaits inside
            await db.execute(update(schema.games).where(schema.games.c.id == row).values(language="ja"))
        assert (await svc.store.game(row)) is not None
        assert ran_in and threading.get_ident() not in ran_in
        assert ran_in == {svc.store.db.thread._thread.ident}  # type: ignore[attr-defined]


async def test_a_unit_of_work_commits_whole_or_not_at_all(database: str) -> None:
    async with service_at(database) as svc:
        row = (await start_game(svc)).game_row or 0
        games = schema.games

        def rename_then_fail(db: Connection, language: str) -> None:
            db.execute(update(games).where(games.c.id == row).values(language=language))
            raise RuntimeError("halfway")

        with pytest.raises(RuntimeError, match="halfway"):
            await svc.store.transact(rename_then_fail, "ja")
        assert (await svc.store.game(row)).language == "en"  # type: ignore[union-attr]

        def duplicate(db: Connection) -> None:
            db.execute(insert(schema.snapshots).values(game=row, version=0, state_json="{}"))

        with pytest.raises(ConstraintError):
            await svc.store.transact(duplicate)

        def rename(db: Connection, language: str) -> int:
            return db.execute(update(games).where(games.c.id == row).values(language=language)).rowcount

        assert await svc.store.transact(rename, "ja") == 1
        assert (await svc.store.game(row)).language == "ja"  # type: ignore[union-attr]


async def test_reads_go_on_while_another_task_holds_a_write_transaction_open(database: str) -> None:
    async with service_at(database) as svc:
        row = (await start_game(svc)).game_row or 0
        games = schema.games
        written, go_on = asyncio.Event(), asyncio.Event()

        async def writer() -> None:
            async with svc.store.transaction() as db:
                await db.execute(update(games).where(games.c.id == row).values(language="ja"))
                seen = (await db.execute(select(games.c.language).where(games.c.id == row))).scalar_one()
                assert seen == "ja"  # its own write, inside its transaction
                written.set()
                await go_on.wait()

        task = asyncio.create_task(writer())
        await written.wait()
        assert (await svc.store.game(row)).language == "en"  # type: ignore[union-attr]  # not committed yet
        go_on.set()
        await task
        assert (await svc.store.game(row)).language == "ja"  # type: ignore[union-attr]


@pytest.mark.sqlite_only
async def test_closing_finishes_the_units_given_then_ends_the_thread(tmp_path: Path) -> None:
    store = await GameStore.open(tmp_path / "g.sqlite3")
    thread = store.db.thread  # type: ignore[attr-defined]
    reads = [asyncio.ensure_future(store.all_games()) for _ in range(20)]
    await asyncio.sleep(0)  # every read handed to the thread
    await store.close()
    assert [len(r.result()) for r in reads] == [0] * 20
    assert not thread._thread.is_alive() and thread.stopped
    await store.db.dispose()  # a second close does nothing
