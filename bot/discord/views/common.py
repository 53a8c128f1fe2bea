"""What the persistent components share: the ``custom_id`` prefix of a game, loading the table a
click names, the words for an outdated or foreign click, and the one way a click plays
(:func:`play_click`). Apart from :mod:`.components` so that the lobby buttons (:mod:`.lobby`), the
multi-select (:mod:`.several`) and the turn components import it without a circle."""

from __future__ import annotations

from collections.abc import Awaitable
from typing import Any

import discord

from ...service.change import Step
from ...service.game_ui import Table
from ...service.moves import OUTDATED_CODE
from ...service.results import ServiceError
from ..host import bot_of
from ..i18n import msg
from ..private import send_current
from ..turns import answer_played

GAME = r"pbp:(?P<game>\d+)"
OUTDATED = msg("This prompt is outdated; here is the current one.")
ANSWERED = msg("You have answered; until the last answer is in you can still change it.")


async def load(interaction: discord.Interaction[Any], row: int) -> Table:
    return await bot_of(interaction).service.table(row)  # the service's own load and cache


def not_yours(table: Table, seat: int) -> str:
    if 0 <= seat < len(table.names):
        return msg("This is not your decision: it is {owner}'s.", owner=table.names[seat])
    return msg("This is not your decision: it is another player's.")


async def play_click(
    interaction: discord.Interaction[Any], row: int, click: Awaitable[Step], *, strip: bool = True
) -> bool:
    """The one way a click plays: ``click`` is the one service call (``service.play.choose`` and the
    like) that checks it against the game loaded once under its lock, plays it and says what to
    post; the turn message is drawn from its answer. A click the service finds outdated is answered
    with the current prompt (the only other read); any other refusal is raised. The interaction
    must already be deferred (as an update of the clicked message). True when the click played."""
    try:
        step = await click
    except ServiceError as exc:
        if exc.code != OUTDATED_CODE:
            raise
        await send_current(interaction, await load(interaction, row), OUTDATED)
        return False
    await answer_played(interaction, step, ack=False, strip=strip)
    return True
