"""A stored change of a game as what to post: :class:`Step`, made by :meth:`StepService.play_step`.

Every path that changes a game (a move, an undo or take-back, an admin's force or rollback, a passed
undo vote, a deadline's default or skip, a start or rematch, a handover) is stored by its service
method and then handed to :meth:`~StepService.play_step`, which answers what the rules and the
players' settings say should follow, before anything is posted:

* the standing answers that became due (each stored as its own logged step; their lines join this
  one's, and they decide who must act next);
* who is mentioned, held for quiet hours, put in a digest or also sent a direct message
  (:meth:`~bot.service.notify.NotifyService.plan_pings`), and the question each DM repeats;
* whether the change starts a new turn message or edits the current one in place
  (:func:`~bot.service.turn_boundary.turn_boundary`), with the turn's lines so far; only a new
  message pings, and the game's turn message is kept in SQLite (:mod:`bot.store.turn_messages`);
* the table to draw, from the service's own cache (the front end loads nothing more).

A front end draws the :class:`Step`, posting a new message or editing ``step.edit``, and then
reports a posted message with :meth:`~StepService.turn_posted`; it calls nothing else of the
service for it.
"""

from __future__ import annotations

import asyncio
import weakref
from collections.abc import Awaitable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from engine.core import PARALLEL, State, play

from ..store.turn_messages import KEEP_LINES, TurnMessage, TurnMessages
from .game_ui import Table
from .notify import NotifyService, PingPlan
from .packs import check_playable
from .results import Result, ServiceError
from .turn_boundary import Boundary, turn_boundary


@dataclass
class Step:
    """What to post after a stored change: the turn message and everything sent beside it."""

    #: The game as it stands now (after any standing answers): the board, prompts and components to draw.
    table: Table
    #: The turn message's lines (event sentences and the bot's own lines), oldest first.
    public: list[str]
    #: Users mentioned (pinged) in the turn message; nobody else is.
    ping: list[str]
    #: Users also sent a direct message, with the question it repeats (the front end adds the link).
    dm: dict[str, str] = field(default_factory=dict)
    #: Private lines per user, the actor's included (a front end shows those in its reply to the actor).
    private: dict[str, list[str]] = field(default_factory=dict)
    #: (channel id, line) pairs posted silently in other channels (e.g. "Ann is back" in her other games).
    elsewhere: list[tuple[str, str]] = field(default_factory=list)
    #: The service's answer for the change (status, outcome, legal texts of who must act...).
    result: Result = field(default_factory=Result)
    #: Post a new turn message (``True``), or edit the current one, ``edit``, in place (no pings).
    new: bool = True
    #: The id of the turn message to edit (``None`` for a new message).
    edit: str | None = None
    #: Every line of the turn message to draw: the turn's lines so far, this change's last.
    lines: list[str] = field(default_factory=list)
    #: Older lines of the turn left out of ``lines`` (drawn as "… n more").
    hidden: int = 0
    #: Users the turn message names by mention (those it pinged when it was posted).
    named: list[str] = field(default_factory=list)
    #: Why the message is new or edited (:mod:`bot.service.turn_boundary`).
    reason: str = ""
    #: The version the turn message started at (what :meth:`StepService.turn_posted` reports on).
    started: int = 0

    @property
    def row(self) -> int:
        return self.table.row

    @property
    def version(self) -> int:
        return self.table.version


def parallel_kinds(table: Table) -> list[str]:
    """Kinds of the parallel decisions (everyone at once) open at the table, sorted."""
    return sorted({d.kind for d in table.decisions() if d.mode == PARALLEL})


