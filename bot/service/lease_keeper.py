"""Renewing this process's shard leases: which shards' timed work it serves right now (no Discord).

A process started with ``SHARD_IDS`` serves those shards' deadlines, reminders and notices while it
is alive; when it stops, another process adopts them once their leases run out, and hands them back
when it returns (the rule is :func:`bot.service.shards.plan_leases`, the rows
:mod:`bot.store.leases`). The timer loop calls :meth:`LeaseKeeper.renew` first in each round and
fires only the work of the shards it then holds (``core.shards``). A unsharded process is the one
shard of a one-shard deployment: a second bot started on the same database by mistake serves
nothing until the first stops.
"""

from __future__ import annotations

import logging
import uuid
from collections.abc import Mapping

from ..store.leases import Lease, LeaseBook
from .core import Core
from .shards import LEASE_SECONDS, Shards, held_shards, plan_leases

log = logging.getLogger("bot.leases")


class LeaseKeeper:
    """This process's leases: ``holder`` names it (unique per start), ``home`` are its configured shards."""

    def __init__(self, core: Core, home: Shards, holder: str | None = None, ttl: int = LEASE_SECONDS) -> None:
        self.core = core
        self.home = home
        self.holder = holder or f"process-{uuid.uuid4().hex[:12]}"
        self.ttl = ttl
        self.book = LeaseBook(core.store)
        #: The shards held after the last renewal (``None`` before the first).
        self.held: tuple[int, ...] | None = None

    async def renew(self) -> tuple[int, ...]:
        """Renew, adopt or hand back leases; from now on the process serves the shards it holds."""
        now = self.core.now()

        def decide(leases: Mapping[int, Lease]) -> dict[int, Lease]:
            return plan_leases(leases, self.holder, self.home, now, self.ttl)

        leases = await self.book.renew(self.home.count, decide)
        held = held_shards(leases, self.holder, now)
        if held != self.held:
            adopted = sorted(set(held) - set(self.home.ids))
            missing = sorted(set(self.home.ids) - set(held))
            log.info(
                "serving the timed work of shards %s%s%s",
                list(held) or "none",
                f"; adopted {adopted} from a stopped process" if adopted else "",
                f"; home shards {missing} are still served elsewhere" if missing else "",
            )
        self.held = held
        self.core.shards = self.home.holding(held)
        return held

    async def release(self) -> None:
        """A clean stop: give every lease up at once, so another process takes the work over now."""
        await self.book.release(self.home.count, self.holder)
        self.held = ()
        self.core.shards = self.home.holding(())
