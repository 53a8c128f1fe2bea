"""Shared plumbing of the game service: loading games, seats and states, caching, locks."""

from __future__ import annotations

import asyncio
import inspect
import logging
import random
import weakref
from collections import OrderedDict
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from engine.core import Action, Game, IllegalAction, State, get_game, play

from ..store.clock import iso
from ..store.deadlines import Deadlines
from ..store.hours import stored
from ..store.rows import GameRecord, SeatRecord, VersionConflict
from ..store.store import GameStore
from .clock import preset
from .history import render_events
from .inputs import at_boundary
from .packs import check_playable
from .results import Result, ServiceError, names_list, utc_now

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


@dataclass
class Turn:
    """A loaded game under its lock, for one user's request."""

    record: GameRecord
    seats: list[SeatRecord]
    seat: int
    user: str
    game: Game
    state: State

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.seats]

    @property
    def users(self) -> list[str]:
        return [s.user_id for s in self.seats]


@dataclass
class Applied:
    """One action for ``turn.seat`` applied to a copy of the state, with everything the rules say
    about it, before anything is stored (see :meth:`ServiceBase._step`)."""

    text: str
    state: State
    state_json: str
    public: list[str]
    private: dict[str, list[str]]
    undo_barrier: bool
    over: bool
    #: The answer for the new state (waiting, legal texts, view, scores) at the next version.
    result: Result


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
        #: Called when a new deadline was stored (the timer loop may have to wake sooner).
        self.on_schedule: Callable[[], None] | None = None

    # --- one seated user's request, under the game's lock -----------------------
    @asynccontextmanager
    async def _turn(
        self, channel_id: str | int, user_id: str | int, expected_version: int | None
    ) -> AsyncIterator[Turn]:
        live = await self._live(channel_id, "active")
        async with self._lock(live.id):
            record = await self._fresh(live.id)
            seats = await self._seats_of(record)
            user = uid(user_id)
            self._check_version(record, expected_version)  # first: an outdated prompt is outdated for everyone
            seat = self._seat_of(seats, user)
            game = self._game(record.game_id)
            yield Turn(record, seats, seat, user, game, await self._state(record))

    def _step(self, turn: Turn, action: Action | None = None, text: str | None = None) -> Applied:
        """Play ``action`` (or parse ``text``) for ``turn.seat``: apply, render, canonicalise, and fill
        the answer for the new state; everything that runs rules code, before anything is stored.

        An illegal action is refused as usual. Any other exception from the engine is logged with its
        traceback, the game and the action, and refused with :data:`ENGINE_ERROR` (``engine_error``):
        nothing is stored and the version is unchanged, so the game stays playable.
        """
        game, state, seat = turn.game, turn.state, turn.seat
        try:
            chosen = action if action is not None else play.parse_action(game, state, seat, text or "")
            new_state, events = play.apply(game, state, seat, chosen)
            public, private = render_events(game, new_state, events, turn.users)
            state_json = play.dumps(new_state)
            new_state = play.loads(state_json)  # canonical key order, as after any reload
            result = self._fill(
                Result(private=private, board_changed=True),
                turn.record,
                game,
                turn.seats,
                new_state,
                turn.record.version + 1,
                mention=True,
            )
            return Applied(
                play.action_text(game, chosen),
                new_state,
                state_json,
                public,
                private,
                game.undo_barrier(events),
                game.is_over(new_state),
                result,
            )
        except IllegalAction as exc:
            raise wrap_illegal(exc) from None
        except Exception:
            log.exception(
                "game %s (%s) at version %s: the engine failed on seat %s's %.200r; refused, nothing stored",
                turn.record.id,
                turn.record.game_id,
                turn.record.version,
                seat,
                action if action is not None else text,
            )
            raise ServiceError(ENGINE_ERROR, "engine_error") from None

    async def _store_step(
        self,
        turn: Turn,
        *,
        kind: str,
        text: str,
        undo_barrier: bool,
        public: list[str],
        state_json: str,
        new_state: State,
        status: str = "active",
    ) -> int:
        """Append one log row + snapshot at the next version, or refuse a stale one."""
        users = turn.users
        try:
            version = await self.store.append(
                turn.record.id,
                expected_version=turn.record.version,
                seat=turn.seat,
                user_id=turn.user,
                kind=kind,
                text=text,
                undo_barrier=undo_barrier,
                public_lines=public,
                state_json=state_json,
                waiting=[users[p] for p in play.waiting_players(turn.game, new_state)],
                now=self._now(),
                status=status,
            )
        except VersionConflict:
            self._states.pop(turn.record.id, None)
            raise ServiceError(_CONFLICT, "stale") from None
        self._remember(turn.record.id, version, new_state)
        await self._sync_clocks(turn.record, play.waiting_players(turn.game, new_state), status != "active")
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

    def _fill(
        self,
        result: Result,
        record: GameRecord,
        game: Game,
        seats: list[SeatRecord],
        state: State,
        version: int,
        *,
        mention: bool,
    ) -> Result:
        """Add who must act, their legal texts, the public view and (when over) the outcome."""
        users = [s.user_id for s in seats]
        result.game_row, result.version, result.status = record.id, version, record.status
        result.waiting = [users[p] for p in play.waiting_players(game, state)]
        result.legal = {users[p]: play.legal_texts(game, state, p) for p in play.waiting_players(game, state)}
        result.state_view = game.public_view(state)
        if mention:
            result.mention = list(result.waiting)
        if game.is_over(state):
            result.game_over, result.status = True, "finished"
            result.outcome = game.outcome(state)
        return result

    def _check_version(self, record: GameRecord, expected: int | None) -> None:
        if expected is not None and expected != record.version:
            raise ServiceError(
                f"This prompt is outdated: the game has moved on to version {record.version} "
                f"(you answered version {expected}). Look at the latest board and try again.",
                "stale",
            )
