"""The current turn message of each game in the database (``turn_messages``, issue 13).

One row per game: the message that shows the turn in progress (its channel and id, ``NULL`` until
the front end reports it posted), the version the turn started at and the last version added to
it, the users it pinged (drawn as mentions on every edit), who owed a decision and which parallel
decisions were open at that version (what the message shows), and the turn's event lines so far
(the oldest beyond :data:`KEEP_LINES` only counted), stored as messages (:mod:`bot.store.lines`) so
the message can be drawn again in any language. Everything a restarted bot needs to go on
editing the same message.

A change writes its game's row in one transaction with the pings its new message spends
(:meth:`TurnMessages.put`); the front end's report of the posted message records its id with the
game's latest turn message for jump links (``turn_posts``) in another (:meth:`TurnMessages.posted`).
Their statements are built once.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import Connection, bindparam, select, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.sql.dml import Insert

from . import schema
from .away import NOTE_POST
from .lines import dump_lines, load_lines
from .notify import NotifyBook
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


_TURNS = schema.turn_messages
#: Read at every action: built once (see bot.store.store).
TURN_MESSAGE = select(_TURNS).where(_TURNS.c.game == bindparam("game"))
POSTED = (
    update(_TURNS)
    .where(_TURNS.c.game == bindparam("row"), _TURNS.c.started_version == bindparam("started"))
    .values(message_id=bindparam("message"), updated_at=bindparam("now"))
)


def _put_statements() -> dict[str, Insert]:
    """The whole row replaced, by dialect: SQLite's ``INSERT OR REPLACE``, PostgreSQL's upsert of
    every column (the row always carries them all)."""
    upsert = postgresql.insert(_TURNS)
    others = {c.name: upsert.excluded[c.name] for c in _TURNS.columns if c.name != "game"}
    return {
        "sqlite": sqlite.insert(_TURNS).prefix_with("OR REPLACE"),
        "postgresql": upsert.on_conflict_do_update(index_elements=["game"], set_=others),
    }


PUT = _put_statements()


class TurnMessages:
    """The ``turn_messages`` table of a :class:`GameStore`."""

    def __init__(self, store: GameStore, notify: NotifyBook | None = None) -> None:
        self.store = store
        #: Where the pings a new message spends are counted (in the same transaction as its row).
        self.notify = notify if notify is not None else NotifyBook(store)

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

    async def put(self, turn: TurnMessage, counted: list[str] | None = None) -> None:
        """Store the game's turn message as ``turn`` (a new one replaces the row) and, in the same
        transaction, count the turn pings it spends against the ``counted`` users' daily budgets:
        written at every action, one unit of work."""
        values = self._values(turn)

        def write(db: Connection) -> None:
            db.execute(PUT[db.dialect.name], values)
            self.notify.count_pings(db, counted or [], turn.game, "turn", turn.updated_at)

        await self.store.transact(write)

    @staticmethod
    def _values(turn: TurnMessage) -> dict[str, Any]:
        return {
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

    async def posted(self, game: int, started_version: int, message_id: str, now: str, version: int) -> bool:
        """The turn message that started at ``started_version`` was posted as ``message_id`` (or
        posted again, its old message being gone), showing ``version``: it is the game's latest turn
        message for jump links (``turn_posts``) too, in the same unit of work. False if the game has
        moved on to another turn message (the jump link is noted all the same)."""
        posted = {"row": game, "started": started_version, "message": message_id, "now": now}
        post = {"game": game, "version": version, "message": message_id, "now": now}

        def write(db: Connection) -> bool:
            moved = db.execute(POSTED, posted).rowcount == 1
            db.execute(NOTE_POST, post)
            return moved

        return await self.store.transact(write)
