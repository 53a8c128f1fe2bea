"""The tests' own PostgreSQL server (issue 17): it starts, asyncpg talks to it, row claims work, it goes away."""

from __future__ import annotations

import asyncio
import os
import re
import shutil
import subprocess
import sys
import tempfile
import textwrap
from pathlib import Path

import asyncpg
import pytest
from pg_server import (
    BIN_ENV,
    INSTALL_HINT,
    PREFIX,
    URL_ENV,
    PgError,
    PgServer,
    PgUnavailable,
    _unprivileged_user,
    check_url,
    find_bin_dir,
    local_server,
    on_ci,
    running_server,
    with_database,
)

TESTS = Path(__file__).resolve().parent


async def test_skip_locked_gives_each_row_to_one_worker_only(pg_database_url: str) -> None:
    """Three workers in open transactions at once claim from two rows: each row once, one worker gets none.

    A plain ``FOR UPDATE`` would make a worker wait for the others' commit, which waits for it at the
    barrier: the test would time out instead of passing.
    """
    setup = await asyncpg.connect(pg_database_url)
    try:
        await setup.execute("CREATE TABLE jobs (id integer PRIMARY KEY, claimed_by text)")
        await setup.execute("INSERT INTO jobs (id) VALUES (1), (2)")
        workers = [await asyncpg.connect(pg_database_url) for _ in range(3)]
        all_inside = asyncio.Barrier(len(workers))

        async def claim(connection: asyncpg.Connection, name: str) -> int | None:
            async with connection.transaction():
                row = await connection.fetchval(
                    "SELECT id FROM jobs WHERE claimed_by IS NULL ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED"
                )
                await all_inside.wait()  # every transaction has made its claim before any commits
                if row is not None:
                    await connection.execute("UPDATE jobs SET claimed_by = $1 WHERE id = $2", name, row)
                return row

        try:
            names = [f"worker{i}" for i in range(len(workers))]
            claims = await asyncio.wait_for(
                asyncio.gather(*(claim(c, n) for c, n in zip(workers, names, strict=True))), timeout=20
            )
        finally:
            for connection in workers:
                await connection.close()
        assert sorted(claims, key=lambda row: row or 0) == [None, 1, 2]
        stored = {r["id"]: r["claimed_by"] for r in await setup.fetch("SELECT id, claimed_by FROM jobs")}
        assert stored == {row: name for row, name in zip(claims, names, strict=True) if row is not None}
    finally:
        await setup.close()


async def test_server_version(pg_server: PgServer, pg_url: str) -> None:
    connection = await asyncpg.connect(pg_url)
    try:
        version = connection.get_server_version()
        shown = await connection.fetchval("SHOW server_version")
        database = await connection.fetchval("SELECT current_database()")
    finally:
        await connection.close()
    assert version.major >= 13, f"PostgreSQL {shown}: 13 or later is needed (DROP DATABASE ... WITH (FORCE))"
    assert database == pg_url.rsplit("/", 1)[1]
    if pg_server.local:
        assert pg_server.bin_dir is not None
        binary = subprocess.run(
            [str(pg_server.bin_dir / "postgres"), "--version"], capture_output=True, text=True, check=True
        ).stdout
        found = re.search(r"\) (\d+(?:\.\d+)?)", binary)
        assert found, binary
        assert shown.split()[0] == found.group(1)


