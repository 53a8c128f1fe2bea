"""Posting reminders and stalled-game announcements, and the "Snooze 12 h" button.

``pbp:<game>:<seat>:snooze``: the service checks the clicker holds the seat, a deadline is
running and this decision was not snoozed before, so the button survives restarts and a
second click gets a friendly refusal.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import discord

from render.i18n import tr

from ...service.clock import duration
from ...service.notices import Notice, jump_link
from ...service.reminders import SNOOZE_SECONDS
from ..errors import report
from ..host import bot_of
from ..i18n import msg
from ..language import of_table, of_user
from ..turns import NO_MENTIONS, only, strip_components
from .notify import direct

if TYPE_CHECKING:
    from ..host import Host


class SnoozeButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"pbp:(?P<game>\d+):(?P<seat>\d+):snooze"):
    """Moves the clicker's own running deadline 12 h later (once per decision)."""

    def __init__(self, row: int, seat: int, lang: str = "en") -> None:
        super().__init__(
            discord.ui.Button(
                label=tr(msg("Snooze {duration}", duration=duration(SNOOZE_SECONDS)), lang),
                emoji="💤",
                style=discord.ButtonStyle.secondary,
                custom_id=f"pbp:{row}:{seat}:snooze",
            )
        )
        self.game_row, self.seat = row, seat

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> SnoozeButton:
        return cls(int(match["game"]), int(match["seat"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        try:
            await interaction.response.defer()
            bot = bot_of(interaction)
            result = await bot.service.reminders.snooze(self.game_row, self.seat, interaction.user.id)
            lang = of_table(await bot.service.table(self.game_row))
            channel = bot.get_partial_messageable(int(interaction.channel_id or 0))
            await channel.send(tr(result.public[0], lang), allowed_mentions=NO_MENTIONS, silent=True)
            await strip_components(interaction)
        except Exception as exc:
            await report(interaction, exc, custom_id=self.custom_id)


def notice_view(notice: Notice, lang: str = "en") -> discord.ui.View | None:
    if not notice.snooze or notice.seat is None:
        return None
    view = discord.ui.View(timeout=None)
    view.add_item(SnoozeButton(notice.game_row, notice.seat, lang))
    return view


async def notice_language(bot: Host, notice: Notice) -> str:
    """A notice speaks the addressee's language if they chose one, else the table's."""
    table_language = of_table(await bot.service.table(notice.game_row))
    return await of_user(bot, notice.user_id, table_language) if notice.user_id else table_language


async def post_notice(bot: Host, notice: Notice) -> discord.Message:
    """A new channel message; it pings only the addressee, and only when ``notice.ping``; in ``dm``
    mode the addressee also gets it as a direct message. In the addressee's language if they chose
    one, else the table's."""
    lang = await notice_language(bot, notice)
    channel = bot.get_partial_messageable(int(notice.channel_id))
    view = notice_view(notice, lang)
    kwargs: dict[str, Any] = {"view": view} if view is not None else {}
    mentions = only([notice.user_id]) if notice.ping and notice.user_id else NO_MENTIONS
    text = tr(notice.text(), lang)
    message = await channel.send(text[:2000], allowed_mentions=mentions, silent=not notice.ping, **kwargs)
    if notice.dm and notice.user_id:
        link = jump_link(notice.guild_id, notice.channel_id, str(message.id))
        await direct(bot, notice.user_id, f"{notice.dm_text(lang)} {link}", notice.channel_id, lang)
    return message
