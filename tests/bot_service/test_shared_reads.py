"""The reads of one move share one connection on PostgreSQL (``GameStore.reads_together``), and moves
in many games at once still never hold the whole pool between them."""

from __future__ import annotations

import asyncio
from typing import Any

from bot_helpers import service_at, start_game

from bot.store.connection import POOL_OVERFLOW, POOL_SIZE, SHARED_READERS
from bot.store.store import GameStore


def checked_out(store: GameStore) -> int:
    engine: Any = getattr(store.db, "engine", None)
    return int(engine.pool.checkedout()) if store.backend == "postgresql" else 0


async def test_the_reads_of_a_block_share_one_connection_in_its_own_task(database: str) -> None:
    async with service_at(database) as svc:
        row = (await start_game(svc)).game_row or 0
        store = svc.store
        if store.backend != "postgresql":  # nothing to share on SQLite: the block is a no-op
            async with store.reads_together():
                assert (await store.game(row)) is not None
            return
        async with store.reads_together():
            assert checked_out(store) == 1  # the block's connection, held
            for _ in range(3):
                assert (await store.game(row)) is not None
                assert checked_out(store) == 1  # ... and used: no other one taken
            other = asyncio.create_task(store.game(row))  # another task never uses it
            await asyncio.sleep(0)
            assert checked_out(store) == 2
            await other
        assert checked_out(store) == 0


async def test_at_most_a_few_blocks_share_at_once_and_many_moves_at_once_all_go_through(database: str) -> None:
    async with service_at(database) as svc:
        games = [await start_game(svc, channel=f"c{i}") for i in range(3 * SHARED_READERS)]
        store = svc.store
        if store.backend == "postgresql":
            held = asyncio.Event()
            release = asyncio.Event()

            async def block() -> None:
                async with store.reads_together():
                    held.set()
                    await release.wait()

            blocks = [asyncio.create_task(block()) for _ in range(SHARED_READERS + 4)]
            await asyncio.sleep(0.05)
            assert checked_out(store) == SHARED_READERS  # the rest read as usual, holding nothing
            assert SHARED_READERS < POOL_SIZE + POOL_OVERFLOW
            release.set()
            await asyncio.gather(*blocks)
        moves = [
            svc.play.act(f"c{i}", started.waiting[0], "step", expected_version=started.version)
            for i, started in enumerate(games)
        ]
        done = await asyncio.wait_for(asyncio.gather(*moves), timeout=60)
        assert [d.version for d in done] == [g.version + 1 for g in games]
        assert checked_out(store) == 0
