"""The table's buttons on a timed-out decision that has no safe default: wait, skip, take over.

``pbp:<game>:<ver>:<seat>:t<wait|skip|sub>``: the service re-checks everything against the
database (the offer still open, the game still at ``ver``), so the buttons survive restarts and
a second click on a settled offer gets a friendly refusal.
"""

from __future__ import annotations

import re
from typing import Any

import discord

from render.i18n import tr

from ...service.clock import duration, stamp
from ...service.timeouts import Offer
from ..errors import report
from ..host import bot_of
from ..i18n import msg
from ..language import of_table, sentences
from ..turns import NO_MENTIONS, post_step, strip_components

LABELS = {"wait": msg("Wait longer"), "skip": msg("Skip this turn (pass)"), "sub": msg("Take over this seat")}
STYLES = {
    "wait": discord.ButtonStyle.primary,
    "skip": discord.ButtonStyle.secondary,
    "sub": discord.ButtonStyle.success,
}


class OfferButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"pbp:(?P<game>\d+):(?P<ver>\d+):(?P<seat>\d+):t(?P<act>wait|skip|sub)",
):
    """One of the table's answers to an :class:`~bot.service.timeouts.Offer`."""

    def __init__(self, row: int, version: int, seat: int, act: str, lang: str = "en") -> None:
        super().__init__(
            discord.ui.Button(
                label=tr(LABELS[act], lang), style=STYLES[act], custom_id=f"pbp:{row}:{version}:{seat}:t{act}"
            )
        )
        self.game_row, self.version, self.seat, self.act = row, version, seat, act

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> OfferButton:
        return cls(int(match["game"]), int(match["ver"]), int(match["seat"]), match["act"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        try:
            await interaction.response.defer()
            bot, user = bot_of(interaction), str(interaction.user.id)
            service, args = bot.service, (self.game_row, self.version, self.seat)
            if self.act == "wait":
                result = await service.timeouts.wait_longer(*args, user)
                table = await service.table(self.game_row)
                due = table.due.get(self.seat)
                said = [result.public[0]] + ([msg("New deadline {when}.", when=stamp(due))] if due else [])
                line = sentences(said, of_table(table))
                channel = bot.get_partial_messageable(int(interaction.channel_id or 0))
                await channel.send(line, allowed_mentions=NO_MENTIONS, silent=True)
            elif self.act == "skip":
                await post_step(bot, await service.timeouts.skip_turn(*args, user), None)
            else:
                await post_step(bot, await service.timeouts.take_seat(*args, user, interaction.user.display_name), None)
            await strip_components(interaction)
        except Exception as exc:
            await report(interaction, exc, custom_id=self.custom_id)


def offer_text(offer: Offer, lang: str = "en") -> str:
    """The public question to the table (no pings), in the table's language ``lang``."""
    words = {"name": offer.name, "prompt": offer.prompt, "wait": duration(offer.wait_seconds)}
    if offer.can_skip:
        text = msg(
            "⏰ **{name}**'s time ran out on “{prompt}”, and this decision has no safe default. "
            "The table decides: wait another {wait}, skip {name}'s turn (they pass), or someone who is not "
            "playing takes over {name}'s seat. Nobody is removed without this.",
            **words,
        )
    else:
        text = msg(
            "⏰ **{name}**'s time ran out on “{prompt}”, and this decision has no safe default. "
            "The table decides: wait another {wait}, or someone who is not "
            "playing takes over {name}'s seat. Nobody is removed without this.",
            **words,
        )
    return tr(text, lang)


def offer_view(offer: Offer, lang: str = "en") -> discord.ui.View:
    """The table's answers to ``offer``, labelled in the table's language ``lang``."""
    view = discord.ui.View(timeout=None)
    for act in ("wait", "skip", "sub") if offer.can_skip else ("wait", "sub"):
        view.add_item(OfferButton(offer.game_row, offer.version, offer.seat, act, lang))
    return view
