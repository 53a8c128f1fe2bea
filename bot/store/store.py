"""Persistence for games over SQLAlchemy 2 Core: games and seats (the lobby's writes are
:mod:`bot.store.lobbies`), an append-only action log and snapshots, on SQLite (the default) or
PostgreSQL (asyncpg).

Design (issue 17). One :class:`GameStore` owns one backend made from a database location
(:func:`bot.store.database.locate`: a file path, ``sqlite:///path`` or ``postgresql://…``;
:mod:`bot.store.connection`). Each write runs in its own transaction on a connection taken from
the engine's pool, an action being
stored as log row + snapshot + ``games.version`` bump guarded by the expected version, so two
writers (tasks or processes) can never both win: the guarded ``UPDATE`` matches no row for the
loser and the log's primary key (game, version) refuses a second row. On SQLite every statement
runs in a database thread of the store's own, a read or a whole write (:meth:`GameStore.transact`)
in one hop (:mod:`bot.store.sqlite`); a write begins with ``BEGIN IMMEDIATE`` (the writer lock
first, as before) and, within a process, write transactions also queue on an :class:`asyncio.Lock`
rather than busy-wait; reads use their own connection in autocommit mode (WAL: they never block the
writer). PRAGMAs are set per connection (:func:`bot.store.database.create_backend`). On PostgreSQL a
write is a ``READ COMMITTED`` transaction, which the guarded statements make safe.

Statements are SQLAlchemy Core over the tables of :mod:`bot.store.schema` (``text()`` with named
parameters where Core is awkward); the dialect differences they meet (upserts instead of ``INSERT
OR REPLACE``/``OR IGNORE``, ``RETURNING`` instead of ``lastrowid``) live in
:mod:`bot.store.database`. A refused write (a duplicate key, a foreign key, a check) is raised as
:class:`~bot.store.rows.ConstraintError` on both backends.

Migrations: Alembic (``bot/store/alembic``, run programmatically at :meth:`GameStore.open`) is the
one history from now on; its baseline revision is the schema of legacy migration 9. An existing
SQLite file is first brought to legacy version 9 by :data:`bot.store.migrations.MIGRATIONS` as
before (also a new SQLite file, so every SQLite database takes the one tested path), then stamped
at the baseline if Alembic has not seen it, then upgraded to Alembic's head; a PostgreSQL
database is created by the baseline revision itself. The store has no clock: callers pass ``now``
(an ISO-8601 UTC string).
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Callable, Mapping, Sequence
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from pathlib import Path
from typing import Any, TypeVar, cast

from sqlalchemy import Connection, func, insert, select, text, update
from sqlalchemy.engine import make_url
from sqlalchemy.exc import IntegrityError
from sqlalchemy.sql import Executable

from . import schema
from .connection import Backend, Conn, params_of
from .database import Location, create_backend, locate
from .inflight import CLOSE_GRACE, Operations
from .lines import dump_lines
from .migrations import MIGRATIONS
from .rows import (
    ActionRecord,
    AnyRow,
    ConstraintError,
    GameRecord,
    SeatRecord,
    VersionConflict,
    _action,
    _game,
    _seat,
)
from .statements import (
    ACTIONS_SINCE,
    BUMP_VERSION,
    GAME_BY_ID,
    HOLDERS,
    INSERT_ACTION,
    INSERT_SNAPSHOT,
    LATEST_GAME,
    LIVE,
    LIVE_GAME,
    SEATS,
    SNAPSHOT,
    STAR,
    games,
    snapshots,
)

T = TypeVar("T")


def split_statements(script: str) -> list[str]:
    """The statements of a legacy migration script (see :mod:`bot.store.migrations`)."""
    return [s.strip() for s in script.split(";") if s.strip()]


class GameStore:
    """Async access to the games database; open with ``await GameStore.open(path_or_url)``."""

    def __init__(self, db: Backend, location: Location) -> None:
        self.db = db
        self.location = location
        #: The SQLite file, or the URL of a PostgreSQL database (its password hidden).
        self.path = location.path or make_url(location.url).render_as_string(hide_password=True)
        self.backend = location.backend
        #: Test hook called inside write transactions with a stage name ("after_log"...).
        self.fault: Callable[[str], None] | None = None
        #: The operations in flight, which :meth:`close` lets finish (:mod:`bot.store.inflight`).
        self.ops = Operations()

    # --- lifecycle ------------------------------------------------------------
    @classmethod
    async def open(cls, where: str | Path, *, busy_timeout_ms: int = 5000, synchronous: str = "NORMAL") -> GameStore:
        """Connect (a path, ``sqlite:///path`` or ``postgresql://…``) and run pending migrations.

        ``busy_timeout_ms`` and ``synchronous`` apply to SQLite only."""
        location = locate(where)
        db = create_backend(location, busy_timeout_ms=busy_timeout_ms, synchronous=synchronous)
        store = cls(db, location)
        try:
            await store._migrate()
        except BaseException:
            await db.dispose()
            raise
        return store

    async def close(self, grace: float = CLOSE_GRACE) -> None:
        """Close the store cleanly: take no new operation, let those in flight finish (at most
        ``grace`` seconds), then close the connections (:mod:`bot.store.inflight`)."""
        await self.ops.drain(grace)
        await self.db.dispose()

    async def __aenter__(self) -> GameStore:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    async def _migrate(self) -> None:
        from .alembic import upgrade  # Alembic is loaded only to migrate

        if self.backend == "sqlite":
            async with self._tx() as db:
                await db.exec_driver_sql("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
                rows = (await db.exec_driver_sql("SELECT version FROM schema_version")).all()
                if not rows:
                    await db.exec_driver_sql("INSERT INTO schema_version (version) VALUES (0)")
                current = rows[0][0] if rows else 0
                for number, script in enumerate(MIGRATIONS, start=1):
                    if number <= current:
                        continue
                    for statement in split_statements(script):
                        await db.exec_driver_sql(statement)
                    await db.exec_driver_sql("UPDATE schema_version SET version = ?", (number,))
                    current = number
            if current < schema.LEGACY_VERSION:  # only a test stops the legacy migrations early
                return
        async with self._tx() as db:
            if self.backend == "postgresql":  # two processes starting at once: one migrates
                await db.execute(select(func.pg_advisory_xact_lock(0x6761_6D65)))
            await db.run_sync(upgrade)

    @asynccontextmanager
    async def _tx(self) -> AsyncIterator[Conn]:
        """One write transaction on a pooled connection; rolled back on any exception."""
        try:
            async with self.ops.one(), self.db.write() as db:
                yield db
        except IntegrityError as exc:
            raise ConstraintError(str(exc.orig)) from exc

    @asynccontextmanager
    async def reads_together(self) -> AsyncIterator[None]:
        """The reads of this block, in this task, share one connection (PostgreSQL; a no-op on SQLite);
        the block is one operation (:meth:`close` lets it finish)."""
        async with self.ops.one(), cast(AbstractAsyncContextManager[None], self.db.reads_together()):
            yield

    def transaction(self) -> AbstractAsyncContextManager[Conn]:
        """A write transaction for companion stores (e.g. :mod:`bot.store.deadlines`)."""
        return self._tx()

    async def transact(self, fn: Callable[..., T], *args: Any) -> T:
        """``fn(connection, *args)`` in one write transaction, for a write of several statements with
        nothing to await between them: ``fn`` gets a synchronous SQLAlchemy ``Connection`` and runs
        in the database thread on SQLite (one hop for the whole transaction), through ``run_sync``
        on PostgreSQL. Committed unless it raises; a refused write is a :class:`ConstraintError`."""
        try:
            async with self.ops.one():
                return await self.db.transact(fn, *args)
        except IntegrityError as exc:
            raise ConstraintError(str(exc.orig)) from exc

    async def query(self, statement: Executable | str, params: Sequence[Any] | Mapping[str, Any] = ()) -> list[AnyRow]:
        """Rows of a read-only query, for companion stores: a Core statement or ``text()`` (with a
        mapping of named ``params``), or a plain string of the driver's SQL (``?`` marks on SQLite)."""
        try:
            async with self.ops.one():
                if isinstance(statement, str):
                    return await self.db.fetch(statement, params_of(params))
                return await self.db.fetch(statement, dict(params) if isinstance(params, Mapping) else None)
        except IntegrityError as exc:
            raise ConstraintError(str(exc.orig)) from exc

    def _hook(self, stage: str) -> None:
        if self.fault is not None:
            self.fault(stage)

    # --- reads ----------------------------------------------------------------
    async def schema_version(self) -> int:
        """The legacy schema version (9 once migrated; Alembic's revisions follow it)."""
        rows = await self.query(select(schema.schema_version.c.version))
        return int(rows[0][0])

    async def revision(self) -> str | None:
        """The database's Alembic revision (``None`` before the first migration by Alembic)."""
        rows = await self.query("SELECT version_num FROM alembic_version")
        return str(rows[0][0]) if rows else None

    async def pragma(self, name: str) -> Any:
        """A SQLite PRAGMA's value on a pooled connection (every connection is set up alike)."""
        if self.backend != "sqlite":
            raise ValueError(f"PRAGMA {name} is SQLite's; this store is on {self.backend}")
        if not name.replace("_", "").isalnum():
            raise ValueError(f"not a PRAGMA name: {name!r}")
        rows = await self.query(f"PRAGMA {name}")
        return rows[0][0]

    async def game(self, row_id: int) -> GameRecord | None:
        rows = await self.query(GAME_BY_ID, {"row": row_id})
        return _game(rows[0]) if rows else None

    async def live_game(self, channel_id: str) -> GameRecord | None:
        """The channel's lobby or active game, if any."""
        rows = await self.query(LIVE_GAME, {"channel": channel_id})
        return _game(rows[0]) if rows else None

    async def latest_game(self, channel_id: str) -> GameRecord | None:
        """The channel's live game, else its most recent finished or abandoned one."""
        rows = await self.query(LATEST_GAME, {"channel": channel_id})
        return _game(rows[0]) if rows else None

    async def all_games(self) -> list[GameRecord]:
        return [_game(r) for r in await self.query(select(STAR).select_from(games).order_by(games.c.id))]

    async def seats(self, row_id: int) -> list[SeatRecord]:
        """Members in seat order once started, in join order in a lobby."""
        return [_seat(r) for r in await self.query(SEATS, {"row": row_id})]

    async def snapshot(self, row_id: int, version: int) -> str | None:
        rows = await self.query(SNAPSHOT, {"row": row_id, "version": version})
        return str(rows[0][0]) if rows else None

    async def actions(self, row_id: int, since: int = 0) -> list[ActionRecord]:
        """Log rows with version > ``since``, oldest first."""
        return [_action(r) for r in await self.query(ACTIONS_SINCE, {"row": row_id, "since": since})]

    async def games_of_user(self, user_id: str) -> list[tuple[GameRecord, SeatRecord]]:
        """Every lobby/active game the user is in, least recently updated first."""
        rows = await self.query(
            text(
                "SELECT g.*, s.user_id, s.name, s.join_order, s.seat, s.colour, s.stand_in FROM games g "
                "JOIN seats s ON s.game = g.id WHERE s.user_id = :user AND g.status IN ('lobby', 'active') "
                "ORDER BY g.updated_at, g.id"
            ),
            {"user": user_id},
        )
        return [(_game(r), _seat(r)) for r in rows]

    # --- status ---------------------------------------------------------------
    async def set_status(self, row_id: int, status: str, now: str, from_status: Sequence[str] = LIVE) -> bool:
        """Move a game to ``status`` if it is in one of ``from_status``; True when it moved."""
        async with self._tx() as db:
            cur = await db.execute(
                update(games)
                .where(games.c.id == row_id, games.c.status.in_(list(from_status)))
                .values(status=status, waiting="[]", updated_at=now)
            )
            return cur.rowcount == 1

    # --- game writes ----------------------------------------------------------
    async def start_game(
        self,
        row_id: int,
        *,
        seats: Sequence[tuple[str, int, str]],
        spec: str,
        rules_version: int,
        seed: int,
        state_json: str,
        waiting: list[str],
        now: str,
    ) -> None:
        """Lobby → active: seat numbers and colours, seed, and snapshot version 0.

        :class:`VersionConflict` if it is no longer a lobby or its members changed meanwhile.
        """
        table = schema.seats
        async with self._tx() as db:
            cur = await db.execute(
                update(games)
                .where(games.c.id == row_id, games.c.status == "lobby")
                .values(
                    status="active",
                    spec=spec,
                    rules_version=rules_version,
                    seed=seed,
                    version=0,
                    waiting=json.dumps(waiting),
                    updated_at=now,
                )
            )
            if cur.rowcount != 1:
                raise VersionConflict("the lobby was already started or closed")
            members = (await db.execute(select(table.c.user_id).where(table.c.game == row_id))).all()
            if sorted(r[0] for r in members) != sorted(user for user, _, _ in seats):
                raise VersionConflict("the lobby's members changed while it was starting")
            for user_id, seat, colour in seats:
                await db.execute(
                    update(table)
                    .where(table.c.game == row_id, table.c.user_id == user_id)
                    .values(seat=seat, colour=colour)
                )
            await db.execute(insert(snapshots).values(game=row_id, version=0, state_json=state_json))

    async def append(
        self,
        row_id: int,
        *,
        expected_version: int,
        seat: int,
        user_id: str,
        kind: str,
        text: str,
        undo_barrier: bool,
        public_lines: list[str],
        state_json: str,
        waiting: list[str],
        now: str,
        status: str = "active",
        holders: Sequence[str] | None = None,
    ) -> int:
        """Store one action or undo as version ``expected_version + 1`` and return it.

        Log row, snapshot and version bump commit together or not at all;
        :class:`VersionConflict` when the game is no longer at ``expected_version``, or when its
        seats are no longer held by ``holders`` (in seat order): a handover another process stored
        meanwhile. The seats are read with a share lock, so a handover waits for this move or this
        move sees it.
        """
        version = expected_version + 1
        logged = {
            "game": row_id,
            "version": version,
            "seat": seat,
            "user_id": user_id,
            "kind": kind,
            "text": text,
            "undo_barrier": int(undo_barrier),
            "public_lines": dump_lines(public_lines),
            "created_at": now,
        }
        bump = {
            "row": row_id,
            "expected": expected_version,
            "to_version": version,
            "to_status": status,
            "to_waiting": json.dumps(waiting),
            "now": now,
        }

        def store(db: Connection) -> None:
            if holders is not None:
                held = db.execute(HOLDERS, {"row": row_id}).scalars()
                if list(held) != list(holders):
                    raise VersionConflict(f"a seat of game {row_id} changed hands")
            db.execute(INSERT_ACTION, logged)
            self._hook("after_log")
            db.execute(INSERT_SNAPSHOT, {"game": row_id, "version": version, "state_json": state_json})
            self._hook("after_snapshot")
            if db.execute(BUMP_VERSION, bump).rowcount != 1:
                raise VersionConflict(f"game {row_id} is no longer at version {expected_version}")
            self._hook("before_commit")

        try:
            await self.transact(store)  # one transaction, one hop to SQLite's thread
        except ConstraintError as exc:  # the same version was logged by another writer
            raise VersionConflict(f"version {version} of game {row_id} already exists") from exc
        return version
