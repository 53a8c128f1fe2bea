"""Alembic as the one migration history: a SQLite file at legacy version 9 is stamped at the baseline
and upgrades in place; the baseline revision builds exactly :mod:`bot.store.schema` on both backends."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from bot_helpers import CHANNEL, service_at, start_game
from sqlalchemy import Connection, create_engine, text
from sqlalchemy.ext.asyncio import create_async_engine

from bot.store import alembic as store_alembic
from bot.store import migrations, schema
from bot.store.database import locate
from bot.store.store import GameStore, split_statements


def legacy_database(path: Path) -> None:
    """A database as the store before Alembic left it: every legacy migration, version 9, one lobby."""
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE schema_version (version INTEGER NOT NULL)")
        db.execute("INSERT INTO schema_version (version) VALUES (0)")
        for number, script in enumerate(migrations.MIGRATIONS, start=1):
            for statement in split_statements(script):
                db.execute(statement)
            db.execute("UPDATE schema_version SET version = ?", (number,))
        db.execute(
            "INSERT INTO games (channel_id, game_id, title, rules_version, creator_id, created_at, updated_at) "
            "VALUES ('chan-old', 'toy_race', 'Toy Race', 1, 'u-ann', 't', 't')"
        )
        db.execute("INSERT INTO seats (game, user_id, join_order, name, joined_at) VALUES (1, 'u-ann', 0, 'Ann', 't')")


def differences(connection: Connection) -> list[Any]:
    """What Alembic's autogenerate finds between the database and :mod:`bot.store.schema`."""
    context = MigrationContext.configure(connection, opts={"compare_type": True, "compare_server_default": True})
    return list(compare_metadata(context, schema.metadata))


def sqlite_differences(path: Path, legacy: bool = False) -> list[Any]:
    """:func:`differences` on a SQLite file, less what SQLite's reflection cannot tell apart: ``ON
    DELETE`` of foreign keys written ``REFERENCES games (id)`` (checked through the PRAGMA instead),
    an ``INTEGER PRIMARY KEY`` reported nullable, ``INTEGER`` for ``BIGINT`` (one storage class) and
    a ``''`` default quoted differently. ``legacy``: a database of the legacy migrations alone, which
    lacks the tables of revisions after the baseline."""
    engine = create_engine(f"sqlite:///{path}")
    try:
        with engine.connect() as connection:
            found = differences(connection)
            for table in schema.metadata.tables.values():
                if table.foreign_keys:
                    rules = connection.execute(text(f"PRAGMA foreign_key_list({table.name})")).all()
                    assert {r.on_delete for r in rules} == {"CASCADE"}, table.name
    finally:
        engine.dispose()
    kept = []
    for diff in found:
        if isinstance(diff, tuple) and diff[0] in ("add_fk", "remove_fk"):
            continue
        later = isinstance(diff, tuple) and diff[0] == "add_column"
        if legacy and later and diff[3].name in schema.AFTER_BASELINE_COLUMNS.get(diff[2], ()):
            continue
        if isinstance(diff, tuple) and diff[0] in ("add_table", "remove_table", "add_column", "remove_column"):
            if not (legacy and diff[0] == "add_table" and diff[1].name in schema.AFTER_BASELINE):
                kept.append(diff)
            continue
        change = diff[0] if isinstance(diff, list) else diff
        kind, table, column = change[0], change[2], change[3]
        if kind == "modify_nullable" and schema.metadata.tables[table].c[column].primary_key:
            continue
        if kind == "modify_type" and (table, column) == ("games", "seed"):
            continue
        if kind == "modify_default" and (table, column) == ("clock_log", "detail"):
            continue
        kept.append(diff)
    return kept


