"""The game service: lobbies, turns, undo and views as plain async methods.

Front ends (Discord, the terminal, benchmarks) call these and post what the
returned :class:`Result` says; every refusal is a :class:`ServiceError` with a
friendly message, and nothing is stored when one is raised.

Undo follows Board Game Arena: a player may take back their own latest
action(s), only while they still owe a decision, and never an action whose
events were an undo barrier (a random draw or revealed hidden information).
An undo is itself logged and stored as a new, higher version. An answer to a decision everyone
makes at once is changed with the engine's own ``take back`` action instead (a normal logged
action, allowed until the last answer is in); it pings nobody.
"""

from __future__ import annotations

from engine.core import Action, IllegalAction, State, play
from engine.core.takeback import TAKE_BACK_TEXT, is_take_back, names_take_back

from ..store.rows import GameRecord
from .admin import AdminService
from .archive import ArchiveService
from .game_ui import Table
from .history import effective_actions, log_lines, page_of, render_events, replay_log
from .notify import NotifyService
from .packs import check_playable, notice
from .rematch import RematchService
from .results import GameSummary, Result, ServiceError, format_scores, names_list
from .service_base import uid
from .stats import StatsService
from .step import Step, Txn
from .steplines import TOOK_BACK

__all__ = ["GameService", "Result", "ServiceError", "GameSummary", "Step"]

TAKE_BACK_HINT = (
    f" You may still change your answer until the last one is in: `/play action:{TAKE_BACK_TEXT}` "
    "or the “Change my answer” button."
)


