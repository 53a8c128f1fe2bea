"""A stored change of a game as what to post: :class:`Step`, made by :meth:`StepService.play_step`.

Every path that changes a game (a move, an undo or take-back, an admin's force or rollback, a passed
undo vote, a deadline's default or skip, a start or rematch, a handover) is stored by its service
method and then handed to :meth:`~StepService.play_step`, which answers what the rules and the
players' settings say should follow, before anything is posted:

* the standing answers that became due (each stored as its own logged step; their lines join this
  one's, and they decide who must act next);
* who is mentioned, held for quiet hours, put in a digest or also sent a direct message
  (:meth:`~bot.service.notify.NotifyService.plan_pings`), and the question each DM repeats;
* the table to draw, from the service's own cache (the front end loads nothing more).

A front end draws and posts the :class:`Step` and then reports the posted message with
:meth:`~StepService.posted`; it calls nothing else of the service for it.
"""

from __future__ import annotations

from collections.abc import Awaitable, Sequence
from dataclasses import dataclass, field

from engine.core import State, play

from .game_ui import Table, to_ping
from .notify import NotifyService
from .packs import check_playable
from .results import Result, ServiceError


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

    @property
    def row(self) -> int:
        return self.table.row

    @property
    def version(self) -> int:
        return self.table.version


class StepService(NotifyService):
    """:meth:`play_step` and :meth:`posted`, over the standing answers and ping routing below it."""

    async def play_step(
        self, change: Result | Awaitable[Result], *, before: Sequence[str] = (), actor: str | None = None
    ) -> Step:
        """The :class:`Step` to post for ``change`` (a stored change's result, or the service call making
        it), with the standing answers that follow it stored. ``before`` are the users who had to act
        before the change (they are not pinged again unless they still owe and are the ``actor``)."""
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
        plan = await self.plan_pings(table.row, to_ping(result.mention, list(before), actor))
        dm = {user: await self.turn_prompt(table.row, user) for user in plan.dm}
        return Step(table, result.public, plan.ping, dm, result.private, list(result.elsewhere), result)

    async def posted(self, game_row: int, version: int, message_id: str) -> None:
        """The front end posted the turn message of ``version`` as ``message_id`` (for jump links)."""
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
