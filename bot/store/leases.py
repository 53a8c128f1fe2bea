"""Shard leases in the database (``shard_leases``): which bot process serves each shard's timed work.

A lease row per shard of a deployment's shard count says which process (``holder``, an id unique
per process start) serves that shard's deadlines, reminders and notices until ``expires_at``. Each
process renews its leases at every round of its timer loop, in one write transaction
(:meth:`LeaseBook.renew`); the rule that decides what it takes, keeps, adopts or hands back is
:func:`bot.service.shards.plan_leases`, handed in as ``decide`` (the store holds no policy). On
PostgreSQL the transaction first takes an advisory lock, so two processes renewing at once are
serialized even when a row does not exist yet; on SQLite ``BEGIN IMMEDIATE`` does the same.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from sqlalchemy import delete, func, select

from . import schema
from .database import replace
from .store import GameStore

#: The advisory lock key of lease renewals on PostgreSQL ("leas").
LEASE_LOCK = 0x6C65_6173


@dataclass(frozen=True)
class Lease:
    """One shard's lease as stored."""

    shard: int
    holder: str
    home: bool
    wanted_by: str | None
    expires_at: str


Decide = Callable[[Mapping[int, Lease]], Mapping[int, Lease]]


class LeaseBook:
    """The ``shard_leases`` table."""

    def __init__(self, store: GameStore) -> None:
        self.store = store

    async def all(self, shard_count: int) -> dict[int, Lease]:
        """Every stored lease of a deployment with ``shard_count`` shards, by shard."""
        t = schema.shard_leases
        rows = await self.store.query(select(t).where(t.c.shard_count == shard_count))
        return {r.shard: Lease(r.shard, r.holder, bool(r.home), r.wanted_by, r.expires_at) for r in rows}

    async def renew(self, shard_count: int, decide: Decide) -> dict[int, Lease]:
        """In one write transaction: read the leases, write back those ``decide`` returns (whole rows),
        and give every lease as it now stands."""
        t = schema.shard_leases
        async with self.store.transaction() as db:
            if db.dialect.name == "postgresql":
                await db.execute(select(func.pg_advisory_xact_lock(LEASE_LOCK)))
            rows = (await db.execute(select(t).where(t.c.shard_count == shard_count))).all()
            now = {r.shard: Lease(r.shard, r.holder, bool(r.home), r.wanted_by, r.expires_at) for r in rows}
            changed = decide(now)
            for shard, lease in sorted(changed.items()):
                values = {
                    "shard_count": shard_count,
                    "shard": shard,
                    "holder": lease.holder,
                    "home": int(lease.home),
                    "wanted_by": lease.wanted_by,
                    "expires_at": lease.expires_at,
                }
                await db.execute(replace(db.dialect.name, t, values, ["shard_count", "shard"]))
                now[shard] = lease
        return now

    async def release(self, shard_count: int, holder: str) -> int:
        """Drop every lease ``holder`` has (a process stopping cleanly hands its shards on at once)."""
        t = schema.shard_leases
        async with self.store.transaction() as db:
            cur = await db.execute(delete(t).where(t.c.shard_count == shard_count, t.c.holder == holder))
            return int(cur.rowcount)
