"""SQLite off the event loop: every statement of a store runs in one database thread of its own (issue 24).

A :class:`SqliteBackend` owns a :class:`DatabaseThread` and, in it, two long-lived connections: one
for reads (outside any transaction: in WAL mode a read never waits for a writer) and one for write
transactions. The event loop hands the thread a whole *unit* of work and awaits one future for it:

- a **read** (:meth:`SqliteBackend.fetch`): the statement run and its rows fetched in the thread;
- a **write unit** (:meth:`SqliteBackend.transact`): ``BEGIN IMMEDIATE``, a function of several
  statements on a synchronous connection, and the commit, all in one hop;
- a **write transaction** written as ``async with backend.write() as db`` (the companion stores):
  its first statement takes ``BEGIN IMMEDIATE`` with it, each later statement is one hop with its
  rows fetched in the thread (:class:`Fetched`), and the commit or rollback is the last.

Measured on a 2-core machine: a hop costs about 25 µs of CPU (a queue and ``call_soon_threadsafe``;
``run_in_executor`` about 45 µs); the statements themselves, SQLAlchemy's part included, 100–200 µs
each, which the loop no longer spends. The old design ran the statements in the loop's thread
because aiosqlite's several hops per statement (cursor, execute, fetch, close) cost five times the
action's store time; one hop per unit costs less than the statements' own time.

What stays as it was: another process's writer lock is never waited for in the thread.
``BEGIN IMMEDIATE`` is tried with ``busy_timeout`` 0 and, while the file is locked, tried again
after an ``asyncio.sleep`` of :data:`RETRY_PAUSE` until ``busy_timeout_ms`` has passed (then the
``database is locked`` error is raised); other statements wait at most :data:`INLINE_BUSY_MS`.
Within a process, writers queue on an :class:`asyncio.Lock`. Closing (:meth:`SqliteBackend.dispose`)
lets the thread finish the units it was given, closes its connections and ends it. A snapshot (the
copy tool's consistent read of whole tables, streamed) runs on a connection of its own in the
caller's thread: it serves no player.
"""

from __future__ import annotations

import asyncio
import queue
import sqlite3
import threading
import time
from collections.abc import AsyncIterator, Callable, Iterator, Sequence
from contextlib import asynccontextmanager, suppress
from itertools import islice
from typing import Any, TypeVar

from sqlalchemy import Connection, Dialect, Engine, Row
from sqlalchemy.exc import OperationalError
from sqlalchemy.sql import Executable

from .connection import INLINE_BUSY_MS, Conn, InlineConn

T = TypeVar("T")
#: Pause between two tries of ``BEGIN IMMEDIATE`` while another process writes (seconds).
RETRY_PAUSE = 0.005
_STOP = object()


def _settle(future: asyncio.Future[Any], result: Any, error: BaseException | None) -> None:
    if future.cancelled():
        return
    if error is not None:
        future.set_exception(error)
    else:
        future.set_result(result)


class DatabaseThread:
    """One thread running functions one at a time, in the order given (see the module's text)."""

    def __init__(self, name: str) -> None:
        self._jobs: queue.SimpleQueue[Any] = queue.SimpleQueue()
        self._thread = threading.Thread(target=self._serve, name=name, daemon=True)
        self._thread.start()
        self.stopped = False

    def _serve(self) -> None:
        while True:
            job = self._jobs.get()
            if job is _STOP:
                return
            loop, future, fn, args = job
            try:
                result, error = fn(*args), None
            except BaseException as exc:  # handed to the awaiting task, whatever it is
                result, error = None, exc
            with suppress(RuntimeError):  # the loop was closed meanwhile: nobody waits for it any more
                loop.call_soon_threadsafe(_settle, future, result, error)

    def run(self, fn: Callable[..., T], *args: Any) -> asyncio.Future[T]:
        """``fn(*args)`` in the thread, after what it was given before; await the answer."""
        if self.stopped:
            raise RuntimeError("the database thread has stopped")
        loop = asyncio.get_running_loop()
        future: asyncio.Future[T] = loop.create_future()
        self._jobs.put((loop, future, fn, args))
        return future

    async def stop(self, last: Callable[[], None]) -> None:
        """Run ``last`` after every function given so far, then end the thread (once)."""
        if self.stopped:
            return
        done = self.run(last)
        self.stopped = True
        self._jobs.put(_STOP)
        try:
            await done
        finally:
            await asyncio.to_thread(self._thread.join)


