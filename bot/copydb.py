"""``python -m bot.copydb SOURCE TARGET [--replace]``: move the bot's games from SQLite to PostgreSQL.

Copies every table of the SQLite database ``SOURCE`` (a file path or ``sqlite:///path``) into the
PostgreSQL database ``TARGET`` (``postgresql://user:password@host/db``) in one transaction
(:func:`bot.store.copy.copy_database`; both are first migrated to this code's schema), then checks
the copy by replaying every started game on it (:func:`bot.service.copycheck.verify_copy`). Prints
per-table row counts, the games replayed and the time taken; exits 0 only when the copy holds the
same rows as the source and every game replays equal, 1 when the check finds a difference, 2 when
the copy cannot be made (one line saying why; the target is then unchanged).

Stop the bot before copying (a game played meanwhile would be missing from the copy); point
``DATABASE_URL`` at the target afterwards. ``--check`` only checks an earlier copy. Data packs
(``DATA_PACKS``) are loaded as the bot loads them, so games set up with one replay.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TextIO

from sqlalchemy.exc import SQLAlchemyError

from .service.copycheck import ReplayReport, verify_copy
from .settings import SettingsError, load_dotenv, parse_data_packs
from .store.copy import CopyError, CopyReport, compare_tables, copy_database
from .store.database import locate
from .store.store import GameStore


class Refused(Exception):
    """A one-line reason the copy was not made."""


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m bot.copydb",
        description="Copy the bot's SQLite database into PostgreSQL and check the copy by replaying every game.",
    )
    parser.add_argument("source", metavar="SOURCE", help="the SQLite database: a file path or sqlite:///path")
    parser.add_argument("target", metavar="TARGET", help="the PostgreSQL database: postgresql://user:pass@host/db")
    parser.add_argument(
        "--replace", action="store_true", help="overwrite a target that already holds data (default: refuse)"
    )
    parser.add_argument("--check", action="store_true", help="do not copy: only check an earlier copy")
    parser.add_argument(
        "--env-file", default=".env", metavar="PATH", help="settings file for DATA_PACKS (default ./.env)"
    )
    return parser


def source_location(source: str) -> str:
    """``source`` if it names an existing SQLite file (opening a missing one would create it)."""
    try:
        where = locate(source)
    except ValueError as exc:
        raise Refused(f"SOURCE: {exc}") from None
    if where.backend != "sqlite" or where.path is None:
        raise Refused(f"SOURCE must be a SQLite file (a path or sqlite:///path), not {source!r}")
    if not Path(where.path).is_file():
        raise Refused(f"there is no SQLite database at {where.path}")
    return source


def target_location(target: str) -> str:
    try:
        where = locate(target)
    except ValueError as exc:
        raise Refused(f"TARGET: {exc}") from None
    if where.backend != "postgresql":
        raise Refused(f"TARGET must be a PostgreSQL URL (postgresql://user:pass@host/db), not {target!r}")
    return target


async def open_target(target: str) -> GameStore:
    try:
        return await GameStore.open(target)
    except (OSError, SQLAlchemyError) as exc:  # refused connection, unknown host or database, bad password
        reason = " ".join(str(getattr(exc, "orig", None) or exc).split())
        raise Refused(f"cannot reach the target database: {reason}") from None


async def open_source(source: str) -> GameStore:
    try:
        return await GameStore.open(source)
    except (OSError, SQLAlchemyError) as exc:  # not a SQLite file, unreadable, locked
        reason = " ".join(str(getattr(exc, "orig", None) or exc).split())
        raise Refused(f"cannot open the SQLite database {source}: {reason}") from None


async def run(args: argparse.Namespace, out: TextIO) -> int:
    source_path, target_url = source_location(args.source), target_location(args.target)
    target = await open_target(target_url)  # first: a wrong URL leaves the source file untouched
    try:
        source = await open_source(source_path)
        try:
            copied: CopyReport | None = None
            if not args.check:
                try:
                    copied = await copy_database(source, target, replace=args.replace)
                except CopyError as exc:
                    raise Refused(str(exc)) from None
                print_copy(copied, source.path, target.path, out)
                problems = []  # copy_database checked counts and rows before committing
            else:
                problems = await compare_tables(source, target)
                for line in problems:
                    out.write(f"  {line}\n")
                out.write(f"tables: {'same rows as the source' if not problems else 'DIFFERENT'}\n")
            replay = await verify_copy(source, target)
            print_replay(replay, out)
        finally:
            await source.close()
    finally:
        await target.close()
    ok = replay.ok and not problems
    total = (copied.seconds if copied else 0.0) + replay.seconds
    out.write(f"{'OK' if ok else 'MISMATCH'}: {total:.1f} s in all\n")
    return 0 if ok else 1


def print_copy(report: CopyReport, source: str, target: str, out: TextIO) -> None:
    out.write(f"copied {source} -> {target}\n")
    if report.replaced:
        out.write("replaced: " + ", ".join(f"{name} {n}" for name, n in report.replaced.items()) + "\n")
    width = max(len(t.name) for t in report.tables)
    for table in report.tables:
        out.write(f"  {table.name:<{width}} {table.source_rows:>9} rows -> {table.target_rows:>9}\n")
    rate = report.rows / report.seconds if report.seconds else 0.0
    out.write(f"{report.rows} rows in {report.seconds:.2f} s ({rate:.0f} rows/s), counts and rows checked\n")


def print_replay(report: ReplayReport, out: TextIO) -> None:
    out.write(
        f"replayed {report.replayed} games ({report.actions} logged steps) in {report.seconds:.2f} s; "
        f"{report.rows_only} compared by rows only; {len(report.differences)} differ\n"
    )
    for difference in report.differences:
        out.write(f"  {difference.line()}\n")


def load_packs(env_file: str) -> None:
    """The data packs the bot would load (``DATA_PACKS``), so games set up with them replay."""
    from .service.packs import load_data_packs

    load_dotenv(env_file)
    load_data_packs(parse_data_packs(os.environ.get("DATA_PACKS")))


async def command(argv: Sequence[str] | None = None, out: TextIO = sys.stdout) -> int:
    """The whole command in a running event loop: its exit code; a refusal is one line on stderr."""
    args = build_parser().parse_args(argv)
    try:
        load_packs(args.env_file)
        return await run(args, out)
    except (Refused, SettingsError) as exc:
        print(f"copydb: {exc}", file=sys.stderr)
        return 2


def main(argv: Sequence[str] | None = None, out: TextIO = sys.stdout) -> int:
    return asyncio.run(command(argv, out))


if __name__ == "__main__":
    sys.exit(main())
