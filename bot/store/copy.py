"""Copy one games database into another (SQLite into PostgreSQL), row for row, in one transaction.

:func:`copy_database` takes two open stores (:meth:`GameStore.open` has migrated both to the head
schema, so their tables are alike) and copies every table of :data:`TABLES`: the tables of
:mod:`bot.store.schema` in foreign-key order, without ``schema_version`` (the migrations set it)
and Alembic's ``alembic_version`` (not one of them).

- **Refusal.** A target that holds any row in those tables is refused
  (:class:`TargetNotEmpty`, naming what it holds) unless ``replace`` is true; then its rows are
  deleted (PostgreSQL: ``TRUNCATE``) in the same transaction as the copy, so a failed copy leaves
  the old content in place.
- **One transaction.** The source is read in one read transaction (a consistent picture even if a
  bot still wrote to it; stop the bot first all the same) and streamed in batches of
  :data:`BATCH` rows into one write transaction on the target: a copy that fails at any row
  (a value the target refuses, the connection lost) leaves the target as it was.
- **Order.** Tables are read in primary-key order. The append-only logs (``audit``, ``timeouts``,
  ``seat_holders``, ``clock_log``) have a ``seq`` key that records their insertion order
  (revision 0003), copied like any column; ``pings``, the one table without a key (a count of
  pings sent per user and day, whose order means nothing), is read ordered by all its columns.
- **Keys.** Integer keys the database generates (``games.id``, ``votes.id``, ``digest_items.id``) are
  copied as they are; on PostgreSQL each one's sequence is then set past the largest copied id, so
  a new game does not collide with a copied one.
- **Check.** Before committing, every table's row count on the target must equal the source's, and
  a digest of every row must match (:func:`table_digest`, whatever order rows come back in).
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import AsyncIterator, Sequence
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass, field
from typing import Any, cast

from sqlalchemy import ColumnElement, Integer, Table, func, insert, select, text
from sqlalchemy.exc import DBAPIError
from sqlalchemy.ext.asyncio import AsyncConnection
from sqlalchemy.sql import Select

from . import schema
from .connection import Conn
from .rows import AnyRow, ConstraintError
from .store import GameStore

#: Rows read and inserted at a time.
BATCH = 500
#: The tables copied, in foreign-key order (parents first).
TABLES: tuple[Table, ...] = tuple(t for t in schema.metadata.sorted_tables if t is not schema.schema_version)


class CopyError(Exception):
    """The copy cannot be made or did not check out; the target is unchanged."""


class TargetNotEmpty(CopyError):
    """The target already holds rows (and ``replace`` was not asked for)."""


@dataclass
class TableCopy:
    """One table's copy: rows read from the source and rows on the target afterwards."""

    name: str
    source_rows: int = 0
    target_rows: int = 0


@dataclass
class CopyReport:
    """What :func:`copy_database` did: per table counts, the replaced rows and the time taken."""

    tables: list[TableCopy] = field(default_factory=list)
    replaced: dict[str, int] = field(default_factory=dict)
    seconds: float = 0.0

    @property
    def rows(self) -> int:
        return sum(t.source_rows for t in self.tables)


def copy_order(table: Table) -> Sequence[ColumnElement[Any]]:
    """The order a table is read in: its primary key, else all its columns."""
    keys = list(table.primary_key.columns)
    return keys if keys else list(table.columns)


def serial_key(table: Table) -> str | None:
    """The name of ``table``'s integer key that the database generates (a sequence on PostgreSQL)."""
    keys = list(table.primary_key.columns)
    if len(keys) == 1 and isinstance(keys[0].type, Integer) and keys[0].autoincrement in (True, "auto"):
        return keys[0].name
    return None


def snapshot_read(store: GameStore) -> AbstractAsyncContextManager[Conn]:
    """A read connection that sees one consistent picture of the database until it is left."""
    return cast(AbstractAsyncContextManager[Conn], store.db.snapshot())


async def batches(db: Conn, statement: Select[Any]) -> AsyncIterator[Sequence[AnyRow]]:
    """The rows of ``statement`` :data:`BATCH` at a time, never all in memory: a server-side cursor
    on PostgreSQL (inside the connection's transaction), the driver's lazy cursor on SQLite."""
    if isinstance(db, AsyncConnection):
        streamed = await db.stream(statement)
        try:
            async for part in streamed.partitions(BATCH):
                yield part
        finally:
            await streamed.close()
        return
    for part in (await db.execute(statement)).partitions(BATCH):
        yield part


async def row_counts(db: Conn) -> dict[str, int]:
    """Rows in each of :data:`TABLES`."""
    counts = {}
    for table in TABLES:
        counts[table.name] = int((await db.execute(select(func.count()).select_from(table))).scalar_one())
    return counts


