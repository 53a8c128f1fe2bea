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
from .history import effective_actions, log_lines, page_of, render_events, replay_log
from .packs import notice
from .rematch import RematchService
from .results import GameSummary, Result, ServiceError, format_scores, names_list
from .service_base import uid
from .stats import StatsService
from .step import Step, StepService
from .steplines import TOOK_BACK

__all__ = ["GameService", "Result", "ServiceError", "GameSummary", "Step"]

TAKE_BACK_HINT = (
    f" You may still change your answer until the last one is in: `/play action:{TAKE_BACK_TEXT}` "
    "or the “Change my answer” button."
)


class GameService(ArchiveService, RematchService, AdminService, StatsService, StepService):
    """Every request a front end can make; see :class:`~.lobby.LobbyService` for lobbies and
    :class:`~.timeouts.TimeoutService` for deadlines, :class:`~.archive.ArchiveService` for history,
    :class:`~.reminders.ReminderService` for reminders, :class:`~.rematch.RematchService` for rematches,
    :class:`~.seats.SeatService` for seat handovers, :class:`~.consent.ConsentService` for undo votes,
    :class:`~.admin.AdminService` for ``/admin``, :class:`~.stats.StatsService` for ``/stats``,
    :class:`~.away_service.AwayService` for away mode and ``my_games``,
    :class:`~.standing.StandingService` for standing answers and
    :class:`~.notify.NotifyService` for ``/notify`` and :class:`~.step.StepService` for what to post after
    a change (all in :mod:`bot.service`)."""

    async def act(
        self,
        channel_id: str | int,
        user_id: str | int,
        text: str | None = None,
        action: Action | None = None,
        expected_version: int | None = None,
    ) -> Result:
        """Play ``text`` (typed, forgiving) or ``action`` (from a button) for the user's seat."""
        if action is None and (text is None or not text.strip()):
            raise ServiceError("Type an action; the board lists what is legal now.", "malformed")
        async with self._turn(channel_id, user_id, expected_version) as turn:
            game, state, seat, names = turn.game, turn.state, turn.seat, turn.names
            waiting = play.waiting_players(game, state)
            taking_back = is_take_back(action) if action is not None else names_take_back(text or "")
            if seat not in waiting and not taking_back:  # the engine explains a take-back it refuses
                hint = TAKE_BACK_HINT if play.may_take_back(game, state, seat) else ""
                raise ServiceError(
                    f"It is not your turn: waiting for {names_list([names[p] for p in waiting])}.{hint}",
                    "not_your_turn",
                )
            step = self._step(turn, action, text)
            version = await self._store_step(
                turn,
                kind="action",
                text=step.text,
                undo_barrier=step.undo_barrier,
                public=step.public,
                state_json=step.state_json,
                new_state=step.state,
                status="finished" if step.over else "active",
            )
        result = step.result
        result.public, result.version = list(step.public) or [f"{names[seat]} has acted."], version
        if step.over:
            result.public += ["The game is over!"] + format_scores(result.outcome, names)
            result.public += await self.seat_history(turn.record.id)
        if step.text == TAKE_BACK_TEXT:  # they owe the decision again but know it: nobody is pinged anew
            result.mention = [u for u in result.mention if u != turn.user]
        await self.moved(turn.user, result)  # a move ends the player's absence
        return result

    async def undo(self, channel_id: str | int, user_id: str | int, expected_version: int | None = None) -> Result:
        """Take back the caller's latest action (see the module docstring for the rule)."""
        async with self._turn(channel_id, user_id, expected_version) as turn:
            seat, names, record = turn.seat, turn.names, turn.record
            stack = effective_actions(await self.store.actions(record.id))
            if not stack:
                raise ServiceError("There is nothing to take back yet.", "nothing_to_undo")
            top = stack[-1]
            hint = TAKE_BACK_HINT if play.may_take_back(turn.game, turn.state, seat) else ""
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
            if seat not in play.waiting_players(turn.game, turn.state):
                raise ServiceError(
                    "You can only take back an action while it is still your turn." + hint, "turn_passed"
                )
            before_json = await self.store.snapshot(record.id, top.version - 1)
            if before_json is None:
                raise ServiceError("The earlier position is missing, so this can't be undone.", "corrupt")
            before = play.loads(before_json)
            line = TOOK_BACK.format(player=names[seat])
            version = await self._store_step(
                turn,
                kind="undo",
                text=top.text,
                undo_barrier=False,
                public=[line],
                state_json=before_json,
                new_state=before,
            )
        result = Result(public=[line], private={turn.user: [f"You took back `{top.text}`."]}, board_changed=True)
        return self._fill(result, record, turn.game, turn.seats, before, version, mention=True)

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
        return self._fill(result, record, game, seats, state, record.version, mention=False)

    async def view(self, channel_id: str | int, user_id: str | int | None = None, private: bool = False) -> Result:
        """The public board as text, or (``private``) the user's own view, sent to them only."""
        record = await self._latest(channel_id)
        if record.status == "lobby":
            raise ServiceError(f"The {record.title} game here has not started yet.", "not_started")
        game = self._game(record.game_id)
        seats = await self._seats_of(record)
        state = await self._state(record)
        result = self._fill(Result(), record, game, seats, state, record.version, mention=False)
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
