"""A ChooseSeveral decision as one Discord multi-select of its items (e.g. the clergy tiles to discard
at Lisboa's church scoring): persistent like every turn component, and checked against the database.

``pbp:<game>:<ver>:<seat>:k``  pick ``low``..``high`` of the items of ``seat``'s decision at version
``ver``; the values are item indices into the decision's shape at that version.

The chosen items play the listed option that picks exactly them (its canonical text, as ``/play``
would); a set the decision does not list is refused with the sets it does.
"""

from __future__ import annotations

import re
from typing import Any

import discord

from engine.core.i18n import listing
from engine.core.shapes import ChooseSeveral, option_index

from ...service.game_ui import Table, label_of
from ...service.results import ServiceError
from ..errors import report
from ..i18n import msg
from ..turns import act_and_post, send_current, strip_components
from .common import GAME, OUTDATED, load, not_yours

SHOWN = 10  # listed sets named in a refusal
PICK = msg("Pick from the listed options.")


def alternatives(labels: list[str]) -> str:
    """Labels as alternatives, ``a; b; c`` (each translated with the sentence)."""
    if not labels:
        return ""
    joined = labels[-1]
    for label in reversed(labels[:-1]):
        joined = msg("{first}; {rest}", first=label, rest=joined)
    return joined


def _refusal(shape: ChooseSeveral, chosen: list[str]) -> str:
    names: str = listing([next(i.label for i in shape.items if i.key == k) for k in chosen], "")
    if len(names) > 200:
        names = label_of(names, 200)
    sets = alternatives([o.label for o in shape.options if o.picks][:SHOWN])
    more = len([o for o in shape.options if o.picks]) - SHOWN
    if more > 0:
        return msg(
            "{chosen} is not one of your options; you may: {sets} (and {n} more).", chosen=names, sets=sets, n=more
        )
    return msg("{chosen} is not one of your options; you may: {sets}.", chosen=names, sets=sets)


def answer_text(table: Table, seat: int, values: list[str]) -> str:
    """The canonical text of the listed option picking exactly the items ``values`` name."""
    shape = table.shape(seat)
    if not isinstance(shape, ChooseSeveral):
        raise ServiceError(PICK, "malformed")
    if not values or not all(v.isdigit() and int(v) < len(shape.items) for v in values):
        raise ServiceError(PICK, "malformed")
    chosen = [shape.items[int(v)].key for v in dict.fromkeys(values)]
    index = option_index(shape, chosen)
    if index is None or shape.options[index].text not in table.texts(seat):
        raise ServiceError(_refusal(shape, chosen), "illegal")
    return shape.options[index].text


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
        """Defer, check the version first (an outdated menu shows the current prompt), then the
        player, then play the option the chosen items name."""
        try:
            await interaction.response.defer()
            table = await load(interaction, self.game_row)
            if table.version != self.version or not table.active or not table.texts(self.seat):
                await send_current(interaction, table, OUTDATED)
                return
            if table.seat_of(interaction.user.id) != self.seat:
                raise ServiceError(not_yours(table, self.seat), "not_your_decision")
            text = answer_text(table, self.seat, list(self.item.values))
            await act_and_post(interaction, table, text, self.version, ack=False)
            await strip_components(interaction)
        except Exception as exc:
            await report(interaction, exc, custom_id=self.custom_id)
