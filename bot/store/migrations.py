"""Forward-only schema migrations, numbered from 1 by their place in :data:`MIGRATIONS`.

Never edit or reorder a released entry: append a new one. Each entry is a SQL
script whose statements are separated by ``;`` (so no ``;`` inside a statement,
and no triggers); :mod:`bot.store.store` runs it and records its number in
``schema_version`` inside one transaction.
"""

from __future__ import annotations

MIGRATIONS: list[str] = [
    # 1: first release.
    """
    CREATE TABLE games (
        id            INTEGER PRIMARY KEY,
        channel_id    TEXT    NOT NULL,
        guild_id      TEXT,
        game_id       TEXT    NOT NULL,
        title         TEXT    NOT NULL,
        options       TEXT    NOT NULL DEFAULT '{}',
        spec          TEXT,
        rules_version INTEGER NOT NULL,
        status        TEXT    NOT NULL DEFAULT 'lobby'
                      CHECK (status IN ('lobby', 'active', 'finished', 'abandoned')),
        version       INTEGER NOT NULL DEFAULT 0,
        seed          INTEGER,
        creator_id    TEXT    NOT NULL,
        waiting       TEXT    NOT NULL DEFAULT '[]',
        created_at    TEXT    NOT NULL,
        updated_at    TEXT    NOT NULL
    );
    CREATE UNIQUE INDEX games_one_live_per_channel
        ON games (channel_id) WHERE status IN ('lobby', 'active');
    CREATE INDEX games_by_channel ON games (channel_id, id);
    CREATE TABLE seats (
        game       INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        user_id    TEXT    NOT NULL,
        join_order INTEGER NOT NULL,
        seat       INTEGER,
        colour     TEXT,
        name       TEXT    NOT NULL,
        joined_at  TEXT    NOT NULL,
        PRIMARY KEY (game, user_id),
        UNIQUE (game, join_order),
        UNIQUE (game, seat)
    );
    CREATE INDEX seats_by_user ON seats (user_id);
    CREATE TABLE actions (
        game         INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        version      INTEGER NOT NULL CHECK (version > 0),
        seat         INTEGER NOT NULL,
        user_id      TEXT    NOT NULL,
        kind         TEXT    NOT NULL CHECK (kind IN ('action', 'undo')),
        text         TEXT    NOT NULL,
        undo_barrier INTEGER NOT NULL DEFAULT 0 CHECK (undo_barrier IN (0, 1)),
        public_lines TEXT    NOT NULL DEFAULT '[]',
        created_at   TEXT    NOT NULL,
        PRIMARY KEY (game, version)
    ) WITHOUT ROWID;
    CREATE TABLE snapshots (
        game       INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        version    INTEGER NOT NULL CHECK (version >= 0),
        state_json TEXT    NOT NULL,
        PRIMARY KEY (game, version)
    ) WITHOUT ROWID
    """,
    # 2: clocks. Per-game speed preset; one clock row per seat (bank, open decision, deadline);
    # every timeout taken; who held each seat; bot heartbeat (for downtime extension).
    """
    ALTER TABLE games ADD COLUMN clock TEXT NOT NULL DEFAULT 'none';
    CREATE TABLE clocks (
        game      INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        seat      INTEGER NOT NULL,
        bank      INTEGER NOT NULL CHECK (bank >= 0),
        opened_at TEXT,
        due_at    TEXT,
        state     TEXT    NOT NULL DEFAULT 'idle' CHECK (state IN ('idle', 'running', 'expired')),
        PRIMARY KEY (game, seat)
    ) WITHOUT ROWID;
    CREATE INDEX clocks_running ON clocks (due_at) WHERE state = 'running';
    CREATE TABLE timeouts (
        game       INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        seat       INTEGER NOT NULL,
        user_id    TEXT    NOT NULL,
        version    INTEGER NOT NULL,
        outcome    TEXT    NOT NULL CHECK (outcome IN ('default', 'offered', 'wait', 'skip', 'substitute')),
        by_user    TEXT,
        created_at TEXT    NOT NULL
    );
    CREATE INDEX timeouts_by_user ON timeouts (user_id);
    CREATE TABLE seat_holders (
        game       INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        seat       INTEGER NOT NULL,
        user_id    TEXT    NOT NULL,
        from_version INTEGER NOT NULL,
        reason     TEXT    NOT NULL,
        created_at TEXT    NOT NULL
    );
    CREATE TABLE bot_state (
        key   TEXT PRIMARY KEY,
        value TEXT NOT NULL
    ) WITHOUT ROWID
    """,
    # 3: history and control. Log rows may be rollbacks (``text`` = the version restored), so the
    # actions table is rebuilt with a wider kind check; consent votes with one ballot per player;
    # a public audit line per seat/admin action; who took over a seat by name; imported/rematch games.
    """
    CREATE TABLE actions_v3 (
        game         INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        version      INTEGER NOT NULL CHECK (version > 0),
        seat         INTEGER NOT NULL,
        user_id      TEXT    NOT NULL,
        kind         TEXT    NOT NULL CHECK (kind IN ('action', 'undo', 'rollback')),
        text         TEXT    NOT NULL,
        undo_barrier INTEGER NOT NULL DEFAULT 0 CHECK (undo_barrier IN (0, 1)),
        public_lines TEXT    NOT NULL DEFAULT '[]',
        created_at   TEXT    NOT NULL,
        PRIMARY KEY (game, version)
    ) WITHOUT ROWID;
    INSERT INTO actions_v3 (game, version, seat, user_id, kind, text, undo_barrier, public_lines, created_at)
        SELECT game, version, seat, user_id, kind, text, undo_barrier, public_lines, created_at FROM actions;
    DROP TABLE actions;
    ALTER TABLE actions_v3 RENAME TO actions;
    CREATE INDEX actions_by_user ON actions (user_id);
    CREATE TABLE votes (
        id         INTEGER PRIMARY KEY,
        game       INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        kind       TEXT    NOT NULL,
        at_version INTEGER NOT NULL,
        target     INTEGER NOT NULL,
        proposer   TEXT    NOT NULL,
        status     TEXT    NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'passed', 'rejected', 'stale')),
        created_at TEXT    NOT NULL,
        closed_at  TEXT
    );
    CREATE UNIQUE INDEX votes_one_open_per_game ON votes (game) WHERE status = 'open';
    CREATE TABLE ballots (
        vote       INTEGER NOT NULL REFERENCES votes (id) ON DELETE CASCADE,
        user_id    TEXT    NOT NULL,
        yes        INTEGER NOT NULL CHECK (yes IN (0, 1)),
        created_at TEXT    NOT NULL,
        PRIMARY KEY (vote, user_id)
    ) WITHOUT ROWID;
    CREATE TABLE audit (
        game       INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        version    INTEGER NOT NULL,
        by_user    TEXT    NOT NULL,
        what       TEXT    NOT NULL,
        detail     TEXT    NOT NULL,
        created_at TEXT    NOT NULL
    );
    CREATE INDEX audit_by_game ON audit (game);
    ALTER TABLE seat_holders ADD COLUMN name TEXT;
    ALTER TABLE games ADD COLUMN origin TEXT
    """,
    # 4: reminders. Timer rows per running decision (half-time reminder, final warning, snooze)
    # and per active game (stalled-game announcement), each sent at most once; a log of clock events.
    """
    CREATE TABLE reminders (
        game      INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        seat      INTEGER NOT NULL,
        kind      TEXT    NOT NULL,
        opened_at TEXT    NOT NULL,
        due_at    TEXT    NOT NULL,
        fire_at   TEXT    NOT NULL,
        sent_at   TEXT,
        user_id   TEXT,
        PRIMARY KEY (game, seat, kind)
    ) WITHOUT ROWID;
    CREATE INDEX reminders_unsent ON reminders (fire_at) WHERE sent_at IS NULL;
    CREATE TABLE clock_log (
        game       INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        seat       INTEGER NOT NULL,
        user_id    TEXT    NOT NULL,
        event      TEXT    NOT NULL,
        detail     TEXT    NOT NULL DEFAULT '',
        created_at TEXT    NOT NULL
    );
    CREATE INDEX clock_log_by_game ON clock_log (game)
    """,
    # 5: away mode. Who is away until when; deadlines frozen meanwhile (seconds left when frozen);
    # the latest turn message of each game (jump links in /mygames).
    """
    CREATE TABLE away (
        user_id TEXT PRIMARY KEY,
        since   TEXT NOT NULL,
        until   TEXT NOT NULL
    ) WITHOUT ROWID;
    CREATE TABLE frozen_clocks (
        game      INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        seat      INTEGER NOT NULL,
        user_id   TEXT    NOT NULL,
        frozen_at TEXT    NOT NULL,
        remaining INTEGER NOT NULL CHECK (remaining >= 0),
        PRIMARY KEY (game, seat)
    ) WITHOUT ROWID;
    CREATE TABLE turn_posts (
        game       INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
        version    INTEGER NOT NULL,
        message_id TEXT    NOT NULL,
        posted_at  TEXT    NOT NULL
    )
    """,
    # 6: notification preferences. Per user: mode (channel mentions, also DM, daily digest), time zone,
    # quiet hours, daily ping budget (0: none), closed DMs remembered; pings sent (budget); digest lines; turn
    # pings held back by quiet hours; standing auto-answers per user, game and decision kind.
    """
    CREATE TABLE notify_prefs (
        user_id      TEXT PRIMARY KEY,
        mode         TEXT    NOT NULL DEFAULT 'channel' CHECK (mode IN ('channel', 'dm', 'digest')),
        tz           TEXT    NOT NULL DEFAULT 'UTC',
        quiet_start  INTEGER CHECK (quiet_start BETWEEN 0 AND 23),
        quiet_end    INTEGER CHECK (quiet_end BETWEEN 0 AND 23),
        budget       INTEGER NOT NULL DEFAULT 0 CHECK (budget >= 0),
        dm_closed_at TEXT,
        hint_sent_at TEXT,
        digest_at    TEXT,
        updated_at   TEXT
    ) WITHOUT ROWID;
    CREATE TABLE pings (
        user_id TEXT    NOT NULL,
        game    INTEGER,
        kind    TEXT    NOT NULL,
        sent_at TEXT    NOT NULL
    );
    CREATE INDEX pings_by_user ON pings (user_id, sent_at);
    CREATE TABLE digest_items (
        id         INTEGER PRIMARY KEY,
        user_id    TEXT    NOT NULL,
        game       INTEGER REFERENCES games (id) ON DELETE CASCADE,
        line       TEXT    NOT NULL,
        created_at TEXT    NOT NULL,
        sent_at    TEXT
    );
    CREATE INDEX digest_items_unsent ON digest_items (user_id) WHERE sent_at IS NULL;
    CREATE TABLE held_pings (
        user_id TEXT    NOT NULL,
        game    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        version INTEGER NOT NULL,
        fire_at TEXT    NOT NULL,
        sent_at TEXT,
        PRIMARY KEY (user_id, game)
    ) WITHOUT ROWID;
    CREATE TABLE auto_answers (
        user_id    TEXT    NOT NULL,
        game       INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        kind       TEXT    NOT NULL,
        created_at TEXT    NOT NULL,
        PRIMARY KEY (user_id, game, kind)
    ) WITHOUT ROWID
    """,
    # 7: optional table playing hours per game ("18-23", IANA zone); clocks run only inside the window.
    """
    ALTER TABLE games ADD COLUMN hours TEXT;
    ALTER TABLE games ADD COLUMN hours_tz TEXT
    """,
    # 8: the current turn message of each game (issue 13): a turn's later changes edit it in place.
    # Its message id (NULL until posted), the versions it spans, whom it pinged, who owed and which
    # parallel decisions were open at its last version, and the turn's event lines. Games running
    # at the upgrade get a row with their next change (a new message, as before).
    """
    CREATE TABLE turn_messages (
        game            INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
        channel_id      TEXT    NOT NULL,
        message_id      TEXT,
        started_version INTEGER NOT NULL,
        version         INTEGER NOT NULL CHECK (version >= started_version),
        pinged          TEXT    NOT NULL DEFAULT '[]',
        waiting         TEXT    NOT NULL DEFAULT '[]',
        parallel        TEXT    NOT NULL DEFAULT '[]',
        lines           TEXT    NOT NULL DEFAULT '[]',
        hidden          INTEGER NOT NULL DEFAULT 0 CHECK (hidden >= 0),
        started_at      TEXT    NOT NULL,
        updated_at      TEXT    NOT NULL
    )
    """,
    # 9: languages (issue 16). Each table's language for its public messages ("en" or "ja"); each
    # user's chosen language for private replies and direct messages (NULL: their Discord client's).
    """
    ALTER TABLE games ADD COLUMN language TEXT NOT NULL DEFAULT 'en';
    ALTER TABLE notify_prefs ADD COLUMN language TEXT
    """,
]
