"""A real PostgreSQL server for the tests, started and stopped by the tests themselves (issue 17).

``running_server()`` yields a :class:`PgServer`:

* ``DATABASE_URL_PG=postgresql://user[:password]@host[:port]/db`` set: that existing server is
  used as it is (nothing is started or stopped; the user needs ``CREATEDB`` for fresh databases);
* otherwise a throwaway cluster: ``initdb`` into a temporary directory, ``postgres`` on a free TCP
  port of 127.0.0.1 (its socket in that directory too), one database created, and at the end the
  server stopped and the directory removed, also when the tests failed or were interrupted. If the
  test process is killed outright, ``setpriv --pdeathsig`` stops the server and the next start
  removes the directory left behind.

The server binaries (``initdb`` and ``postgres``) are looked for in ``PG_BIN`` when set, then
beside ``postgres``/``initdb`` on ``PATH`` (symbolic links followed), then in Debian's
``/usr/lib/postgresql/<version>/bin`` (newest first) and ``/usr/local/pgsql/bin``. When there are
none, :class:`PgUnavailable` says where it looked and how to install them; ``tests/conftest.py``
turns that into a skip on a developer's machine and into a failure on CI (``CI`` set).

Run as root, the server runs as the unprivileged ``postgres`` user (``nobody`` when there is no
such user), which owns the temporary directory: PostgreSQL refuses to run as root.

The throwaway server trades durability for speed (``fsync``, ``synchronous_commit`` and
``full_page_writes`` off): its data is deleted at the end anyway, and a bot process killed in a
test does not crash the server, so nothing a test checks depends on them.
"""

from __future__ import annotations

import asyncio
import atexit
import contextlib
import glob
import os
import pwd
import re
import shlex
import shutil
import signal
import socket
import subprocess
import tempfile
import threading
import time
import uuid
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import quote, urlsplit, urlunsplit

URL_ENV = "DATABASE_URL_PG"
BIN_ENV = "PG_BIN"
NEEDED = ("initdb", "postgres")
SEARCHED = ("/usr/lib/postgresql/*/bin", "/usr/local/pgsql/bin")
SUPERUSER = "pbp_test"
DATABASE = "pbp_test"
PREFIX = "pbp-pg-"  # of the temporary directories
START_TIMEOUT = 60.0
STOP_TIMEOUT = 15.0
INSTALL_HINT = "install them (Debian/Ubuntu: `apt-get install postgresql`) or point PG_BIN at their directory"


class PgUnavailable(RuntimeError):
    """No PostgreSQL server binaries on this machine (a skip locally, a failure on CI)."""


class PgError(RuntimeError):
    """A PostgreSQL server that should work does not (always a failure)."""


def on_ci(environ: Mapping[str, str] = os.environ) -> bool:
    """Whether ``CI`` is set to something true (``1``, ``true``...; not ``""``, ``0``, ``false``, ``no``)."""
    return environ.get("CI", "").strip().lower() not in ("", "0", "false", "no", "off")


def _has_binaries(directory: Path) -> bool:
    return all(os.access(directory / name, os.X_OK) and (directory / name).is_file() for name in NEEDED)


def _version_key(directory: Path) -> tuple[int, ...]:
    """``/usr/lib/postgresql/15/bin`` -> (15,): the newest version is tried first."""
    return tuple(int(part) for part in re.findall(r"\d+", directory.parent.name)) or (0,)


def find_bin_dir(environ: Mapping[str, str] = os.environ) -> Path:
    """The directory holding ``initdb`` and ``postgres``; PgError for a wrong PG_BIN, PgUnavailable for none."""
    chosen = environ.get(BIN_ENV, "").strip()
    if chosen:
        directory = Path(chosen).expanduser()
        if not _has_binaries(directory):
            missing = [name for name in NEEDED if not (directory / name).is_file()]
            raise PgError(f"{BIN_ENV}={chosen!r} does not hold the PostgreSQL server binaries (missing: {missing})")
        return directory
    candidates: list[Path] = []
    for name in NEEDED:
        found = shutil.which(name, path=environ.get("PATH"))
        if found:
            candidates.append(Path(found).resolve().parent)
    for pattern in SEARCHED:
        candidates.extend(sorted((Path(p) for p in glob.glob(pattern)), key=_version_key, reverse=True))
    for directory in candidates:
        if _has_binaries(directory):
            return directory
    raise PgUnavailable(
        f"no PostgreSQL server binaries ({', '.join(NEEDED)}) on PATH, in {BIN_ENV} or in {', '.join(SEARCHED)}: "
        f"{INSTALL_HINT}, or set {URL_ENV} to an existing server's postgresql:// URL"
    )


