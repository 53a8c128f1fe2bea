"""The Discord bot: :func:`create_bot` builds it from settings without connecting.

``setup_hook`` (run by discord.py at login, or by tests directly) starts the processes that draw
board images (``RENDER_WORKERS``, :mod:`render.pool`; warm before the bot serves), opens the store
(which runs the migrations), registers the persistent DynamicItems, installs the command
translator (Japanese names and descriptions, :mod:`bot.discord.i18n`), loads the cogs and syncs
the slash commands to ``DEV_GUILD_ID`` when set, otherwise globally.

``close`` stops cleanly (:mod:`bot.discord.stopping`): new interactions are refused, background
work stops between two rounds, the interactions being answered are answered, the cogs unload (the
shard leases are given up), the connection to Discord closes, the store closes once no operation is
in flight, and the board-drawing processes stop last. ``asyncio.run`` then cancels what is left,
which no longer touches the database.
"""

from __future__ import annotations

import asyncio
import logging
import os
import random
import socket
from collections.abc import Mapping
from typing import Any

import discord
from discord.ext import commands

from engine.core import all_games
from render.pool import RenderPool

from .. import health
from ..service.ai_pool import ThinkPool
from ..service.clock import DAY, utc_now
from ..service.core import Clock
from ..service.game_ui import Table
from ..service.opening import opening_views
from ..service.packs import load_data_packs
from ..service.service import GameService
from ..service.shards import Shards
from ..settings import Settings
from ..store.store import GameStore
from .errors import GameTree
from .i18n import COG_MODULES, CommandTranslator
from .stopping import answered, install_gate
from .views.components import DYNAMIC_ITEMS, make_item
from .views.control import CONTROL_ITEMS
from .views.history import HISTORY_ITEMS
from .views.layout import Control
from .views.notify import direct
from .views.reminders import SnoozeButton
from .views.timeouts import OfferButton

log = logging.getLogger("bot")
COGS = COG_MODULES
#: How long :meth:`PbpBot.close` lets the interactions being answered finish (seconds).
STOP_GRACE = 10.0


def shards_of(settings: Settings) -> Shards:
    """The shards this process holds (one shard holding everything when unsharded)."""
    return Shards.of(settings.shard_count, settings.shard_ids)


