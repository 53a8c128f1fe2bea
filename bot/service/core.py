"""The core every service shares (:class:`Core`): the store and its books, the clock, the random
generator, the loaders with their one cache of seats and parsed states, the games' locks, and the
deadlines kept in step with who must act.

A service never changes a game except through :meth:`bot.service.play_step.Steps.play_step`; what it
reads it reads through these loaders, and so does a front end (:meth:`Core.table`): one loader, one
cache.
"""

from __future__ import annotations

import asyncio
import logging
import random
import weakref
from collections import OrderedDict
from collections.abc import Callable, Sequence
from contextlib import AbstractAsyncContextManager, nullcontext
from datetime import datetime
from typing import Any

from engine.core import AnyGame, IllegalAction, get_game, play
from engine.core.colours import PlayerColour, fill_choices, seat_colours

from ..store.ai_seats import is_ai_id
from ..store.away import AwayBook, Frozen
from ..store.deadlines import Deadlines
from ..store.lobbies import Lobbies
from ..store.notify import NotifyBook
from ..store.records import Records
from ..store.reminders import Reminders
from ..store.rows import GameRecord, SeatRecord
from ..store.store import GameStore
from ..store.times import iso
from .clock import TableClock, preset, utc_now
from .game_ui import Table
from .history import played_by
from .hours import TABLE_TIME, stored
from .i18n import msg
from .memory import TableMemory
from .packs import check_playable
from .records import State
from .results import ServiceError
from .shards import Shards
from .words import names_list, status_word

Clock = Callable[[], datetime | str]
log = logging.getLogger("bot.service")


def table_colours(game: AnyGame, stored: Sequence[str | None]) -> list[PlayerColour]:
    """Each seat's colour at a table of ``game`` whose seats stored ``stored`` (in seat order): the
    stored choice when it names the game's own colours, else the game's default order (see
    :func:`engine.core.colours.seat_colours`; games stored before issue 25 hold generic ids)."""
    spec = game.spec
    return seat_colours(spec.player_colours, stored, spec.colours_fixed)


def starting_colours(game: AnyGame, chosen: Sequence[str | None]) -> list[PlayerColour]:
    """The colours the seats of a starting ``game`` take: the ones they chose in the lobby (or kept
    from the game before a rematch), the rest in the game's order (see
    :func:`engine.core.colours.fill_choices`)."""
    spec = game.spec
    return fill_choices(spec.player_colours, chosen, spec.colours_fixed)


def uid(user_id: str | int) -> str:
    return str(user_id)


def wrap_illegal(exc: IllegalAction) -> ServiceError:
    return ServiceError(exc.message, exc.code, exc.legal)


