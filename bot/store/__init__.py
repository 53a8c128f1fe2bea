"""The bot's storage layer: every SQL statement (SQLAlchemy Core over SQLite, the default, run in the
event loop's thread, or PostgreSQL through asyncpg; see :mod:`bot.store.connection`), the migrations (legacy scripts
up to 9, then Alembic), and the stored-time arithmetic (ISO-8601 UTC strings, playing hours).
Imports nothing from the layers above."""