async def table_digest(db: Conn, table: Table) -> str:
    """A digest of every row of ``table``: a sum of per-row hashes, so the order rows come back in (the
    database's collation's) does not count; an insertion order that matters is a ``seq`` column."""
    total = 0
    async for batch in batches(db, select(*table.columns).order_by(*copy_order(table))):
        for row in batch:
            line = repr(tuple(row)).encode()  # ints and strings, alike on both backends
            total = (total + int.from_bytes(hashlib.sha256(line).digest(), "big")) % (1 << 256)
    return f"{total:064x}"


async def copy_database(source: GameStore, target: GameStore, *, replace: bool = False) -> CopyReport:
    """Copy every row of ``source`` into ``target`` (see the module's text); raises
    :class:`TargetNotEmpty` or :class:`CopyError` and leaves the target unchanged when it fails."""
    if source.location.url == target.location.url:
        raise CopyError("the source and the target are the same database")
    began = time.perf_counter()
    report = CopyReport()
    async with snapshot_read(source) as src, target.transaction() as dst:
        held = {name: n for name, n in (await row_counts(dst)).items() if n}
        if held and not replace:
            raise TargetNotEmpty(
                "the target database already holds data ("
                + ", ".join(f"{name}: {n} rows" for name, n in held.items())
                + "); copy into an empty database, or pass --replace to overwrite it"
            )
        await _empty(dst, [t for t in TABLES if held.get(t.name)])
        report.replaced = held
        counts = await row_counts(src)
        for table in TABLES:
            done = TableCopy(table.name, source_rows=counts[table.name])
            copied = 0
            async for batch in batches(src, select(*table.columns).order_by(*copy_order(table))):
                try:
                    await dst.execute(insert(table), [dict(row._mapping) for row in batch])
                except (DBAPIError, ConstraintError) as exc:  # a value the target's types or checks refuse
                    reason = " ".join(str(getattr(exc, "orig", None) or exc).split())
                    raise CopyError(f"{table.name}: the target refused a row ({reason}); nothing was written") from exc
                copied += len(batch)
            if copied != done.source_rows:
                raise CopyError(f"{table.name}: read {copied} rows, but the source counted {done.source_rows}")
            report.tables.append(done)
        if dst.dialect.name == "postgresql":
            for table in TABLES:
                key = serial_key(table)
                if key is not None:
                    await dst.execute(
                        text(
                            f"SELECT setval(pg_get_serial_sequence('{table.name}', '{key}'), "
                            f"COALESCE((SELECT MAX({key}) FROM {table.name}), 0) + 1, false)"
                        )
                    )
        after = await row_counts(dst)
        wrong = []
        for done in report.tables:
            done.target_rows = after[done.name]
            if done.target_rows != done.source_rows:
                wrong.append(f"{done.name} has {done.target_rows} rows, the source {done.source_rows}")
            elif await table_digest(dst, _table(done.name)) != await table_digest(src, _table(done.name)):
                wrong.append(f"{done.name}: the rows differ from the source's")
        if wrong:
            raise CopyError("the copy does not match its source (nothing was written): " + "; ".join(wrong))
    report.seconds = time.perf_counter() - began
    return report


async def _empty(db: Conn, held: list[Table]) -> None:
    """Delete the target's rows. On PostgreSQL every copied table is truncated, held rows or not
    (inside the transaction: a failed copy brings them back), which is also the fastest way."""
    if db.dialect.name == "postgresql":
        await db.exec_driver_sql("TRUNCATE " + ", ".join(t.name for t in TABLES))
        return
    for table in reversed(held):  # children first
        await db.execute(table.delete())


def _table(name: str) -> Table:
    return schema.metadata.tables[name]


async def compare_tables(source: GameStore, target: GameStore) -> list[str]:
    """What differs between two databases' copied tables (row counts, then row digests); empty when
    they hold the same rows (the check :func:`copy_database` makes before committing, run again)."""
    problems = []
    async with snapshot_read(source) as src, snapshot_read(target) as dst:
        theirs, ours = await row_counts(src), await row_counts(dst)
        for table in TABLES:
            if theirs[table.name] != ours[table.name]:
                problems.append(f"{table.name} has {ours[table.name]} rows, the source {theirs[table.name]}")
            elif await table_digest(dst, table) != await table_digest(src, table):
                problems.append(f"{table.name}: the rows differ from the source's")
    return problems


async def snapshots_of(store: GameStore, row: int) -> dict[int, str]:
    """Every stored snapshot of game ``row``: version → state JSON (for the copy's replay check)."""
    s = schema.snapshots
    rows = await store.query(select(s.c.version, s.c.state_json).where(s.c.game == row).order_by(s.c.version))
    return {int(r[0]): str(r[1]) for r in rows}
