"""Can the store open this database? One check before anything opens it, for the command lines.

:func:`preflight` answers ``None`` when :meth:`~bot.store.store.GameStore.open` can use the place,
or one line saying what is wrong and what to do, instead of the driver's traceback later:

* a SQLite path (:func:`sqlite_problem`) that is a folder, sits in a missing folder or one that
  cannot be written, names a file that is not a SQLite database (an empty file is fine: a new
  database), a SQLite database of something else, or a games database of a newer version of the
  bot. Nothing is created or changed (a new file's place is tried by creating and removing a file);
* a PostgreSQL URL: a connection with a short timeout and ``SELECT 1``.

Used by ``python -m bot`` before it connects to Discord, by ``--health`` and by ``python -m
bot.terminal --db``.
"""

from __future__ import annotations

import errno
import os
import sqlite3
from pathlib import Path

from sqlalchemy import text
from sqlalchemy.engine import make_url
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.ext.asyncio import create_async_engine
from sqlalchemy.pool import NullPool

from .database import locate

#: The first 16 bytes of every SQLite database file.
SQLITE_HEADER = b"SQLite format 3\x00"
#: Tables that mark a SQLite file as a games database (legacy migrations, Alembic, the games).
OURS = frozenset({"games", "schema_version", "alembic_version"})
#: Seconds a PostgreSQL server has to answer.
TIMEOUT = 5.0


async def preflight(where: str | Path, timeout: float = TIMEOUT) -> str | None:
    """``None`` when the store can open ``where`` (a path, ``sqlite:///path`` or ``postgresql://…``);
    otherwise one line: what is wrong, and what to do."""
    try:
        location = locate(where)
    except ValueError as exc:
        return str(exc)
    if location.backend == "postgresql":
        return await postgres_problem(str(where), timeout)
    return sqlite_problem(Path(location.path or str(where)))


def sqlite_problem(path: Path) -> str | None:
    """What keeps the store from using the SQLite file ``path``, or ``None``.

    >>> sqlite_problem(Path("/"))
    '/ is a folder, not a database file: name a file in it, e.g. /games.sqlite3'
    """
    return place_problem(path) or (file_problem(path) if path.exists() else None)


def place_problem(path: Path, probe: bool = True) -> str | None:
    """Is ``path`` a place for a database file: not a folder, in a folder that exists and (with
    ``probe``, for a new file) where a file can be created? Without ``probe`` nothing is written
    at all (``--health``)."""
    if path.is_dir():
        return f"{path} is a folder, not a database file: name a file in it, e.g. {path / 'games.sqlite3'}"
    folder = path.parent
    if not folder.exists():
        return f"the folder {folder} does not exist: create it first, or name a file in a folder that exists"
    if not folder.is_dir():
        return f"{folder} is a file, not a folder: name a database file inside a folder"
    if not path.exists():
        return _creatable(path) if probe else None
    if not path.is_file():
        return f"{path} is not a regular file: name a database file"
    return None


def file_problem(path: Path) -> str | None:
    """What is wrong with the existing file ``path`` as the games database (an empty file is a new one)."""
    try:
        with path.open("rb") as file:
            head = file.read(len(SQLITE_HEADER))
    except OSError as exc:
        return f"cannot read {path} ({exc.strerror or exc}): check its permissions"
    if head and head != SQLITE_HEADER:
        return f"{path} is not a SQLite database (it does not start like one): name another file, or move it away"
    if not os.access(path, os.W_OK):
        return f"{path} is read-only: the bot writes every move to it; make it writable or name another file"
    if not os.access(path.parent, os.W_OK):
        return f"the folder {path.parent} is read-only: SQLite keeps its journal files next to {path.name}"
    return _contents_problem(path) if head else None


def _creatable(path: Path) -> str | None:
    """Can a new file be made at ``path``? (Made and removed at once.)"""
    try:
        fd = os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600)
    except OSError as exc:
        if exc.errno == errno.EEXIST:  # made meanwhile by someone else: theirs to judge
            return None
        return f"cannot create {path} ({exc.strerror or exc}): name a file in a folder you can write to"
    os.close(fd)
    path.unlink()
    return None


def _contents_problem(path: Path) -> str | None:
    """A SQLite file that is not a games database, or is one of a newer version of the bot."""
    try:
        db = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
    except sqlite3.Error as exc:
        return f"cannot open {path} ({exc}): check its permissions"
    try:
        tables = {str(row[0]) for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        stored = list(db.execute("SELECT version_num FROM alembic_version")) if "alembic_version" in tables else []
    except sqlite3.Error as exc:
        return f"{path} is a damaged SQLite file ({exc}): restore it from a backup, or name another file"
    finally:
        db.close()
    if tables and not tables & OURS:
        shown = ", ".join(sorted(tables)[:3]) + (", …" if len(tables) > 3 else "")
        return f"{path} is a SQLite database of something else (tables {shown}): name another file"
    if stored:
        from .alembic import head  # Alembic is loaded only when there is a revision to compare

        newest, revision = head(), str(stored[0][0])
        if revision > newest:  # zero-padded numbers: their text orders them
            return (
                f"{path} was written by a newer version of the bot (schema {revision}, this code knows up to "
                f"{newest}): update the code, or name another file"
            )
    return None


async def postgres_problem(url: str, timeout: float = TIMEOUT) -> str | None:
    """``None`` when the PostgreSQL server at ``url`` answers within ``timeout`` seconds."""
    shown = make_url(url).render_as_string(hide_password=True)
    engine = create_async_engine(locate(url).url, poolclass=NullPool, connect_args={"timeout": timeout})
    try:
        async with engine.connect() as db:
            await db.execute(text("SELECT 1"))
    except (SQLAlchemyError, OSError, TimeoutError) as exc:
        reason = str(getattr(exc, "orig", None) or exc).strip().splitlines() or [type(exc).__name__]
        return f"cannot reach the database {shown} ({reason[0]}): check DATABASE_URL and that the server runs"
    finally:
        await engine.dispose()
    return None
