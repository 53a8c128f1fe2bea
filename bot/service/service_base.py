"""Shared plumbing of the game service: loading games, seats and states, caching, locks."""

from __future__ import annotations

import asyncio
import inspect
import logging
import random
import weakref
from collections import OrderedDict
from collections.abc import Callable
from contextlib import AbstractAsyncContextManager, nullcontext
from dataclasses import replace
from datetime import datetime
from typing import Any

from engine.core import Action, Game, IllegalAction, State, get_game, play

from ..store.clock import iso
from ..store.deadlines import Deadlines
from ..store.hours import stored
from ..store.rows import GameRecord, SeatRecord, VersionConflict
from ..store.store import GameStore
from .clock import preset
from .game_ui import Table
from .history import render_events
from .inputs import at_boundary
from .packs import check_playable
from .results import Result, ServiceError, format_scores, names_list, utc_now
from .step import Applied, Change, Step, Txn
from .turn_keeper import TurnKeeper

COLOURS = ("red", "blue", "green", "yellow", "purple", "orange")
Clock = Callable[[], datetime | str]
log = logging.getLogger("bot.service")
ENGINE_ERROR = (
    "This move hit an error in the game's rules and was not applied; nothing changed. The table can "
    "still undo, or an admin can force another move (`/admin force`)."
)


def uid(user_id: str | int) -> str:
    return str(user_id)


def wrap_illegal(exc: IllegalAction) -> ServiceError:
    return ServiceError(exc.message, exc.code, exc.legal)


_CONFLICT = "Someone else moved at the same moment, so this prompt is outdated. Look at the latest board and try again."


