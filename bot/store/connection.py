"""How the store reaches its database: one :class:`Backend` per store, giving a connection for one
write transaction (:meth:`Backend.write`) or one read (:meth:`Backend.read`), and running a whole
unit of work at once: the rows of one statement (:meth:`Backend.fetch`) or a function of several
statements in one write transaction (:meth:`Backend.transact`).

Both backends hand out a :class:`Conn`, the small async surface the store's statements use
(``execute``, ``exec_driver_sql``, ``run_sync``), whose results are :class:`Rows`:

- **PostgreSQL** (:class:`PostgresBackend`): SQLAlchemy's ``AsyncConnection`` over asyncpg, from the
  async engine's pool; a write is one ``READ COMMITTED`` transaction (the store's guarded statements
  make that safe); a unit of work runs on it through ``run_sync``.
- **SQLite** (:class:`bot.store.sqlite.SqliteBackend`): SQLAlchemy's synchronous engine over the
  standard ``sqlite3`` module, every statement run in a database thread of the store's own, one
  hop per unit of work (see :mod:`bot.store.sqlite`).
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import asynccontextmanager
from contextvars import ContextVar
from typing import Any, Protocol, TypeVar

from sqlalchemy import Connection, Dialect
from sqlalchemy.ext.asyncio import AsyncEngine
from sqlalchemy.sql import Executable

from .rows import AnyRow

T = TypeVar("T")
#: How long one statement on SQLite may wait for another connection's lock (ms): the store waits
#: for another process's writer lock itself, between tries of ``BEGIN IMMEDIATE``.
INLINE_BUSY_MS = 20
#: PostgreSQL: connections per process (the pool's size, and more in a burst).
POOL_SIZE, POOL_OVERFLOW = 10, 10
#: PostgreSQL: blocks of reads sharing one connection at once (:meth:`PostgresBackend.reads_together`).
SHARED_READERS = 8


class Rows(Protocol):
    """What a statement gives back: the part of SQLAlchemy's ``CursorResult`` the store reads."""

    @property
    def rowcount(self) -> int: ...

    @property
    def returns_rows(self) -> bool: ...

    def __iter__(self) -> Iterator[AnyRow]: ...

    def all(self) -> Sequence[AnyRow]: ...

    def one(self) -> AnyRow: ...

    def scalar_one(self) -> Any: ...

    def scalar_one_or_none(self) -> Any: ...

    def scalars(self) -> Iterable[Any]: ...

    def partitions(self, size: int | None = None) -> Iterator[Sequence[AnyRow]]: ...


class Conn(Protocol):
    """What the store's statements are run on (SQLAlchemy's ``AsyncConnection`` has this shape)."""

    @property
    def dialect(self) -> Dialect: ...

    async def execute(self, statement: Executable, parameters: Any = None) -> Rows: ...

    async def exec_driver_sql(self, statement: str, parameters: Any = None) -> Rows: ...

    async def run_sync(self, fn: Callable[..., T], *args: Any) -> T: ...


class InlineConn:
    """A synchronous SQLAlchemy connection behind :class:`Conn`: each call runs at once, in this thread
    (SQLite's snapshots for the copy tool, see :mod:`bot.store.sqlite`)."""

    def __init__(self, connection: Connection) -> None:
        self.sync = connection

    @property
    def dialect(self) -> Dialect:
        return self.sync.dialect

    async def execute(self, statement: Executable, parameters: Any = None) -> Rows:
        return self.sync.execute(statement, parameters)

    async def exec_driver_sql(self, statement: str, parameters: Any = None) -> Rows:
        return self.sync.exec_driver_sql(statement, parameters if parameters is not None else ())

    async def run_sync(self, fn: Callable[..., T], *args: Any) -> T:
        return fn(self.sync, *args)


class Backend(Protocol):
    def write(self) -> Any: ...  # an async context manager of Conn (see the classes below)

    def read(self) -> Any: ...

    def snapshot(self) -> Any: ...  # reads that all see one consistent state of the database

    def reads_together(self) -> Any: ...  # the reads of a block share one connection (where it pays)

    async def fetch(self, statement: Executable | str, parameters: Any = None) -> list[AnyRow]: ...

    async def transact(self, fn: Callable[..., T], *args: Any) -> T: ...

    async def dispose(self) -> None: ...


class PostgresBackend:
    """PostgreSQL through SQLAlchemy's async engine over asyncpg."""

    def __init__(self, engine: AsyncEngine) -> None:
        self.engine = engine
        # Reads run in autocommit: no BEGIN and no ROLLBACK around each (three round trips become one).
        self._reader = engine.execution_options(isolation_level="AUTOCOMMIT")
        self._sharing = asyncio.Semaphore(SHARED_READERS)
        #: The read connection a task holds for a run of reads (:meth:`reads_together`), if any.
        self._shared: ContextVar[tuple[asyncio.Task[Any] | None, Conn] | None] = ContextVar(
            f"pbp_shared_read_{id(self)}", default=None
        )

    @asynccontextmanager
    async def reads_together(self) -> AsyncIterator[None]:
        """The reads of this block, in this task, share one connection: a connection taken from the
        pool costs about 0.2 ms of CPU per read (measured), at about eight reads an action.

        A block that shares a connection may then wait for a write connection while holding it; so
        that blocks can never hold the whole pool between them, at most :data:`SHARED_READERS` do at
        once (fewer than the pool's connections), and a block beyond them reads as usual."""
        if self._shared.get() is not None or self._sharing.locked():
            yield
            return
        async with self._sharing, self._reader.connect() as connection:
            token = self._shared.set((asyncio.current_task(), connection))
            try:
                yield
            finally:
                self._shared.reset(token)

    @asynccontextmanager
    async def write(self) -> AsyncIterator[Conn]:
        async with self.engine.begin() as connection:
            yield connection

    @asynccontextmanager
    async def read(self) -> AsyncIterator[Conn]:
        shared = self._shared.get()
        if shared is not None and shared[0] is asyncio.current_task():  # never from another task
            yield shared[1]
            return
        async with self._reader.connect() as connection:
            yield connection

    async def fetch(self, statement: Executable | str, parameters: Any = None) -> list[AnyRow]:
        """The rows of one statement (a driver SQL string takes a tuple or a mapping of parameters)."""
        async with self.read() as db:
            if isinstance(statement, str):
                result = await db.exec_driver_sql(statement, parameters if parameters is not None else ())
            else:
                result = await db.execute(statement, parameters)
            return list(result.all()) if result.returns_rows else []

    async def transact(self, fn: Callable[..., T], *args: Any) -> T:
        """``fn(connection, *args)`` on a synchronous face of one write transaction (``run_sync``)."""
        async with self.engine.begin() as connection:
            return await connection.run_sync(fn, *args)

    @asynccontextmanager
    async def snapshot(self) -> AsyncIterator[Conn]:
        """A ``REPEATABLE READ, READ ONLY`` transaction: every read sees the state at its first one."""
        snap = self.engine.execution_options(isolation_level="REPEATABLE READ", postgresql_readonly=True)
        async with snap.connect() as connection, connection.begin():
            yield connection

    async def dispose(self) -> None:
        await self.engine.dispose()


def params_of(parameters: Sequence[Any] | Mapping[str, Any]) -> Any:
    """Driver parameters as SQLAlchemy takes them: a mapping as a dict, a sequence as a tuple."""
    return dict(parameters) if isinstance(parameters, Mapping) else tuple(parameters)
