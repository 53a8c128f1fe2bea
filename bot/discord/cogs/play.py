"""``/play action:<text>`` with legal-move autocomplete, and ``/mygames``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from ...service.game_ui import choice_value, label_of, resolve_value, suggest
from ...service.results import ServiceError
from ..turns import act_and_post

if TYPE_CHECKING:
    from ..app import PbpBot

Interaction = discord.Interaction[Any]


class PlayCog(commands.Cog):
    """Playing by text and the cross-game overview."""

    def __init__(self, bot: PbpBot) -> None:
        self.bot = bot

    @app_commands.command(name="play", description="Play an action in this channel's game")
    @app_commands.describe(action="Your action, e.g. `role settler` or `build small-market` (suggestions offered)")
    @app_commands.guild_only()
    async def play(self, interaction: Interaction, action: str) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        table = await self.bot.service.table_in(str(interaction.channel_id))
        if table is None or not table.active:
            raise ServiceError("There is no game in progress in this channel.", "no_game")
        text, version = resolve_value(action, table, table.seat_of(interaction.user.id))
        await act_and_post(interaction, table, text, version, ack=True)

    @play.autocomplete("action")
    async def actions(self, interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
        """The caller's legal texts filtered by what they typed (at most 25; none if they owe nothing)."""
        table = await self.bot.service.table_in(str(interaction.channel_id))
        if table is None:
            return []
        seat = table.seat_of(interaction.user.id)
        texts = table.texts(seat)
        return [
            app_commands.Choice(name=label_of(t, 100), value=choice_value(t, table.version, texts.index(t)))
            for t in suggest(texts, current, last=table.pass_text(seat))
        ]

    @app_commands.command(name="mygames", description="Your games: yours to play first, with deadlines and links")
    async def mygames(self, interaction: Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        result = await self.bot.service.away.my_games(interaction.user.id)
        lines = result.private.get(str(interaction.user.id), [])
        await interaction.followup.send("\n".join(lines)[:2000], ephemeral=True)


async def setup(bot: PbpBot) -> None:
    await bot.add_cog(PlayCog(bot))
