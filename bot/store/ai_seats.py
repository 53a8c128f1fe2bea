"""The rows of AI players (issue 26), SQL only: which active games have a seat the AI plays (one
query on ``seats``), a seat the AI plays for its absent player (``seats.stand_in``), a table's
choice to let it (``games.ai_stand_in``), and how long the AI has played a game without a person
(:meth:`AiSeats.unattended`: read from the log and the ``audit`` trail, nothing of its own).

An AI seat is a seat whose user id starts with :data:`AI_PREFIX` (``ai:<level>:<n>``): no Discord
id starts so, so an AI seat is never mentioned, sent a message or counted as a person.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from sqlalchemy import and_, func, or_, select, update

from .schema import actions, audit
from .statements import games, seats
from .store import GameStore

#: The start of every AI seat's user id.
AI_PREFIX = "ai:"
#: The ``audit`` entry (``what``) of the AI stopping at a table where it played too long without a person.
PAUSED = "ai_paused"


def is_ai_id(user_id: str) -> bool:
    """Is ``user_id`` an AI seat's (never a person's)?"""
    return user_id.startswith(AI_PREFIX)


@dataclass(frozen=True)
class AiSeat:
    """A seat of an active game that the AI plays: an AI seat, or a stand-in for its absent player
    (``stand_in``: the level); ``waiting`` when it owes a decision as stored."""

    game: int
    version: int
    guild_id: str | None
    user_id: str
    stand_in: str | None
    waiting: bool


@dataclass(frozen=True)
class Unattended:
    """How long the AI has played a game on its own: ``since``, the version of the last thing a person
    did there (a logged move by anyone but the AI, or an audited change of seats or of the game by a
    person: 0 when none); ``paused`` when the AI stopped there after that (:data:`PAUSED`)."""

    since: int
    paused: bool


class AiSeats:
    """The AI's rows of a :class:`GameStore`."""

    def __init__(self, store: GameStore) -> None:
        self.store = store

    async def played(self) -> list[AiSeat]:
        """Every seat of an active game that the AI plays, by game: one query on the seats."""
        rows = await self.store.query(
            select(games.c.id, games.c.version, games.c.guild_id, games.c.waiting, seats.c.user_id, seats.c.stand_in)
            .select_from(seats.join(games, games.c.id == seats.c.game))
            .where(
                games.c.status == "active",
                seats.c.seat.is_not(None),
                or_(seats.c.user_id.startswith(AI_PREFIX), seats.c.stand_in.is_not(None)),
            )
            .order_by(games.c.id, seats.c.seat)
        )
        return [AiSeat(r[0], r[1], r[2], r[4], r[5], r[4] in json.loads(r[3])) for r in rows]

    async def last_person_move(self, game: int) -> int:
        """The version of the last logged move of ``game`` by anyone but the AI (0: none)."""
        rows = await self.store.query(
            select(func.max(actions.c.version)).where(actions.c.game == game, ~actions.c.user_id.startswith(AI_PREFIX))
        )
        return int(rows[0][0] or 0)

    async def unattended(self, game: int) -> Unattended:
        """Since when the AI has played ``game`` without a person, and whether it stopped there."""
        moved = await self.last_person_move(game)
        trail = await self.store.query(
            select(audit.c.version, audit.c.by_user, audit.c.what).where(audit.c.game == game).order_by(audit.c.seq)
        )
        since, paused = moved, False
        for version, by_user, what in trail:  # oldest first
            if what == PAUSED:
                paused = version > moved  # no person moved after it
            elif not is_ai_id(by_user):
                since, paused = max(since, version), False
        return Unattended(since, paused)

    async def stand_in(self, game: int, user_id: str, level: str | None) -> bool:
        """The AI at ``level`` starts (``None``: stops) playing ``user_id``'s seat of ``game``; False when
        it already did (stopped) or the seat is not theirs."""
        now = seats.c.stand_in.is_(None) if level is not None else seats.c.stand_in.is_not(None)
        async with self.store.transaction() as db:
            cur = await db.execute(
                update(seats)
                .where(and_(seats.c.game == game, seats.c.user_id == user_id, seats.c.seat.is_not(None), now))
                .values(stand_in=level)
            )
            return bool(cur.rowcount == 1)

    async def allow_stand_in(self, game: int, level: str | None) -> None:
        """The table's choice: the AI at ``level`` stands in for a player whose deadline passed (``None``: never)."""
        async with self.store.transaction() as db:
            await db.execute(update(games).where(games.c.id == game).values(ai_stand_in=level))
