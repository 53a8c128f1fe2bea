"""Readiness (``python -m bot --health`` and the ``GET /health`` endpoint) and the structured log
format, offline: no Discord, real SQLite files and a real local TCP socket."""

from __future__ import annotations

import asyncio
import io
import json
import logging
import sqlite3
from collections.abc import Mapping
from contextlib import redirect_stdout
from pathlib import Path
from typing import Any

import pytest
from bot_helpers import service_at, start_game

import bot.__main__ as entry
from bot import health
from bot.logs import ContextFilter, JsonFormatter, make_handler
from bot.service.change import Said, Txn
from bot.service.logctx import GAME, SHARD, about_game
from bot.store import alembic as store_alembic
from bot.store.store import GameStore


async def migrated(path: Path) -> Path:
    store = await GameStore.open(path)
    await store.close()
    return path


# --- python -m bot --health ------------------------------------------------------------------------
@pytest.mark.sqlite_only
async def test_a_migrated_database_is_healthy(tmp_path: Path) -> None:
    path = await migrated(tmp_path / "games.sqlite3")
    code, report = await health.check({"DATABASE_PATH": str(path), "SHARD_COUNT": "4", "SHARD_IDS": "2-3"})
    assert code == 0 and report["ok"] and report["settings_ok"] and report["database_ok"]
    assert report["schema"] == report["expected"] == store_alembic.head()
    assert (report["shard_count"], report["shard_ids"]) == (4, [2, 3]) and "error" not in report


@pytest.mark.sqlite_only
async def test_a_missing_database_is_reported_and_not_created(tmp_path: Path) -> None:
    path = tmp_path / "nowhere.sqlite3"
    code, report = await health.check({"DATABASE_PATH": str(path)})
    assert code == 1 and not report["ok"] and report["settings_ok"] and not report["database_ok"]
    assert report["error"].startswith(f"no database file at {path}") and not path.exists()


@pytest.mark.sqlite_only
async def test_an_older_schema_is_reported_and_left_alone(tmp_path: Path) -> None:
    path = await migrated(tmp_path / "old.sqlite3")
    with sqlite3.connect(path) as db:
        db.execute("UPDATE alembic_version SET version_num = '0001'")
    code, report = await health.check({"DATABASE_PATH": str(path)})
    assert code == 1 and report["schema"] == "0001" and report["expected"] == store_alembic.head()
    assert f"schema revision 0001, this code needs {store_alembic.head()}: start the bot once" in report["error"]
    with sqlite3.connect(path) as db:  # read-only: the check never migrates
        assert db.execute("SELECT version_num FROM alembic_version").fetchone() == ("0001",)
    with sqlite3.connect(path) as db:
        db.execute("UPDATE alembic_version SET version_num = '9999'")
    code, report = await health.check({"DATABASE_PATH": str(path)})
    assert code == 1 and "the database is newer than this code" in report["error"]
    with sqlite3.connect(path) as db:  # a database of the bot before Alembic
        db.execute("DROP TABLE alembic_version")
    code, report = await health.check({"DATABASE_PATH": str(path)})
    assert code == 1 and "no such table: alembic_version" in report["error"]


@pytest.mark.sqlite_only
async def test_a_file_that_is_not_a_games_database_is_reported(tmp_path: Path) -> None:
    junk = tmp_path / "notes.txt"
    junk.write_text("not a database\n" * 100)
    code, report = await health.check({"DATABASE_PATH": str(junk)})
    assert code == 1 and "is not a migrated games database" in report["error"]
    empty = tmp_path / "empty.sqlite3"
    sqlite3.connect(empty).close()
    code, report = await health.check({"DATABASE_PATH": str(empty)})
    assert code == 1 and "no such table: alembic_version" in report["error"]


async def test_a_postgresql_database_is_checked_without_being_migrated(pg_database_url: str) -> None:
    code, report = await health.check({"DATABASE_URL": pg_database_url})
    assert code == 1 and "is not a reachable, migrated games database" in report["error"]
    assert (await health.check({"DATABASE_URL": pg_database_url}))[0] == 1  # still empty: never migrated
    store = await GameStore.open(pg_database_url)
    await store.close()
    code, report = await health.check({"DATABASE_URL": pg_database_url})
    assert code == 0 and report["database_ok"] and report["schema"] == store_alembic.head()


@pytest.mark.sqlite_only
async def test_a_sqlite_url_is_checked_like_a_path(tmp_path: Path) -> None:
    path = await migrated(tmp_path / "games.sqlite3")
    code, report = await health.check({"DATABASE_URL": f"sqlite:///{path}"})
    assert code == 0 and report["database_ok"], report


async def test_bad_settings_are_unhealthy() -> None:
    code, report = await health.check({"SHARD_COUNT": "2", "SHARD_IDS": "5"})
    assert code == 1 and report == {
        "ok": False,
        "settings_ok": False,
        "error": "SHARD_IDS names shard 5, but SHARD_COUNT=2 has shards 0 to 1.",
    }


