"""How the store reaches its database: one :class:`Backend` per store, giving a connection for one
write transaction (:meth:`Backend.write`) or one read (:meth:`Backend.read`).

Both backends hand out a :class:`Conn`, the small async surface the store's statements use
(``execute``, ``exec_driver_sql``, ``run_sync``):

- **PostgreSQL** (:class:`PostgresBackend`): SQLAlchemy's ``AsyncConnection`` over asyncpg, from the
  async engine's pool; a write is one ``READ COMMITTED`` transaction (the store's guarded statements
  make that safe).
- **SQLite** (:class:`SqliteBackend`): SQLAlchemy's synchronous ``Connection`` over the standard
  ``sqlite3`` module, run in the event loop's own thread. A statement on a local SQLite file takes
  tens of microseconds; handing it to a worker thread (aiosqlite) costs several hops per statement
  (cursor, execute, fetch, close), which measured five times the whole action's store time. The one
  wait that can be long, the writer lock another process holds, is never waited for in the thread:
  ``BEGIN IMMEDIATE`` is tried without ``busy_timeout`` and, while the file is locked, retried after
  an ``asyncio.sleep`` until ``busy_timeout_ms`` has passed; other statements wait at most
  :data:`INLINE_BUSY_MS` in the thread (a reader in WAL mode is only rarely kept waiting). Within a
  process, writers queue on an :class:`asyncio.Lock` first. Reads run outside any transaction (WAL:
  they never wait for the writer). The commit, the one call that may wait for the disk, runs in a
  worker thread (one hop per write transaction).
"""

from __future__ import annotations

import asyncio
import sqlite3
import time
from collections.abc import AsyncIterator, Callable, Mapping, Sequence
from contextlib import asynccontextmanager
from contextvars import ContextVar
from typing import Any, Protocol, TypeVar

from sqlalchemy import Connection, CursorResult, Dialect, Engine
from sqlalchemy.exc import OperationalError
from sqlalchemy.ext.asyncio import AsyncEngine
from sqlalchemy.sql import Executable

T = TypeVar("T")
#: What a statement gives back (rows of any columns).
Rows = CursorResult[*tuple[Any, ...]]
#: How long one statement on SQLite may wait for a lock inside the event loop's thread (ms).
INLINE_BUSY_MS = 20
#: Pause between two tries of ``BEGIN IMMEDIATE`` while another process writes (seconds).
RETRY_PAUSE = 0.005
#: PostgreSQL: connections per process (the pool's size, and more in a burst).
POOL_SIZE, POOL_OVERFLOW = 10, 10
#: PostgreSQL: blocks of reads sharing one connection at once (:meth:`PostgresBackend.reads_together`).
SHARED_READERS = 8


class Conn(Protocol):
    """What the store's statements are run on (SQLAlchemy's ``AsyncConnection`` has this shape)."""

    @property
    def dialect(self) -> Dialect: ...

    async def execute(self, statement: Executable, parameters: Any = None) -> Rows: ...

    async def exec_driver_sql(self, statement: str, parameters: Any = None) -> Rows: ...

    async def run_sync(self, fn: Callable[..., T], *args: Any) -> T: ...


class InlineConn:
    """A synchronous SQLAlchemy connection behind :class:`Conn`: each call runs at once, in this thread."""

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

    async def dispose(self) -> None: ...


class SqliteBackend:
    """SQLite through a synchronous engine run in the event loop's thread (see the module's text)."""

    def __init__(self, engine: Engine, busy_timeout_ms: int) -> None:
        self.engine = engine
        self.busy_timeout_ms = busy_timeout_ms
        self._lock = asyncio.Lock()

    @asynccontextmanager
    async def write(self) -> AsyncIterator[InlineConn]:
        async with self._lock:
            connection = self.engine.connect()
            try:
                await self._begin_immediate(connection)
                try:
                    yield InlineConn(connection)
                except BaseException:
                    connection.rollback()
                    raise
                # The commit is the one call that may touch the disk for long (an fsync with
                # synchronous=FULL, a WAL checkpoint): it runs in a worker thread, the loop goes on.
                await asyncio.to_thread(connection.commit)
            finally:
                connection.close()

    async def _begin_immediate(self, connection: Connection) -> None:
        """Take the writer lock, waiting (without blocking the loop) while another process holds it.

        Each try fails at once when the file is locked (``busy_timeout`` 0 for it): the wait is the
        ``asyncio.sleep`` between tries, never the thread."""
        driver = connection.connection.driver_connection
        assert driver is not None
        deadline = time.monotonic() + self.busy_timeout_ms / 1000
        driver.execute("PRAGMA busy_timeout = 0")
        try:
            while True:
                try:
                    connection.exec_driver_sql("BEGIN IMMEDIATE")
                    return
                except OperationalError as exc:
                    locked = isinstance(exc.orig, sqlite3.OperationalError) and "locked" in str(exc.orig)
                    if not locked or time.monotonic() >= deadline:
                        raise
                await asyncio.sleep(RETRY_PAUSE)
        finally:
            driver.execute(f"PRAGMA busy_timeout = {INLINE_BUSY_MS}")

    @asynccontextmanager
    async def read(self) -> AsyncIterator[InlineConn]:
        connection = self.engine.connect()
        try:
            yield InlineConn(connection)
        finally:
            connection.close()

    @asynccontextmanager
    async def reads_together(self) -> AsyncIterator[None]:
        """Nothing to share on SQLite: a read takes a pooled connection in the loop's thread (µs)."""
        yield

    @asynccontextmanager
    async def snapshot(self) -> AsyncIterator[InlineConn]:
        """A read transaction (deferred ``BEGIN``: it holds one WAL snapshot until it ends)."""
        async with self.read() as db:
            db.sync.exec_driver_sql("BEGIN")
            try:
                yield db
            finally:
                db.sync.exec_driver_sql("ROLLBACK")

    async def dispose(self) -> None:
        self.engine.dispose()


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