class Core:
    """Loading and caching over a :class:`GameStore`; time from ``clock``, seats and seeds from ``rng``."""

    def __init__(
        self,
        store: GameStore,
        clock: Clock = utc_now,
        rng: random.Random | None = None,
        *,
        cache_size: int = 256,
        shards: Shards | None = None,
    ) -> None:
        self.store = store
        #: The shards this process holds: its timer loop fires only their games' work (:mod:`bot.service.shards`).
        self.shards = shards if shards is not None else Shards()
        self.rng = rng if rng is not None else random.Random()
        self._clock = clock
        self._cache_size = cache_size
        self._states: OrderedDict[int, tuple[int, State]] = OrderedDict()
        self._seats: dict[int, list[SeatRecord]] = {}
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()
        #: Each channel's table as last stored or loaded here, for look-ups that must not touch the
        #: database (autocomplete).
        self.tables = TableMemory(cache_size)
        self.deadlines = Deadlines(store)
        self.reminders = Reminders(store)
        self.notify = NotifyBook(store)
        self.lobbies = Lobbies(store)
        self.away = AwayBook(store)
        #: Called when a new deadline was stored (the timer loop may have to wake sooner).
        self.on_schedule: Callable[[], None] | None = None

    def now(self) -> str:
        """The service clock's reading (ISO-8601 UTC)."""
        return iso(self._clock())

    def schedule(self) -> None:
        """A deadline moved: wake the timer loop (if one listens)."""
        if self.on_schedule:
            self.on_schedule()

    async def owns(self, row: int) -> bool:
        """Is game ``row``'s timed work this process's (its server is on one of our shards)? Always
        true when the process holds every shard; a game that no longer exists counts as shard 0's."""
        if self.shards.everything:
            return True
        record = await self.store.game(row)
        return self.shards.owns_guild(record.guild_id if record is not None else None)

    # --- locks ----------------------------------------------------------------
    def lock(self, row: int) -> asyncio.Lock:
        lock = self._locks.get(row)
        if lock is None:
            lock = asyncio.Lock()
            self._locks[row] = lock
        return lock

    def lock_unless(self, row: int, held: int | None) -> AbstractAsyncContextManager[Any]:
        """The game's lock, or nothing when the caller holds it already (``held``)."""
        return nullcontext() if row == held else self.lock(row)

    # --- loaders ----------------------------------------------------------------
    @staticmethod
    def game(game_id: str) -> AnyGame:
        try:
            return get_game(game_id)
        except IllegalAction as exc:
            raise wrap_illegal(exc) from None

    async def live(self, channel_id: str | int, want: str | None = None) -> GameRecord:
        """The channel's lobby/active game, optionally required to be in state ``want``."""
        record = await self.store.live_game(uid(channel_id))
        if record is None:
            last = await self.store.latest_game(uid(channel_id))
            if last is None:
                raise ServiceError(msg("There is no game in progress in this channel. Open a lobby first."), "no_game")
            raise ServiceError(
                msg(
                    "There is no game in progress in this channel. The last {title} game here is {status}. "
                    "Open a lobby first.",
                    title=last.title,
                    status=status_word(last.status),
                ),
                "no_game",
            )
        if want == "lobby" and record.status != "lobby":
            raise ServiceError(msg("The {title} game here has already started.", title=record.title), "not_lobby")
        if want == "active" and record.status != "active":
            raise ServiceError(msg("The {title} game here has not started yet.", title=record.title), "not_started")
        return record

    async def latest(self, channel_id: str | int) -> GameRecord:
        record = await self.store.latest_game(uid(channel_id))
        if record is None:
            raise ServiceError(msg("There is no game in this channel. Open a lobby first."), "no_game")
        return record

    async def fresh(self, row: int) -> GameRecord:
        """Re-read a game under its lock; refuse if it ended meanwhile."""
        record = await self.store.game(row)
        if record is None or record.status != "active":
            raise ServiceError(msg("This game has ended in the meantime."), "stale")
        return record

    async def seats_of(self, record: GameRecord) -> list[SeatRecord]:
        """Members in seat order; cached once the game has started (until a seat changes hands)."""
        if record.status == "lobby":
            return await self.store.seats(record.id)
        seats = self._seats.get(record.id)
        if seats is None:
            members = await self.store.seats(record.id)
            seats = self._seats[record.id] = [s for s in members if s.seat is not None]
        return seats

    def seats_changed(self, row: int) -> None:
        """A seat changed hands: the next read loads the seats again."""
        self._seats.pop(row, None)
        self.tables.drop(row)

    @staticmethod
    def seat_of(seats: list[SeatRecord], user_id: str) -> int:
        for member in seats:
            if member.user_id == user_id and member.seat is not None:
                return member.seat
        players = names_list([s.name for s in seats])
        raise ServiceError(msg("You are not playing in this game (players: {players}).", players=players), "not_seated")

    async def state(self, record: GameRecord) -> State:
        """The parsed state of ``record``'s version, from the cache when it is there."""
        current = self.game(record.game_id).spec.rules_version
        if record.rules_version != current:
            # No silent drift: an old game's log may not replay under changed rules.
            raise ServiceError(
                msg(
                    "This {title} game was started under rules version {started}, "
                    "but this bot runs version {current}; an admin must migrate or end it.",
                    title=record.title,
                    started=record.rules_version,
                    current=current,
                ),
                "rules_version",
            )
        self.tables.moved(record.id, record.version)  # e.g. another process stored a newer one
        cached = self._states.get(record.id)
        if cached is not None and cached[0] == record.version:
            self._states.move_to_end(record.id)
            return cached[1]
        text = await self.store.snapshot(record.id, record.version)
        if text is None:
            raise ServiceError(msg("This game has no saved state; ask an admin to check the log."), "corrupt")
        state = play.loads(text)
        check_playable(self.game(record.game_id), state, record.title)  # e.g. its data pack is not loaded
        self.remember(record.id, record.version, state)
        return state

    def remember(self, row: int, version: int, state: State) -> None:
        self.tables.moved(row, version)
        self._states[row] = (version, state)
        self._states.move_to_end(row)
        while len(self._states) > self._cache_size:
            self._states.popitem(last=False)

    def forget(self, row: int) -> None:
        """The cached state of ``row`` is outdated (someone else stored a newer version)."""
        self._states.pop(row, None)
        self.tables.drop(row)

    async def seat_lines(self, game_row: int) -> list[str]:
        """Who played which seat, for seats that changed hands (empty when none did)."""
        return played_by(await Records(self.store).holders(game_row), await self.store.seats(game_row))

    @staticmethod
    def check_version(record: GameRecord, expected: int | None) -> None:
        if expected is not None and expected != record.version:
            raise ServiceError(
                msg(
                    "This prompt is outdated: the game has moved on to version {version} "
                    "(you answered version {expected}). Look at the latest board and try again.",
                    version=record.version,
                    expected=expected,
                ),
                "stale",
            )

    # --- tables: what front ends draw -----------------------------------------------
    async def table(self, game_row: int) -> Table:
        """The game as stored now, from the caches (seats and parsed state): what a front end checks a
        click against and draws, loaded once with the state the service plays on."""
        record = await self.store.game(game_row)
        if record is None:
            raise ServiceError(msg("This game no longer exists."), "no_game")
        return await self.table_of(record)

    async def table_in(self, channel_id: str | int) -> Table | None:
        """:meth:`table` of the channel's live game, else of its most recent one (``None``: no game yet),
        kept in :attr:`tables` for :meth:`suggesting`."""
        channel, since = uid(channel_id), self.tables.mark()
        record = await self.store.latest_game(channel)
        if record is None:
            return None
        table = await self.table_of(record)
        self.tables.loaded(channel, table, since)
        return table

    async def suggesting(self, channel_id: str | int) -> Table | None:
        """:meth:`table_in` from memory when this process holds the channel's table at its current
        version (no database statement: autocomplete asks at every keystroke), else loaded."""
        return self.tables.get(uid(channel_id)) or await self.table_in(channel_id)

    async def table_of(self, record: GameRecord) -> Table:
        seats, game = await self.seats_of(record), self.game(record.game_id)
        if record.status == "lobby":
            return Table(record, seats, game, None)
        try:
            state: State | None = await self.state(record)
        except ServiceError as exc:  # shown as stored all the same (the service refuses to play it)
            if exc.code not in ("rules_version", "corrupt"):
                raise
            text = await self.store.snapshot(record.id, record.version)
            state = play.loads(text) if text is not None else None
            if state is not None:
                check_playable(game, state, record.title)
        return await self.table_at(record, seats, game, state)

    async def table_at(self, record: GameRecord, seats: list[SeatRecord], game: AnyGame, state: State | None) -> Table:
        return Table(record, seats, game, state, await self.due(record))

    async def due(self, record: GameRecord) -> dict[int, str]:
        """The running deadlines of a timed game by seat (none for an untimed one)."""
        clocks = await self.deadlines.of_game(record.id) if record.clock != "none" else {}
        return {seat: c.due_at for seat, c in clocks.items() if c.state == "running" and c.due_at}

    # --- deadlines in step with who must act ------------------------------------------
    async def sync_clocks(
        self,
        record: GameRecord,
        waiting: list[int],
        ended: bool = False,
        version: int | None = None,
        resume: Sequence[int] = (),
    ) -> None:
        """Keep the seats' deadlines in step with who must act (see :mod:`bot.store.deadlines`): a frozen
        deadline (its player is away) thaws before its decision closes, so the bank is not charged for
        the freeze, and deadlines that opened for away players freeze. Untimed games have no deadlines.
        With ``version`` (whose ``waiting`` it is), nothing opens or closes once another process stored
        a newer version. The seats in ``resume`` took their answer back: their clock resumes. An AI seat
        has no clock (it never runs out of time); a seat the AI stands in for keeps its player's."""
        if record.clock != "none":
            for frozen in await self.away.frozen(game=record.id):
                if ended or frozen.seat not in waiting:
                    await self.thaw(frozen)
        speed = preset(record.clock)
        if ended:
            await self.deadlines.stop(record.id)
        elif speed.limited:
            clock = TableClock(speed, stored(record.hours, record.hours_tz))
            ai = {s.seat for s in await self.seats_of(record) if is_ai_id(s.user_id)}
            waiting = [p for p in waiting if p not in ai]
            if await self.deadlines.sync(record.id, clock, waiting, self.now(), version, resume):
                self.schedule()
        if record.clock != "none" and not ended:
            for game, seat, user in await self.away.to_freeze(record.id):
                await self.away.freeze(game, seat, user, self.now(), TABLE_TIME)

    async def thaw(self, frozen: Frozen) -> None:
        moved = await self.away.thaw(frozen, self.now(), TABLE_TIME)
        if moved is not None:
            await self.reminders.follow(frozen.game, frozen.seat, *moved, TABLE_TIME)
            self.schedule()

    async def reconcile(self, held: int | None = None, *, own_only: bool = False) -> None:
        """Freeze running deadlines of away users; thaw frozen ones that should run (each under its game's
        lock; the lock of game ``held`` is the caller's already). ``own_only`` (the timer loop): only
        the games on this process's shards."""
        for game, seat, user in await self.away.to_freeze():
            if own_only and not await self.owns(game):
                continue
            async with self.lock_unless(game, held):
                await self.away.freeze(game, seat, user, self.now(), TABLE_TIME)
        for frozen in await self.away.to_thaw():
            if own_only and not await self.owns(frozen.game):
                continue
            async with self.lock_unless(frozen.game, held):
                await self.thaw(frozen)
