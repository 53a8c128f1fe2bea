"""Alembic migrations of the games database, run by :meth:`bot.store.store.GameStore.open` without
an ``alembic.ini``: :func:`upgrade` configures Alembic in code on the store's open transaction.

The history starts with the baseline revision (``versions/0001_baseline.py``): the schema of legacy
migration 9. A database that already has it (every SQLite file the legacy migrations brought to 9)
is stamped at the baseline instead of running it. A new revision: write it under ``versions/``
(``down_revision`` the current head) against :mod:`bot.store.schema`, which must match the head
(``tests/bot_service/test_store_alembic.py`` compares them on both backends).
"""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from sqlalchemy import Connection, inspect

HERE = Path(__file__).resolve().parent
BASELINE = "0001"


def config(connection: Connection) -> Config:
    """Alembic's configuration for this package, working on ``connection`` (already in a transaction)."""
    cfg = Config()
    cfg.set_main_option("script_location", str(HERE))
    cfg.attributes["connection"] = connection
    return cfg


def upgrade(connection: Connection) -> None:
    """Stamp a legacy database at the baseline if Alembic has not seen it, then upgrade to the head."""
    cfg = config(connection)
    tables = inspect(connection)
    if not tables.has_table("alembic_version") and tables.has_table("schema_version"):
        command.stamp(cfg, BASELINE)
    command.upgrade(cfg, "head")


def head() -> str:
    """The newest revision."""
    from alembic.script import ScriptDirectory

    cfg = Config()
    cfg.set_main_option("script_location", str(HERE))
    found = ScriptDirectory.from_config(cfg).get_current_head()
    assert found is not None
    return found
