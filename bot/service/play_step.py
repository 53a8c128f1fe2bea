"""The one path of every change to a game: :meth:`Steps.play_step`.

A service method that changes a game (see :mod:`bot.service.change` for the list) hands
:meth:`Steps.play_step` its own change as a coroutine function of the loaded game (a
:class:`~bot.service.change.Txn`); ``play_step`` takes the game's lock, loads it once, runs the change
(which applies and stores its own steps), stores the standing answers that became due as their own
logged steps, builds the table to draw from the same cache (the answer, a
:class:`~bot.service.change.Step`, reads who must act and the outcome from it), places the change
in the game's turn message (:mod:`bot.service.turn_keeper`: a new one, whose pings are planned, or
the current one edited in place) and only then releases the lock. A request queued behind it sees
the game after all of that.
"""

from __future__ import annotations

from typing import Any

from engine.core import play

from .ai_players import people, played_by_ai
from .autoplay import StandingAnswers
from .change import Change, Said, Step, Txn
from .core import Core
from .i18n import msg
from .logctx import about_game
from .pings import Pings
from .results import ServiceError
from .scores import format_scores, game_package
from .turn_keeper import TurnKeeper

#: Why a turn message is drawn again with nothing new in it (:meth:`Steps.redraw`).
REDRAW = "redraw"


