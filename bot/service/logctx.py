"""What the log lines of the current task are about (no Discord): the game being changed and the shard
whose event is being handled, as :mod:`contextvars` (each asyncio task sees its own values).

``play_step`` sets the game (:func:`about_game`); the Discord layer sets the shard of the
interaction's server. :class:`bot.logs.ContextFilter` copies both onto every log record.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

#: The row id of the game the current task is changing, if any.
GAME: ContextVar[int | None] = ContextVar("pbp_game", default=None)
#: The shard of the Discord event the current task is handling, if any.
SHARD: ContextVar[int | None] = ContextVar("pbp_shard", default=None)


@contextmanager
def about_game(row: int) -> Iterator[None]:
    """Log lines inside the block carry ``game=row``; the previous value comes back after it."""
    token = GAME.set(row)
    try:
        yield
    finally:
        GAME.reset(token)
