"""Lobby writes: a new lobby with its creator, members joining and leaving (SQL only).

Like the other companion stores (:mod:`bot.store.away`, :mod:`bot.store.notify`), it works through
:meth:`GameStore.transaction <bot.store.store.GameStore.transaction>`; a lobby becomes a game through
:meth:`GameStore.start_game <bot.store.store.GameStore.start_game>`.
"""

from __future__ import annotations

import json
from typing import Any

from sqlalchemy import func, insert, select, update

from .lines import dump_line
from .rows import ChannelBusy, ConstraintError, GameRecord, VersionConflict
from .statements import games, seats
from .store import GameStore


class Lobbies:
    """The lobby rows of a :class:`GameStore`."""

    def __init__(self, store: GameStore) -> None:
        self.store = store

    async def create(
        self,
        *,
        channel_id: str,
        guild_id: str | None,
        game_id: str,
        title: str,
        rules_version: int,
        options: dict[str, Any],
        creator_id: str,
        creator_name: str,
        now: str,
        clock: str = "none",
        hours: str | None = None,
        hours_tz: str | None = None,
        language: str = "en",
    ) -> GameRecord:
        """A new lobby with its creator as first member; :class:`ChannelBusy` if the channel has one.
        ``language`` is the table's language for its public messages."""
        values: dict[str, Any] = {
            "channel_id": channel_id,
            "guild_id": guild_id,
            "game_id": game_id,
            "title": dump_line(title),
            "options": json.dumps(options, sort_keys=True),
            "rules_version": rules_version,
            "creator_id": creator_id,
            "created_at": now,
            "updated_at": now,
            "clock": clock,
        }
        if language != "en":  # columns of later migrations only when used (older schemas in tests)
            values["language"] = language
        if hours:
            values.update(hours=hours, hours_tz=hours_tz)
        try:
            async with self.store.transaction() as db:
                row_id = (await db.execute(insert(games).values(**values).returning(games.c.id))).scalar_one()
                await db.execute(
                    insert(seats).values(
                        game=row_id, user_id=creator_id, join_order=0, name=creator_name, joined_at=now
                    )
                )
        except ConstraintError as exc:
            raise ChannelBusy("the channel already has a lobby or active game") from exc
        record = await self.store.game(row_id)
        assert record is not None
        return record

    async def add_seat(self, row_id: int, user_id: str, name: str, now: str) -> None:
        """Add a lobby member; :class:`VersionConflict` if the game is no longer a lobby,
        :class:`ConstraintError` if the user is in it already."""
        async with self.store.transaction() as db:
            cur = await db.execute(
                update(games).where(games.c.id == row_id, games.c.status == "lobby").values(updated_at=now)
            )
            if cur.rowcount != 1:
                raise VersionConflict(f"game {row_id} is not a lobby")
            next_order = (
                select(func.coalesce(func.max(seats.c.join_order), -1) + 1)
                .where(seats.c.game == row_id)
                .scalar_subquery()
            )
            await db.execute(
                insert(seats).values(game=row_id, user_id=user_id, join_order=next_order, name=name, joined_at=now)
            )

    async def set_colour(self, row_id: int, user_id: str, colour: str, now: str) -> None:
        """Record the colour a lobby member chose; :class:`VersionConflict` if the game is no longer a
        lobby, :class:`ConstraintError` if another member holds that colour."""
        async with self.store.transaction() as db:
            cur = await db.execute(
                update(games).where(games.c.id == row_id, games.c.status == "lobby").values(updated_at=now)
            )
            if cur.rowcount != 1:
                raise VersionConflict(f"game {row_id} is not a lobby")
            holder = await db.execute(
                select(seats.c.user_id).where(
                    seats.c.game == row_id, seats.c.colour == colour, seats.c.user_id != user_id
                )
            )
            if holder.all():
                raise ConstraintError(f"colour {colour} is taken in game {row_id}")
            await db.execute(
                update(seats).where(seats.c.game == row_id, seats.c.user_id == user_id).values(colour=colour)
            )

    async def remove_seat(self, row_id: int, user_id: str, now: str, new_creator: str | None = None) -> None:
        """Drop a lobby member; optionally hand the lobby to ``new_creator``."""
        async with self.store.transaction() as db:
            values: dict[str, Any] = {"updated_at": now}
            if new_creator is not None:
                values["creator_id"] = new_creator
            cur = await db.execute(
                update(games).where(games.c.id == row_id, games.c.status == "lobby").values(**values)
            )
            if cur.rowcount != 1:
                raise VersionConflict(f"game {row_id} is not a lobby")
            await db.execute(seats.delete().where(seats.c.game == row_id, seats.c.user_id == user_id))