class GameService(ArchiveService, RematchService, AdminService, StatsService, NotifyService):
    """Every request a front end can make; see :class:`~.lobby.LobbyService` for lobbies and
    :class:`~.timeouts.TimeoutService` for deadlines, :class:`~.archive.ArchiveService` for history,
    :class:`~.reminders.ReminderService` for reminders, :class:`~.rematch.RematchService` for rematches,
    :class:`~.seats.SeatService` for seat handovers, :class:`~.consent.ConsentService` for undo votes,
    :class:`~.admin.AdminService` for ``/admin``, :class:`~.stats.StatsService` for ``/stats``,
    :class:`~.away_service.AwayService` for away mode and ``my_games``,
    :class:`~.standing.StandingService` for standing answers and
    :class:`~.notify.NotifyService` for ``/notify``; every change runs through
    :meth:`~.service_base.ServiceBase.play_step` and answers a :class:`~.step.Step` (all in :mod:`bot.service`)."""

    async def posted(self, game_row: int, version: int, message_id: str) -> None:
        """The front end posted a message showing ``version`` as ``message_id`` (for jump links)."""
        await self.away.note_post(game_row, version, message_id, self._now())

    async def turn_posted(self, step: Step, message_id: str) -> None:
        """The front end posted ``step``'s turn message as ``message_id`` (a new one, or again when the
        one to edit was gone): the turn's later changes edit it, and jump links lead to it."""
        await self.turn_messages.posted(step.row, step.started, message_id)
        await self.away.note_post(step.row, step.table.version, message_id, self._now())

    async def _seat_lines(self, game_row: int) -> list[str]:
        return await self.seat_history(game_row)

    async def table(self, game_row: int) -> Table:
        """The game as stored now, from the service's caches (seats and parsed state): what a front end
        checks a click against and draws, loaded once with the state the service plays on."""
        record = await self.store.game(game_row)
        if record is None:
            raise ServiceError("This game no longer exists.", "no_game")
        return await self._table_of(record)

    async def table_in(self, channel_id: str | int) -> Table | None:
        """:meth:`table` of the channel's live game, else of its most recent one (``None``: no game yet)."""
        record = await self.store.latest_game(uid(channel_id))
        return None if record is None else await self._table_of(record)

    async def _table_of(self, record: GameRecord) -> Table:
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
        return await self._table_at(record, seats, game, state)

    async def act(
        self,
        channel_id: str | int,
        user_id: str | int,
        text: str | None = None,
        action: Action | None = None,
        expected_version: int | None = None,
    ) -> Step:
        """Play ``text`` (typed, forgiving) or ``action`` (from a button) for the user's seat."""
        if action is None and (text is None or not text.strip()):
            raise ServiceError("Type an action; the board lists what is legal now.", "malformed")
        live, user = await self._live(channel_id, "active"), uid(user_id)

        async def change(txn: Txn) -> Result:
            game, state, names = txn.game, txn.state, txn.names
            assert state is not None
            seat = self._seat_of(txn.seats, user)
            waiting = play.waiting_players(game, state)
            taking_back = is_take_back(action) if action is not None else names_take_back(text or "")
            if seat not in waiting and not taking_back:  # the engine explains a take-back it refuses
                hint = TAKE_BACK_HINT if play.may_take_back(game, state, seat) else ""
                raise ServiceError(
                    f"It is not your turn: waiting for {names_list([names[p] for p in waiting])}.{hint}",
                    "not_your_turn",
                )
            applied = self._apply(txn, seat, action, text)
            await self._commit_applied(txn, seat, user, applied, [])
            txn.played = applied.text
            result = txn.changed(list(applied.public) or [f"{names[seat]} has acted."], applied.private)
            if applied.text == TAKE_BACK_TEXT:  # they owe the decision again but know it: nobody is pinged anew
                result.mention = [u for u in result.mention if u != user]
            await self.moved(user, txn.row, result)  # a move ends the player's absence
            return result

        return await self.play_step(live.id, change, expected_version=expected_version, actor=user)

    async def undo(self, channel_id: str | int, user_id: str | int, expected_version: int | None = None) -> Step:
        """Take back the caller's latest action (see the module docstring for the rule)."""
        live, user = await self._live(channel_id, "active"), uid(user_id)

        async def change(txn: Txn) -> Result:
            seat, names, record, state = self._seat_of(txn.seats, user), txn.names, txn.record, txn.state
            assert state is not None
            stack = effective_actions(await self.store.actions(record.id))
            if not stack:
                raise ServiceError("There is nothing to take back yet.", "nothing_to_undo")
            top = stack[-1]
            hint = TAKE_BACK_HINT if play.may_take_back(txn.game, state, seat) else ""
            if top.seat != seat:
                raise ServiceError(
                    f"You can only take back your own latest action; the latest one was {names[top.seat]}'s.{hint}",
                    "not_your_action",
                )
            if top.undo_barrier:
                raise ServiceError(
                    "Your last action revealed a random draw or hidden information, so it can't be taken back.",
                    "undo_barrier",
                )
            if seat not in play.waiting_players(txn.game, state):
                raise ServiceError(
                    "You can only take back an action while it is still your turn." + hint, "turn_passed"
                )
            before_json = await self.store.snapshot(record.id, top.version - 1)
            if before_json is None:
                raise ServiceError("The earlier position is missing, so this can't be undone.", "corrupt")
            line = TOOK_BACK.format(player=names[seat])
            await self._commit(
                txn,
                seat=seat,
                user=user,
                kind="undo",
                text=top.text,
                undo_barrier=False,
                public=[line],
                state_json=before_json,
                state=play.loads(before_json),
            )
            return txn.changed([line], {user: [f"You took back `{top.text}`."]})

        return await self.play_step(live.id, change, expected_version=expected_version, actor=user)

    async def status(self, channel_id: str | int) -> Result:
        """Whose turn it is, which decisions are open, and the version (or the lobby, or the result)."""
        record = await self._latest(channel_id)
        game = self._game(record.game_id)
        if record.status == "lobby":
            names = [s.name for s in await self.store.seats(record.id)]
            spec, data = game.spec, notice(game)
            return Result(
                public=[
                    f"{record.title} lobby: {names_list(names)} ({len(names)} of "
                    f"{spec.min_players}–{spec.max_players} players); waiting for the creator "
                    "to start."
                ]
                + ([f"⚠️ {data}"] if data else []),
                game_row=record.id,
                status="lobby",
                version=0,
            )
        seats = await self._seats_of(record)
        state = await self._state(record)
        names = [s.name for s in seats]
        data = notice(game, state)
        result = Result(
            public=[f"{record.title}, version {record.version}: {record.status}."] + ([f"⚠️ {data}"] if data else [])
        )
        seen: set[int] = set()
        for decision in play.pending(game, state) if record.status == "active" else []:
            if decision.player not in seen:
                seen.add(decision.player)
                question = decision.prompt or decision.kind
                result.public.append(f"{names[decision.player]} to decide: {question}")
        if game.is_over(state):
            result.public += format_scores(game.outcome(state), names)
        result.public += await self.seat_history(record.id)
        return self._fill(result, Table(record, seats, game, state))

    async def view(self, channel_id: str | int, user_id: str | int | None = None, private: bool = False) -> Result:
        """The public board as text, or (``private``) the user's own view, sent to them only."""
        record = await self._latest(channel_id)
        if record.status == "lobby":
            raise ServiceError(f"The {record.title} game here has not started yet.", "not_started")
        game = self._game(record.game_id)
        seats = await self._seats_of(record)
        state = await self._state(record)
        result = self._fill(Result(), Table(record, seats, game, state))
        if private:
            if user_id is None:
                raise ServiceError("Say whose view you want.", "not_seated")
            seen = game.view(state, self._seat_of(seats, uid(user_id)))
            result.state_view, result.board_text = seen, game.view_text(seen)
            result.tell(uid(user_id), result.board_text)
        else:
            result.board_text = game.view_text(result.state_view or {})
            result.public = [result.board_text]
        return result

    async def log(self, channel_id: str | int, page: int | None = None) -> Result:
        """Public log lines, ``page`` 1 = oldest; ``None`` = newest page (each page fits a message)."""
        return await self._log_page(await self._latest(channel_id), page)

    async def log_of_game(self, game_row: int, page: int | None = None) -> Result:
        """:meth:`log` of a game by its row (the log's page buttons)."""
        record = await self.store.game(game_row)
        if record is None:
            raise ServiceError("This game no longer exists.", "no_game")
        return await self._log_page(record, page)

    async def _log_page(self, record: GameRecord, page: int | None) -> Result:
        if record.status == "lobby" or record.seed is None:
            raise ServiceError(f"The {record.title} game here has not started yet.", "not_started")
        game = self._game(record.game_id)
        seats = await self._seats_of(record)
        names = [s.name for s in seats]
        state, events = play.new_game(game, names, record.options, record.seed)
        setup, _ = render_events(game, state, events, [s.user_id for s in seats])
        seating = ", ".join(f"{i + 1}. {s.name} ({s.colour})" for i, s in enumerate(seats))
        lines = log_lines(
            await self.store.actions(record.id), names, [f"{record.title} started. Seats: {seating}."] + setup
        )
        chunk, number, pages = page_of(lines, page, self._page)
        return Result(
            public=[f"Log, page {number} of {pages}:"] + chunk,
            game_row=record.id,
            version=record.version,
            status=record.status,
            page=number,
            pages=pages,
        )

    async def rebuild(self, game_row: int) -> State:
        """Replay a game from set-up and its log (undos included); equals the latest snapshot."""
        record = await self.store.game(game_row)
        if record is None or record.seed is None:
            raise ServiceError(f"There is no started game #{game_row}.", "no_game")
        game = self._game(record.game_id)
        names = [s.name for s in await self.store.seats(record.id)]
        try:
            return replay_log(game, names, record.options, record.seed, await self.store.actions(record.id))
        except IllegalAction as exc:
            raise ServiceError(f"Game #{game_row} does not replay: {exc.message}", "corrupt") from None
