"""The Discord bot: :func:`create_bot` builds it from settings without connecting.

``setup_hook`` (run by discord.py at login, or by tests directly) opens the SQLite store
(which runs the migrations), registers the persistent DynamicItems, installs the command
translator (Japanese names and descriptions, :mod:`bot.discord.i18n`), loads the cogs and syncs
the slash commands to ``DEV_GUILD_ID`` when set, otherwise globally.
"""

from __future__ import annotations

import logging
import random
from typing import Any

import discord
from discord.ext import commands

import engine  # noqa: F401  (importing registers every game)

from ..service.controls import Control
from ..service.core import Clock
from ..service.game_ui import Table
from ..service.packs import load_data_packs
from ..service.results import utc_now
from ..service.service import GameService
from ..settings import Settings
from ..store.clock import DAY
from ..store.store import GameStore
from .errors import GameTree
from .i18n import COG_MODULES, CommandTranslator
from .views.components import DYNAMIC_ITEMS, make_item
from .views.control import CONTROL_ITEMS
from .views.history import HISTORY_ITEMS
from .views.notify import direct
from .views.reminders import SnoozeButton
from .views.timeouts import OfferButton

log = logging.getLogger("bot")
COGS = COG_MODULES


class PbpBot(commands.Bot):
    """Slash commands and components only: no privileged intents, no message content."""

    store: GameStore
    service: GameService

    def __init__(self, settings: Settings, clock: Clock = utc_now, rng: random.Random | None = None) -> None:
        intents = discord.Intents.none()
        intents.guilds = True
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            help_command=None,
            tree_cls=GameTree,
            allowed_mentions=discord.AllowedMentions.none(),
        )
        self.settings = settings
        self.clock, self.rng = clock, rng

    async def setup_hook(self) -> None:
        self.store = await GameStore.open(self.settings.database_path)
        self.service = GameService(
            self.store, clock=self.clock, rng=self.rng, stall_after=self.settings.stall_days * DAY
        )
        self.add_dynamic_items(*DYNAMIC_ITEMS, OfferButton, *HISTORY_ITEMS, SnoozeButton, *CONTROL_ITEMS)
        await self.tree.set_translator(CommandTranslator())  # Japanese names and descriptions for Discord
        for name in COGS:
            await self.load_extension(name)
        if self.settings.sync_commands:
            await self.sync_commands()
        log.info("ready to serve games from %s", self.settings.database_path)

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
        await super().close()  # unloads the cogs first: the timer loop stops and writes its heartbeat
        store = getattr(self, "store", None)
        if store is not None:
            await store.close()


def create_bot(settings: Settings | None = None, clock: Clock = utc_now, rng: random.Random | None = None) -> PbpBot:
    """The bot with its settings (default: from the environment); connects only when run.

    ``clock`` and ``rng`` are for tests and the offline demo (fake time, fixed seating). The
    server owner's data packs (``DATA_PACKS``) are loaded first: a bad one raises
    :class:`~bot.settings.SettingsError` naming the variable, the file, row and field.
    """
    settings = settings if settings is not None else Settings.from_env()
    load_data_packs(settings.data_packs)
    return PbpBot(settings, clock, rng)