class Fetched:
    """What a statement gave back, its rows fetched in the database thread: the part of SQLAlchemy's
    result the store reads (rows, scalars, ``rowcount``)."""

    __slots__ = ("returns_rows", "rowcount", "rows")

    def __init__(self, rows: Sequence[Row[Any]], rowcount: int, returns_rows: bool) -> None:
        self.rows, self.rowcount, self.returns_rows = rows, rowcount, returns_rows

    @classmethod
    def of(cls, result: Any) -> Fetched:
        rows = list(result.all()) if result.returns_rows else []
        return cls(rows, result.rowcount, result.returns_rows)

    def __iter__(self) -> Iterator[Row[Any]]:
        return iter(self.rows)

    def all(self) -> Sequence[Row[Any]]:
        return self.rows

    def one(self) -> Row[Any]:
        if len(self.rows) != 1:
            raise ValueError(f"expected one row, got {len(self.rows)}")
        return self.rows[0]

    def scalar_one(self) -> Any:
        return self.one()[0]

    def scalar_one_or_none(self) -> Any:
        if len(self.rows) > 1:
            raise ValueError(f"expected at most one row, got {len(self.rows)}")
        return self.rows[0][0] if self.rows else None

    def scalars(self) -> list[Any]:
        return [row[0] for row in self.rows]

    def partitions(self, size: int | None = None) -> Iterator[Sequence[Row[Any]]]:
        rows = iter(self.rows)
        while part := list(islice(rows, size or len(self.rows) or 1)):
            yield part


class ThreadConn:
    """A connection of the database thread behind :class:`~bot.store.connection.Conn`: each call is one
    hop; the first statement of a write transaction takes ``BEGIN IMMEDIATE`` with it."""

    def __init__(self, backend: SqliteBackend, connection: Connection) -> None:
        self.backend, self.sync = backend, connection
        self.begun = False

    @property
    def dialect(self) -> Dialect:
        return self.sync.dialect

    async def execute(self, statement: Executable, parameters: Any = None) -> Fetched:
        return await self._run(lambda c: Fetched.of(c.execute(statement, parameters)))

    async def exec_driver_sql(self, statement: str, parameters: Any = None) -> Fetched:
        args = parameters if parameters is not None else ()
        return await self._run(lambda c: Fetched.of(c.exec_driver_sql(statement, args)))

    async def run_sync(self, fn: Callable[..., T], *args: Any) -> T:
        return await self._run(lambda c: fn(c, *args))

    async def _run(self, fn: Callable[[Connection], T]) -> T:
        if self.begun:
            return await self.backend.thread.run(fn, self.sync)
        result = await self.backend.begun(fn)
        self.begun = True
        return result


