"""The tables in memory (:mod:`bot.service.memory`, issue 24): autocomplete's look-up answers a warm
table without a database statement, and never from a version the game has left: not after a move
here, not after a move another process stored once this one has read the game again, not after the
game was abandoned, and not from a load that began before a move."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from bot_helpers import CHANNEL, service_at, start_game
from sqlalchemy import event

from bot.service.change import Step
from bot.service.memory import TableMemory
from bot.service.service import GameService
from bot.store.store import GameStore

TRIO = ("Ann", "Bob", "Cy")


@contextmanager
def statements(store: GameStore) -> Iterator[list[str]]:
    """Every statement the store sends while the block runs."""
    sent: list[str] = []
    engine: Any = store.db.engine  # type: ignore[attr-defined]

    def note(_conn: Any, _cursor: Any, statement: str, *_rest: Any) -> None:
        sent.append(statement)

    event.listen(engine, "before_cursor_execute", note)
    try:
        yield sent
    finally:
        event.remove(engine, "before_cursor_execute", note)


async def move(svc: GameService) -> Step:
    """The first waiting player plays their first legal text."""
    table = await svc.table_in(CHANNEL)
    assert table is not None
    mover = table.waiting_users()[0]
    return await svc.play.act(CHANNEL, mover, table.texts(table.seat_of(mover))[0])


async def test_a_warm_table_is_answered_without_a_statement_and_follows_every_move(tmp_path: Path) -> None:
    async with service_at(tmp_path / "g.sqlite3") as svc:
        start = await start_game(svc, TRIO)
        assert isinstance(start, Step)
        with statements(svc.store) as sent:
            warm = await svc.suggesting(CHANNEL)  # the start stored it
        assert sent == [] and warm is not None and warm.version == start.version
        for _ in range(4):
            step = await move(svc)
            with statements(svc.store) as sent:
                warm = await svc.suggesting(CHANNEL)
            assert sent == [], "a look-up after a move reads nothing"
            stored = await svc.table_in(CHANNEL)
            assert warm is not None and stored is not None
            assert warm.version == step.version == stored.version  # never the version before the move
            assert warm.legal_by_user() == stored.legal_by_user()


async def test_a_cold_channel_is_loaded_once_then_answered_from_memory(tmp_path: Path) -> None:
    path = tmp_path / "g.sqlite3"
    async with service_at(path) as first:
        await start_game(first, TRIO)
    async with service_at(path) as svc:  # a restarted process: nothing in memory
        with statements(svc.store) as sent:
            cold = await svc.suggesting(CHANNEL)
        assert sent and cold is not None and cold.active
        with statements(svc.store) as sent:
            assert await svc.suggesting(CHANNEL) is cold
        assert sent == []


async def test_a_move_stored_by_another_process_is_followed_once_this_one_reads_the_game(tmp_path: Path) -> None:
    path = tmp_path / "g.sqlite3"
    async with service_at(path) as here:
        start = await start_game(here, TRIO)
        assert isinstance(start, Step)
        async with service_at(path) as there:
            elsewhere = await move(there)
        assert elsewhere.version == start.version + 1
        await here.table(start.row)  # any click or /play here reads the game
        warm = await here.suggesting(CHANNEL)
        assert warm is not None and warm.version == elsewhere.version


async def test_an_abandoned_game_is_not_suggested_from_memory(tmp_path: Path) -> None:
    async with service_at(tmp_path / "g.sqlite3") as svc:
        start = await start_game(svc, TRIO)
        assert isinstance(start, Step)
        await svc.admin.end(CHANNEL, "Ann", "Ann", can_manage=True)
        table = await svc.suggesting(CHANNEL)
        assert table is not None and table.record.status == "abandoned" and table.texts(0) == []


async def test_a_load_that_began_before_a_move_is_not_kept(tmp_path: Path) -> None:
    async with service_at(tmp_path / "g.sqlite3") as svc:
        await start_game(svc, TRIO)
        old = await svc.table_in(CHANNEL)
        assert old is not None
        memory: TableMemory = svc.core.tables
        since = memory.mark()  # a look-up begins reading the old version ...
        step = await move(svc)  # ... a move is stored meanwhile ...
        memory.loaded(CHANNEL, old, since)  # ... and the look-up's table arrives late
        warm = await svc.suggesting(CHANNEL)
        assert warm is not None and warm.version == step.version
