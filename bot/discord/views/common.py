"""What the persistent components share: the ``custom_id`` prefix of a game, loading the table a
click names, and the words for an outdated or foreign click. Apart from :mod:`.components` so that
the lobby buttons (:mod:`.lobby`) and the turn components import it without a circle."""

from __future__ import annotations

from typing import Any

import discord

from ...service.game_ui import Table
from ..host import bot_of
from ..i18n import msg

GAME = r"pbp:(?P<game>\d+)"
OUTDATED = msg("This prompt is outdated; here is the current one.")
ANSWERED = msg("You have answered; until the last answer is in you can still change it.")


async def load(interaction: discord.Interaction[Any], row: int) -> Table:
    return await bot_of(interaction).service.table(row)  # the service's own load and cache


def not_yours(table: Table, seat: int) -> str:
    if 0 <= seat < len(table.names):
        return msg("This is not your decision: it is {owner}'s.", owner=table.names[seat])
    return msg("This is not your decision: it is another player's.")
