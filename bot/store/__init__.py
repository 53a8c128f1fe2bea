"""The bot's storage layer: SQLite through aiosqlite, every SQL statement, the migrations, and the
stored-time arithmetic (ISO-8601 UTC strings, playing hours). Imports nothing from the layers above."""