class Steps:
    """``play_step`` over the :class:`Core`, the standing answers and the ping routing."""

    def __init__(self, core: Core, pings: Pings) -> None:
        self.core = core
        self.pings = pings
        self.standing = StandingAnswers(core)
        #: The current turn message of each game (a change starts a new one or edits it).
        self.turn_messages = TurnKeeper(core.store, core.notify, core.now)
        #: Per game: the version its current turn message started at and the public view before it.
        self.began: dict[int, tuple[int, dict[str, Any]]] = {}
        #: Changes stored through :meth:`play_step` by this process so far (the AI's turn work compares).
        self.count = 0

    async def play_step(
        self,
        row: int,
        change: Change,
        *,
        want: str | None = "active",
        expected_version: int | None = None,
        actor: str | None = None,
    ) -> Step:
        """Run ``change`` on game ``row`` and return what to post, all under the game's lock.

        The game is loaded once (refused unless its status is ``want``, or stale if it is no longer
        at ``expected_version``); ``change`` checks, applies and stores the path's own steps (through
        :meth:`Txn.apply <bot.service.change.Txn.apply>` and :meth:`Txn.commit <bot.service.change.Txn.commit>`);
        then the standing answers that became due are stored as their own logged steps, and the
        change is placed in the game's turn message (a new one, whose pings are planned, or the
        current one edited; ``actor`` made the change). A :class:`ServiceError` anywhere refuses
        what is left; what was stored stays stored.
        """
        with about_game(row):
            async with self.core.store.reads_together():
                return await self._play_step(row, change, want, expected_version, actor)

    async def _play_step(
        self, row: int, change: Change, want: str | None, expected_version: int | None, actor: str | None
    ) -> Step:
        core = self.core
        async with core.lock(row):
            txn = await self.load(row, want, expected_version, actor)
            loaded = txn.state  # changes apply to copies: the position before this change
            said = await change(txn)
            standing = await self.standing.answer(txn)
            if standing is not None:
                said.public += standing.public
                said.mention, said.board_changed = standing.mention, True
                for user, lines in standing.private.items():
                    said.private.setdefault(user, []).extend(lines)
            if txn.stored and txn.over and txn.state is not None:
                said.public += [msg("The game is over!")] + format_scores(
                    txn.game.outcome(txn.state), txn.names, game_package(txn.game)
                )
                said.public += await core.seat_lines(txn.row)
            table = txn.table.sharing(due=await core.due(txn.record))

            said.private = {user: lines for user, lines in said.private.items() if people([user])}
            played = {s.user_id for s in txn.seats if played_by_ai(s)}  # never pinged: the AI answers at once

            async def route(users: list[str]) -> tuple[list[str], dict[str, str], list[str]]:
                plan = await self.pings.plan(txn.record, [u for u in people(users) if u not in played])
                return plan.ping, {user: prompt(txn, user) for user in plan.dm}, plan.counted

            turn = await self.turn_messages.place(table, txn.before, txn.windows, actor, said.public, route)
            if turn.boundary.new and loaded is not None:  # a new turn message: it marks changes from here
                self.began[row] = (turn.turn.started_version, txn.game.public_view(loaded))
            table = table.sharing(began=await self.began_view(row, turn.turn.started_version))
            core.tables.stored(table)  # what autocomplete reads until the game moves again
            if played.intersection(table.waiting_users()):
                core.schedule()  # an AI turn is due: wake the timer loop
            self.count += 1
            return Step.of(said, table, turn.ping, turn.dm, txn.played, **turn.step_fields())

    async def redraw(self, row: int) -> Step | None:
        """The game's current turn message to draw again in place as the game stands, with nothing new
        in it and nobody pinged (e.g. in the table's new language: its text, buttons and menus);
        ``None`` when none of the game's turn messages was posted."""
        async with self.core.lock(row):
            turn = await self.turn_messages.get(row)
            if turn is None or turn.message_id is None:
                return None
            table = await self.core.table(row)
            table = table.sharing(began=await self.began_view(row, turn.started_version))
        return Step.of(
            Said(),
            table,
            [],
            {},
            None,
            new=False,
            edit=turn.message_id,
            lines=list(turn.lines),
            hidden=turn.hidden,
            named=list(turn.pinged),
            reason=REDRAW,
            started=turn.started_version,
        )

    async def began_view(self, row: int, started: int) -> dict[str, Any] | None:
        """The public view of game ``row`` as its turn message that started at version ``started``
        began (the position before that change): kept from the change that started it, else (after a
        restart) read once from the stored snapshot."""
        kept = self.began.get(row)
        if kept is not None and kept[0] == started:
            return kept[1]
        if started < 1:
            return None
        text = await self.core.store.snapshot(row, started - 1)
        record = await self.core.store.game(row)
        if text is None or record is None:
            return None
        view: dict[str, Any] = self.core.game(record.game_id).public_view(play.loads(text))
        self.began[row] = (started, view)
        return view

    async def load(
        self, row: int, want: str | None, expected_version: int | None = None, actor: str | None = None
    ) -> Txn:
        """The game ``row`` for a change (the caller holds its lock), refused unless its status is ``want``
        (any when ``None``) or when it is no longer at ``expected_version``; the seats are read anew when
        the ``actor`` is not seated as far as this process knew."""
        core = self.core
        record = await core.store.game(row)
        if record is None:
            raise ServiceError(msg("This game no longer exists."), "no_game")
        if want == "active" and record.status != "active":
            raise ServiceError(msg("This game has ended in the meantime."), "stale")
        if want == "lobby" and record.status != "lobby":
            raise ServiceError(msg("The {title} game here has already started.", title=record.title), "not_lobby")
        seats = await core.seats_of(record)
        if actor is not None and record.status != "lobby" and all(s.user_id != actor for s in seats):
            core.seats_changed(row)  # not seated as far as we know: another process may have handed them a seat
            seats = await core.seats_of(record)
        core.check_version(record, expected_version)  # first: an outdated prompt is outdated for everyone
        state = await core.state(record) if record.status == "active" else None
        txn = Txn(core, record, seats, core.game(record.game_id), state)
        txn.before, txn.windows = txn.waiting_users(), txn.open_windows()
        return txn

    async def posted(self, game_row: int, version: int, message_id: str) -> None:
        """The front end posted a message showing ``version`` as ``message_id`` (for jump links)."""
        await self.core.away.note_post(game_row, version, message_id, self.core.now())

    async def turn_posted(self, step: Step, message_id: str) -> None:
        """The front end posted ``step``'s turn message as ``message_id`` (a new one, or again when the
        one to edit was gone): the turn's later changes edit it, and jump links lead to it."""
        await self.turn_messages.posted(step.row, step.started, message_id, step.table.version)


def prompt(txn: Txn, user_id: str) -> str:
    """The question a user is asked now in the loaded game (for a DM copy of a turn ping)."""
    if txn.record.status != "active" or txn.state is None:
        return ""
    seat = next((s.seat for s in txn.seats if s.user_id == user_id), None)
    decision = next(iter(txn.table.decisions(seat)), None) if seat is not None else None
    return (decision.prompt or decision.kind) if decision else ""