def check_url(url: str) -> str:
    """A ``postgresql://`` URL with a host and a database name, or PgError saying what is wrong."""
    parts = urlsplit(url)
    if parts.scheme not in ("postgresql", "postgres"):
        raise PgError(f"{URL_ENV} must be a postgresql:// URL, not {url!r}")
    if not parts.hostname:
        raise PgError(f"{URL_ENV}={url!r} names no host (postgresql://user@host:port/database)")
    if not parts.path.strip("/"):
        raise PgError(f"{URL_ENV}={url!r} names no database (postgresql://user@host:port/database)")
    return url


def with_database(url: str, database: str) -> str:
    """The same server and user, another database."""
    parts = urlsplit(url)
    return urlunsplit((parts.scheme, parts.netloc, "/" + quote(database), parts.query, parts.fragment))


def _run_async(make: Callable[[], Any]) -> Any:
    """Run a coroutine to its end in a thread of its own, so no test's event loop is touched."""
    result: dict[str, Any] = {}

    def target() -> None:
        try:
            result["value"] = asyncio.run(make())
        except BaseException as error:  # handed to the caller's thread
            result["error"] = error

    thread = threading.Thread(target=target, name="pg-server-sql")
    thread.start()
    thread.join()
    if "error" in result:
        raise result["error"]
    return result.get("value")


def execute(url: str, *statements: str) -> None:
    """Run statements one by one, each on its own (``CREATE DATABASE`` cannot run in a transaction)."""
    import asyncpg

    async def run() -> None:
        connection = await asyncpg.connect(url, timeout=30)
        try:
            for statement in statements:
                await connection.execute(statement)
        finally:
            await connection.close()

    _run_async(run)


