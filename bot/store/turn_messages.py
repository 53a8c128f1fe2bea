"""The current turn message of each game in the database (``turn_messages``, issue 13).

One row per game: the message that shows the turn in progress (its channel and id, ``NULL`` until
the front end reports it posted), the version the turn started at and the last version added to
it, the users it pinged (drawn as mentions on every edit), who owed a decision and which parallel
decisions were open at that version (what the message shows), and the turn's event lines so far
(the oldest beyond :data:`KEEP_LINES` only counted), stored as messages (:mod:`bot.store.lines`) so
the message can be drawn again in any language. Everything a restarted bot needs to go on
editing the same message.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from sqlalchemy import Connection, bindparam, select, update

from . import schema
from .engine import replace
from .lines import dump_lines, load_lines
from .store import GameStore

#: Lines kept per turn message; older ones are only counted (the message shows "… n more").
KEEP_LINES = 60


@dataclass(frozen=True)
class TurnMessage:
    """One row of ``turn_messages``."""

    game: int
    channel_id: str
    #: The posted message (``None`` until the front end reports it, or when its post failed).
    message_id: str | None
    #: The version whose change started this turn message.
    started_version: int
    #: The last version whose lines were added to it.
    version: int
    #: Users the message pinged when it was posted.
    pinged: list[str] = field(default_factory=list)
    #: Users who owed a decision at ``version``.
    waiting: list[str] = field(default_factory=list)
    #: Kinds of the parallel decisions open at ``version``.
    parallel: list[str] = field(default_factory=list)
    #: The turn's event lines, oldest first.
    lines: list[str] = field(default_factory=list)
    #: Older lines of the turn no longer kept.
    hidden: int = 0
    started_at: str = ""
    updated_at: str = ""

    def kept(self, lines: list[str]) -> tuple[list[str], int]:
        """This message's lines with ``lines`` appended, cut to :data:`KEEP_LINES`; and the hidden count."""
        merged = self.lines + lines
        cut = max(0, len(merged) - KEEP_LINES)
        return merged[cut:], self.hidden + cut


#: Read at every action: built once (see bot.store.store).
TURN_MESSAGE = select(schema.turn_messages).where(schema.turn_messages.c.game == bindparam("game"))


class TurnMessages:
    """The ``turn_messages`` table of a :class:`GameStore`."""

    def __init__(self, store: GameStore) -> None:
        self.store = store

    async def get(self, game: int) -> TurnMessage | None:
        rows = await self.store.query(TURN_MESSAGE, {"game": game})
        if not rows:
            return None
        r = rows[0]
        return TurnMessage(
            r.game,
            r.channel_id,
            r.message_id,
            r.started_version,
            r.version,
            json.loads(r.pinged),
            json.loads(r.waiting),
            json.loads(r.parallel),
            load_lines(r.lines),
            r.hidden,
            r.started_at,
            r.updated_at,
        )

    async def put(self, turn: TurnMessage) -> None:
        """Store the game's turn message as ``turn`` (a new one replaces the row)."""
        values = {
            "game": turn.game,
            "channel_id": turn.channel_id,
            "message_id": turn.message_id,
            "started_version": turn.started_version,
            "version": turn.version,
            "pinged": json.dumps(turn.pinged),
            "waiting": json.dumps(turn.waiting),
            "parallel": json.dumps(turn.parallel),
            "lines": dump_lines(turn.lines),
            "hidden": turn.hidden,
            "started_at": turn.started_at,
            "updated_at": turn.updated_at,
        }

        def write(db: Connection) -> None:
            db.execute(replace(db.dialect.name, schema.turn_messages, values, ["game"]))

        await self.store.transact(write)  # written at every action: one unit of work

    async def posted(self, game: int, started_version: int, message_id: str, now: str) -> bool:
        """The turn message that started at ``started_version`` was posted as ``message_id`` (or
        posted again, its old message being gone); False if the game has moved on to another one."""
        t = schema.turn_messages
        statement = (
            update(t)
            .where(t.c.game == game, t.c.started_version == started_version)
            .values(message_id=message_id, updated_at=now)
        )
        return await self.store.transact(lambda db: db.execute(statement).rowcount == 1)
