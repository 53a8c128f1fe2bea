"""Baseline: the schema of legacy migration 9 (bot.store.migrations), from an empty database.

A SQLite database the legacy migrations brought to 9 is stamped at this revision instead
(bot.store.alembic.upgrade). Frozen: never edit it; add a revision.

Revision ID: 0001
Revises:
Create Date: 2026-11-25
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "away",
        sa.Column("user_id", sa.Text(), nullable=False),
        sa.Column("since", sa.Text(), nullable=False),
        sa.Column("until", sa.Text(), nullable=False),
        sa.PrimaryKeyConstraint("user_id"),
        sqlite_with_rowid=False,
    )
    op.create_table(
        "bot_state",
        sa.Column("key", sa.Text(), nullable=False),
        sa.Column("value", sa.Text(), nullable=False),
        sa.PrimaryKeyConstraint("key"),
        sqlite_with_rowid=False,
    )
    op.create_table(
        "games",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("channel_id", sa.Text(), nullable=False),
        sa.Column("guild_id", sa.Text(), nullable=True),
        sa.Column("game_id", sa.Text(), nullable=False),
        sa.Column("title", sa.Text(), nullable=False),
        sa.Column("options", sa.Text(), server_default="{}", nullable=False),
        sa.Column("spec", sa.Text(), nullable=True),
        sa.Column("rules_version", sa.Integer(), nullable=False),
        sa.Column("status", sa.Text(), server_default="lobby", nullable=False),
        sa.Column("version", sa.Integer(), server_default="0", nullable=False),
        sa.Column("seed", sa.BigInteger(), nullable=True),  # 64-bit seeds
        sa.Column("creator_id", sa.Text(), nullable=False),
        sa.Column("waiting", sa.Text(), server_default="[]", nullable=False),
        sa.Column("created_at", sa.Text(), nullable=False),
        sa.Column("updated_at", sa.Text(), nullable=False),
        sa.Column("clock", sa.Text(), server_default="none", nullable=False),
        sa.Column("origin", sa.Text(), nullable=True),
        sa.Column("hours", sa.Text(), nullable=True),
        sa.Column("hours_tz", sa.Text(), nullable=True),
        sa.Column("language", sa.Text(), server_default="en", nullable=False),
        sa.CheckConstraint("status IN ('lobby', 'active', 'finished', 'abandoned')", name="games_status"),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index("games_by_channel", "games", ["channel_id", "id"], unique=False)
    op.create_index(
        "games_one_live_per_channel",
        "games",
        ["channel_id"],
        unique=True,
        sqlite_where=sa.text("status IN ('lobby', 'active')"),
        postgresql_where=sa.text("status IN ('lobby', 'active')"),
    )
    op.create_table(
        "notify_prefs",
        sa.Column("user_id", sa.Text(), nullable=False),
        sa.Column("mode", sa.Text(), server_default="channel", nullable=False),
        sa.Column("tz", sa.Text(), server_default="UTC", nullable=False),
        sa.Column("quiet_start", sa.Integer(), nullable=True),
        sa.Column("quiet_end", sa.Integer(), nullable=True),
        sa.Column("budget", sa.Integer(), server_default="0", nullable=False),
        sa.Column("dm_closed_at", sa.Text(), nullable=True),
        sa.Column("hint_sent_at", sa.Text(), nullable=True),
        sa.Column("digest_at", sa.Text(), nullable=True),
        sa.Column("updated_at", sa.Text(), nullable=True),
        sa.Column("language", sa.Text(), nullable=True),
        sa.CheckConstraint("mode IN ('channel', 'dm', 'digest')", name="notify_prefs_mode"),
        sa.CheckConstraint("budget >= 0", name="notify_prefs_budget"),
        sa.CheckConstraint("quiet_end BETWEEN 0 AND 23", name="notify_prefs_quiet_end"),
        sa.CheckConstraint("quiet_start BETWEEN 0 AND 23", name="notify_prefs_quiet_start"),
        sa.PrimaryKeyConstraint("user_id"),
        sqlite_with_rowid=False,
    )
    op.create_table(
        "pings",
        sa.Column("user_id", sa.Text(), nullable=False),
        sa.Column("game", sa.Integer(), nullable=True),
        sa.Column("kind", sa.Text(), nullable=False),
        sa.Column("sent_at", sa.Text(), nullable=False),
    )
    op.create_index("pings_by_user", "pings", ["user_id", "sent_at"], unique=False)
    op.create_table("schema_version", sa.Column("version", sa.Integer(), nullable=False))
    op.create_table(
        "actions",
        sa.Column("game", sa.Integer(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.Text(), nullable=False),
        sa.Column("kind", sa.Text(), nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("undo_barrier", sa.Integer(), server_default="0", nullable=False),
        sa.Column("public_lines", sa.Text(), server_default="[]", nullable=False),
        sa.Column("created_at", sa.Text(), nullable=False),
        sa.CheckConstraint("kind IN ('action', 'undo', 'rollback')", name="actions_kind"),
        sa.CheckConstraint("undo_barrier IN (0, 1)", name="actions_undo_barrier"),
        sa.CheckConstraint("version > 0", name="actions_version"),
        sa.ForeignKeyConstraint(["game"], ["games.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("game", "version"),
        sqlite_with_rowid=False,
    )
    op.create_index("actions_by_user", "actions", ["user_id"], unique=False)
    op.create_table(
        "audit",
        sa.Column("game", sa.Integer(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("by_user", sa.Text(), nullable=False),
        sa.Column("what", sa.Text(), nullable=False),
        sa.Column("detail", sa.Text(), nullable=False),
        sa.Column("created_at", sa.Text(), nullable=False),
        sa.ForeignKeyConstraint(["game"], ["games.id"], ondelete="CASCADE"),
    )
    op.create_index("audit_by_game", "audit", ["game"], unique=False)
    op.create_table(
        "auto_answers",
        sa.Column("user_id", sa.Text(), nullable=False),
        sa.Column("game", sa.Integer(), nullable=False),
        sa.Column("kind", sa.Text(), nullable=False),
        sa.Column("created_at", sa.Text(), nullable=False),
        sa.ForeignKeyConstraint(["game"], ["games.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("user_id", "game", "kind"),
        sqlite_with_rowid=False,
    )
    op.create_table(
        "clock_log",
        sa.Column("game", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.Text(), nullable=False),
        sa.Column("event", sa.Text(), nullable=False),
        sa.Column("detail", sa.Text(), server_default="", nullable=False),
        sa.Column("created_at", sa.Text(), nullable=False),
        sa.ForeignKeyConstraint(["game"], ["games.id"], ondelete="CASCADE"),
    )
    op.create_index("clock_log_by_game", "clock_log", ["game"], unique=False)
    op.create_table(
        "clocks",
        sa.Column("game", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("bank", sa.Integer(), nullable=False),
        sa.Column("opened_at", sa.Text(), nullable=True),
        sa.Column("due_at", sa.Text(), nullable=True),
        sa.Column("state", sa.Text(), server_default="idle", nullable=False),
        sa.CheckConstraint("state IN ('idle', 'running', 'expired')", name="clocks_state"),
        sa.CheckConstraint("bank >= 0", name="clocks_bank"),
        sa.ForeignKeyConstraint(["game"], ["games.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("game", "seat"),
        sqlite_with_rowid=False,
    )
    op.create_index(
        "clocks_running",
        "clocks",
        ["due_at"],
        unique=False,
        sqlite_where=sa.text("state = 'running'"),
        postgresql_where=sa.text("state = 'running'"),
    )
    op.create_table(
        "digest_items",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.Text(), nullable=False),
        sa.Column("game", sa.Integer(), nullable=True),
        sa.Column("line", sa.Text(), nullable=False),
        sa.Column("created_at", sa.Text(), nullable=False),
        sa.Column("sent_at", sa.Text(), nullable=True),
        sa.ForeignKeyConstraint(["game"], ["games.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index(
        "digest_items_unsent",
        "digest_items",
        ["user_id"],
        unique=False,
        sqlite_where=sa.text("sent_at IS NULL"),
        postgresql_where=sa.text("sent_at IS NULL"),
    )
    op.create_table(
        "frozen_clocks",
        sa.Column("game", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.Text(), nullable=False),
        sa.Column("frozen_at", sa.Text(), nullable=False),
        sa.Column("remaining", sa.Integer(), nullable=False),
        sa.CheckConstraint("remaining >= 0", name="frozen_clocks_remaining"),
        sa.ForeignKeyConstraint(["game"], ["games.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("game", "seat"),
        sqlite_with_rowid=False,
    )
    op.create_table(
        "held_pings",
        sa.Column("user_id", sa.Text(), nullable=False),
        sa.Column("game", sa.Integer(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("fire_at", sa.Text(), nullable=False),
        sa.Column("sent_at", sa.Text(), nullable=True),
        sa.ForeignKeyConstraint(["game"], ["games.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("user_id", "game"),
        sqlite_with_rowid=False,
    )
    op.create_table(
        "reminders",
        sa.Column("game", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("kind", sa.Text(), nullable=False),
        sa.Column("opened_at", sa.Text(), nullable=False),
        sa.Column("due_at", sa.Text(), nullable=False),
        sa.Column("fire_at", sa.Text(), nullable=False),
        sa.Column("sent_at", sa.Text(), nullable=True),
        sa.Column("user_id", sa.Text(), nullable=True),
        sa.ForeignKeyConstraint(["game"], ["games.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("game", "seat", "kind"),
        sqlite_with_rowid=False,
    )
    op.create_index(
        "reminders_unsent",
        "reminders",
        ["fire_at"],
        unique=False,
        sqlite_where=sa.text("sent_at IS NULL"),
        postgresql_where=sa.text("sent_at IS NULL"),
    )
    op.create_table(
        "seat_holders",
        sa.Column("game", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.Text(), nullable=False),
        sa.Column("from_version", sa.Integer(), nullable=False),
        sa.Column("reason", sa.Text(), nullable=False),
        sa.Column("created_at", sa.Text(), nullable=False),
        sa.Column("name", sa.Text(), nullable=True),
        sa.ForeignKeyConstraint(["game"], ["games.id"], ondelete="CASCADE"),
    )
    op.create_table(
        "seats",
        sa.Column("game", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.Text(), nullable=False),
        sa.Column("join_order", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=True),
        sa.Column("colour", sa.Text(), nullable=True),
        sa.Column("name", sa.Text(), nullable=False),
        sa.Column("joined_at", sa.Text(), nullable=False),
        sa.ForeignKeyConstraint(["game"], ["games.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("game", "user_id"),
        sa.UniqueConstraint("game", "join_order"),
        sa.UniqueConstraint("game", "seat"),
    )
    op.create_index("seats_by_user", "seats", ["user_id"], unique=False)
    op.create_table(
        "snapshots",
        sa.Column("game", sa.Integer(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("state_json", sa.Text(), nullable=False),
        sa.CheckConstraint("version >= 0", name="snapshots_version"),
        sa.ForeignKeyConstraint(["game"], ["games.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("game", "version"),
        sqlite_with_rowid=False,
    )
    op.create_table(
        "timeouts",
        sa.Column("game", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.Text(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("outcome", sa.Text(), nullable=False),
        sa.Column("by_user", sa.Text(), nullable=True),
        sa.Column("created_at", sa.Text(), nullable=False),
        sa.CheckConstraint("outcome IN ('default', 'offered', 'wait', 'skip', 'substitute')", name="timeouts_outcome"),
        sa.ForeignKeyConstraint(["game"], ["games.id"], ondelete="CASCADE"),
    )
    op.create_index("timeouts_by_user", "timeouts", ["user_id"], unique=False)
    op.create_table(
        "turn_messages",
        sa.Column("game", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("channel_id", sa.Text(), nullable=False),
        sa.Column("message_id", sa.Text(), nullable=True),
        sa.Column("started_version", sa.Integer(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("pinged", sa.Text(), server_default="[]", nullable=False),
        sa.Column("waiting", sa.Text(), server_default="[]", nullable=False),
        sa.Column("parallel", sa.Text(), server_default="[]", nullable=False),
        sa.Column("lines", sa.Text(), server_default="[]", nullable=False),
        sa.Column("hidden", sa.Integer(), server_default="0", nullable=False),
        sa.Column("started_at", sa.Text(), nullable=False),
        sa.Column("updated_at", sa.Text(), nullable=False),
        sa.CheckConstraint("hidden >= 0", name="turn_messages_hidden"),
        sa.CheckConstraint("version >= started_version", name="turn_messages_version"),
        sa.ForeignKeyConstraint(["game"], ["games.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("game"),
    )
    op.create_table(
        "turn_posts",
        sa.Column("game", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("message_id", sa.Text(), nullable=False),
        sa.Column("posted_at", sa.Text(), nullable=False),
        sa.ForeignKeyConstraint(["game"], ["games.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("game"),
    )
    op.create_table(
        "votes",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game", sa.Integer(), nullable=False),
        sa.Column("kind", sa.Text(), nullable=False),
        sa.Column("at_version", sa.Integer(), nullable=False),
        sa.Column("target", sa.Integer(), nullable=False),
        sa.Column("proposer", sa.Text(), nullable=False),
        sa.Column("status", sa.Text(), server_default="open", nullable=False),
        sa.Column("created_at", sa.Text(), nullable=False),
        sa.Column("closed_at", sa.Text(), nullable=True),
        sa.CheckConstraint("status IN ('open', 'passed', 'rejected', 'stale')", name="votes_status"),
        sa.ForeignKeyConstraint(["game"], ["games.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index(
        "votes_one_open_per_game",
        "votes",
        ["game"],
        unique=True,
        sqlite_where=sa.text("status = 'open'"),
        postgresql_where=sa.text("status = 'open'"),
    )
    op.create_table(
        "ballots",
        sa.Column("vote", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.Text(), nullable=False),
        sa.Column("yes", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.Text(), nullable=False),
        sa.CheckConstraint("yes IN (0, 1)", name="ballots_yes"),
        sa.ForeignKeyConstraint(["vote"], ["votes.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("vote", "user_id"),
        sqlite_with_rowid=False,
    )

    op.execute("INSERT INTO schema_version (version) VALUES (9)")


def downgrade() -> None:
    raise NotImplementedError("the baseline is not undone: restore a backup instead")
