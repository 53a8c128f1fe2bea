"""Where the games database lives and how it is connected: one SQLAlchemy engine per store.

``DATABASE_URL`` picks the backend: ``sqlite:///path`` (the standard ``sqlite3`` module, the
default; a bare path or ``DATABASE_PATH`` means the same) or ``postgresql://user:pass@host/db``
(asyncpg). :mod:`bot.store.connection` says how each backend runs the statements (SQLite's in a
database thread of the store's own, :mod:`bot.store.sqlite`).

SQLite keeps what the single-connection store had: each new connection gets ``journal_mode =
WAL``, ``foreign_keys = ON`` and ``synchronous`` (a ``connect`` event), and the driver is put in
autocommit mode so that the store itself issues ``BEGIN IMMEDIATE`` for a write (the writer lock is
taken before the first read of the transaction, so the version check cannot be raced) while a plain
read runs outside any transaction, as before. Its ``busy_timeout`` is short: the store waits for
another process's writer lock itself, without blocking its database thread.

The dialect differences the store's statements meet are here too, in one place: an upsert
(``INSERT OR REPLACE`` / ``OR IGNORE`` of old) through the dialect's ``insert().on_conflict_do_...``.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import sqlalchemy
from sqlalchemy import Integer, Table, event
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import create_async_engine
from sqlalchemy.ext.compiler import compiles
from sqlalchemy.sql.dml import Insert
from sqlalchemy.sql.functions import FunctionElement

from .connection import INLINE_BUSY_MS, POOL_OVERFLOW, POOL_SIZE, Backend, PostgresBackend
from .sqlite import SqliteBackend

SYNCHRONOUS = ("OFF", "NORMAL", "FULL", "EXTRA")


@dataclass(frozen=True)
class Location:
    """A parsed database location: ``url`` for SQLAlchemy, ``backend`` ``sqlite`` or ``postgresql``,
    ``path`` the SQLite file (``None`` for PostgreSQL)."""

    url: str
    backend: str
    path: str | None


def locate(where: str | Path) -> Location:
    """The location of ``where``: a file path, ``sqlite:///path`` or ``postgresql://…``.

    >>> locate("games.sqlite3")
    Location(url='sqlite+pysqlite:///games.sqlite3', backend='sqlite', path='games.sqlite3')
    >>> locate("postgresql://bot@db/games").url
    'postgresql+asyncpg://bot@db/games'
    >>> locate("mysql://x/y")
    Traceback (most recent call last):
    ...
    ValueError: DATABASE_URL must start with sqlite:/// or postgresql://, not 'mysql://x/y'
    """
    text = str(where)
    if "://" not in text:
        return Location(f"sqlite+pysqlite:///{text}", "sqlite", text)
    try:
        url = make_url(text)
    except Exception as exc:  # sqlalchemy.exc.ArgumentError: say what was wrong with it
        raise ValueError(f"DATABASE_URL is not a database URL: {text!r}") from exc
    if url.drivername in ("sqlite", "sqlite+pysqlite", "sqlite+aiosqlite"):
        path = url.database or ""
        if not path or path == ":memory:":
            raise ValueError("a SQLite DATABASE_URL needs a file: sqlite:///path/to/games.sqlite3")
        return Location(url.set(drivername="sqlite+pysqlite").render_as_string(False), "sqlite", path)
    if url.drivername in ("postgresql", "postgres", "postgresql+asyncpg"):
        return Location(url.set(drivername="postgresql+asyncpg").render_as_string(False), "postgresql", None)
    raise ValueError(f"DATABASE_URL must start with sqlite:/// or postgresql://, not {text!r}")


def create_backend(location: Location, *, busy_timeout_ms: int = 5000, synchronous: str = "NORMAL") -> Backend:
    """The pooled engine for ``location`` in its backend (SQLite connections set up as described above).

    PostgreSQL connections are not pinged at each checkout (a round trip per transaction): a
    connection the server dropped fails one statement and is discarded by the pool."""
    if location.backend != "sqlite":
        pooled = create_async_engine(
            location.url, pool_size=POOL_SIZE, max_overflow=POOL_OVERFLOW, skip_autocommit_rollback=True
        )
        return PostgresBackend(pooled)
    if synchronous.upper() not in SYNCHRONOUS:
        raise ValueError(f"synchronous must be one of {', '.join(SYNCHRONOUS)}, not {synchronous!r}")
    # No rollback when a connection goes back to the pool: a read ran in autocommit and a write
    # transaction was committed or rolled back by the store itself.
    engine = sqlalchemy.create_engine(
        location.url, pool_reset_on_return=None, connect_args={"check_same_thread": False}
    )
    pragmas = (
        f"PRAGMA busy_timeout = {INLINE_BUSY_MS}",
        "PRAGMA journal_mode = WAL",
        "PRAGMA foreign_keys = ON",
        f"PRAGMA synchronous = {synchronous.upper()}",
    )

    @event.listens_for(engine, "connect")
    def _setup(dbapi_connection: Any, _record: Any) -> None:
        dbapi_connection.isolation_level = None  # the store says BEGIN IMMEDIATE itself
        cursor = dbapi_connection.cursor()
        for pragma in pragmas:
            cursor.execute(pragma)
        cursor.close()

    return SqliteBackend(engine, busy_timeout_ms)


def upsert(
    dialect: str,
    table: Table,
    values: Mapping[str, Any],
    keys: Iterable[str],
    update: Mapping[str, Any] | None = None,
) -> Insert:
    """``INSERT`` of ``values`` that on a conflict over ``keys`` sets ``update`` (column → value;
    :data:`EXCLUDED` as the value takes the inserted row's) or, with ``update`` ``None``, does nothing.

    The statement without its values is built once per shape (:func:`_upsert_shape`): on PostgreSQL
    its ``excluded`` pseudo-table makes a copy of every column, about 1.5 ms a call when rebuilt."""
    spec = None if update is None else tuple(update.items())
    try:
        shape = _upsert_shape(dialect, table, tuple(keys), spec)
    except TypeError:  # an unhashable value in ``update``: build it this once
        shape = _upsert_shape.__wrapped__(dialect, table, tuple(keys), spec)
    return shape.values(**values)


@functools.lru_cache(maxsize=256)
def _upsert_shape(
    dialect: str, table: Table, keys: tuple[str, ...], update: tuple[tuple[str, Any], ...] | None
) -> Insert:
    module: Any = postgresql if dialect == "postgresql" else sqlite
    statement = module.insert(table)
    if update is None:
        return statement.on_conflict_do_nothing(index_elements=list(keys))
    sets = {col: (statement.excluded[col] if value is EXCLUDED else value) for col, value in update}
    return statement.on_conflict_do_update(index_elements=list(keys), set_=sets)


class _Excluded:
    def __repr__(self) -> str:
        return "EXCLUDED"


#: In :func:`upsert`'s ``update``: take the value the insert tried to write.
EXCLUDED: Any = _Excluded()


def replace(dialect: str, table: Table, values: Mapping[str, Any], keys: Iterable[str]) -> Insert:
    """SQLite's ``INSERT OR REPLACE`` on either backend: the row at ``keys`` becomes ``values`` with
    every other column at its default (``NULL`` or the server default).

    On SQLite it is that statement itself (so a database still at an older legacy migration, with
    fewer columns, works as before); on PostgreSQL an upsert that sets every other column too."""
    if dialect == "sqlite":
        return _or_replace(table).values(**values)
    keys = list(keys)
    update: dict[str, Any] = {}
    for column in table.columns:
        if column.name in keys:
            continue
        if column.name in values:
            update[column.name] = EXCLUDED
        elif column.server_default is not None:
            update[column.name] = column.server_default.arg  # type: ignore[attr-defined]
        else:
            update[column.name] = None
    return upsert(dialect, table, values, keys, update)


@functools.lru_cache(maxsize=64)
def _or_replace(table: Table) -> Insert:
    return sqlite.insert(table).prefix_with("OR REPLACE")


class instr(FunctionElement[int]):  # noqa: N801 (named like the SQL function)
    """The 1-based position of ``needle`` in ``text`` (0: absent): SQLite's ``instr``, PostgreSQL's
    ``strpos``."""

    name = "instr"
    inherit_cache = True
    type = Integer()

    def __init__(self, text: Any, needle: Any) -> None:
        super().__init__(text, needle)


@compiles(instr)
def _instr(element: instr, compiler: Any, **kw: Any) -> str:
    return f"instr({compiler.process(element.clauses, **kw)})"


@compiles(instr, "postgresql")
def _strpos(element: instr, compiler: Any, **kw: Any) -> str:
    return f"strpos({compiler.process(element.clauses, **kw)})"
