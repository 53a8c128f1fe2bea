"""The bot's storage layer: every SQL statement (SQLAlchemy Core over SQLite through aiosqlite, the
default, or PostgreSQL through asyncpg; see :mod:`bot.store.store`), the migrations (legacy scripts
up to 9, then Alembic), and the stored-time arithmetic (ISO-8601 UTC strings, playing hours).
Imports nothing from the layers above."""