class ServiceBase:
    """Loading and caching over a :class:`GameStore`; time from ``clock``, seats and seeds from ``rng``.

    Every public coroutine method of a subclass is the service's boundary: its arguments are
    cleaned of what SQLite and Discord cannot encode first (see :mod:`bot.service.inputs`).
    """

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        for name, attr in list(vars(cls).items()):
            if not name.startswith("_") and inspect.iscoroutinefunction(attr):
                setattr(cls, name, at_boundary(attr))

    def __init__(
        self,
        store: GameStore,
        clock: Clock = utc_now,
        rng: random.Random | None = None,
        *,
        log_page_size: int = 20,
        cache_size: int = 256,
    ) -> None:
        self.store = store
        self._clock = clock
        self._rng = rng if rng is not None else random.Random()
        self._page = log_page_size
        self._cache_size = cache_size
        self._states: OrderedDict[int, tuple[int, State]] = OrderedDict()
        self._seats: dict[int, list[SeatRecord]] = {}
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()
        self.deadlines = Deadlines(store)
        #: The current turn message of each game (a change starts a new one or edits it).
        self.turn_messages = TurnKeeper(store, self._now)
        #: Called when a new deadline was stored (the timer loop may have to wake sooner).
        self.on_schedule: Callable[[], None] | None = None

    # --- the one path of a change: play_step -------------------------------------
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
        :meth:`_apply` and :meth:`_commit`); then the standing answers that became due are stored as
        their own logged steps, the answer is filled for the game as it stands, and the change is
        placed in the game's turn message (:mod:`.turn_keeper`: a new one, whose pings are planned,
        or the current one edited; ``actor`` made the change). A :class:`ServiceError` anywhere
        refuses what is left; what was stored stays stored.
        """
        async with self._lock(row):
            txn = await self._load(row, want, expected_version)
            result = await change(txn)
            standing = await self._answer_due(txn)
            if standing is not None:
                result.public += standing.public
                result.mention, result.board_changed = standing.mention, True
                for user, lines in standing.private.items():
                    result.private.setdefault(user, []).extend(lines)
            if txn.stored and txn.over and txn.state is not None:
                result.public += ["The game is over!"] + format_scores(txn.game.outcome(txn.state), txn.names)
                result.public += await self._seat_lines(txn.row)
            table = await self._table_at(txn.record, txn.seats, txn.game, txn.state)
            self._fill(result, table)
            plan = await self.turn_messages.place(
                table, txn.before, txn.windows, actor, result.public, lambda users: self._route_pings(txn, users)
            )
            return Step.of(result, table, plan.ping, plan.dm, txn.played, **plan.step_fields())

    async def _load(self, row: int, want: str | None, expected_version: int | None = None) -> Txn:
        record = await self.store.game(row)
        if record is None:
            raise ServiceError("This game no longer exists.", "no_game")
        if want == "active" and record.status != "active":
            raise ServiceError("This game has ended in the meantime.", "stale")
        if want == "lobby" and record.status != "lobby":
            raise ServiceError(f"The {record.title} game here has already started.", "not_lobby")
        seats = await self._seats_of(record)
        self._check_version(record, expected_version)  # first: an outdated prompt is outdated for everyone
        state = await self._state(record) if record.status == "active" else None
        txn = Txn(record, seats, self._game(record.game_id), state)
        txn.before, txn.windows = txn.waiting_users(), txn.open_windows()
        return txn

    async def _answer_due(self, txn: Txn) -> Result | None:
        """Store the standing answers that became due (see :mod:`bot.service.standing`); ``None`` if none."""
        return None

    async def _route_pings(self, txn: Txn, users: list[str]) -> tuple[list[str], dict[str, str]]:
        """Of the users owed a ping: who is mentioned, and who also gets a direct message with which
        question (see :mod:`bot.service.notify`)."""
        return users, {}

    async def _seat_lines(self, game_row: int) -> list[str]:
        """Who played which seat, for seats that changed hands (see :mod:`bot.service.seats`)."""
        return []

    def _apply(self, txn: Txn, seat: int, action: Action | None = None, text: str | None = None) -> Applied:
        """Play ``action`` (or parse ``text``) for ``seat`` on a copy of the loaded state: apply, render,
        canonicalise; everything that runs rules code, before anything is stored.

        An illegal action is refused as usual. Any other exception from the engine is logged with its
        traceback, the game and the action, and refused with :data:`ENGINE_ERROR` (``engine_error``):
        nothing is stored and the version is unchanged, so the game stays playable.
        """
        game, state = txn.game, txn.state
        assert state is not None
        try:
            chosen = action if action is not None else play.parse_action(game, state, seat, text or "")
            new_state, events = play.apply(game, state, seat, chosen)
            public, private = render_events(game, new_state, events, txn.users)
            state_json = play.dumps(new_state)
            new_state = play.loads(state_json)  # canonical key order, as after any reload
            return Applied(
                play.action_text(game, chosen),
                new_state,
                state_json,
                public,
                private,
                game.undo_barrier(events),
                game.is_over(new_state),
            )
        except IllegalAction as exc:
            raise wrap_illegal(exc) from None
        except Exception:
            log.exception(
                "game %s (%s) at version %s: the engine failed on seat %s's %.200r; refused, nothing stored",
                txn.record.id,
                txn.record.game_id,
                txn.record.version,
                seat,
                action if action is not None else text,
            )
            raise ServiceError(ENGINE_ERROR, "engine_error") from None

    async def _commit_applied(self, txn: Txn, seat: int, user: str, applied: Applied, lead: list[str]) -> int:
        """Store an applied action (``lead``: the bot's own lines before its event sentences)."""
        return await self._commit(
            txn,
            seat=seat,
            user=user,
            kind="action",
            text=applied.text,
            undo_barrier=applied.undo_barrier,
            public=lead + applied.public,
            state_json=applied.state_json,
            state=applied.state,
        )

    async def _commit(
        self,
        txn: Txn,
        *,
        seat: int,
        user: str,
        kind: str,
        text: str,
        undo_barrier: bool,
        public: list[str],
        state_json: str,
        state: State,
    ) -> int:
        """Append one log row + snapshot at the next version in one transaction, or refuse a stale one;
        the loaded game moves on to it and the deadlines follow who must act."""
        record, users = txn.record, txn.users
        waiting = play.waiting_players(txn.game, state)
        status = "finished" if txn.game.is_over(state) else "active"
        try:
            version = await self.store.append(
                record.id,
                expected_version=record.version,
                seat=seat,
                user_id=user,
                kind=kind,
                text=text,
                undo_barrier=undo_barrier,
                public_lines=public,
                state_json=state_json,
                waiting=[users[p] for p in waiting],
                now=self._now(),
                status=status,
            )
        except VersionConflict:
            self._states.pop(record.id, None)
            raise ServiceError(_CONFLICT, "stale") from None
        self._remember(record.id, version, state)
        txn.record = replace(record, version=version, status=status, waiting=[users[p] for p in waiting])
        txn.state, txn.stored = state, txn.stored + 1
        await self._sync_clocks(record, waiting, status != "active")
        return version

    async def _sync_clocks(self, record: GameRecord, waiting: list[int], ended: bool = False) -> None:
        """Keep the seats' deadlines in step with who must act (see :mod:`bot.store.deadlines`)."""
        if ended:
            await self.deadlines.stop(record.id)
        elif (
            await self.deadlines.sync(
                record.id, preset(record.clock), waiting, self._now(), stored(record.hours, record.hours_tz)
            )
            and self.on_schedule
        ):
            self.on_schedule()

    # --- helpers --------------------------------------------------------------
    def _now(self) -> str:
        return iso(self._clock())

    def now(self) -> str:
        """The service clock's reading (ISO-8601 UTC)."""
        return self._now()

    def _lock(self, row: int) -> asyncio.Lock:
        lock = self._locks.get(row)
        if lock is None:
            lock = asyncio.Lock()
            self._locks[row] = lock
        return lock

    def _lock_unless(self, row: int, held: int | None) -> AbstractAsyncContextManager[Any]:
        """The game's lock, or nothing when the caller holds it already (``held``)."""
        return nullcontext() if row == held else self._lock(row)

    @staticmethod
    def _game(game_id: str) -> Game:
        try:
            return get_game(game_id)
        except IllegalAction as exc:
            raise wrap_illegal(exc) from None

    async def _live(self, channel_id: str | int, want: str | None = None) -> GameRecord:
        """The channel's lobby/active game, optionally required to be in state ``want``."""
        record = await self.store.live_game(uid(channel_id))
        if record is None:
            last = await self.store.latest_game(uid(channel_id))
            ended = f" The last {last.title} game here is {last.status}." if last else ""
            raise ServiceError(f"There is no game in progress in this channel.{ended} Open a lobby first.", "no_game")
        if want == "lobby" and record.status != "lobby":
            raise ServiceError(f"The {record.title} game here has already started.", "not_lobby")
        if want == "active" and record.status != "active":
            raise ServiceError(f"The {record.title} game here has not started yet.", "not_started")
        return record

    async def _latest(self, channel_id: str | int) -> GameRecord:
        record = await self.store.latest_game(uid(channel_id))
        if record is None:
            raise ServiceError("There is no game in this channel. Open a lobby first.", "no_game")
        return record

    async def _fresh(self, row: int) -> GameRecord:
        """Re-read a game under its lock; refuse if it ended meanwhile."""
        record = await self.store.game(row)
        if record is None or record.status != "active":
            raise ServiceError("This game has ended in the meantime.", "stale")
        return record

    async def _seats_of(self, record: GameRecord) -> list[SeatRecord]:
        """Members in seat order; cached once the game has started (seats never change then)."""
        if record.status == "lobby":
            return await self.store.seats(record.id)
        seats = self._seats.get(record.id)
        if seats is None:
            members = await self.store.seats(record.id)
            seats = self._seats[record.id] = [s for s in members if s.seat is not None]
        return seats

    @staticmethod
    def _seat_of(seats: list[SeatRecord], user_id: str) -> int:
        for member in seats:
            if member.user_id == user_id and member.seat is not None:
                return member.seat
        players = names_list([s.name for s in seats])
        raise ServiceError(f"You are not playing in this game (players: {players}).", "not_seated")

    async def _state(self, record: GameRecord) -> State:
        current = self._game(record.game_id).spec.rules_version
        if record.rules_version != current:
            # No silent drift: an old game's log may not replay under changed rules.
            raise ServiceError(
                f"This {record.title} game was started under rules version {record.rules_version}, "
                f"but this bot runs version {current}; an admin must migrate or end it.",
                "rules_version",
            )
        cached = self._states.get(record.id)
        if cached is not None and cached[0] == record.version:
            self._states.move_to_end(record.id)
            return cached[1]
        text = await self.store.snapshot(record.id, record.version)
        if text is None:
            raise ServiceError("This game has no saved state; ask an admin to check the log.", "corrupt")
        state = play.loads(text)
        check_playable(self._game(record.game_id), state, record.title)  # e.g. its data pack is not loaded
        self._remember(record.id, record.version, state)
        return state

    def _remember(self, row: int, version: int, state: State) -> None:
        self._states[row] = (version, state)
        self._states.move_to_end(row)
        while len(self._states) > self._cache_size:
            self._states.popitem(last=False)

    @staticmethod
    def _fill(result: Result, table: Table) -> Result:
        """Add who must act and (when over) the outcome; the legal texts and the public view are read
        from ``table`` only if a caller asks for them (the Discord path draws the table itself)."""
        record, state = table.record, table.state
        result.game_row, result.version, result.status, result.source = record.id, record.version, record.status, table
        if state is None:
            return result
        waiting = table.waiting_seats() if table.active else play.waiting_players(table.game, state)
        result.waiting = [table.users[p] for p in waiting]
        if table.game.is_over(state):
            result.game_over, result.status = True, "finished"
            result.outcome = table.game.outcome(state)
        return result

    async def _table_at(self, record: GameRecord, seats: list[SeatRecord], game: Game, state: State | None) -> Table:
        clocks = await self.deadlines.of_game(record.id) if record.clock != "none" else {}
        due = {seat: c.due_at for seat, c in clocks.items() if c.state == "running" and c.due_at}
        return Table(record, seats, game, state, due)

    def _check_version(self, record: GameRecord, expected: int | None) -> None:
        if expected is not None and expected != record.version:
            raise ServiceError(
                f"This prompt is outdated: the game has moved on to version {record.version} "
                f"(you answered version {expected}). Look at the latest board and try again.",
                "stale",
            )