class StepService(NotifyService):
    """:meth:`play_step` and :meth:`turn_posted`, over the standing answers and ping routing below it."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.turn_messages = TurnMessages(self.store)
        self._turn_locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()

    async def play_step(
        self, change: Result | Awaitable[Result], *, before: Sequence[str] = (), actor: str | None = None
    ) -> Step:
        """The :class:`Step` to post for ``change`` (a stored change's result, or the service call making
        it), with the standing answers that follow it stored, and the game's turn message kept.

        Whether the change starts a new turn message (and whom it pings) follows
        :func:`~bot.service.turn_boundary.turn_boundary`, comparing who owes a decision now with
        who owed one as the turn message last showed it; ``before`` (the users who had to act before
        the change, as the caller saw them) stands in when the game has no turn message yet or
        changes were stored since without a step. ``actor`` made the change (``None``: the bot or an
        admin)."""
        result = change if isinstance(change, Result) else await change
        if result.game_row is None:
            raise ServiceError("This game no longer exists.", "no_game")
        standing = await self.answer_standing(result.game_row)
        if standing is not None:
            extra = standing[0]
            result.public += extra.public
            result.mention = extra.mention
            for user, lines in extra.private.items():
                result.private.setdefault(user, []).extend(lines)
        table = await self._table_of(result.game_row)
        lock = self._turn_locks.get(table.row)
        if lock is None:
            lock = self._turn_locks[table.row] = asyncio.Lock()
        async with lock:  # one change at a time adds to the game's turn message
            stored = await self.turn_messages.get(table.row)
            # Who owed before: as the turn message last showed it, unless changes were stored since
            # without a step (e.g. through the service alone); then as the caller saw it.
            shown = stored is not None and (result.version is None or stored.version >= result.version - 1)
            boundary = turn_boundary(
                stored.waiting if shown and stored is not None else before,
                table.waiting_users(),
                actor,
                stored.parallel if shown and stored is not None else (),
                parallel_kinds(table),
                ended=table.record.status == "finished",
                has_message=stored is not None and stored.message_id is not None,
            )
            plan = await self.plan_pings(table.row, list(boundary.ping)) if boundary.new else PingPlan()
            turn = await self._keep_turn(table, stored, boundary, result.public, plan.ping)
        dm = {user: await self.turn_prompt(table.row, user) for user in plan.dm}
        return Step(
            table,
            result.public,
            plan.ping,
            dm,
            result.private,
            list(result.elsewhere),
            result,
            new=boundary.new,
            edit=None if boundary.new or stored is None else stored.message_id,
            lines=list(turn.lines),
            hidden=turn.hidden,
            named=list(turn.pinged),
            reason=boundary.reason,
            started=turn.started_version,
        )

    async def _keep_turn(
        self, table: Table, stored: TurnMessage | None, boundary: Boundary, public: list[str], ping: list[str]
    ) -> TurnMessage:
        """Store the game's turn message after the change: a new one (its id comes with
        :meth:`turn_posted`), or the current one with the change's lines added."""
        now, waiting, parallel = self._now(), table.waiting_users(), parallel_kinds(table)
        if boundary.new or stored is None:
            cut = max(0, len(public) - KEEP_LINES)
            turn = TurnMessage(
                table.row,
                table.record.channel_id,
                None,
                table.version,
                table.version,
                list(ping),
                waiting,
                parallel,
                public[cut:],
                cut,
                now,
                now,
            )
        else:
            lines, hidden = stored.kept(public)
            turn = replace(
                stored,
                version=table.version,
                waiting=waiting,
                parallel=parallel,
                lines=lines,
                hidden=hidden,
                updated_at=now,
            )
        await self.turn_messages.put(turn)
        return turn

    async def turn_posted(self, step: Step, message_id: str) -> None:
        """The front end posted ``step``'s turn message as ``message_id`` (a new one, or again when the
        one to edit was gone): later changes of the turn edit it, and jump links lead to it."""
        now = self._now()
        await self.turn_messages.posted(step.row, step.started, message_id, now)
        await self.away.note_post(step.row, step.version, message_id, now)

    async def posted(self, game_row: int, version: int, message_id: str) -> None:
        """The front end posted a message showing ``version`` as ``message_id`` (for jump links)."""
        await self.away.note_post(game_row, version, message_id, self._now())

    async def table(self, game_row: int) -> Table:
        """The game as stored now, from the service's caches (seats and parsed state): what a front end
        checks a click against and draws, loaded once with the state the service plays on."""
        return await self._table_of(game_row)

    async def _table_of(self, game_row: int) -> Table:
        record = await self.store.game(game_row)
        if record is None:
            raise ServiceError("This game no longer exists.", "no_game")
        seats, game = await self._seats_of(record), self._game(record.game_id)
        if record.status == "lobby":
            return Table(record, seats, game, None)
        try:
            state: State | None = await self._state(record)
        except ServiceError as exc:  # shown as stored all the same (the service refuses to play it)
            if exc.code not in ("rules_version", "corrupt"):
                raise
            text = await self.store.snapshot(record.id, record.version)
            state = play.loads(text) if text is not None else None
            if state is not None:
                check_playable(game, state, record.title)
        clocks = await self.deadlines.of_game(record.id) if record.clock != "none" else {}
        due = {seat: c.due_at for seat, c in clocks.items() if c.state == "running" and c.due_at}
        return Table(record, seats, game, state, due)