async def test_fresh_databases_are_empty_or_copies_and_dropped(pg_server: PgServer) -> None:
    first, second = pg_server.create_database(), pg_server.create_database()
    assert first != second
    connection = await asyncpg.connect(first)
    try:
        await connection.execute("CREATE TABLE only_here (x integer)")
    finally:
        await connection.close()
    connection = await asyncpg.connect(second)
    try:
        assert await connection.fetchval("SELECT count(*) FROM pg_tables WHERE tablename = 'only_here'") == 0
    finally:
        await connection.close()
    copy = pg_server.create_database(template=first)
    connection = await asyncpg.connect(copy)
    try:
        assert await connection.fetchval("SELECT count(*) FROM pg_tables WHERE tablename = 'only_here'") == 1
    finally:
        await connection.close()
    pg_server.drop_database(copy)
    held = await asyncpg.connect(first)  # an open session does not stop the drop
    with pytest.raises(PgError, match="is being accessed by other users"):
        pg_server.create_database(template=first)
    try:
        pg_server.drop_database(first)
        pg_server.drop_database(second)
    finally:
        await held.close()
    with pytest.raises(asyncpg.InvalidCatalogNameError):
        await asyncpg.connect(first)
    with pytest.raises(PgError, match="refusing"):
        pg_server.drop_database(pg_server.url)


def test_local_server_runs_unprivileged_and_goes_away_after_a_failure(pg_server: PgServer) -> None:
    """A second throwaway server: not root, and gone with its directory when the block raises."""
    if not pg_server.local:
        pytest.skip(f"{URL_ENV} names an existing server: the local start and stop are not exercised")
    dead_pid = subprocess.Popen(["true"])
    dead_pid.wait()
    stale, alive = (Path(tempfile.mkdtemp(prefix=PREFIX)) for _ in range(2))
    (stale / "owner.pid").write_text(str(dead_pid.pid))  # a killed session's leftover
    (alive / "owner.pid").write_text(str(os.getpid()))  # a session still running
    with pytest.raises(RuntimeError, match="inside"), local_server(pg_server.bin_dir) as other:
        assert other.root is not None and other.root.is_dir()
        assert other.pid is not None and other.port != pg_server.port
        uid = next(
            int(line.split()[1])
            for line in Path(f"/proc/{other.pid}/status").read_text().splitlines()
            if line.startswith("Uid:")
        )
        runs_as = _unprivileged_user()  # None unless we are root
        assert uid == (runs_as.pw_uid if runs_as else os.geteuid()) != 0
        assert other.root.stat().st_uid == uid
        raise RuntimeError("inside")
    assert not other.root.exists()
    assert not Path(f"/proc/{other.pid}").exists()
    assert other.stop_seconds > 0
    assert not stale.exists()
    assert alive.is_dir()
    shutil.rmtree(alive)


def test_on_ci() -> None:
    assert on_ci({"CI": "1"}) and on_ci({"CI": "true"}) and on_ci({"CI": "yes"})
    assert not on_ci({}) and not on_ci({"CI": ""}) and not on_ci({"CI": "0"}) and not on_ci({"CI": "false"})


def test_a_wrong_pg_bin_is_an_error_not_a_skip(tmp_path: Path) -> None:
    (tmp_path / "initdb").write_text("")
    with pytest.raises(PgError, match=r"PG_BIN=.* does not hold .*missing: \['postgres'\]"):
        find_bin_dir({BIN_ENV: str(tmp_path), "PATH": ""})


def test_pg_bin_is_used_when_complete(tmp_path: Path) -> None:
    for name in ("initdb", "postgres"):
        (tmp_path / name).write_text("#!/bin/sh\n")
        (tmp_path / name).chmod(0o755)
    assert find_bin_dir({BIN_ENV: str(tmp_path), "PATH": ""}) == tmp_path


def test_no_binaries_says_how_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("pg_server.SEARCHED", ())
    with pytest.raises(PgUnavailable, match="apt-get install postgresql") as raised:
        find_bin_dir({"PATH": ""})
    assert INSTALL_HINT in str(raised.value) and URL_ENV in str(raised.value)


@pytest.mark.parametrize(
    ("url", "message"),
    [
        ("sqlite:///games.sqlite3", "must be a postgresql:// URL"),
        ("postgresql:///db", "names no host"),
        ("postgresql://u@localhost:5432", "names no database"),
    ],
)
def test_bad_database_url_pg(url: str, message: str) -> None:
    with pytest.raises(PgError, match=message):
        check_url(url)
    with pytest.raises(PgError, match=message), running_server({URL_ENV: url}):
        pass