class PbpBot(commands.Bot):
    """Slash commands and components only: no privileged intents, no message content."""

    store: GameStore
    service: GameService

    def __init__(
        self, settings: Settings, clock: Clock = utc_now, rng: random.Random | None = None, **options: Any
    ) -> None:
        intents = discord.Intents.none()
        intents.guilds = True
        # Slash commands and components only: voice is never used, so no warning about its libraries.
        discord.VoiceClient.warn_nacl = discord.VoiceClient.warn_dave = False
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            help_command=None,
            tree_cls=GameTree,
            allowed_mentions=discord.AllowedMentions.none(),
            **options,
        )
        self.settings = settings
        self.shard_plan = shards_of(settings)
        self.clock, self.rng = clock, rng
        #: When the timer loop last finished a round (service clock, ISO-8601), for ``/health``.
        self.last_tick: str | None = None
        self.health_server: asyncio.Server | None = None
        #: The processes drawing board images (:mod:`render.pool`), started by :meth:`setup_hook`.
        self.renderer = RenderPool(settings.render_workers)
        #: The processes the AI players think in (:mod:`bot.service.ai_pool`), started by :meth:`setup_hook`.
        self.thinker = ThinkPool(settings.ai_workers)
        #: Set by :meth:`close`: new interactions are refused from then on.
        self.stopping = False
        install_gate(self, lambda: self.stopping)

    async def setup_hook(self) -> None:
        # False (logged): boards are drawn in a thread instead
        await self.renderer.start(await asyncio.to_thread(opening_views))
        await self.thinker.start()  # False (logged): the AI thinks in a thread instead
        self.store = await GameStore.open(self.settings.database_path)
        self.service = GameService(
            self.store,
            clock=self.clock,
            rng=self.rng,
            stall_after=self.settings.stall_days * DAY,
            shards=self.shard_plan,
            holder=f"{socket.gethostname()}:{os.getpid()}:{self.shard_plan.label()}",
            thinker=self.thinker,
        )
        all_games()  # every installed game imported now (a broken one logged now), not on a first click
        self.add_dynamic_items(*DYNAMIC_ITEMS, OfferButton, *HISTORY_ITEMS, SnoozeButton, *CONTROL_ITEMS)
        await self.tree.set_translator(CommandTranslator())  # Japanese names and descriptions for Discord
        for name in COGS:
            await self.load_extension(name)
        if self.settings.sync_commands:
            await self.sync_commands()
        if self.settings.health_port is not None:
            self.health_server = await health.serve(self.health, self.settings.health_port, self.settings.health_host)
            log.info("health endpoint on http://%s:%d/health", self.settings.health_host, self.settings.health_port)
        log.info("ready to serve games from %s (shards %s)", self.settings.database_path, self.shard_plan.label())

    async def health(self) -> Mapping[str, Any]:
        """What ``GET /health`` answers: ``ok`` when Discord reported ready and the database answers."""
        report: dict[str, Any] = health.shard_fields(self.settings)
        try:
            schema = await self.store.revision()
            report |= {"database_ok": schema == health.schema_expected(), "schema": schema}
        except Exception as exc:  # any failure of the store counts as "database not ok"
            report |= {"database_ok": False, "error": f"database: {exc}"}
        held = self.service.leases.held
        timed = list(held) if held is not None else None
        report |= {"ready": self.is_ready(), "last_tick": self.last_tick, "timed_shards": timed}
        report["ok"] = bool(report["ready"] and report["database_ok"])
        return report

    async def sync_commands(self) -> None:
        if self.settings.dev_guild_id:
            guild = discord.Object(self.settings.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
            log.info("synced %d commands to guild %s", len(synced), self.settings.dev_guild_id)
        else:
            synced = await self.tree.sync()
            log.info("synced %d global commands (they may take a while to appear)", len(synced))

    def item(self, table: Table, control: Control, lang: str = "en") -> discord.ui.Item[Any]:
        """The persistent component drawing one planned control, labelled in ``lang`` (what
        :mod:`bot.discord.turns` posts)."""
        return make_item(table, control, lang)

    async def tell_privately(self, user_id: str, text: str, channel_id: str | None = None) -> None:
        """Best-effort DM (e.g. a forced action's secret VP) to a user who opted in to DMs (``/notify``);
        never load-bearing: the same lines are on their private board. A 403 is remembered in SQLite."""
        if user_id.isdigit() and await self.service.notify.dm_allowed(user_id):
            await direct(self, user_id, text, channel_id)

    async def close(self) -> None:
        """Stop cleanly (see the module's text): no store operation is left in flight to be cancelled."""
        self.stopping = True
        if self.health_server is not None:
            self.health_server.close()
            await self.health_server.wait_closed()
            self.health_server = None
        for cog in list(self.cogs.values()):  # background work (the timer loop) stops between rounds
            stop = getattr(cog, "stop", None)
            if stop is not None:
                await stop()
        await answered(STOP_GRACE)  # with the store and Discord's HTTP still open
        await super().close()  # unloads the cogs (the leases are given up), then closes the connection
        store = getattr(self, "store", None)
        if store is not None:
            await store.close()  # once the operations in flight have finished
        await self.renderer.close()  # after the last board: the interactions were answered
        await self.thinker.close()


class ShardedPbpBot(PbpBot, commands.AutoShardedBot):
    """The bot as discord.py's ``AutoShardedBot`` holding ``SHARD_IDS`` of ``SHARD_COUNT`` shards (one
    gateway connection per shard in this process)."""

    def __init__(self, settings: Settings, clock: Clock = utc_now, rng: random.Random | None = None) -> None:
        if settings.shard_count is None:
            raise ValueError("ShardedPbpBot needs SHARD_COUNT")
        super().__init__(settings, clock, rng, shard_count=settings.shard_count, shard_ids=list(settings.shard_ids))


def create_bot(settings: Settings | None = None, clock: Clock = utc_now, rng: random.Random | None = None) -> PbpBot:
    """The bot with its settings (default: from the environment); connects only when run. With
    ``SHARD_COUNT`` set it is a :class:`ShardedPbpBot`, otherwise a plain single-connection bot.

    ``clock`` and ``rng`` are for tests and the offline demo (fake time, fixed seating). The
    server owner's data packs (``DATA_PACKS``) are loaded first: a bad one raises
    :class:`~bot.settings.SettingsError` naming the variable, the file, row and field.
    """
    settings = settings if settings is not None else Settings.from_env()
    load_data_packs(settings.data_packs)
    if settings.sharded:
        return ShardedPbpBot(settings, clock, rng)
    return PbpBot(settings, clock, rng)
