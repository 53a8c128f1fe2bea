"""Companion store for table votes (``votes`` and ``ballots``): one open vote per game, one ballot
per member; closing is guarded by the vote's status, so two last ballots can never both apply it."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import insert, select, update

from . import schema
from .rows import AnyRow, ConstraintError
from .store import GameStore

votes, ballots = schema.votes, schema.ballots


@dataclass(frozen=True)
class Vote:
    """One row of ``votes``: go back to step ``target`` while the game is at ``at_version``."""

    id: int
    game: int
    kind: str
    at_version: int
    target: int
    proposer: str
    status: str


class Votes:
    """Reads and guarded writes of votes and ballots."""

    def __init__(self, store: GameStore) -> None:
        self.store = store

    async def get(self, vote: int) -> Vote | None:
        rows = await self.store.query(select(votes).where(votes.c.id == vote))
        return _vote(rows[0]) if rows else None

    async def open_of(self, game: int) -> Vote | None:
        rows = await self.store.query(select(votes).where(votes.c.game == game, votes.c.status == "open"))
        return _vote(rows[0]) if rows else None

    async def ballots(self, vote: int) -> dict[str, bool]:
        rows = await self.store.query(
            select(ballots.c.user_id, ballots.c.yes).where(ballots.c.vote == vote).order_by(ballots.c.created_at)
        )
        return {r[0]: bool(r[1]) for r in rows}

    async def open(self, game: int, kind: str, at_version: int, target: int, proposer: str, now: str) -> int | None:
        """A new open vote with the proposer's yes; ``None`` if the game already has an open one."""
        try:
            async with self.store.transaction() as db:
                vote: int = (
                    await db.execute(
                        insert(votes)
                        .values(
                            game=game,
                            kind=kind,
                            at_version=at_version,
                            target=target,
                            proposer=proposer,
                            created_at=now,
                        )
                        .returning(votes.c.id)
                    )
                ).scalar_one()
                await db.execute(insert(ballots).values(vote=vote, user_id=proposer, yes=1, created_at=now))
        except ConstraintError:
            return None
        return vote

    async def cast(self, vote: int, user_id: str, yes: bool, now: str) -> bool:
        """Record a ballot; False if this member already voted."""
        try:
            async with self.store.transaction() as db:
                await db.execute(insert(ballots).values(vote=vote, user_id=user_id, yes=int(yes), created_at=now))
        except ConstraintError:
            return False
        return True

    async def close(self, vote: int, status: str, now: str, was: str = "open") -> bool:
        """Close an open vote as ``passed``, ``rejected`` or ``stale``; False if it was already closed
        (no longer ``was``: a passed vote whose rollback lost to a move is closed again as ``stale``)."""
        async with self.store.transaction() as db:
            cur = await db.execute(
                update(votes).where(votes.c.id == vote, votes.c.status == was).values(status=status, closed_at=now)
            )
            return cur.rowcount == 1


def _vote(row: AnyRow) -> Vote:
    return Vote(row.id, row.game, row.kind, row.at_version, row.target, row.proposer, row.status)
