"""What the turn messages and components need of the running bot, as a :class:`Host` protocol.

:class:`~bot.discord.app.PbpBot` is the one real host; :mod:`bot.discord.turns` and the views take
a host (or find it on an interaction with :func:`bot_of`) instead of importing the app, so the
app can import them without a circle.
"""

from __future__ import annotations

from typing import Any, Protocol, cast

import discord

from ..service.game_ui import Table
from ..service.service import GameService
from .views.layout import Control


class Host(Protocol):
    """The running bot as turns and views see it."""

    service: GameService

    def get_partial_messageable(
        self, id: int, *, guild_id: int | None = None, type: discord.ChannelType | None = None
    ) -> discord.PartialMessageable: ...

    async def create_dm(self, user: discord.abc.Snowflake) -> discord.DMChannel: ...

    async def tell_privately(self, user_id: str, text: str, channel_id: str | None = None) -> None: ...

    def item(self, table: Table, control: Control, lang: str = "en") -> discord.ui.Item[Any]:
        """The persistent component drawing one planned control, labelled in ``lang`` (see
        :mod:`bot.discord.views.components`)."""
        ...


def bot_of(interaction: discord.Interaction[Any]) -> Host:
    """The bot an interaction came to."""
    return cast(Host, interaction.client)
