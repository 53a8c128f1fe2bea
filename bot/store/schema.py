"""The games database's tables, defined once for SQLAlchemy Core: the store's statements use them and
Alembic compares against them (``bot/store/alembic``).

This is the schema at legacy migration 9 (:mod:`bot.store.migrations`), the end state the Alembic
baseline revision creates. SQLite keeps its ``WITHOUT ROWID`` tables and partial indexes; the same
partial indexes are created on PostgreSQL (``postgresql_where``). Times are ISO-8601 UTC strings
(``TEXT``) on both backends, so string comparison orders them, as the store's queries expect.
"""

from __future__ import annotations

from sqlalchemy import (
    BigInteger,
    CheckConstraint,
    Column,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    PrimaryKeyConstraint,
    Table,
    Text,
    UniqueConstraint,
    text,
)

metadata = MetaData()

#: The last legacy migration (:data:`bot.store.migrations.MIGRATIONS`); Alembic's history starts here.
LEGACY_VERSION = 9


def _game_ref() -> ForeignKey:
    return ForeignKey("games.id", ondelete="CASCADE")


def _seq() -> Column[int]:
    """Revision 0003: the key of an append-only table, in insertion order (SQLite: the rowid)."""
    return Column("seq", Integer, primary_key=True, autoincrement=True)


def _partial(name: str, table: Table, *columns: str, where: str, unique: bool = False) -> Index:
    clause = text(where)
    return Index(name, *(table.c[c] for c in columns), unique=unique, sqlite_where=clause, postgresql_where=clause)


schema_version = Table("schema_version", metadata, Column("version", Integer, nullable=False))

games = Table(
    "games",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("channel_id", Text, nullable=False),
    Column("guild_id", Text),
    Column("game_id", Text, nullable=False),
    Column("title", Text, nullable=False),
    Column("options", Text, nullable=False, server_default="{}"),
    Column("spec", Text),
    Column("rules_version", Integer, nullable=False),
    Column("status", Text, nullable=False, server_default="lobby"),
    Column("version", Integer, nullable=False, server_default="0"),
    Column("seed", BigInteger),  # 64-bit seeds
    Column("creator_id", Text, nullable=False),
    Column("waiting", Text, nullable=False, server_default="[]"),
    Column("created_at", Text, nullable=False),
    Column("updated_at", Text, nullable=False),
    Column("clock", Text, nullable=False, server_default="none"),
    Column("origin", Text),
    Column("hours", Text),
    Column("hours_tz", Text),
    Column("language", Text, nullable=False, server_default="en"),
    # Revision 0005 (issue 26): the AI's level that stands in for a player whose deadline passed (NULL: none).
    Column("ai_stand_in", Text),
    CheckConstraint("status IN ('lobby', 'active', 'finished', 'abandoned')", name="games_status"),
)
_partial("games_one_live_per_channel", games, "channel_id", where="status IN ('lobby', 'active')", unique=True)
Index("games_by_channel", games.c.channel_id, games.c.id)

seats = Table(
    "seats",
    metadata,
    Column("game", Integer, _game_ref(), nullable=False),
    Column("user_id", Text, nullable=False),
    Column("join_order", Integer, nullable=False),
    Column("seat", Integer),
    Column("colour", Text),
    Column("name", Text, nullable=False),
    Column("joined_at", Text, nullable=False),
    # Revision 0005 (issue 26): the AI's level while it plays this seat for its absent player (NULL: none).
    Column("stand_in", Text),
    PrimaryKeyConstraint("game", "user_id"),
    UniqueConstraint("game", "join_order"),
    UniqueConstraint("game", "seat"),
)
Index("seats_by_user", seats.c.user_id)

actions = Table(
    "actions",
    metadata,
    Column("game", Integer, _game_ref(), nullable=False),
    Column("version", Integer, nullable=False),
    Column("seat", Integer, nullable=False),
    Column("user_id", Text, nullable=False),
    Column("kind", Text, nullable=False),
    Column("text", Text, nullable=False),
    Column("undo_barrier", Integer, nullable=False, server_default="0"),
    Column("public_lines", Text, nullable=False, server_default="[]"),
    Column("created_at", Text, nullable=False),
    PrimaryKeyConstraint("game", "version"),
    CheckConstraint("version > 0", name="actions_version"),
    CheckConstraint("kind IN ('action', 'undo', 'rollback')", name="actions_kind"),
    CheckConstraint("undo_barrier IN (0, 1)", name="actions_undo_barrier"),
    sqlite_with_rowid=False,
)
Index("actions_by_user", actions.c.user_id)

snapshots = Table(
    "snapshots",
    metadata,
    Column("game", Integer, _game_ref(), nullable=False),
    Column("version", Integer, nullable=False),
    Column("state_json", Text, nullable=False),
    PrimaryKeyConstraint("game", "version"),
    CheckConstraint("version >= 0", name="snapshots_version"),
    sqlite_with_rowid=False,
)

