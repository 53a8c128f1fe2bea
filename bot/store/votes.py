"""Companion store for table votes (``votes`` and ``ballots``): one open vote per game, one ballot
per member; closing is guarded by the vote's status, so two last ballots can never both apply it."""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass

from .store import GameStore


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
        rows = await self.store.query("SELECT * FROM votes WHERE id = ?", (vote,))
        return _vote(rows[0]) if rows else None

    async def open_of(self, game: int) -> Vote | None:
        rows = await self.store.query("SELECT * FROM votes WHERE game = ? AND status = 'open'", (game,))
        return _vote(rows[0]) if rows else None

    async def ballots(self, vote: int) -> dict[str, bool]:
        rows = await self.store.query("SELECT user_id, yes FROM ballots WHERE vote = ? ORDER BY created_at", (vote,))
        return {r[0]: bool(r[1]) for r in rows}

    async def open(self, game: int, kind: str, at_version: int, target: int, proposer: str, now: str) -> int | None:
        """A new open vote with the proposer's yes; ``None`` if the game already has an open one."""
        try:
            async with self.store.transaction() as db:
                cur = await db.execute(
                    "INSERT INTO votes (game, kind, at_version, target, proposer, created_at) "
                    "VALUES (?, ?, ?, ?, ?, ?)",
                    (game, kind, at_version, target, proposer, now),
                )
                vote = cur.lastrowid
                await db.execute(
                    "INSERT INTO ballots (vote, user_id, yes, created_at) VALUES (?, ?, 1, ?)", (vote, proposer, now)
                )
        except sqlite3.IntegrityError:
            return None
        return vote

    async def cast(self, vote: int, user_id: str, yes: bool, now: str) -> bool:
        """Record a ballot; False if this member already voted."""
        try:
            async with self.store.transaction() as db:
                await db.execute(
                    "INSERT INTO ballots (vote, user_id, yes, created_at) VALUES (?, ?, ?, ?)",
                    (vote, user_id, int(yes), now),
                )
        except sqlite3.IntegrityError:
            return False
        return True

    async def close(self, vote: int, status: str, now: str) -> bool:
        """Close an open vote as ``passed``, ``rejected`` or ``stale``; False if it was already closed."""
        async with self.store.transaction() as db:
            cur = await db.execute(
                "UPDATE votes SET status = ?, closed_at = ? WHERE id = ? AND status = 'open'", (status, now, vote)
            )
            return cur.rowcount == 1


def _vote(row: sqlite3.Row) -> Vote:
    return Vote(row["id"], row["game"], row["kind"], row["at_version"], row["target"], row["proposer"], row["status"])
