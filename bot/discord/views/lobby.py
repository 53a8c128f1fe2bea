"""The lobby's persistent buttons (join, leave, start; the creator's AI seats) and a finished game's
Rematch button.

``pbp:<game>:lobby:<join|leave|start>``  join, leave or start the lobby this message announced
``pbp:<game>:lobby:ai-<level|remove>``   the creator adds an AI player at a level, or removes the last
``pbp:<game>:rematch``                   the same players start again (see :meth:`LobbyService.rematch
<bot.service.lobby.LobbyService.rematch>`)
"""

from __future__ import annotations

import re
from typing import Any

import discord

from render.i18n import tr

from ...service.results import ServiceError
from ..errors import report
from ..host import bot_of
from ..i18n import msg
from ..language import lines, of_table, reader
from ..turns import post_step, strip_components
from .common import GAME

LOBBY_LABELS = {
    "join": msg("Join"),
    "leave": msg("Leave"),
    "start": msg("Start game"),
    "ai-easy": msg("🤖 Add AI (easy)"),
    "ai-normal": msg("🤖 Add AI (normal)"),
    "ai-strong": msg("🤖 Add AI (strong)"),
    "ai-remove": msg("Remove AI"),
}
AI_ACTS = ("ai-easy", "ai-normal", "ai-strong", "ai-remove")


class LobbyButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=GAME + r":lobby:(?P<act>join|leave|start|ai-easy|ai-normal|ai-strong|ai-remove)",
):
    """Join, leave or start the lobby this message announced; its creator adds or removes AI players."""

    def __init__(self, row: int, act: str, line: int | None = None, lang: str = "en") -> None:
        style = discord.ButtonStyle.success if act == "start" else discord.ButtonStyle.primary
        if act in ("leave", *AI_ACTS):
            style = discord.ButtonStyle.secondary
        super().__init__(
            discord.ui.Button(
                label=tr(LOBBY_LABELS[act], lang), style=style, row=line, custom_id=f"pbp:{row}:lobby:{act}"
            )
        )
        self.game_row, self.act = row, act

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> LobbyButton:
        return cls(int(match["game"]), match["act"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        try:
            await interaction.response.defer()
            bot = bot_of(interaction)
            table = await bot.service.table(self.game_row)
            if table.record.status != "lobby":
                raise ServiceError(
                    msg("This {title} lobby is closed or has already started.", title=table.record.title), "stale"
                )
            channel, user = table.record.channel_id, str(interaction.user.id)
            if self.act == "start":
                notes = await post_step(bot, await bot.service.lobby.start(channel, user), user)
                await strip_components(interaction)
                if notes:
                    await interaction.followup.send(lines(notes, await reader(interaction)), ephemeral=True)
                return
            if self.act == "join":
                result = await bot.service.lobby.join(channel, user, interaction.user.display_name)
            elif self.act == "ai-remove":
                result = await bot.service.lobby.remove_ai(channel, user)
            elif self.act.startswith("ai-"):
                result = await bot.service.lobby.add_ai(channel, user, self.act.removeprefix("ai-"))
            else:
                result = await bot.service.lobby.leave(channel, user)
            await interaction.followup.send(
                lines(result.public, of_table(table)), allowed_mentions=discord.AllowedMentions.none(), silent=True
            )
        except Exception as exc:
            await report(interaction, exc, custom_id=self.custom_id)


class RematchButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=GAME + r":rematch"):
    """On a finished game's last message: the same players start again."""

    def __init__(self, row: int, line: int | None = None, label: str = "Rematch") -> None:
        super().__init__(
            discord.ui.Button(label=label, style=discord.ButtonStyle.success, row=line, custom_id=f"pbp:{row}:rematch")
        )
        self.game_row = row

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> RematchButton:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        try:
            await interaction.response.defer()
            bot, user = bot_of(interaction), str(interaction.user.id)
            notes = await post_step(bot, await bot.service.lobby.rematch(self.game_row, user), user)
            await strip_components(interaction)
            if notes:
                await interaction.followup.send(lines(notes, await reader(interaction)), ephemeral=True)
        except Exception as exc:
            await report(interaction, exc, custom_id=self.custom_id)


def lobby_view(row: int, lang: str = "en") -> discord.ui.View:
    """The lobby's buttons, labelled in the table's language ``lang``."""
    view = discord.ui.View(timeout=None)
    for act in ("join", "leave", "start"):
        view.add_item(LobbyButton(row, act, lang=lang))
    for act in AI_ACTS:
        view.add_item(LobbyButton(row, act, 1, lang))
    return view
