"""The database check before anything opens it (``bot.store.preflight``): ``None`` for a place the
store can use, one line saying what is wrong otherwise; nothing is created or changed."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

import pytest
from pg_server import with_database

from bot.store.alembic import head
from bot.store.preflight import place_problem, preflight
from bot.store.store import GameStore


async def test_places_the_store_can_use(tmp_path: Path) -> None:
    (tmp_path / "empty.sqlite3").touch()
    games = tmp_path / "games.sqlite3"
    await (await GameStore.open(games)).close()
    for where in ("new.sqlite3", "empty.sqlite3", "games.sqlite3"):
        assert await preflight(tmp_path / where) is None, where
    assert await preflight(f"sqlite:///{games}") is None
    assert sorted(p.name for p in tmp_path.iterdir() if not p.name.startswith("games")) == ["empty.sqlite3"]


async def test_each_problem_is_one_line_and_changes_nothing(tmp_path: Path) -> None:
    (tmp_path / "folder").mkdir()
    (tmp_path / "notes.txt").write_text("not a database\n")
    (tmp_path / "damaged.sqlite3").write_bytes(b"SQLite format 3\x00" + b"\xff" * 200)
    with sqlite3.connect(tmp_path / "photos.db") as db:
        for name in ("albums", "faces", "people", "places"):
            db.execute(f"CREATE TABLE {name} (id INTEGER)")
    newer = tmp_path / "newer.sqlite3"
    await (await GameStore.open(newer)).close()
    with sqlite3.connect(newer) as db:
        db.execute("UPDATE alembic_version SET version_num = '9999'")
    before = {p.name: p.stat().st_mtime_ns for p in tmp_path.iterdir()}
    d = tmp_path
    cases = {
        "folder": f"{d}/folder is a folder, not a database file: name a file in it, e.g. {d}/folder/games.sqlite3",
        "gone/x.sqlite3": f"the folder {d}/gone does not exist: create it first, or name a file in a folder that "
        "exists",
        "notes.txt/x.sqlite3": f"{d}/notes.txt is a file, not a folder: name a database file inside a folder",
        "notes.txt": f"{d}/notes.txt is not a SQLite database (it does not start like one): name another file, or "
        "move it away",
        "damaged.sqlite3": f"{d}/damaged.sqlite3 is a damaged SQLite file (",
        "photos.db": f"{d}/photos.db is a SQLite database of something else (tables albums, faces, people, …): "
        "name another file",
        "newer.sqlite3": f"{d}/newer.sqlite3 was written by a newer version of the bot (schema 9999, this code "
        f"knows up to {head()}): update the code, or name another file",
    }
    for where, said in cases.items():
        problem = await preflight(tmp_path / where)
        assert problem is not None and problem.startswith(said) and "\n" not in problem, (where, problem)
    assert {p.name: p.stat().st_mtime_ns for p in tmp_path.iterdir()} == before
    assert await preflight("/proc/games.sqlite3") == (
        "cannot create /proc/games.sqlite3 (No such file or directory): name a file in a folder you can write to"
    )
    assert await preflight("mysql://db/games") == (
        "DATABASE_URL must start with sqlite:/// or postgresql://, not 'mysql://db/games'"
    )


@pytest.mark.skipif(os.geteuid() == 0, reason="root may write anywhere")
async def test_a_read_only_place_is_refused(tmp_path: Path) -> None:
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o500)
    try:
        assert "cannot create" in (await preflight(locked / "games.sqlite3") or "")
    finally:
        locked.chmod(0o700)


def test_the_health_check_writes_nothing(tmp_path: Path) -> None:
    assert place_problem(tmp_path / "new.sqlite3", probe=False) is None
    assert not (tmp_path / "new.sqlite3").exists()


async def test_postgresql_answers_or_is_one_line(pg_database_url: str) -> None:
    assert await preflight(pg_database_url) is None
    missing = with_database(pg_database_url, "no_such_database")
    problem = await preflight(missing)
    assert problem is not None and "\n" not in problem
    assert problem.startswith(f"cannot reach the database {missing} (") and "no_such_database" in problem
    assert problem.endswith("): check DATABASE_URL and that the server runs")
    closed = await preflight("postgresql://bot:secret@127.0.0.1:9/games", timeout=2)
    assert closed is not None and closed.startswith("cannot reach the database postgresql://bot:***@127.0.0.1:9/games")
