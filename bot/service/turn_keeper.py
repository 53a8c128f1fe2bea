"""The game's turn message as part of every change (issue 13): placed by the service's
``play_step`` under the game's lock, kept in SQLite (:mod:`bot.store.turn_messages`).

For each change :meth:`TurnKeeper.place` asks the pure rule (:func:`~bot.service.turn_boundary.turn_boundary`)
whether it starts a new turn message or edits the current one, has the pings of a new one routed
(quiet hours, digests, budgets, DMs: the caller's ``route``), and stores the game's turn message:
a new one with this change's lines (its message id comes later, :meth:`TurnKeeper.posted`), or
the current one with this change's lines added, in one transaction with the pings it spends. Edits
never ping, so nothing is routed for them.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, replace
from typing import Any

from ..store.notify import NotifyBook
from ..store.store import GameStore
from ..store.turn_messages import KEEP_LINES, TurnMessage, TurnMessages
from .game_ui import Table
from .turn_boundary import Boundary, turn_boundary

#: Routes the users owed a ping: (who is mentioned, who also gets a DM with which question, whose
#: daily budgets those pings spend).
Route = Callable[[list[str]], Awaitable[tuple[list[str], dict[str, str], list[str]]]]


@dataclass(frozen=True)
class TurnPlan:
    """Where a change goes: the rule's answer, the game's turn message after it, and the routed pings."""

    boundary: Boundary
    turn: TurnMessage
    #: The message to edit (``None``: post a new one).
    edit: str | None
    ping: list[str]
    dm: dict[str, str]

    def step_fields(self) -> dict[str, Any]:
        """The :class:`~bot.service.change.Step` fields that say how to draw it."""
        return {
            "new": self.boundary.new,
            "edit": self.edit,
            "lines": list(self.turn.lines),
            "hidden": self.turn.hidden,
            "named": list(self.turn.pinged),
            "reason": self.boundary.reason,
            "started": self.turn.started_version,
        }


class TurnKeeper:
    """The ``turn_messages`` of a store, as the service uses them."""

    def __init__(self, store: GameStore, notify: NotifyBook, now: Callable[[], str]) -> None:
        self.book = TurnMessages(store, notify)
        self._now = now

    async def place(
        self,
        table: Table,
        before: list[str],
        windows: list[str],
        actor: str | None,
        public: list[str],
        route: Route,
    ) -> TurnPlan:
        """Place a change in the game's turn message. ``table`` is the game after it (and after the
        standing answers it made due), ``before`` and ``windows`` who owed a decision and which
        parallel decisions were open before it, ``actor`` who made it, ``public`` its lines."""
        stored = await self.book.get(table.row)
        owing, open_now = table.waiting_users(), table.windows()
        boundary = turn_boundary(
            before,
            owing,
            actor,
            windows,
            open_now,
            ended=table.record.status == "finished",
            has_message=stored is not None and stored.message_id is not None,
        )
        ping, dm, counted = await route(list(boundary.ping)) if boundary.new and boundary.ping else ([], {}, [])
        now = self._now()
        if boundary.new or stored is None:
            cut = max(0, len(public) - KEEP_LINES)
            turn = TurnMessage(
                table.row,
                table.record.channel_id,
                None,
                table.version,
                table.version,
                list(ping),
                owing,
                open_now,
                public[cut:],
                cut,
                now,
                now,
            )
            edit = None
        else:
            lines, hidden = stored.kept(public)
            turn = replace(
                stored,
                version=table.version,
                waiting=owing,
                parallel=open_now,
                lines=lines,
                hidden=hidden,
                updated_at=now,
            )
            edit = stored.message_id
        await self.book.put(turn, counted)
        return TurnPlan(boundary, turn, edit, ping, dm)

    async def get(self, game_row: int) -> TurnMessage | None:
        """The game's turn message as stored."""
        return await self.book.get(game_row)

    async def posted(self, game_row: int, started_version: int, message_id: str, version: int) -> bool:
        """The turn message that started at ``started_version`` was posted as ``message_id``, showing
        ``version`` (the game's latest turn message for jump links)."""
        return await self.book.posted(game_row, started_version, message_id, self._now(), version)
