"""``/notify settings`` (how, when and how often you are pinged), ``/notify language`` (the language
the bot speaks to you) and ``/notify auto`` (standing answers for a kind of decision in this
channel's game). Every answer is ephemeral."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any
from zoneinfo import available_timezones

import discord
from discord import app_commands
from discord.ext import commands

from render.i18n import LANGUAGES, NAMES

from ..i18n import msg
from ..language import chosen, forget
from ..turns import finish, post_step

if TYPE_CHECKING:
    from ..app import PbpBot

Interaction = discord.Interaction[Any]
MODES = [
    app_commands.Choice(name="mentions in the game's channel (default)", value="channel"),
    app_commands.Choice(name="mentions and a direct message", value="dm"),
    app_commands.Choice(name="no pings: one daily digest by direct message", value="digest"),
]
CLIENT = "client"
LANGUAGES_FOR_YOU = [app_commands.Choice(name=NAMES[lang], value=lang) for lang in LANGUAGES] + [
    app_commands.Choice(name="follow my Discord client", value=CLIENT)
]


class NotifyCog(commands.GroupCog, group_name="notify", group_description="How the bot notifies you"):
    """Thin commands over the service's notification preferences and standing answers."""

    def __init__(self, bot: PbpBot) -> None:
        self.bot = bot
        self.zones = sorted(available_timezones())
        super().__init__()

    @app_commands.command(name="settings", description="Show or change how, when and how often you are pinged")
    @app_commands.describe(
        mode="Channel mentions, also a DM, or a daily digest instead",
        timezone="Your time zone, e.g. Europe/Berlin (for quiet hours and dates)",
        quiet="Quiet hours in your time zone, e.g. 22-07, or off",
        budget="At most this many pings a day across all your games (1–100; 0: no limit)",
    )
    @app_commands.choices(mode=MODES)
    async def settings(
        self,
        interaction: Interaction,
        mode: str | None = None,
        timezone: str | None = None,
        quiet: str | None = None,
        budget: app_commands.Range[int, 0, 100] | None = None,
    ) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        result = await self.bot.service.notify.settings(interaction.user.id, mode, timezone, quiet, budget)
        await finish(interaction, result.lines)

    @app_commands.command(name="language", description="The language of the bot's private replies and messages to you")
    @app_commands.describe(language="English, 日本語, or the language of your Discord client (default)")
    @app_commands.choices(language=LANGUAGES_FOR_YOU)
    async def language(self, interaction: Interaction, language: str | None = None) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        user = str(interaction.user.id)
        if language is not None:
            result = await self.bot.service.notify.set_language(user, None if language == CLIENT else language)
            forget(interaction)  # answered in the language just chosen
            await finish(interaction, result.lines)
            return
        now = await chosen(self.bot, user)
        if now is None:
            said = msg("You have not chosen a language: I follow your Discord client's.")
        else:
            said = msg("Your language: {language}.", language=NAMES[now])
        await finish(interaction, [said])

    @settings.autocomplete("timezone")
    async def timezones(self, interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
        typed = current.strip().lower().replace(" ", "_")
        return [app_commands.Choice(name=z, value=z) for z in self.zones if typed in z.lower()][:25]

    @app_commands.command(name="auto", description="Always answer a kind of decision in this game with its default")
    @app_commands.describe(
        kind="The kind of decision (suggestions: yours and the ones open now)", enabled="On (default) or off"
    )
    @app_commands.guild_only()
    async def auto(self, interaction: Interaction, kind: str, enabled: bool = True) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        service, user = self.bot.service, str(interaction.user.id)
        result = await service.standing.set(str(interaction.channel_id), user, kind, enabled)
        await finish(interaction, result.lines)
        standing = await service.standing.answer(result.game_row or 0) if enabled else None
        if standing is not None:  # a decision of that kind is open now: answered at once
            await post_step(self.bot, standing, None)

    @auto.autocomplete("kind")
    async def kinds(self, interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
        kinds = await self.bot.service.standing.kinds(str(interaction.channel_id), interaction.user.id)
        return [app_commands.Choice(name=k, value=k) for k in kinds if current.strip().lower() in k][:25]


async def setup(bot: PbpBot) -> None:
    await bot.add_cog(NotifyCog(bot))
