"""The game service: every request a front end can make, as plain async methods of small services.

:class:`GameService` composes them around one :class:`~bot.service.core.Core` (the store and its
books, the clock, the random generator, the loaders with their one cache, the games' locks) and one
:class:`~bot.service.play_step.Steps` (``play_step``, the locked path of every change):

========================  ==============================================================================
``service.lobby``         open, join, leave, start, abandon, rematch (:mod:`bot.service.lobby`)
``service.play``          act, undo, status, view (:mod:`bot.service.play`)
``service.archive``       log, history, export, import, rebuild (:mod:`bot.service.archive`)
``service.timeouts``      deadlines passing, the table's answers to them, restarts (:mod:`bot.service.timeouts`)
``service.reminders``     the reminder ladder, snoozes, the timer loop's next wake-up (:mod:`bot.service.reminders`)
``service.seats``         seat handovers (:mod:`bot.service.seats`)
``service.consent``       undo by vote (:mod:`bot.service.consent`)
``service.admin``         ``/admin`` (:mod:`bot.service.admin`)
``service.stats``         ``/stats`` (:mod:`bot.service.stats`)
``service.away``          away mode and ``/mygames`` (:mod:`bot.service.away`)
``service.notify``        ``/notify`` settings, held pings, digests, closed DMs (:mod:`bot.service.notify`)
``service.standing``      standing answers (:mod:`bot.service.standing`)
``service.ai``            the AI's due turns, and ``/back`` from its stand-in (:mod:`bot.service.ai_turns`)
========================  ==============================================================================

Front ends (Discord, the terminal, benchmarks) call these and post what the returned result says
(one small type per family of commands, :mod:`bot.service.results`; a
:class:`~bot.service.change.Step` for a change: what to draw and whom to ping); every refusal is a
:class:`~bot.service.results.ServiceError` with a friendly message, and nothing is stored when one
is raised.
"""

from __future__ import annotations

import random

from ..store.store import GameStore
from .admin import AdminService
from .ai_pool import ThinkPool
from .ai_turns import AiTurns
from .archive import ArchiveService
from .away import AwayService
from .change import Step
from .clock import utc_now
from .consent import ConsentService
from .core import Clock, Core
from .game_ui import Table
from .lease_keeper import LeaseKeeper
from .lobby import LobbyService
from .notify import NotifyService
from .pings import Pings
from .play import PlayService
from .play_step import Steps
from .reminders import STALL_AFTER, ReminderService
from .results import GameSummary, ServiceError
from .seats import SeatService
from .shards import Shards
from .standing import StandingService
from .stats import StatsService
from .timeouts import TimeoutService

__all__ = ["GameService", "ServiceError", "GameSummary", "Step"]


class GameService:
    """The services over one store; time from ``clock``, seats and seeds from ``rng``."""

    def __init__(
        self,
        store: GameStore,
        clock: Clock = utc_now,
        rng: random.Random | None = None,
        *,
        log_page_size: int = 20,
        cache_size: int = 256,
        stall_after: int = STALL_AFTER,
        shards: Shards | None = None,
        holder: str | None = None,
        thinker: ThinkPool | None = None,
    ) -> None:
        self.store = store
        self.core = Core(store, clock, rng, cache_size=cache_size, shards=shards)
        #: This process's shard leases (renewed by the timer loop; ``holder`` names the process).
        self.leases = LeaseKeeper(self.core, self.core.shards, holder)
        self.pings = pings = Pings(self.core)
        self.steps = Steps(self.core, pings)
        self.lobby = LobbyService(self.core, self.steps)
        self.away = AwayService(self.core)
        self.play = PlayService(self.core, self.steps, self.away)
        self.archive = ArchiveService(self.core, log_page_size)
        self.timeouts = TimeoutService(self.core, self.steps)
        self.reminders = ReminderService(self.core, pings, stall_after)
        self.seats = SeatService(self.core, self.steps)
        self.consent = ConsentService(self.core, self.steps)
        self.admin = AdminService(self.core, self.steps, self.seats, self.consent)
        self.stats = StatsService(self.core)
        self.notify = NotifyService(self.core, pings, self.away)
        self.standing = StandingService(self.core, self.steps)
        #: The AI's turns (``thinker``: where it thinks; none given: a thread).
        self.ai = AiTurns(self.core, self.steps, thinker)

    def now(self) -> str:
        """The service clock's reading (ISO-8601 UTC)."""
        return self.core.now()

    async def table(self, game_row: int) -> Table:
        """The game as stored now, from the service's one cache: what a front end checks a click
        against and draws (see :meth:`Core.table <bot.service.core.Core.table>`)."""
        return await self.core.table(game_row)

    async def table_in(self, channel_id: str | int) -> Table | None:
        """:meth:`table` of the channel's live game, else of its most recent one (``None``: no game yet)."""
        return await self.core.table_in(channel_id)

    async def suggesting(self, channel_id: str | int) -> Table | None:
        """:meth:`table_in` answered from memory for the table's current version when this process
        holds it (see :meth:`Core.suggesting <bot.service.core.Core.suggesting>`): for autocomplete."""
        return await self.core.suggesting(channel_id)

    async def redraw(self, game_row: int) -> Step | None:
        """The game's current turn message to draw again in place, nothing new in it (see
        :meth:`Steps.redraw <bot.service.play_step.Steps.redraw>`); ``None`` when it has none posted."""
        return await self.steps.redraw(game_row)

    async def posted(self, game_row: int, version: int, message_id: str) -> None:
        """The front end posted the turn message of ``version`` as ``message_id`` (for jump links)."""
        await self.steps.posted(game_row, version, message_id)

    async def turn_posted(self, step: Step, message_id: str) -> None:
        """The front end posted ``step``'s turn message as ``message_id`` (see :meth:`Steps.turn_posted
        <bot.service.play_step.Steps.turn_posted>`): later changes of the turn edit it."""
        await self.steps.turn_posted(step, message_id)
