"""A ChooseSeveral decision as one Discord multi-select of its items (e.g. the clergy tiles to discard
at Lisboa's church scoring): persistent like every turn component, and checked against the database.

``pbp:<game>:<ver>:<seat>:k``  pick ``low``..``high`` of the items of ``seat``'s decision at version
``ver``; the values are item indices into the decision's shape at that version.

The chosen items play the listed option that picks exactly them (``service.play.choose_items``, one
call); a set the decision does not list is refused with the sets it does.
"""

from __future__ import annotations

import re
from typing import Any

import discord

from ..errors import report
from ..host import bot_of
from ..turns import strip_components
from .common import GAME, play_click


class SeveralSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=GAME + r":(?P<ver>\d+):(?P<seat>\d+):k"):
    """Picks several items of one seat's ChooseSeveral at one version."""

    def __init__(
        self,
        row: int,
        version: int,
        seat: int,
        options: list[discord.SelectOption],
        low: int = 1,
        high: int = 1,
        placeholder: str = "Choose…",
        line: int | None = None,
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=f"pbp:{row}:{version}:{seat}:k",
                options=options,
                min_values=low,
                max_values=high,
                placeholder=placeholder,
                row=line,
            )
        )
        self.game_row, self.version, self.seat = row, version, seat

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> SeveralSelect:
        options = list(getattr(item, "options", [])) or [discord.SelectOption(label="?", value="0")]
        low = getattr(item, "min_values", 1)
        high = getattr(item, "max_values", len(options))
        return cls(
            int(match["game"]),
            int(match["ver"]),
            int(match["seat"]),
            options,
            min(low, len(options)),
            min(max(high, low), len(options)),
            getattr(item, "placeholder", None) or "Choose…",
        )

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """Defer, then one service call checks the menu (an outdated one shows the current prompt),
        then the player, and plays the option the chosen items name."""
        try:
            await interaction.response.defer()
            items = [int(v) if v.isdigit() else -1 for v in self.item.values]
            user = str(interaction.user.id)
            click = bot_of(interaction).service.play.choose_items(self.game_row, user, self.version, self.seat, items)
            if await play_click(interaction, self.game_row, click, strip=False):
                await strip_components(interaction)
        except Exception as exc:
            await report(interaction, exc, custom_id=self.custom_id)
