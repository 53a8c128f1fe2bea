"""One error path for commands and components: friendly ephemeral replies, logs for the rest."""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands

from render.i18n import tr

from ..service.logctx import SHARD
from ..service.results import ServiceError
from ..service.shards import Shards
from ..store.rows import StoreClosed
from .i18n import msg
from .language import reader

log = logging.getLogger("bot.errors")
CUT_SHORT = msg(
    "I am restarting and could not finish this; once I am back, `/game status` shows where the game stands."
)
APOLOGY = msg("Sorry, something went wrong on my side; it has been logged. `/game status` shows where the game stands.")


async def send_ephemeral(interaction: discord.Interaction[Any], content: str, **kwargs: Any) -> None:
    """Reply only to the user (in their language), whether or not the interaction was already answered
    or deferred."""
    content = tr(content, await reader(interaction))
    content = content if len(content) <= 2000 else content[:1999] + "…"
    if interaction.response.is_done():
        await interaction.followup.send(content, ephemeral=True, **kwargs)
    else:
        await interaction.response.send_message(content, ephemeral=True, **kwargs)


def friendly(error: BaseException) -> str | None:
    """The message a player should see (a :class:`~engine.core.i18n.Msg` or discord.py's own words),
    or ``None`` for an unexpected error."""
    if isinstance(error, ServiceError):
        return error.message
    if isinstance(error, StoreClosed):  # the bot is stopping and could not finish in time
        return CUT_SHORT
    if isinstance(error, app_commands.NoPrivateMessage):
        return msg("Games live in server channels; use this command there.")
    if isinstance(error, app_commands.CheckFailure | app_commands.TransformerError):
        return str(error)
    return None


async def report(interaction: discord.Interaction[Any], error: BaseException, **context: Any) -> None:
    """Answer ``error`` ephemerally; log unexpected ones with command, user, channel and context."""
    if isinstance(error, app_commands.CommandInvokeError):
        error = error.original
    message = friendly(error)
    if message is None:
        command = interaction.command.qualified_name if interaction.command else None
        data: dict[str, Any] = dict(interaction.data or {})
        log.error(
            "unexpected error: command=%s custom_id=%s user=%s channel=%s options=%s context=%s",
            command,
            data.get("custom_id"),
            interaction.user.id if interaction.user else None,
            interaction.channel_id,
            data.get("options"),
            context,
            exc_info=error,
        )
        message = APOLOGY
    try:
        await send_ephemeral(interaction, message)
    except discord.HTTPException:  # the interaction expired or Discord is down: nothing more to do
        log.warning("could not tell user about %r", message)


class GameTree(app_commands.CommandTree[Any]):
    """The command tree with the shared error handler."""

    async def interaction_check(self, interaction: discord.Interaction[Any]) -> bool:
        """Every slash command passes; its log lines carry the shard of its server (structured logs)."""
        shards = getattr(interaction.client, "shard_plan", None)
        if isinstance(shards, Shards):
            SHARD.set(shards.shard_of_guild(interaction.guild_id))
        return True

    async def on_error(self, interaction: discord.Interaction[Any], error: app_commands.AppCommandError) -> None:
        await report(interaction, error)