def test_an_existing_server_is_used_as_it_is() -> None:
    url = "postgresql://someone:secret@db.example:6543/bot"
    with running_server({URL_ENV: url}) as server:
        assert server.url == url and not server.local and server.pid is None
    assert with_database(url, "t_1") == "postgresql://someone:secret@db.example:6543/t_1"


@pytest.mark.parametrize(("ci", "outcome"), [("", "1 skipped"), ("1", "1 error")])
def test_without_binaries_skip_locally_but_fail_on_ci(tmp_path: Path, ci: str, outcome: str) -> None:
    """tests/conftest.py's fixture in a pytest run of its own, on a machine with no PostgreSQL at all."""
    (tmp_path / "conftest.py").write_text(
        textwrap.dedent(f"""
        import importlib.util, sys
        sys.path.insert(0, {str(TESTS)!r})
        import pg_server
        pg_server.SEARCHED = ()
        spec = importlib.util.spec_from_file_location("tests_conftest", {str(TESTS / "conftest.py")!r})
        fixtures = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(fixtures)
        pg_url = fixtures.pg_url
        pg_server = fixtures.pg_server
        """)
    )
    (tmp_path / "test_needs_pg.py").write_text("def test_needs_pg(pg_url):\n    assert pg_url\n")
    env = {k: v for k, v in os.environ.items() if k not in (URL_ENV, BIN_ENV, "CI")}
    env.update({"PATH": "", "CI": ci, "PYTHONPATH": os.pathsep.join(sys.path)})
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-rs", "-p", "no:cacheprovider", str(tmp_path)],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert outcome in run.stdout, run.stdout + run.stderr
    if ci:
        assert "CI must run the PostgreSQL tests, but no PostgreSQL server binaries" in run.stdout
    else:
        assert "PostgreSQL tests skipped: no PostgreSQL server binaries" in run.stdout


def test_parallel_workers_share_one_server_that_goes_away_after_the_run(tmp_path: Path) -> None:
    """``pytest -n 2``: the controller starts one server, both workers use it, and it is gone after."""
    (tmp_path / "conftest.py").write_text(
        textwrap.dedent(f"""
        import importlib.util, sys
        sys.path.insert(0, {str(TESTS)!r})
        spec = importlib.util.spec_from_file_location("tests_conftest", {str(TESTS / "conftest.py")!r})
        fixtures = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(fixtures)
        pytest_configure = fixtures.pytest_configure
        pytest_configure_node = fixtures.pytest_configure_node
        pytest_unconfigure = fixtures.pytest_unconfigure
        pg_server = fixtures.pg_server
        """)
    )
    (tmp_path / "test_shared.py").write_text(
        textwrap.dedent(f"""
        import os, time, pytest
        @pytest.mark.parametrize("n", range(6))
        def test_sees_the_server(pg_server, n):
            url = pg_server.create_database()
            pg_server.drop_database(url)
            time.sleep(0.2)
            line = f"{{os.environ.get('PYTEST_XDIST_WORKER')}} {{pg_server.port}} {{pg_server.root}} {{pg_server.pid}}"
            with open({str(tmp_path / "seen.txt")!r}, "a") as out:
                out.write(line + "\\n")
        """)
    )
    env = {k: v for k, v in os.environ.items() if k != URL_ENV}
    env["PYTHONPATH"] = os.pathsep.join(sys.path)
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-n", "2", "-p", "no:cacheprovider", str(tmp_path)],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert "6 passed" in run.stdout, run.stdout + run.stderr
    seen = {tuple(line.split()) for line in (tmp_path / "seen.txt").read_text().splitlines()}
    assert {worker for worker, *_ in seen} == {"gw0", "gw1"}, seen
    assert len({(port, root) for _, port, root, _ in seen}) == 1, seen  # one server for both workers
    assert {pid for *_, pid in seen} == {"None"}  # neither worker started one of its own
    root = next(iter(seen))[2]
    assert not Path(root).exists(), f"the shared server's directory {root} was left behind"
