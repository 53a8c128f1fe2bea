"""Readiness of one bot process: a command-line check and a tiny HTTP endpoint (no Discord here).

* ``python -m bot --health`` (:func:`check`): the settings are valid, the database is reachable and
  migrated to this code's schema; prints one line of JSON and exits 0 (healthy) or 1. It opens the
  database read-only and never creates or migrates it.
* ``HEALTH_PORT`` (:func:`serve`): the running bot answers ``GET /health`` with JSON (its shard
  ids, whether Discord reported it ready, whether the database answers, the last timer-loop tick):
  status 200 when ready and the database answers, 503 otherwise. Standard library ``asyncio`` only.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import sqlite3
from collections.abc import Awaitable, Callable, Mapping
from pathlib import Path
from typing import Any

import aiosqlite
from sqlalchemy import text
from sqlalchemy.engine import make_url
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.ext.asyncio import create_async_engine
from sqlalchemy.pool import NullPool

from .settings import Settings, SettingsError
from .store.alembic import head as alembic_head
from .store.database import locate
from .store.preflight import place_problem

#: Where a migrated database keeps its schema revision (Alembic's table).
REVISION_QUERY = "SELECT version_num FROM alembic_version"

Probe = Callable[[], Awaitable[Mapping[str, Any]]]
#: Longest request head read before answering 400 (the endpoint only needs the request line).
MAX_HEAD = 8192


async def database_status(path: str) -> dict[str, Any]:
    """``database_ok``, ``schema`` (the stored Alembic revision) and ``expected`` (this code's head
    revision) for the SQLite file at ``path``, opened read-only; ``error`` says what is wrong when it
    is not ok. A PostgreSQL ``DATABASE_URL`` is read the same way. (A database of a bot before
    Alembic, :mod:`bot.store.migrations`, has no revision: it is migrated at the bot's next start.)"""
    expected = schema_expected()
    status: dict[str, Any] = {"database_ok": False, "schema": None, "expected": expected}
    where = locate(path)
    if where.backend == "postgresql":
        return _judge(status, await _postgres_schema(path, status))
    file = Path(where.path or path)
    problem = place_problem(file, probe=False)
    if problem or not file.is_file():
        status["error"] = problem or f"no database file at {path} (the bot creates it on its first start)"
        return status
    try:
        db = await aiosqlite.connect(file.resolve().as_uri() + "?mode=ro", uri=True)
    except sqlite3.Error as exc:
        status["error"] = f"cannot open {path}: {exc}"
        return status
    try:
        rows = list(await db.execute_fetchall(REVISION_QUERY))
        schema = str(rows[0][0])
    except (sqlite3.Error, IndexError) as exc:
        status["error"] = f"{path} is not a migrated games database: {exc}"
        return status
    finally:
        await db.close()
    return _judge(status, schema)


async def _postgres_schema(url: str, status: dict[str, Any]) -> str | None:
    """The stored revision of a PostgreSQL games database (``None``, with ``status["error"]``, if unreadable)."""
    engine = create_async_engine(locate(url).url, poolclass=NullPool)
    shown = make_url(url).render_as_string(hide_password=True)
    try:
        async with engine.connect() as db:
            rows = (await db.execute(text(REVISION_QUERY))).all()
        return str(rows[0][0])
    except (SQLAlchemyError, OSError, IndexError) as exc:
        status["error"] = f"{shown} is not a reachable, migrated games database: {exc}".splitlines()[0]
        return None
    finally:
        await engine.dispose()


def _judge(status: dict[str, Any], schema: str | None) -> dict[str, Any]:
    """``status`` completed for the stored ``schema`` revision (revision ids are zero-padded numbers,
    so their text orders them)."""
    if schema is None:
        return status
    expected = status["expected"]
    status["schema"] = schema
    if schema != expected:
        older = schema < expected
        status["error"] = f"schema revision {schema}, this code needs {expected}: " + (
            "start the bot once to migrate it" if older else "the database is newer than this code"
        )
        return status
    status["database_ok"] = True
    return status


async def check(env: Mapping[str, str] | None = None) -> tuple[int, dict[str, Any]]:
    """The ``--health`` check: (exit code, the JSON-able report)."""
    try:
        settings = Settings.from_env(env)
    except SettingsError as exc:
        return 1, {"ok": False, "settings_ok": False, "error": str(exc)}
    report: dict[str, Any] = {"ok": False, "settings_ok": True, "database": settings.database_path}
    report |= shard_fields(settings)
    report |= await database_status(settings.database_path)
    report["ok"] = bool(report["database_ok"])
    return (0 if report["ok"] else 1), report


def shard_fields(settings: Settings) -> dict[str, Any]:
    """``shard_count`` and ``shard_ids`` (``None`` and ``[]`` for an unsharded bot)."""
    return {"shard_count": settings.shard_count, "shard_ids": list(settings.shard_ids)}


@functools.cache
def schema_expected() -> str:
    """The schema revision this code migrates to (Alembic's head)."""
    return alembic_head()


def one_line(report: Mapping[str, Any]) -> str:
    return json.dumps(report, ensure_ascii=False, sort_keys=True)


async def _answer(reader: asyncio.StreamReader, writer: asyncio.StreamWriter, probe: Probe) -> None:
    try:
        try:
            head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), timeout=5)
        except (asyncio.IncompleteReadError, asyncio.LimitOverrunError, TimeoutError):
            head = b""
        parts = head.split(b"\r\n", 1)[0].decode("latin-1").split()
        body: dict[str, Any]
        if len(parts) != 3 or not parts[2].startswith("HTTP/"):
            code, body = 400, {"error": "bad request"}
        elif parts[1].split("?", 1)[0] != "/health":
            code, body = 404, {"error": "not found: only /health is served"}
        elif parts[0] not in ("GET", "HEAD"):
            code, body = 405, {"error": "only GET /health"}
        else:
            try:
                body = dict(await probe())
            except Exception as exc:  # the probe itself failing means not healthy
                body = {"ok": False, "error": f"health probe failed: {exc}"}
            code = 200 if body.get("ok") else 503
        payload = (one_line(body) + "\n").encode()
        reason = {200: "OK", 400: "Bad Request", 404: "Not Found", 405: "Method Not Allowed"}.get(
            code, "Service Unavailable"
        )
        head_out = (
            f"HTTP/1.1 {code} {reason}\r\nContent-Type: application/json\r\n"
            f"Content-Length: {len(payload)}\r\nConnection: close\r\n\r\n"
        ).encode()
        writer.write(head_out + (b"" if parts[:1] == ["HEAD"] else payload))
        await writer.drain()
    except ConnectionError:
        pass
    finally:
        writer.close()
        with contextlib.suppress(ConnectionError):
            await writer.wait_closed()


async def serve(probe: Probe, port: int, host: str = "127.0.0.1") -> asyncio.Server:
    """Start answering ``GET /health`` on ``host:port`` with ``probe()``'s JSON (``ok`` decides 200/503);
    port 0 picks a free port (see ``server.sockets``). Close the returned server to stop."""

    async def handle(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        await _answer(reader, writer, probe)

    return await asyncio.start_server(handle, host, port, limit=MAX_HEAD)
