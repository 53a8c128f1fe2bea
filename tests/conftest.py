"""Fixtures for every test under tests/: a real PostgreSQL server (issue 17; see pg_server.py).

* ``pg_server`` (session): the running :class:`pg_server.PgServer`, started on first use and
  stopped, its directory removed, when the session ends (also after failures or Ctrl-C);
* ``pg_url`` (session): ``postgresql://pbp_test@127.0.0.1:<port>/pbp_test``, one database for
  the session;
* ``pg_database_url`` (per test): a fresh empty database of its own, dropped after the test.

Without server binaries (and without ``DATABASE_URL_PG``) the tests that use them are skipped
with the reason, except on CI (``CI`` set), where they fail: CI must never silently skip them.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

import pytest
from pg_server import PgServer, PgUnavailable, on_ci, running_server

# --doctest-modules would import this file a second time as a module named "conftest", which clashes
# with the sub-folders' conftest.py files when the whole suite runs; it has no doctests anyway.
collect_ignore = ["conftest.py"]


@pytest.fixture(scope="session")
def pg_server() -> Iterator[PgServer]:
    """The PostgreSQL server of this session (DATABASE_URL_PG's, or a throwaway one started now)."""
    with contextlib.ExitStack() as stack:
        try:
            server = stack.enter_context(running_server())
        except PgUnavailable as error:
            unavailable = str(error)
        else:
            unavailable = ""
        if unavailable and on_ci():
            pytest.fail(f"CI must run the PostgreSQL tests, but {unavailable}", pytrace=False)
        if unavailable:
            pytest.skip(f"PostgreSQL tests skipped: {unavailable}")
        yield server


@pytest.fixture(scope="session")
def pg_url(pg_server: PgServer) -> str:
    """The session's test database, shared by every test that uses it."""
    return pg_server.url


@pytest.fixture
def pg_database_url(pg_server: PgServer) -> Iterator[str]:
    """A fresh empty database for this test alone, dropped after it."""
    url = pg_server.create_database()
    try:
        yield url
    finally:
        pg_server.drop_database(url)
