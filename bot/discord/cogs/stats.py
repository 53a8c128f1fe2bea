"""``/stats [player]``: a member's finished games, wins, time to move and timeouts, shown to the caller."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from ..language import lines, reader

if TYPE_CHECKING:
    from ..app import PbpBot

Interaction = discord.Interaction[Any]


class StatsCog(commands.Cog):
    """Thin command over :class:`bot.service.stats.StatsService`."""

    def __init__(self, bot: PbpBot) -> None:
        self.bot = bot

    @app_commands.command(name="stats", description="Games finished, time to move and timeouts of a player")
    @app_commands.describe(player="Whose statistics (default: yours)")
    async def stats(self, interaction: Interaction, player: discord.User | None = None) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        who = player or interaction.user
        found = await self.bot.service.stats.player(who.id)
        text = lines(found.lines(who.display_name), await reader(interaction))
        await interaction.followup.send(text[:2000], ephemeral=True)


async def setup(bot: PbpBot) -> None:
    await bot.add_cog(StatsCog(bot))
