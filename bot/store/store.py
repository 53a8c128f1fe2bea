"""SQLite persistence for games: lobbies, seats, an append-only action log and snapshots.

One :class:`GameStore` wraps one aiosqlite connection in autocommit mode; every
write runs inside an explicit ``BEGIN IMMEDIATE`` transaction, and an action is
stored as log row + snapshot + ``games.version`` bump guarded by the expected
version, so two writers (tasks or processes) can never both win. The store has
no clock: callers pass ``now`` (an ISO-8601 UTC string).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import sqlite3
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from pathlib import Path
from typing import Any

import aiosqlite

from .lines import dump_line, dump_lines
from .migrations import MIGRATIONS
from .rows import (
    ActionRecord,
    ChannelBusy,
    GameRecord,
    SeatRecord,
    VersionConflict,
    _action,
    _game,
    _seat,
)

LIVE = ("lobby", "active")


def split_statements(script: str) -> list[str]:
    """The statements of a migration script (see :mod:`bot.store.migrations`)."""
    return [s.strip() for s in script.split(";") if s.strip()]


class GameStore:
    """Async access to the games database; open with ``await GameStore.open(path)``."""

    def __init__(self, db: aiosqlite.Connection, path: str) -> None:
        self._db = db
        self.path = path
        self._lock = asyncio.Lock()  # one connection: keep transactions from interleaving
        #: Test hook called inside write transactions with a stage name ("after_log"...).
        self.fault: Callable[[str], None] | None = None

    # --- lifecycle ------------------------------------------------------------
    @classmethod
    async def open(cls, path: str | Path, *, busy_timeout_ms: int = 5000, synchronous: str = "NORMAL") -> GameStore:
        """Connect, set WAL/foreign keys/busy timeout, and run pending migrations."""
        db = await aiosqlite.connect(str(path), isolation_level=None)
        db.row_factory = sqlite3.Row
        try:
            await db.execute(f"PRAGMA busy_timeout = {int(busy_timeout_ms)}")
            await db.execute("PRAGMA journal_mode = WAL")
            await db.execute("PRAGMA foreign_keys = ON")
            await db.execute(f"PRAGMA synchronous = {synchronous}")
            store = cls(db, str(path))
            await store._migrate()
        except BaseException:
            await db.close()
            raise
        return store

    async def close(self) -> None:
        await self._db.close()

    async def __aenter__(self) -> GameStore:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    async def _migrate(self) -> None:
        await self._db.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
        async with self._tx() as db:
            rows = list(await db.execute_fetchall("SELECT version FROM schema_version"))
            if not rows:
                await db.execute("INSERT INTO schema_version (version) VALUES (0)")
            current = rows[0][0] if rows else 0
            for number, script in enumerate(MIGRATIONS, start=1):
                if number <= current:
                    continue
                for statement in split_statements(script):
                    await db.execute(statement)
                await db.execute("UPDATE schema_version SET version = ?", (number,))

    @asynccontextmanager
    async def _tx(self) -> AsyncIterator[aiosqlite.Connection]:
        """One write transaction; rolled back on any exception."""
        async with self._lock:
            await self._db.execute("BEGIN IMMEDIATE")
            try:
                yield self._db
                await self._db.execute("COMMIT")
            except BaseException:
                if self._db.in_transaction:
                    with contextlib.suppress(sqlite3.Error):  # connection already broken
                        await self._db.execute("ROLLBACK")
                raise

    def transaction(self) -> AbstractAsyncContextManager[aiosqlite.Connection]:
        """A write transaction for companion stores (e.g. :mod:`bot.store.deadlines`)."""
        return self._tx()

    async def query(self, sql: str, params: Sequence[Any] = ()) -> list[sqlite3.Row]:
        """Rows of a read-only query, for companion stores."""
        return await self._rows(sql, params)

    def _hook(self, stage: str) -> None:
        if self.fault is not None:
            self.fault(stage)

    async def _rows(self, sql: str, params: Sequence[Any] = ()) -> list[sqlite3.Row]:
        async with self._lock:
            return list(await self._db.execute_fetchall(sql, params))

    # --- reads ----------------------------------------------------------------
    async def schema_version(self) -> int:
        rows = await self._rows("SELECT version FROM schema_version")
        return int(rows[0][0])

    async def pragma(self, name: str) -> Any:
        rows = await self._rows(f"PRAGMA {name}")
        return rows[0][0]

    async def game(self, row_id: int) -> GameRecord | None:
        rows = await self._rows("SELECT * FROM games WHERE id = ?", (row_id,))
        return _game(rows[0]) if rows else None

    async def live_game(self, channel_id: str) -> GameRecord | None:
        """The channel's lobby or active game, if any."""
        rows = await self._rows(
            "SELECT * FROM games WHERE channel_id = ? AND status IN ('lobby', 'active')", (channel_id,)
        )
        return _game(rows[0]) if rows else None

    async def latest_game(self, channel_id: str) -> GameRecord | None:
        """The channel's live game, else its most recent finished or abandoned one."""
        rows = await self._rows(
            "SELECT * FROM games WHERE channel_id = ? ORDER BY status IN ('lobby', 'active') DESC, id DESC LIMIT 1",
            (channel_id,),
        )
        return _game(rows[0]) if rows else None

    async def all_games(self) -> list[GameRecord]:
        return [_game(r) for r in await self._rows("SELECT * FROM games ORDER BY id")]

    async def seats(self, row_id: int) -> list[SeatRecord]:
        """Members in seat order once started, in join order in a lobby."""
        rows = await self._rows("SELECT * FROM seats WHERE game = ? ORDER BY seat, join_order", (row_id,))
        return [_seat(r) for r in rows]

    async def snapshot(self, row_id: int, version: int) -> str | None:
        rows = await self._rows("SELECT state_json FROM snapshots WHERE game = ? AND version = ?", (row_id, version))
        return str(rows[0][0]) if rows else None

    async def actions(self, row_id: int, since: int = 0) -> list[ActionRecord]:
        """Log rows with version > ``since``, oldest first."""
        rows = await self._rows(
            "SELECT * FROM actions WHERE game = ? AND version > ? ORDER BY version", (row_id, since)
        )
        return [_action(r) for r in rows]

    async def games_of_user(self, user_id: str) -> list[tuple[GameRecord, SeatRecord]]:
        """Every lobby/active game the user is in, least recently updated first."""
        rows = await self._rows(
            "SELECT g.*, s.user_id, s.name, s.join_order, s.seat, s.colour FROM games g "
            "JOIN seats s ON s.game = g.id WHERE s.user_id = ? AND g.status IN ('lobby', 'active') "
            "ORDER BY g.updated_at, g.id",
            (user_id,),
        )
        return [(_game(r), _seat(r)) for r in rows]

    # --- lobby writes ---------------------------------------------------------
    async def create_lobby(
        self,
        *,
        channel_id: str,
        guild_id: str | None,
        game_id: str,
        title: str,
        rules_version: int,
        options: dict[str, Any],
        creator_id: str,
        creator_name: str,
        now: str,
        clock: str = "none",
        hours: str | None = None,
        hours_tz: str | None = None,
        language: str = "en",
    ) -> GameRecord:
        """A new lobby with its creator as first member; :class:`ChannelBusy` if the channel has one.
        ``language`` is the table's language for its public messages."""
        try:
            async with self._tx() as db:
                cur = await db.execute(
                    "INSERT INTO games (channel_id, guild_id, game_id, title, options, rules_version, "
                    "creator_id, created_at, updated_at, clock"
                    + (", language" if language != "en" else "")
                    + (", hours, hours_tz" if hours else "")
                    + ") "
                    "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?"
                    + (", ?" if language != "en" else "")
                    + (", ?, ?" if hours else "")
                    + ")",
                    (
                        channel_id,
                        guild_id,
                        game_id,
                        dump_line(title),
                        json.dumps(options, sort_keys=True),
                        rules_version,
                        creator_id,
                        now,
                        now,
                        clock,
                    )
                    + ((language,) if language != "en" else ())
                    + ((hours, hours_tz) if hours else ()),
                )
                row_id = cur.lastrowid
                await db.execute(
                    "INSERT INTO seats (game, user_id, join_order, name, joined_at) VALUES (?, ?, 0, ?, ?)",
                    (row_id, creator_id, creator_name, now),
                )
        except sqlite3.IntegrityError as exc:
            raise ChannelBusy("the channel already has a lobby or active game") from exc
        assert row_id is not None
        record = await self.game(row_id)
        assert record is not None
        return record

    async def add_seat(self, row_id: int, user_id: str, name: str, now: str) -> None:
        """Add a lobby member; :class:`VersionConflict` if the game is no longer a lobby."""
        async with self._tx() as db:
            cur = await db.execute("UPDATE games SET updated_at = ? WHERE id = ? AND status = 'lobby'", (now, row_id))
            if cur.rowcount != 1:
                raise VersionConflict(f"game {row_id} is not a lobby")
            await db.execute(
                "INSERT INTO seats (game, user_id, join_order, name, joined_at) VALUES "
                "(?, ?, (SELECT COALESCE(MAX(join_order), -1) + 1 FROM seats WHERE game = ?), ?, ?)",
                (row_id, user_id, row_id, name, now),
            )

    async def remove_seat(self, row_id: int, user_id: str, now: str, new_creator: str | None = None) -> None:
        """Drop a lobby member; optionally hand the lobby to ``new_creator``."""
        async with self._tx() as db:
            cur = await db.execute(
                "UPDATE games SET updated_at = ?, creator_id = COALESCE(?, creator_id) "
                "WHERE id = ? AND status = 'lobby'",
                (now, new_creator, row_id),
            )
            if cur.rowcount != 1:
                raise VersionConflict(f"game {row_id} is not a lobby")
            await db.execute("DELETE FROM seats WHERE game = ? AND user_id = ?", (row_id, user_id))

    async def set_status(self, row_id: int, status: str, now: str, from_status: Sequence[str] = LIVE) -> bool:
        """Move a game to ``status`` if it is in one of ``from_status``; True when it moved."""
        marks = ",".join("?" * len(from_status))
        async with self._tx() as db:
            cur = await db.execute(
                f"UPDATE games SET status = ?, waiting = '[]', updated_at = ? WHERE id = ? AND status IN ({marks})",
                (status, now, row_id, *from_status),
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
        async with self._tx() as db:
            cur = await db.execute(
                "UPDATE games SET status = 'active', spec = ?, rules_version = ?, seed = ?, version = 0, "
                "waiting = ?, updated_at = ? WHERE id = ? AND status = 'lobby'",
                (spec, rules_version, seed, json.dumps(waiting), now, row_id),
            )
            if cur.rowcount != 1:
                raise VersionConflict("the lobby was already started or closed")
            members = await db.execute_fetchall("SELECT user_id FROM seats WHERE game = ?", (row_id,))
            if sorted(r[0] for r in members) != sorted(user for user, _, _ in seats):
                raise VersionConflict("the lobby's members changed while it was starting")
            for user_id, seat, colour in seats:
                await db.execute(
                    "UPDATE seats SET seat = ?, colour = ? WHERE game = ? AND user_id = ?",
                    (seat, colour, row_id, user_id),
                )
            await db.execute("INSERT INTO snapshots (game, version, state_json) VALUES (?, 0, ?)", (row_id, state_json))

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
    ) -> int:
        """Store one action or undo as version ``expected_version + 1`` and return it.

        Log row, snapshot and version bump commit together or not at all;
        :class:`VersionConflict` when the game is no longer at ``expected_version``.
        """
        version = expected_version + 1
        try:
            async with self._tx() as db:
                await db.execute(
                    "INSERT INTO actions (game, version, seat, user_id, kind, text, undo_barrier, "
                    "public_lines, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (row_id, version, seat, user_id, kind, text, int(undo_barrier), dump_lines(public_lines), now),
                )
                self._hook("after_log")
                await db.execute(
                    "INSERT INTO snapshots (game, version, state_json) VALUES (?, ?, ?)",
                    (row_id, version, state_json),
                )
                self._hook("after_snapshot")
                cur = await db.execute(
                    "UPDATE games SET version = ?, status = ?, waiting = ?, updated_at = ? "
                    "WHERE id = ? AND version = ? AND status = 'active'",
                    (version, status, json.dumps(waiting), now, row_id, expected_version),
                )
                if cur.rowcount != 1:
                    raise VersionConflict(f"game {row_id} is no longer at version {expected_version}")
                self._hook("before_commit")
        except sqlite3.IntegrityError as exc:  # the same version was logged by another writer
            raise VersionConflict(f"version {version} of game {row_id} already exists") from exc
        return version
