"""Alembic's environment: always online, on the connection :func:`bot.store.alembic.upgrade` hands in."""

from __future__ import annotations

from alembic import context

from bot.store.schema import metadata

connection = context.config.attributes.get("connection")
if connection is None:
    raise RuntimeError(
        "bot.store migrations run from GameStore.open (bot.store.alembic.upgrade), not from the alembic command"
    )
context.configure(connection=connection, target_metadata=metadata, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
