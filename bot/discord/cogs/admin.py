"""``/admin …`` for the game's creator or a member who may manage the channel: force, replace (also
with the AI, or back from it), rollback, end. The service checks who may; every outcome is posted
publicly with the admin's name."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from ...service.change import Step
from ...service.results import ServiceError
from ..language import of_table
from ..turns import finish, post_public, post_step
from .game import AI_LEVEL_CHOICES, NO_BOTS, ONE_TARGET, channel_of

if TYPE_CHECKING:
    from ..app import PbpBot

Interaction = discord.Interaction[Any]


def manager(interaction: Interaction) -> bool:
    return bool(interaction.permissions.manage_channels)


@app_commands.guild_only()
class AdminCog(
    commands.GroupCog,
    group_name="admin",
    group_description="Fix a stuck game (its creator, or members who can manage the channel)",
):
    """Thin commands over :class:`bot.service.admin.AdminService`."""

    def __init__(self, bot: PbpBot) -> None:
        self.bot = bot
        super().__init__()

    async def _post(self, interaction: Interaction, step: Step) -> None:
        """The turn message after the change: pings only players who newly owe a decision."""
        await finish(interaction, await post_step(self.bot, step, None))

    @app_commands.command(name="force", description="Play the default for a stuck decision")
    @app_commands.describe(player="Whose decision (needed when several players are deciding)")
    async def force(self, interaction: Interaction, player: discord.Member | None = None) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        channel = channel_of(interaction)
        result = await self.bot.service.admin.force(
            channel,
            interaction.user.id,
            interaction.user.display_name,
            manager(interaction),
            player.id if player else None,
        )
        await self._post(interaction, result)

    @app_commands.command(name="replace", description="Give a player's seat to someone else or the AI")
    @app_commands.describe(
        player="The player whose seat changes hands",
        new_player="Who plays the seat from now on (the player themselves: back from the AI)",
        ai="Hand the seat to the AI at this level instead, until its player is back",
    )
    @app_commands.choices(ai=AI_LEVEL_CHOICES)
    async def replace(
        self,
        interaction: Interaction,
        player: discord.Member,
        new_player: discord.Member | None = None,
        ai: str | None = None,
    ) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        channel, by, name = channel_of(interaction), interaction.user.id, interaction.user.display_name
        if ai is not None and new_player is None:
            result = await self.bot.service.admin.to_ai(channel, by, name, player.id, ai, manager(interaction))
        elif new_player is None or ai is not None:
            raise ServiceError(ONE_TARGET, "bad_substitute")
        elif new_player.bot:
            raise ServiceError(NO_BOTS, "bad_substitute")
        else:
            result = await self.bot.service.admin.replace(
                channel, by, name, player.id, new_player.id, new_player.display_name, manager(interaction)
            )
        await self._post(interaction, result)

    @app_commands.command(name="rollback", description="Go back to the board after an earlier step (no vote)")
    @app_commands.describe(step="The step to go back to (the #n in /game log)")
    async def rollback(self, interaction: Interaction, step: app_commands.Range[int, 0, 1_000_000]) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        channel = channel_of(interaction)
        result = await self.bot.service.admin.rollback(
            channel, interaction.user.id, interaction.user.display_name, step, manager(interaction)
        )
        await self._post(interaction, result)

    @app_commands.command(name="end", description="End the game without a result")
    async def end(self, interaction: Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        result = await self.bot.service.admin.end(
            channel_of(interaction), interaction.user.id, interaction.user.display_name, manager(interaction)
        )
        lang = of_table(await self.bot.service.table(result.game_row)) if result.game_row else "en"
        await post_public(interaction, result.public, lang)


async def setup(bot: PbpBot) -> None:
    await bot.add_cog(AdminCog(bot))
