"""``/play action:<text>`` with legal-move autocomplete, and ``/mygames``.

The suggestions show each legal option's label for people (``Move the Cardinal 1 step, take C1``)
and carry its canonical text as the value (``cardinal 1 C1``), so picking one plays exactly that
option; what is typed is matched against both. The labels are in the reader's language. What is
typed out is read by the service (:func:`bot.service.inputs.read_typed`): a canonical text is played
as it is, a label typed in full (in either language; a Japanese one also by the start of only one)
plays its option's canonical text."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from render.i18n import tr

from ...service.results import ServiceError
from ...service.typed import resolve_value, suggest
from ..i18n import msg
from ..language import lines, reader
from ..turns import answer_played
from ..views.layout import MAX_CHOICE, MAX_SUGGESTIONS, choice_value, label_of

if TYPE_CHECKING:
    from ..app import PbpBot

Interaction = discord.Interaction[Any]


def suggestions(texts: list[str], labels: list[str], typed: str, last: str | None = None) -> list[int]:
    """Indices of the legal options matching what was typed: matches of the canonical texts first (as
    :func:`~bot.service.typed.suggest` ranks them, the pass option ``last`` last), then options only
    their labels match; at most :data:`MAX_SUGGESTIONS`.

    >>> suggestions(["cardinal 1 C1", "done"], ["Move the Cardinal 1 step, take C1", "Done"], "move")
    [0]
    """
    by_text = [texts.index(t) for t in suggest(texts, typed, last=last)]
    last_label = labels[texts.index(last)] if last in texts else None
    by_label = [
        i
        for label in suggest(list(dict.fromkeys(labels)), typed, last=last_label)
        for i, x in enumerate(labels)
        if x == label
    ]
    return list(dict.fromkeys(by_text + by_label))[:MAX_SUGGESTIONS]


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
            raise ServiceError(msg("There is no game in progress in this channel."), "no_game")
        seat = table.seat_of(interaction.user.id)
        text, version = resolve_value(action, table, seat)
        step = await self.bot.service.play.act_in(table.row, interaction.user.id, text, version)
        await answer_played(interaction, step, ack=True)

    @play.autocomplete("action")
    async def actions(self, interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
        """The caller's legal options matching what they typed, shown by their labels (in the reader's
        language) with their canonical texts as values (at most 25; none if they owe nothing); from
        memory while the table is at the version this process last stored or loaded (no database
        statement at a keystroke on a warm table)."""
        table = await self.bot.service.suggesting(str(interaction.channel_id))
        if table is None:
            return []
        seat = table.seat_of(interaction.user.id)
        texts = table.texts(seat)
        if not texts:
            return []
        lang = await reader(interaction)
        labels = [tr(label, lang) for label in table.labels(seat)]
        return [
            app_commands.Choice(name=label_of(labels[i], MAX_CHOICE), value=choice_value(texts[i], table.version, i))
            for i in suggestions(texts, labels, current, table.pass_text(seat))
        ]

    @app_commands.command(name="mygames", description="Your games: yours to play first, with deadlines and links")
    async def mygames(self, interaction: Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        result = await self.bot.service.away.my_games(interaction.user.id)
        said = result.lines
        await interaction.followup.send(lines(said, await reader(interaction))[:2000], ephemeral=True)


async def setup(bot: PbpBot) -> None:
    await bot.add_cog(PlayCog(bot))