clocks = Table(
    "clocks",
    metadata,
    Column("game", Integer, _game_ref(), nullable=False),
    Column("seat", Integer, nullable=False),
    Column("bank", Integer, nullable=False),
    Column("opened_at", Text),
    Column("due_at", Text),
    Column("state", Text, nullable=False, server_default="idle"),
    # The running clock the seat's latest answer stopped (revision 0004): a take-back resumes it.
    Column("prev_bank", Integer),
    Column("prev_opened_at", Text),
    Column("prev_due_at", Text),
    PrimaryKeyConstraint("game", "seat"),
    CheckConstraint("bank >= 0", name="clocks_bank"),
    CheckConstraint("state IN ('idle', 'running', 'expired')", name="clocks_state"),
    sqlite_with_rowid=False,
)
_partial("clocks_running", clocks, "due_at", where="state = 'running'")

timeouts = Table(
    "timeouts",
    metadata,
    Column("game", Integer, _game_ref(), nullable=False),
    Column("seat", Integer, nullable=False),
    Column("user_id", Text, nullable=False),
    Column("version", Integer, nullable=False),
    Column("outcome", Text, nullable=False),
    Column("by_user", Text),
    Column("created_at", Text, nullable=False),
    CheckConstraint("outcome IN ('default', 'offered', 'wait', 'skip', 'substitute')", name="timeouts_outcome"),
    _seq(),
)
Index("timeouts_by_user", timeouts.c.user_id)

seat_holders = Table(
    "seat_holders",
    metadata,
    Column("game", Integer, _game_ref(), nullable=False),
    Column("seat", Integer, nullable=False),
    Column("user_id", Text, nullable=False),
    Column("from_version", Integer, nullable=False),
    Column("reason", Text, nullable=False),
    Column("created_at", Text, nullable=False),
    Column("name", Text),
    _seq(),
)

bot_state = Table(
    "bot_state",
    metadata,
    Column("key", Text, primary_key=True),
    Column("value", Text, nullable=False),
    sqlite_with_rowid=False,
)

votes = Table(
    "votes",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("game", Integer, _game_ref(), nullable=False),
    Column("kind", Text, nullable=False),
    Column("at_version", Integer, nullable=False),
    Column("target", Integer, nullable=False),
    Column("proposer", Text, nullable=False),
    Column("status", Text, nullable=False, server_default="open"),
    Column("created_at", Text, nullable=False),
    Column("closed_at", Text),
    CheckConstraint("status IN ('open', 'passed', 'rejected', 'stale')", name="votes_status"),
)
_partial("votes_one_open_per_game", votes, "game", where="status = 'open'", unique=True)

ballots = Table(
    "ballots",
    metadata,
    Column("vote", Integer, ForeignKey("votes.id", ondelete="CASCADE"), nullable=False),
    Column("user_id", Text, nullable=False),
    Column("yes", Integer, nullable=False),
    Column("created_at", Text, nullable=False),
    PrimaryKeyConstraint("vote", "user_id"),
    CheckConstraint("yes IN (0, 1)", name="ballots_yes"),
    sqlite_with_rowid=False,
)

audit = Table(
    "audit",
    metadata,
    Column("game", Integer, _game_ref(), nullable=False),
    Column("version", Integer, nullable=False),
    Column("by_user", Text, nullable=False),
    Column("what", Text, nullable=False),
    Column("detail", Text, nullable=False),
    Column("created_at", Text, nullable=False),
    _seq(),
)
Index("audit_by_game", audit.c.game)

reminders = Table(
    "reminders",
    metadata,
    Column("game", Integer, _game_ref(), nullable=False),
    Column("seat", Integer, nullable=False),
    Column("kind", Text, nullable=False),
    Column("opened_at", Text, nullable=False),
    Column("due_at", Text, nullable=False),
    Column("fire_at", Text, nullable=False),
    Column("sent_at", Text),
    Column("user_id", Text),
    PrimaryKeyConstraint("game", "seat", "kind"),
    sqlite_with_rowid=False,
)
_partial("reminders_unsent", reminders, "fire_at", where="sent_at IS NULL")

clock_log = Table(
    "clock_log",
    metadata,
    Column("game", Integer, _game_ref(), nullable=False),
    Column("seat", Integer, nullable=False),
    Column("user_id", Text, nullable=False),
    Column("event", Text, nullable=False),
    Column("detail", Text, nullable=False, server_default=""),
    Column("created_at", Text, nullable=False),
    _seq(),
)
Index("clock_log_by_game", clock_log.c.game)

away = Table(
    "away",
    metadata,
    Column("user_id", Text, primary_key=True),
    Column("since", Text, nullable=False),
    Column("until", Text, nullable=False),
    sqlite_with_rowid=False,
)

frozen_clocks = Table(
    "frozen_clocks",
    metadata,
    Column("game", Integer, _game_ref(), nullable=False),
    Column("seat", Integer, nullable=False),
    Column("user_id", Text, nullable=False),
    Column("frozen_at", Text, nullable=False),
    Column("remaining", Integer, nullable=False),
    PrimaryKeyConstraint("game", "seat"),
    CheckConstraint("remaining >= 0", name="frozen_clocks_remaining"),
    sqlite_with_rowid=False,
)

