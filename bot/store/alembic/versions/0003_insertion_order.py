"""A key of their own for the append-only tables without one (audit, timeouts, seat_holders,
clock_log): ``seq``, which orders their rows by insertion on both backends.

Before this revision they were ordered by SQLite's ``rowid``, and on PostgreSQL by ``ctid`` (the
row's physical place, which stops following insertion once space freed by deleted rows is reused).
On SQLite ``seq`` is an ``INTEGER PRIMARY KEY``, the rowid itself, so each table is rebuilt keeping
every row's rowid; on PostgreSQL a ``SERIAL`` column numbers the existing rows in their stored order
and every new row after them.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-26
"""

from __future__ import annotations

from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None

#: The columns of each table as legacy migration 9 left them (SQLite), with the index each has.
TABLES = {
    "timeouts": (
        """game INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        seat INTEGER NOT NULL,
        user_id TEXT NOT NULL,
        version INTEGER NOT NULL,
        outcome TEXT NOT NULL CHECK (outcome IN ('default', 'offered', 'wait', 'skip', 'substitute')),
        by_user TEXT,
        created_at TEXT NOT NULL""",
        "game, seat, user_id, version, outcome, by_user, created_at",
        "CREATE INDEX timeouts_by_user ON timeouts (user_id)",
    ),
    "seat_holders": (
        """game INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        seat INTEGER NOT NULL,
        user_id TEXT NOT NULL,
        from_version INTEGER NOT NULL,
        reason TEXT NOT NULL,
        created_at TEXT NOT NULL,
        name TEXT""",
        "game, seat, user_id, from_version, reason, created_at, name",
        None,
    ),
    "audit": (
        """game INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        version INTEGER NOT NULL,
        by_user TEXT NOT NULL,
        what TEXT NOT NULL,
        detail TEXT NOT NULL,
        created_at TEXT NOT NULL""",
        "game, version, by_user, what, detail, created_at",
        "CREATE INDEX audit_by_game ON audit (game)",
    ),
    "clock_log": (
        """game INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        seat INTEGER NOT NULL,
        user_id TEXT NOT NULL,
        event TEXT NOT NULL,
        detail TEXT NOT NULL DEFAULT '',
        created_at TEXT NOT NULL""",
        "game, seat, user_id, event, detail, created_at",
        "CREATE INDEX clock_log_by_game ON clock_log (game)",
    ),
}


def upgrade() -> None:
    postgresql = op.get_bind().dialect.name == "postgresql"
    for table, (columns, names, index) in TABLES.items():
        if postgresql:
            op.execute(f"ALTER TABLE {table} ADD COLUMN seq SERIAL")
            op.execute(f"ALTER TABLE {table} ADD PRIMARY KEY (seq)")
            continue
        op.execute(f"CREATE TABLE {table}_new ({columns},\n        seq INTEGER PRIMARY KEY)")
        op.execute(f"INSERT INTO {table}_new (seq, {names}) SELECT rowid, {names} FROM {table} ORDER BY rowid")
        op.execute(f"DROP TABLE {table}")
        op.execute(f"ALTER TABLE {table}_new RENAME TO {table}")
        if index:
            op.execute(index)


def downgrade() -> None:
    for table in TABLES:
        with op.batch_alter_table(table) as batch:
            batch.drop_column("seq")
