"""A clean close of the store (issue 23): ``GameStore.close`` takes no new operation, lets those in
flight finish (a block of shared reads with a write inside it, an action being stored), and only
then closes the connections; nothing is logged at ERROR. On both backends."""

from __future__ import annotations

import asyncio
import gc
import logging

import pytest
from bot_helpers import CHANNEL, service_at, start_game

from bot.store.rows import StoreClosed
from bot.store.store import GameStore


async def test_close_lets_the_operations_in_flight_finish_and_refuses_new_ones(
    database: str, caplog: pytest.LogCaptureFixture
) -> None:
    async with service_at(database) as svc:
        started = await start_game(svc)
        store, row = svc.store, started.game_row or 0
        inside, go_on = asyncio.Event(), asyncio.Event()

        async def in_flight() -> int:
            async with store.reads_together():  # one operation, as play_step's is
                await store.game(row)
                inside.set()
                await go_on.wait()
                done = await svc.play.act(CHANNEL, started.waiting[0], "step")  # reads and a write, inside it
                return done.version

        move = asyncio.create_task(in_flight())
        await inside.wait()
        assert store.ops.busy == 1
        closing = asyncio.create_task(store.close())
        await asyncio.sleep(0.05)
        assert not closing.done()  # waiting for the block
        with pytest.raises(StoreClosed):
            await store.game(row)  # a new operation from elsewhere is refused
        go_on.set()
        assert await move == started.version + 1
        await closing
        assert store.ops.busy == 0
    gc.collect()
    assert [r for r in caplog.records if r.levelno >= logging.ERROR] == []
    again = await GameStore.open(database)
    try:
        record = await again.game(row)
        assert record is not None and record.version == started.version + 1  # the move finished and was kept
    finally:
        await again.close()


async def test_close_gives_up_waiting_after_its_grace(database: str, caplog: pytest.LogCaptureFixture) -> None:
    store = await GameStore.open(database)
    stuck = asyncio.Event()

    async def hang() -> None:
        async with store.reads_together():
            await stuck.wait()

    task = asyncio.create_task(hang())
    await asyncio.sleep(0)
    await store.close(grace=0.05)
    assert any("still in flight" in r.getMessage() for r in caplog.records if r.levelno == logging.WARNING)
    stuck.set()
    await task