@pytest.mark.sqlite_only
async def test_a_version_9_sqlite_database_is_stamped_and_upgrades_in_place(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    legacy_database(path)
    assert sqlite_differences(path, legacy=True) == []  # the legacy migrations built what schema.py says
    assert sqlite_differences(path) != []  # (the check can fail: the later revisions' tables are missing)
    for _ in range(2):  # stamped once; reopening changes nothing
        store = await GameStore.open(path)
        try:
            assert await store.schema_version() == schema.LEGACY_VERSION
            assert [tuple(r) for r in await store.query("SELECT version_num FROM alembic_version")] == [
                (store_alembic.head(),)
            ]
            old = await store.live_game("chan-old")
            assert old is not None and old.language == "en" and old.clock == "none"
            assert [s.name for s in await store.seats(old.id)] == ["Ann"]
        finally:
            await store.close()
    async with service_at(path) as svc:  # and plays on: a new game beside the old one
        started = await start_game(svc)
        await svc.play.act(CHANNEL, started.waiting[0], "step")
        assert (await svc.store.game(started.game_row or 0)) is not None


async def test_the_baseline_revision_builds_the_schema(database: str) -> None:
    if locate(database).backend == "sqlite":  # SQLite files take the legacy path in GameStore.open: Alembic alone
        engine = create_engine(f"sqlite:///{database}")
        try:
            with engine.begin() as connection:
                store_alembic.upgrade(connection)
        finally:
            engine.dispose()
        assert sqlite_differences(Path(database)) == []
        with sqlite3.connect(database) as db:
            assert db.execute("SELECT version FROM schema_version").fetchall() == [(schema.LEGACY_VERSION,)]
        return
    store = await GameStore.open(database)
    try:
        assert await store.schema_version() == schema.LEGACY_VERSION
    finally:
        await store.close()
    engine_async = create_async_engine(locate(database).url)
    try:
        async with engine_async.connect() as connection:
            assert await connection.run_sync(differences) == []
    finally:
        await engine_async.dispose()


def test_a_database_url_that_is_neither_backend_is_refused() -> None:
    with pytest.raises(ValueError, match="sqlite:/// or postgresql://"):
        locate("mysql://db/games")
    with pytest.raises(ValueError, match="needs a file"):
        locate("sqlite://")


AUDIT_ROWS = [("u-b", "second-inserted"), ("u-a", "first-inserted-later"), ("u-c", "third")]


def _audit_insert(version: int, by_user: str, what: str) -> str:
    return (
        "INSERT INTO audit (game, version, by_user, what, detail, created_at) "
        f"VALUES (1, {version}, '{by_user}', '{what}', '', 't')"
    )


async def test_revision_0003_keeps_the_insertion_order_of_keyless_tables(database: str) -> None:
    """Audit rows written before revision 0003 keep their order (their ``seq`` follows the rowid on
    SQLite, the stored order on PostgreSQL), and rows written after come after them."""
    if locate(database).backend == "sqlite":
        legacy_database(Path(database))  # one lobby, game 1
        with sqlite3.connect(database) as db:
            for version, (by_user, what) in enumerate(AUDIT_ROWS):
                db.execute(_audit_insert(version, by_user, what))
            db.execute("DELETE FROM audit WHERE what = 'first-inserted-later'")  # a gap in the rowids
            db.execute(_audit_insert(9, "u-d", "after-gap"))
    else:
        engine_async = create_async_engine(locate(database).url)
        try:
            async with engine_async.begin() as connection:

                def to_0002(sync: Connection) -> None:
                    from alembic import command

                    command.upgrade(store_alembic.config(sync), "0002")

                await connection.run_sync(to_0002)
                await connection.execute(
                    text(
                        "INSERT INTO games (channel_id, game_id, title, rules_version, creator_id, created_at, "
                        "updated_at) VALUES ('chan-old', 'toy_race', 'Toy Race', 1, 'u-ann', 't', 't')"
                    )
                )
                for version, (by_user, what) in enumerate(AUDIT_ROWS):
                    await connection.execute(text(_audit_insert(version, by_user, what)))
                await connection.execute(text("DELETE FROM audit WHERE what = 'first-inserted-later'"))
                await connection.execute(text(_audit_insert(9, "u-d", "after-gap")))
        finally:
            await engine_async.dispose()
    store = await GameStore.open(database)
    try:
        assert await store.revision() == store_alembic.head()
        async with store.transaction() as db:
            await db.execute(text(_audit_insert(10, "u-e", "after-upgrade")))
        rows = await store.query(text("SELECT what, seq FROM audit ORDER BY seq"))
        assert [r[0] for r in rows] == ["second-inserted", "third", "after-gap", "after-upgrade"]
        assert len({r[1] for r in rows}) == 4
    finally:
        await store.close()