@pytest.mark.sqlite_only
def test_the_command_line_prints_one_json_line_and_exits_0_or_1(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = asyncio.run(migrated(tmp_path / "cli.sqlite3"))
    monkeypatch.setenv("DATABASE_PATH", str(path))
    for name in ("SHARD_COUNT", "SHARD_IDS", "DISCORD_TOKEN"):
        monkeypatch.delenv(name, raising=False)
    out = io.StringIO()
    with redirect_stdout(out):
        assert entry.main(["--health", "--env-file", str(tmp_path / "none.env")]) == 0
    [line] = out.getvalue().splitlines()
    assert json.loads(line)["ok"] is True and json.loads(line)["shard_ids"] == []
    monkeypatch.setenv("DATABASE_PATH", str(tmp_path / "gone.sqlite3"))
    out = io.StringIO()
    with redirect_stdout(out):
        assert entry.main(["--health", "--env-file", str(tmp_path / "none.env")]) == 1
    [line] = out.getvalue().splitlines()
    assert json.loads(line)["ok"] is False and "no database file" in json.loads(line)["error"]


# --- GET /health ---------------------------------------------------------------------------------
async def request(port: int, raw: bytes) -> tuple[int, dict[str, Any], str]:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(raw)
    await writer.drain()
    data = await reader.read()
    writer.close()
    head, _, body = data.decode().partition("\r\n\r\n")
    status = int(head.split()[1])
    return status, json.loads(body) if body else {}, head


async def test_the_endpoint_answers_get_health_with_the_probe(tmp_path: Path) -> None:
    state: dict[str, Any] = {"ok": True, "ready": True, "database_ok": True, "shard_ids": [0, 1]}

    async def probe() -> Mapping[str, Any]:
        if state.get("boom"):
            raise RuntimeError("store closed")
        return state

    server = await health.serve(probe, 0)
    port = server.sockets[0].getsockname()[1]
    try:
        status, body, head = await request(port, b"GET /health HTTP/1.1\r\nHost: x\r\n\r\n")
        assert status == 200 and body == state and "Content-Type: application/json" in head
        state["ok"] = False
        assert (await request(port, b"GET /health?full=1 HTTP/1.0\r\n\r\n"))[:2] == (503, state)
        state["boom"] = True
        status, body, _ = await request(port, b"GET /health HTTP/1.1\r\n\r\n")
        assert status == 503 and body == {"ok": False, "error": "health probe failed: store closed"}
        assert (await request(port, b"GET /metrics HTTP/1.1\r\n\r\n"))[0] == 404
        assert (await request(port, b"POST /health HTTP/1.1\r\n\r\n"))[0] == 405
        assert (await request(port, b"hello\r\n\r\n"))[0] == 400
        status, body, _ = await request(port, b"HEAD /health HTTP/1.1\r\n\r\n")
        assert status == 503 and body == {}
    finally:
        server.close()
        await server.wait_closed()


# --- structured logs -----------------------------------------------------------------------------
def test_json_lines_carry_the_shard_and_the_game() -> None:
    stream = io.StringIO()
    handler = make_handler("json", "0-1/4", stream)
    log = logging.getLogger("test.shards.json")
    log.addHandler(handler)
    log.setLevel(logging.INFO)
    log.propagate = False
    try:
        log.info("plain %s", "line")
        with about_game(42):
            token = SHARD.set(1)
            log.warning("in a game")
            SHARD.reset(token)
        try:
            raise ValueError("bad move")
        except ValueError:
            log.exception("failed")
    finally:
        log.removeHandler(handler)
    first, second, third = (json.loads(line) for line in stream.getvalue().splitlines())
    assert first["message"] == "plain line" and (first["shard"], first["game"]) == ("0-1/4", None)
    assert first["level"] == "INFO" and first["logger"] == "test.shards.json" and first["time"].endswith("Z")
    assert (second["shard"], second["game"], second["level"]) == ("1", 42, "WARNING")
    assert third["game"] is None and "ValueError: bad move" in third["exc"]
    assert GAME.get() is None and SHARD.get() is None  # the context came back


def test_text_lines_show_the_shard_and_the_game() -> None:
    stream = io.StringIO()
    handler = make_handler("text", "-", stream)
    record = logging.LogRecord("bot.timers", logging.INFO, __file__, 1, "fired %d", (3,), None)
    with about_game(7):
        assert handler.filter(record)
    line = handler.format(record)
    assert line.endswith("INFO     bot.timers [shard - game 7] fired 3")
    outside = logging.LogRecord("bot", logging.INFO, __file__, 1, "ready", (), None)
    assert handler.filter(outside) and handler.format(outside).endswith("bot [shard - game -] ready")
    with pytest.raises(ValueError, match="text or json"):
        make_handler("xml")
    plain = logging.LogRecord("x", logging.INFO, __file__, 1, "m", (), None)
    assert ContextFilter().filter(plain) and (plain.__dict__["shard"], plain.__dict__["game"]) == ("-", None)
    assert json.loads(JsonFormatter().format(plain))["shard"] == "-"


async def test_play_step_sets_the_game_for_every_line_logged_inside_it(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    seen: list[int | None] = []

    async def change(txn: Txn) -> Said:
        seen.append(GAME.get())
        logging.getLogger("bot.test").warning("inside the step")
        return Said()

    async with service_at(tmp_path / "g.sqlite3") as svc:
        row = (await start_game(svc)).game_row or 0
        caplog.handler.addFilter(ContextFilter("-"))
        with caplog.at_level(logging.WARNING, logger="bot.test"):
            await svc.steps.play_step(row, change, want=None)
        assert seen == [row] and GAME.get() is None
        [record] = [r for r in caplog.records if r.name == "bot.test"]
        assert record.__dict__["game"] == row