def _ident(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


@dataclass
class PgServer:
    """A server the tests can use: ``url`` is its test database; fresh ones come from ``create_database``."""

    url: str
    local: bool
    bin_dir: Path | None = None
    root: Path | None = None
    port: int | None = None
    start_seconds: float = 0.0
    stop_seconds: float = 0.0
    _process: subprocess.Popen[bytes] | None = field(default=None, repr=False)

    @property
    def pid(self) -> int | None:
        return self._process.pid if self._process is not None else None

    def create_database(self, prefix: str = "t", template: str | None = None) -> str:
        """A new database with a unique name, empty or a copy of ``template`` (a URL from here); its URL.

        Copying a template that already holds the migrated schema is quicker than migrating every
        fresh database; the template must have no open connections while it is copied.
        """
        name = f"{prefix}_{uuid.uuid4().hex[:12]}"
        source = f" TEMPLATE {_ident(urlsplit(template).path.strip('/'))}" if template else ""
        try:
            execute(self.url, f"CREATE DATABASE {_ident(name)}{source}")
        except Exception as error:
            raise PgError(f"could not create database {name}{source} on {self.url}: {error}") from error
        return with_database(self.url, name)

    def drop_database(self, url: str) -> None:
        """Drop a database made by ``create_database``, ending its sessions first (PostgreSQL 13 and later)."""
        name = urlsplit(url).path.strip("/")
        if name == urlsplit(self.url).path.strip("/"):
            raise PgError(f"refusing to drop the server's own test database {name}")
        execute(self.url, f"DROP DATABASE IF EXISTS {_ident(name)} WITH (FORCE)")


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _unprivileged_user() -> pwd.struct_passwd | None:
    """Whom to run the server as: None when we are not root, else ``postgres`` (or ``nobody``)."""
    if os.geteuid() != 0:
        return None
    for name in ("postgres", "nobody"):
        with contextlib.suppress(KeyError):
            return pwd.getpwnam(name)
    raise PgError("running as root, and there is neither a `postgres` nor a `nobody` user to run PostgreSQL as")


def _server_env() -> dict[str, str]:
    """Our environment without PG* settings that could point the server or initdb elsewhere."""
    env = {key: value for key, value in os.environ.items() if not key.startswith("PG")}
    env["LC_ALL"] = "C"
    return env


def _log_tail(path: Path, lines: int = 20) -> str:
    try:
        return "\n".join(path.read_text(errors="replace").splitlines()[-lines:])
    except OSError:
        return "(no log)"


def _ready(data: Path) -> bool:
    """postmaster.pid's eighth line reads ``ready`` once the server accepts connections (PostgreSQL 10+)."""
    try:
        lines = (data / "postmaster.pid").read_text().splitlines()
    except OSError:
        return False
    return len(lines) >= 8 and lines[7].strip() == "ready"


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # someone else's process
    return True


def sweep_stale(base: Path | None = None) -> list[Path]:
    """Remove the directories of throwaway servers whose test process was killed (SIGKILL: no clean-up ran).

    A directory is stale when the process that made it (``owner.pid``) is gone and no server runs in it
    (no ``postmaster.pid``); any other, a concurrent session's included, is left alone.
    """
    removed = []
    for old in sorted((base or Path(tempfile.gettempdir())).glob(f"{PREFIX}*")):
        try:
            owner = int((old / "owner.pid").read_text())
        except (OSError, ValueError):
            continue
        if _alive(owner) or (old / "data" / "postmaster.pid").exists():
            continue
        shutil.rmtree(old, ignore_errors=True)
        removed.append(old)
    return removed


def _dies_with_us() -> list[str]:
    """``setpriv --pdeathsig QUIT`` when there is one (util-linux, Linux): the server gets SIGQUIT, an
    immediate shutdown, if the thread that started it dies without stopping it (a SIGKILLed pytest)."""
    setpriv = shutil.which("setpriv")
    if setpriv is None:
        return []
    probe = subprocess.run([setpriv, "--pdeathsig", "QUIT", "true"], capture_output=True, check=False)
    return [setpriv, "--pdeathsig", "QUIT", "--"] if probe.returncode == 0 else []


def _stop(process: subprocess.Popen[bytes]) -> None:
    """Immediate shutdown (SIGQUIT: the data is thrown away), then SIGKILL if it hangs."""
    if process.poll() is not None:
        return
    with contextlib.suppress(ProcessLookupError):
        process.send_signal(signal.SIGQUIT)
    try:
        process.wait(STOP_TIMEOUT)
    except subprocess.TimeoutExpired:
        with contextlib.suppress(ProcessLookupError):
            process.kill()
        process.wait(STOP_TIMEOUT)


@contextlib.contextmanager
def local_server(bin_dir: Path | None = None, database: str = DATABASE) -> Iterator[PgServer]:
    """A throwaway cluster in a temporary directory, stopped and removed on the way out."""
    bin_dir = bin_dir or find_bin_dir()
    user = _unprivileged_user()
    started = time.perf_counter()
    sweep_stale()
    root = Path(tempfile.mkdtemp(prefix=PREFIX))
    (root / "owner.pid").write_text(str(os.getpid()))
    process: subprocess.Popen[bytes] | None = None
    server: PgServer | None = None

    def cleanup() -> None:
        if process is not None:
            _stop(process)
        shutil.rmtree(root, ignore_errors=True)

    atexit.register(cleanup)  # in case the with block is never left normally (an interpreter exit)
    try:
        as_user: dict[str, Any] = {}
        if user is not None:
            os.chown(root, user.pw_uid, user.pw_gid)
            as_user = {"user": user.pw_uid, "group": user.pw_gid, "extra_groups": []}
        sock = root / "sock"
        sock.mkdir()
        if user is not None:
            os.chown(sock, user.pw_uid, user.pw_gid)
        if len(str(sock / ".s.PGSQL.65535")) > 100:
            raise PgError(f"the socket path under {sock} is too long for Unix sockets: set TMPDIR to a shorter path")
        data = root / "data"
        init = subprocess.run(
            [str(bin_dir / "initdb"), "-D", str(data), "-U", SUPERUSER, "-A", "trust", "-E", "UTF8"]
            + ["--no-locale", "--no-sync"],
            cwd=root,
            env=_server_env(),
            stdin=subprocess.DEVNULL,
            capture_output=True,
            check=False,
            **as_user,
        )
        if init.returncode != 0:
            owner = f" as user {user.pw_name}" if user else ""
            raise PgError(
                f"initdb{owner} failed in {root} (exit {init.returncode}; the directory and its parents must be "
                f"reachable by that user):\n{init.stderr.decode(errors='replace')[-2000:]}"
            )
        log = root / "postgres.log"
        for attempt in range(3):
            port = _free_port()
            settings = {
                "listen_addresses": "127.0.0.1",
                "port": str(port),
                "unix_socket_directories": str(sock),
                "fsync": "off",
                "synchronous_commit": "off",
                "full_page_writes": "off",
                "max_connections": "200",
            }
            command = _dies_with_us() + [str(bin_dir / "postgres"), "-D", str(data)]
            for key, value in settings.items():
                command += ["-c", f"{key}={value}"]
            with open(log, "ab") as log_file:
                process = subprocess.Popen(
                    command,
                    cwd=root,
                    env=_server_env(),
                    stdin=subprocess.DEVNULL,
                    stdout=log_file,
                    stderr=subprocess.STDOUT,
                    **as_user,
                )
            deadline = time.monotonic() + START_TIMEOUT
            while not _ready(data) and process.poll() is None and time.monotonic() < deadline:
                time.sleep(0.01)
            if _ready(data) and process.poll() is None:
                break
            _stop(process)
            tail = _log_tail(log)
            if "Address already in use" in tail and attempt < 2:
                continue  # someone took the free port between our check and the server's bind
            raise PgError(
                f"PostgreSQL did not start within {START_TIMEOUT:.0f} s "
                f"(command: {shlex.join(command)}); end of its log:\n{tail}"
            )
        url = f"postgresql://{SUPERUSER}@127.0.0.1:{port}/{database}"
        try:
            execute(with_database(url, "postgres"), f"CREATE DATABASE {_ident(database)}")
        except Exception as error:
            raise PgError(f"PostgreSQL started on port {port} but CREATE DATABASE failed: {error}") from error
        server = PgServer(
            url=url,
            local=True,
            bin_dir=bin_dir,
            root=root,
            port=port,
            start_seconds=time.perf_counter() - started,
            _process=process,
        )
        yield server
    finally:
        stopping = time.perf_counter()
        cleanup()
        atexit.unregister(cleanup)
        if server is not None:
            server.stop_seconds = time.perf_counter() - stopping


def describe(server: PgServer) -> dict[str, Any]:
    """What another process needs to use this running server (the parallel test workers: conftest.py)."""
    return {
        "url": server.url,
        "local": server.local,
        "bin_dir": str(server.bin_dir) if server.bin_dir else None,
        "root": str(server.root) if server.root else None,
        "port": server.port,
    }


def attach(info: Mapping[str, Any]) -> PgServer:
    """The server another process started and described (it alone stops it)."""
    return PgServer(
        url=str(info["url"]),
        local=bool(info["local"]),
        bin_dir=Path(info["bin_dir"]) if info.get("bin_dir") else None,
        root=Path(info["root"]) if info.get("root") else None,
        port=info.get("port"),
    )


@contextlib.contextmanager
def running_server(environ: Mapping[str, str] = os.environ) -> Iterator[PgServer]:
    """The server named by DATABASE_URL_PG when set, else a throwaway local one (see the module doc)."""
    url = environ.get(URL_ENV, "").strip()
    if url:
        yield PgServer(url=check_url(url), local=False)
        return
    with local_server(find_bin_dir(environ)) as server:
        yield server