class SqliteBackend:
    """SQLite through a synchronous engine whose statements run in one database thread (see the module's text)."""

    def __init__(self, engine: Engine, busy_timeout_ms: int) -> None:
        self.engine = engine
        self.busy_timeout_ms = busy_timeout_ms
        self.thread = DatabaseThread(f"sqlite {engine.url.database}")
        self._lock = asyncio.Lock()
        self._reader: Connection | None = None
        self._writer: Connection | None = None

    # --- in the database thread ----------------------------------------------------------------
    def _reads(self) -> Connection:
        if self._reader is None or self._reader.invalidated:
            self._reader = self.engine.connect()
        return self._reader

    def _writes(self) -> Connection:
        if self._writer is None or self._writer.invalidated:
            self._writer = self.engine.connect()
        return self._writer

    def _try_begin(self, connection: Connection) -> OperationalError | None:
        """``BEGIN IMMEDIATE`` at once, or the ``database is locked`` error while another process writes."""
        driver = connection.connection.driver_connection
        assert driver is not None
        driver.execute("PRAGMA busy_timeout = 0")
        try:
            connection.exec_driver_sql("BEGIN IMMEDIATE")
            return None
        except OperationalError as exc:
            if isinstance(exc.orig, sqlite3.OperationalError) and "locked" in str(exc.orig):
                return exc
            raise
        finally:
            driver.execute(f"PRAGMA busy_timeout = {INLINE_BUSY_MS}")

    def _begin_then(self, fn: Callable[[Connection], T]) -> T | OperationalError:
        connection = self._writes()
        locked = self._try_begin(connection)
        if locked is not None:
            return locked
        try:
            return fn(connection)
        except BaseException:
            connection.rollback()
            raise

    def _unit(self, fn: Callable[..., T], args: tuple[Any, ...]) -> T | OperationalError:
        def body(connection: Connection) -> T:
            result = fn(connection, *args)
            connection.commit()
            return result

        return self._begin_then(body)

    def _fetch(self, statement: Executable | str, parameters: Any) -> list[Row[Any]]:
        connection = self._reads()
        if isinstance(statement, str):
            result = connection.exec_driver_sql(statement, parameters if parameters is not None else ())
        else:
            result = connection.execute(statement, parameters)
        return list(result.all()) if result.returns_rows else []

    def _close(self) -> None:
        for connection in (self._reader, self._writer):
            if connection is not None:
                connection.close()
        self._reader = self._writer = None
        self.engine.dispose()

    # --- from the event loop -------------------------------------------------------------------
    async def _until_begun(self, hop: Callable[[], Any]) -> Any:
        """Run ``hop`` (which begins a write transaction) until it is not refused for another
        process's writer lock, sleeping between tries; the lock error once ``busy_timeout_ms`` has passed."""
        deadline = time.monotonic() + self.busy_timeout_ms / 1000
        while True:
            outcome = await hop()
            if not isinstance(outcome, OperationalError):
                return outcome
            if time.monotonic() >= deadline:
                raise outcome
            await asyncio.sleep(RETRY_PAUSE)

    async def begun(self, fn: Callable[[Connection], T]) -> T:
        """``BEGIN IMMEDIATE`` and ``fn`` on the write connection, in one hop (the caller holds the lock)."""
        result: T = await self._until_begun(lambda: self.thread.run(self._begin_then, fn))
        return result

    async def transact(self, fn: Callable[..., T], *args: Any) -> T:
        """``fn(connection, *args)`` in one write transaction, committed unless it raises: one hop."""
        async with self._lock:
            result: T = await self._until_begun(lambda: self.thread.run(self._unit, fn, args))
            return result

    async def fetch(self, statement: Executable | str, parameters: Any = None) -> list[Row[Any]]:
        """The rows of one statement run outside any transaction (a driver SQL string takes a tuple)."""
        return await self.thread.run(self._fetch, statement, parameters)

    @asynccontextmanager
    async def write(self) -> AsyncIterator[Conn]:
        async with self._lock:
            db = ThreadConn(self, await self.thread.run(self._writes))
            try:
                yield db
            except BaseException:
                if db.begun:
                    await self.thread.run(Connection.rollback, db.sync)
                raise
            if db.begun:
                await self.thread.run(Connection.commit, db.sync)

    @asynccontextmanager
    async def read(self) -> AsyncIterator[Conn]:
        """Reads on the thread's read connection, one hop each (no transaction: nothing to begin)."""
        db = ThreadConn(self, await self.thread.run(self._reads))
        db.begun = True
        yield db

    @asynccontextmanager
    async def reads_together(self) -> AsyncIterator[None]:
        """Nothing to share on SQLite: every read already uses the thread's read connection."""
        yield

    @asynccontextmanager
    async def snapshot(self) -> AsyncIterator[InlineConn]:
        """A read transaction (deferred ``BEGIN``: it holds one WAL snapshot until it ends) on a
        connection of its own, in the caller's thread (see the module's text)."""
        connection = self.engine.connect()
        try:
            connection.exec_driver_sql("BEGIN")
            try:
                yield InlineConn(connection)
            finally:
                connection.exec_driver_sql("ROLLBACK")
        finally:
            connection.close()

    async def dispose(self) -> None:
        await self.thread.stop(self._close)
