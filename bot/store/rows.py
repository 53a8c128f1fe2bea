"""The rows the game store hands out (games, seats, logged actions), how they are read from the
database's result rows, and the store's errors."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Row

from .lines import load_line, load_lines

#: A result row of any shape (a tuple that also has its columns as attributes and ``_mapping``).
AnyRow = Row[*tuple[Any, ...]]


class StoreError(Exception):
    """A write that could not be done; the database is unchanged."""


class VersionConflict(StoreError):
    """Someone else stored a newer version first (expected-version check failed)."""


class ConstraintError(StoreError):
    """The database refused a write: a duplicate key, a missing foreign row or a failed check
    (SQLAlchemy's ``IntegrityError`` on either backend; the driver's message is kept)."""


class ChannelBusy(StoreError):
    """The channel already holds a lobby or active game."""


class StoreClosed(StoreError):
    """The store is closing (the bot is stopping): it takes no new operation."""


@dataclass(frozen=True)
class GameRecord:
    """One row of ``games``."""

    id: int
    channel_id: str
    guild_id: str | None
    game_id: str
    title: str
    options: dict[str, Any]
    spec: str | None
    rules_version: int
    status: str
    version: int
    seed: int | None
    creator_id: str
    waiting: list[str]
    created_at: str
    updated_at: str
    clock: str = "none"
    hours: str | None = None  # table playing hours "18-23" (None: always), see bot.hours
    hours_tz: str | None = None
    origin: str | None = None  # "import" (read-only copy) or "rematch:<row>"
    #: The table's language for its public messages (``render.i18n.LANGUAGES``).
    language: str = "en"
    #: The AI level that plays a seat whose deadline passed, until its player is back (``None``: none).
    ai_stand_in: str | None = None


@dataclass(frozen=True)
class SeatRecord:
    """A member of a game: lobby join order always, seat and colour once started."""

    user_id: str
    name: str
    join_order: int
    seat: int | None
    colour: str | None
    #: The AI level playing this seat for its absent player (``None``: the player plays it).
    stand_in: str | None = None


@dataclass(frozen=True)
class ActionRecord:
    """One row of the append-only log (``kind`` is ``action`` or ``undo``)."""

    version: int
    seat: int
    user_id: str
    kind: str
    text: str
    undo_barrier: bool
    public_lines: list[str]
    created_at: str


def _game(result: AnyRow) -> GameRecord:
    row = result._mapping
    return GameRecord(
        id=row["id"],
        channel_id=row["channel_id"],
        guild_id=row["guild_id"],
        game_id=row["game_id"],
        title=load_line(row["title"]),  # a game's title message (plain text in rows stored before)
        options=json.loads(row["options"]),
        spec=row["spec"],
        rules_version=row["rules_version"],
        status=row["status"],
        version=row["version"],
        seed=row["seed"],
        creator_id=row["creator_id"],
        waiting=json.loads(row["waiting"]),
        created_at=row["created_at"],
        updated_at=row["updated_at"],
        clock=row["clock"],
        # columns of later legacy migrations: a database still at an older one lacks them
        origin=row.get("origin"),
        hours=row.get("hours"),
        hours_tz=row.get("hours_tz"),
        language=row.get("language", "en"),
        ai_stand_in=row.get("ai_stand_in"),
    )


def _seat(result: AnyRow) -> SeatRecord:
    row = result._mapping
    return SeatRecord(row["user_id"], row["name"], row["join_order"], row["seat"], row["colour"], row.get("stand_in"))


def _action(result: AnyRow) -> ActionRecord:
    row = result._mapping
    return ActionRecord(
        row["version"],
        row["seat"],
        row["user_id"],
        row["kind"],
        row["text"],
        bool(row["undo_barrier"]),
        load_lines(row["public_lines"]),
        row["created_at"],
    )
