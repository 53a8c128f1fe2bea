"""The operations of a store in flight, so that closing it cuts none in the middle (issue 23).

Every operation of a :class:`~bot.store.store.GameStore` (a read, a write transaction, a block of
shared reads) runs as one :class:`InFlight` of its store's :class:`Operations`. Closing the store
first closes the gate (a new operation is refused with :class:`~bot.store.rows.StoreClosed`, except
one inside an operation already in flight in the same task: a read inside a block of shared reads),
then waits until those in flight have finished, and only then closes the connections. A task
cancelled in the middle of an operation (as ``asyncio.run`` cancels what is left at the end) leaves
its connection in a state PostgreSQL's driver and SQLAlchemy's pool can only report as errors.
"""

from __future__ import annotations

import asyncio
import logging
from contextvars import ContextVar, Token
from typing import Any

from .rows import StoreClosed

log = logging.getLogger("bot.store")
#: How long closing a store lets the operations in flight finish (seconds).
CLOSE_GRACE = 10.0


class Operations:
    """The operations of one store in flight, and its gate."""

    def __init__(self) -> None:
        #: Operations in flight (the outermost ones).
        self.busy = 0
        self.closing = False
        self._idle = asyncio.Event()
        self._idle.set()
        #: The task whose outermost operation the current code runs in, if any.
        self._within: ContextVar[asyncio.Task[Any] | None] = ContextVar(f"pbp_store_op_{id(self)}", default=None)

    def one(self) -> InFlight:
        """One operation (``async with``)."""
        return InFlight(self)

    async def drain(self, grace: float = CLOSE_GRACE) -> None:
        """Close the gate, then wait (at most ``grace`` seconds) until no operation is in flight."""
        self.closing = True
        if not self.busy:
            return
        try:
            await asyncio.wait_for(self._idle.wait(), grace)
        except TimeoutError:
            log.warning("closing the store with %d operation(s) still in flight after %.0f s", self.busy, grace)


class InFlight:
    """One operation while in flight (see the module's text)."""

    __slots__ = ("ops", "token")

    def __init__(self, ops: Operations) -> None:
        self.ops = ops
        self.token: Token[asyncio.Task[Any] | None] | None = None

    async def __aenter__(self) -> None:
        ops, task = self.ops, asyncio.current_task()
        if task is not None and ops._within.get() is task:  # part of this task's operation
            return
        if ops.closing:
            raise StoreClosed("the store is closed: the bot is stopping")
        self.token = ops._within.set(task)
        ops.busy += 1
        ops._idle.clear()

    async def __aexit__(self, *exc: object) -> None:
        if self.token is None:
            return
        ops = self.ops
        ops._within.reset(self.token)
        ops.busy -= 1
        if not ops.busy:
            ops._idle.set()
