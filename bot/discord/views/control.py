"""The table's vote buttons on an undo-by-consent proposal (see :mod:`bot.service.consent`).

``pbp:<game>:v<vote>:<y|n>``: the vote id lives in the ``custom_id`` and everything else in the
database, so the buttons keep working after a restart and a click on a closed vote is refused.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import discord

from render.i18n import tr

from ...service.change import Step
from ...service.consent import Ballot
from ..errors import report
from ..host import bot_of
from ..i18n import msg
from ..language import lines, of_table
from ..turns import NO_MENTIONS, only, post_step, strip_components

if TYPE_CHECKING:
    from ..host import Host


def vote_view(game_row: int, vote_id: int, lang: str = "en") -> discord.ui.View:
    """Agree and Refuse, in the table's language ``lang``."""
    view = discord.ui.View(timeout=None)
    view.add_item(VoteButton(game_row, vote_id, "y", lang))
    view.add_item(VoteButton(game_row, vote_id, "n", lang))
    return view


async def post_ballot(bot: Host, channel_id: str, ballot: Ballot) -> None:
    """Post a new proposal (pinging who must answer), or the outcome of a passed vote as a turn message."""
    if ballot.status == "passed" and isinstance(ballot.result, Step):
        await post_step(bot, ballot.result, None)
        return
    row = ballot.result.game_row or 0
    lang = of_table(await bot.service.table(row))
    channel = bot.get_partial_messageable(int(channel_id))
    await channel.send(
        lines(ballot.result.public, lang)[:2000],
        view=vote_view(row, ballot.vote_id, lang),
        allowed_mentions=only(ballot.waiting_for),
    )


class VoteButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"pbp:(?P<game>\d+):v(?P<vote>\d+):(?P<yes>[yn])"
):
    """A seated player's yes or no."""

    def __init__(self, row: int, vote: int, yes: str, lang: str = "en") -> None:
        label, style = (
            (msg("Agree"), discord.ButtonStyle.success) if yes == "y" else (msg("Refuse"), discord.ButtonStyle.danger)
        )
        super().__init__(discord.ui.Button(label=tr(label, lang), style=style, custom_id=f"pbp:{row}:v{vote}:{yes}"))
        self.game_row, self.vote, self.yes = row, vote, yes == "y"

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> VoteButton:
        return cls(int(match["game"]), int(match["vote"]), match["yes"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        try:
            await interaction.response.defer()
            bot = bot_of(interaction)
            ballot = await bot.service.consent.vote(self.vote, str(interaction.user.id), self.yes)
            lang = of_table(await bot.service.table(self.game_row))
            if ballot.status == "open":
                shown = interaction.message.content if interaction.message is not None else ""
                line = tr(ballot.result.public[0], lang)
                await interaction.edit_original_response(content=f"{shown}\n{line}"[:2000])
                return
            if ballot.status == "passed" and isinstance(ballot.result, Step):
                await post_step(bot, ballot.result, None)
            else:
                channel = bot.get_partial_messageable(int(interaction.channel_id or 0))
                await channel.send(lines(ballot.result.public, lang), allowed_mentions=NO_MENTIONS, silent=True)
            await strip_components(interaction)
        except Exception as exc:
            await report(interaction, exc, custom_id=self.custom_id)


CONTROL_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (VoteButton,)
