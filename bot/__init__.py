"""Discord-free bot core: SQLite store, game service and a terminal front end."""
