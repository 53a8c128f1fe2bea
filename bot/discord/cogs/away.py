"""``/away until:<date>`` and ``/back``: freeze your clocks in all your games while you are away;
``/back`` also ends the AI standing in for you where your time ran out."""

from __future__ import annotations

import logging
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from ...service.ai_turns import BACK_FROM_AI
from ...service.away import AwayChange
from ...service.results import ServiceError
from ..turns import finish
from ..views.reminders import post_notice

if TYPE_CHECKING:
    from ..app import PbpBot

log = logging.getLogger("bot.away")
Interaction = discord.Interaction[Any]


class AwayCog(commands.Cog):
    """Absences: ephemeral answers to the user, one silent line in each of their games."""

    def __init__(self, bot: PbpBot) -> None:
        self.bot = bot

    @app_commands.command(name="away", description="Freeze your clocks in all your games until a date")
    @app_commands.describe(until="When you are back: 2030-01-15, 2030-01-15 18:00 (your time zone) or 3d / 36h")
    async def away(self, interaction: Interaction, until: str) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        await self.tell(interaction, await self.bot.service.away.set(interaction.user.id, until))

    @app_commands.command(name="back", description="End your away time now: your clocks run again")
    async def back(self, interaction: Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        stood = await self.bot.service.ai.back(interaction.user.id)  # the AI stops standing in for them
        try:
            change = await self.bot.service.away.back(interaction.user.id)
        except ServiceError as exc:
            if exc.code != "not_away" or not stood:
                raise
            change = AwayChange(BACK_FROM_AI, [])
        await self.tell(interaction, replace(change, notices=stood + change.notices))

    async def tell(self, interaction: Interaction, change: AwayChange) -> None:
        for notice in change.notices:
            try:
                await post_notice(self.bot, notice)
            except discord.HTTPException as exc:  # stored already; /mygames shows it
                log.warning("away line in channel %s not posted: %s", notice.channel_id, exc)
        await finish(interaction, [change.message])


async def setup(bot: PbpBot) -> None:
    await bot.add_cog(AwayCog(bot))
