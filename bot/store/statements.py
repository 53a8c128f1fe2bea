"""The statements of every action, built once with named parameters (issue 17): building a statement
and its cache key again at each call cost about 40% of a statement's time in SQLAlchemy (measured),
so :class:`bot.store.store.GameStore` runs these prebuilt ones on its hot path."""

from __future__ import annotations

from typing import Any

from sqlalchemy import ColumnClause, bindparam, insert, literal_column, select, update

from . import schema

LIVE = ("lobby", "active")
games, seats, actions, snapshots = schema.games, schema.seats, schema.actions, schema.snapshots
#: Every column of a table as it is in the database (a database still at an older legacy version
#: has fewer; the row readers of :mod:`bot.store.rows` accept that).
STAR: ColumnClause[Any] = literal_column("*")

# The statements of every action, built once with named parameters: building a statement and its
# cache key again at each call cost about 40% of a statement's time in SQLAlchemy (measured).
GAME_BY_ID = select(STAR).select_from(games).where(games.c.id == bindparam("row"))
LIVE_GAME = select(STAR).select_from(games).where(games.c.channel_id == bindparam("channel"), games.c.status.in_(LIVE))
#: The channel's live game, else its most recent finished or abandoned one (read at every look-up).
LATEST_GAME = (
    select(STAR)
    .select_from(games)
    .where(games.c.channel_id == bindparam("channel"))
    .order_by(games.c.status.in_(LIVE).desc(), games.c.id.desc())
    .limit(1)
)
#: ``*``: a database not yet upgraded (no ``stand_in``, revision 0005) reads as well, like ``games``.
SEATS = (
    select(STAR).select_from(seats).where(seats.c.game == bindparam("row")).order_by(seats.c.seat, seats.c.join_order)
)
SNAPSHOT = select(snapshots.c.state_json).where(
    snapshots.c.game == bindparam("row"), snapshots.c.version == bindparam("version")
)
HOLDERS = (
    select(seats.c.user_id)
    .where(seats.c.game == bindparam("row"), seats.c.seat.is_not(None))
    .order_by(seats.c.seat)
    .with_for_update(read=True)
)
ACTIONS_SINCE = (
    select(actions)
    .where(actions.c.game == bindparam("row"), actions.c.version > bindparam("since"))
    .order_by(actions.c.version)
)
INSERT_ACTION = insert(actions)
INSERT_SNAPSHOT = insert(snapshots)
BUMP_VERSION = (
    update(games)
    .where(games.c.id == bindparam("row"), games.c.version == bindparam("expected"), games.c.status == "active")
    .values(
        version=bindparam("to_version"),
        status=bindparam("to_status"),
        waiting=bindparam("to_waiting"),
        updated_at=bindparam("now"),
    )
)