turn_posts = Table(
    "turn_posts",
    metadata,
    Column("game", Integer, _game_ref(), primary_key=True, autoincrement=False),
    Column("version", Integer, nullable=False),
    Column("message_id", Text, nullable=False),
    Column("posted_at", Text, nullable=False),
)

notify_prefs = Table(
    "notify_prefs",
    metadata,
    Column("user_id", Text, primary_key=True),
    Column("mode", Text, nullable=False, server_default="channel"),
    Column("tz", Text, nullable=False, server_default="UTC"),
    Column("quiet_start", Integer),
    Column("quiet_end", Integer),
    Column("budget", Integer, nullable=False, server_default="0"),
    Column("dm_closed_at", Text),
    Column("hint_sent_at", Text),
    Column("digest_at", Text),
    Column("updated_at", Text),
    Column("language", Text),
    CheckConstraint("mode IN ('channel', 'dm', 'digest')", name="notify_prefs_mode"),
    CheckConstraint("quiet_start BETWEEN 0 AND 23", name="notify_prefs_quiet_start"),
    CheckConstraint("quiet_end BETWEEN 0 AND 23", name="notify_prefs_quiet_end"),
    CheckConstraint("budget >= 0", name="notify_prefs_budget"),
    sqlite_with_rowid=False,
)

pings = Table(
    "pings",
    metadata,
    Column("user_id", Text, nullable=False),
    Column("game", Integer),
    Column("kind", Text, nullable=False),
    Column("sent_at", Text, nullable=False),
)
Index("pings_by_user", pings.c.user_id, pings.c.sent_at)

digest_items = Table(
    "digest_items",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("user_id", Text, nullable=False),
    Column("game", Integer, _game_ref()),
    Column("line", Text, nullable=False),
    Column("created_at", Text, nullable=False),
    Column("sent_at", Text),
)
_partial("digest_items_unsent", digest_items, "user_id", where="sent_at IS NULL")

held_pings = Table(
    "held_pings",
    metadata,
    Column("user_id", Text, nullable=False),
    Column("game", Integer, _game_ref(), nullable=False),
    Column("version", Integer, nullable=False),
    Column("fire_at", Text, nullable=False),
    Column("sent_at", Text),
    PrimaryKeyConstraint("user_id", "game"),
    sqlite_with_rowid=False,
)

auto_answers = Table(
    "auto_answers",
    metadata,
    Column("user_id", Text, nullable=False),
    Column("game", Integer, _game_ref(), nullable=False),
    Column("kind", Text, nullable=False),
    Column("created_at", Text, nullable=False),
    PrimaryKeyConstraint("user_id", "game", "kind"),
    sqlite_with_rowid=False,
)

turn_messages = Table(
    "turn_messages",
    metadata,
    Column("game", Integer, _game_ref(), primary_key=True, autoincrement=False),
    Column("channel_id", Text, nullable=False),
    Column("message_id", Text),
    Column("started_version", Integer, nullable=False),
    Column("version", Integer, nullable=False),
    Column("pinged", Text, nullable=False, server_default="[]"),
    Column("waiting", Text, nullable=False, server_default="[]"),
    Column("parallel", Text, nullable=False, server_default="[]"),
    Column("lines", Text, nullable=False, server_default="[]"),
    Column("hidden", Integer, nullable=False, server_default="0"),
    Column("started_at", Text, nullable=False),
    Column("updated_at", Text, nullable=False),
    CheckConstraint("version >= started_version", name="turn_messages_version"),
    CheckConstraint("hidden >= 0", name="turn_messages_hidden"),
)

# --- Alembic revisions after the baseline ----------------------------------------------------------

#: Revision 0002 (issue 17): which process serves the timed work of each shard, for how long, and
#: whether that process is the shard's home (started with it in ``SHARD_IDS``) or adopted it from a
#: process that stopped renewing; ``wanted_by`` is a home process asking an adopter to hand it back.
#: See :mod:`bot.store.leases`.
shard_leases = Table(
    "shard_leases",
    metadata,
    Column("shard_count", Integer, nullable=False),
    Column("shard", Integer, nullable=False),
    Column("holder", Text, nullable=False),
    Column("home", Integer, nullable=False),
    Column("wanted_by", Text),
    Column("expires_at", Text, nullable=False),
    PrimaryKeyConstraint("shard_count", "shard"),
    sqlite_with_rowid=False,
)
#: Tables added by revisions after the baseline (absent from a database at legacy migration 9).
AFTER_BASELINE = ("shard_leases",)
#: Columns added by revisions after the baseline (revisions 0003 to 0005), by table.
AFTER_BASELINE_COLUMNS = {
    "timeouts": ("seq",),
    "seat_holders": ("seq",),
    "audit": ("seq",),
    "clock_log": ("seq",),
    "clocks": ("prev_bank", "prev_opened_at", "prev_due_at"),
    "games": ("ai_stand_in",),
    "seats": ("stand_in",),
}
