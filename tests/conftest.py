"""Fixtures for every test under tests/: a real PostgreSQL server (issue 17; see pg_server.py).

* ``pg_server`` (session): the running :class:`pg_server.PgServer`, started on first use and
  stopped, its directory removed, when the session ends (also after failures or Ctrl-C);
* ``pg_url`` (session): ``postgresql://pbp_test@127.0.0.1:<port>/pbp_test``, one database for
  the session;
* ``pg_database_url`` (per test): a fresh empty database of its own, dropped after the test.

Run in parallel (``pytest -n auto``, pytest-xdist), the controlling process starts one throwaway
server before the workers start and stops it after they have all finished; every worker uses that
one server (``pg_server`` attaches to it), and each test still gets fresh databases of its own.

Without server binaries (and without ``DATABASE_URL_PG``) the tests that use them are skipped
with the reason, except on CI (``CI`` set), where they fail: CI must never silently skip them.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterator
from importlib import import_module
from importlib.metadata import entry_points
from pathlib import Path
from typing import Any

import pytest
from pg_server import PgServer, PgUnavailable, attach, describe, on_ci, running_server


def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> bool | None:
    """--doctest-modules would import every conftest.py a second time as a module named "conftest",
    and two of them clash (``tests/engine/lisboa`` and ``tests/engine/red_cathedral`` in one run);
    they hold fixtures, not doctests. Their fixtures still load: pytest reads a folder's conftest.py
    as it enters the folder, not by collecting the file."""
    return True if collection_path.name == "conftest.py" else None


SHARED = "pbp_pg_server"  # the workers' input key: the controller's server, described as JSON
_controller_server = pytest.StashKey[dict[str, Any]]()
_controller_stack = pytest.StashKey[contextlib.ExitStack]()


def _controls_workers(config: pytest.Config) -> bool:
    """The xdist controller of a parallel run (not a worker, not a plain serial run)."""
    return not hasattr(config, "workerinput") and bool(getattr(config.option, "numprocesses", None))


def pytest_configure(config: pytest.Config) -> None:
    """No test runs without the games installed; in a parallel run, start the one server every worker
    will share (about a second)."""
    from engine.core.registry import GROUP

    if not entry_points(group=GROUP):
        pytest.exit(
            f"no game is installed (no entry point in the group {GROUP}): the games are found through the "
            "installed package's metadata, so run `pip install -e '.[test]'` in this checkout first",
            returncode=4,
        )
    if not _controls_workers(config):
        return
    stack = contextlib.ExitStack()
    config.stash[_controller_stack] = stack
    try:
        config.stash[_controller_server] = describe(stack.enter_context(running_server()))
    except PgUnavailable as error:
        config.stash[_controller_server] = {"unavailable": str(error)}
    except Exception as error:  # a broken server: every test that needs one fails with the reason
        config.stash[_controller_server] = {"error": f"{type(error).__name__}: {error}"}


@pytest.hookimpl(optionalhook=True)
def pytest_configure_node(node: Any) -> None:
    """xdist: hand each worker the controller's server."""
    info = node.config.stash.get(_controller_server, None)
    if info is not None:
        node.workerinput[SHARED] = json.dumps(info)


def pytest_unconfigure(config: pytest.Config) -> None:
    stack = config.stash.get(_controller_stack, None)
    if stack is not None:
        stack.close()


@pytest.fixture(autouse=True)
def _owner_packs_stay_in_their_test() -> Iterator[None]:
    """A server owner's data pack a test loads (registered by fingerprint, chosen for new games) is
    forgotten after it, so no later test on the same worker finds it."""
    import engine
    from engine.core.datapack.game import PackGame
    from engine.core.datapack.packs import _BY_GAME

    chosen = {g.spec.id: g.pack for g in engine.all_games() if isinstance(g, PackGame)}  # every game imported
    registered = {game: dict(packs._registered) for game, packs in _BY_GAME.items()}
    yield
    for game, packs in _BY_GAME.items():
        packs._registered = registered.get(game, {})
    for g in engine.all_games():
        if g.spec.id in chosen:
            g.pack = chosen[g.spec.id]  # type: ignore[attr-defined]


@pytest.fixture(autouse=True)
def _games_stay_in_their_test() -> Iterator[None]:
    """A game a test registers (a toy game, one the terminal's ``--load`` adds) is forgotten after
    it. None may be registered outside a test (on import, while collecting): it would be in every
    later test on that worker, and in what tests parametrised over ``all_games()`` collect."""
    from engine.core import registry

    leaked = registry.current().added()
    if leaked:
        pytest.fail(f"games registered outside any test: {leaked} (register them in a test's scope)", pytrace=False)
    with registry.scope():
        yield


@pytest.fixture
def toy_games(monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[Any, ...]]:
    """The toy games of ``tests/bot_service/toy_game.py`` (Toy Race and its variants), registered for
    this test alone."""
    from engine.core import registered

    monkeypatch.syspath_prepend(str(Path(__file__).resolve().parent / "bot_service"))
    toys = import_module("toy_game").TOYS
    with registered(*toys):
        yield toys


def _unavailable(reason: str) -> None:
    if on_ci():
        pytest.fail(f"CI must run the PostgreSQL tests, but {reason}", pytrace=False)
    pytest.skip(f"PostgreSQL tests skipped: {reason}")


@pytest.fixture(scope="session")
def pg_server(request: pytest.FixtureRequest) -> Iterator[PgServer]:
    """The PostgreSQL server of this session (DATABASE_URL_PG's, the parallel run's shared one, or a
    throwaway one started now)."""
    shared = getattr(request.config, "workerinput", {}).get(SHARED)
    if shared:
        info = json.loads(shared)
        if "unavailable" in info:
            _unavailable(info["unavailable"])
        if "error" in info:
            pytest.fail(f"the test PostgreSQL server did not start: {info['error']}", pytrace=False)
        yield attach(info)
        return
    with contextlib.ExitStack() as stack:
        try:
            server = stack.enter_context(running_server())
        except PgUnavailable as error:
            unavailable = str(error)
        else:
            unavailable = ""
        if unavailable:
            _unavailable(unavailable)
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
