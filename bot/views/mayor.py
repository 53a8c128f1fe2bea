"""The Mayor's colonist editor: an ephemeral panel starting from the engine's proposed layout,
accepted in one click or adjusted with two selects ("put one on…", "take one off…").

The draft lives in this (ephemeral, 14-minute) view only; confirming plays one ``layout …``
text, which the engine validates. The persistent "Place colonists" button reopens a fresh editor.
"""

from __future__ import annotations

from typing import Any

import discord

from engine.core import play
from engine.puerto_rico.board import circles

from ..errors import report
from ..game_ui import Table
from ..results import ServiceError
from ..turns import act_and_post, bot_of

EDITOR_TIMEOUT = 14 * 60


def _name(target: str) -> str:
    return target.replace("-", " ")


class MayorEditor(discord.ui.View):
    """Draft layout of one seat; ``caps`` are the circles per place, ``total`` the colonists to place."""

    def __init__(self, table: Table, seat: int, caps: dict[str, int], layout: dict[str, int], total: int) -> None:
        super().__init__(timeout=EDITOR_TIMEOUT)
        self.row, self.version, self.seat = table.row, table.version, seat
        self.title = table.record.title
        self.game = table.game
        self.caps, self.proposal, self.total = dict(caps), dict(layout), total
        self.layout = dict(layout)
        self._draw()

    @classmethod
    def for_table(cls, table: Table, seat: int) -> MayorEditor:
        assert table.state is not None
        proposal = next((a for a in play.legal_actions(table.game, table.state, seat) if a.get("verb") == "layout"),
                        None)
        if proposal is None:
            raise ServiceError("You have no colonists to place right now.", "not_your_decision")
        caps = circles(table.state["boards"][seat])
        total = min(table.private_view(seat)["boards"][seat]["colonists"], sum(caps.values()))
        return cls(table, seat, caps, proposal["layout"], total)

    @property
    def placed(self) -> int:
        return sum(self.layout.values())

    def text(self) -> str:
        """Canonical ``layout …`` text of the current draft."""
        return self.game.action_text({"verb": "layout", "layout": {k: v for k, v in self.layout.items() if v}})

    def content(self, header: str = "") -> str:
        places = ", ".join(f"{_name(t)} {self.layout.get(t, 0)}/{c}" for t, c in self.caps.items())
        left = self.total - self.placed
        status = "All colonists placed — confirm when ready." if left == 0 else f"{left} colonist(s) still to place."
        return "\n".join(filter(None, [header, f"**Place your colonists** ({self.title}, move {self.version})",
                                       places, status, f"`{self.text()}`"]))[:2000]

    def _draw(self) -> None:
        self.clear_items()
        confirm: discord.ui.Button[MayorEditor] = discord.ui.Button(
            label="Confirm layout", style=discord.ButtonStyle.success, row=0, disabled=self.placed != self.total)
        confirm.callback = self.confirm  # type: ignore[method-assign]
        reset: discord.ui.Button[MayorEditor] = discord.ui.Button(
            label="Back to proposal", style=discord.ButtonStyle.secondary, row=0, disabled=self.layout == self.proposal)
        reset.callback = self.reset  # type: ignore[method-assign]
        self.add_item(confirm)
        self.add_item(reset)
        room = [t for t, c in self.caps.items() if self.layout.get(t, 0) < c]
        if room and self.placed < self.total:
            self.add_item(self._select("Put one colonist on…", room, "add", 1))
        taken = [t for t in self.caps if self.layout.get(t, 0) > 0]
        if taken:
            self.add_item(self._select("Take one colonist off…", taken, "remove", 2))

    def _select(self, placeholder: str, targets: list[str], mode: str, row: int) -> discord.ui.Select[Any]:
        options = [discord.SelectOption(label=f"{_name(t)} ({self.layout.get(t, 0)}/{self.caps[t]})", value=t)
                   for t in targets[:25]]
        select: discord.ui.Select[Any] = discord.ui.Select(placeholder=placeholder, options=options, row=row)

        async def changed(interaction: discord.Interaction[Any]) -> None:
            target = select.values[0]
            self.layout[target] = self.layout.get(target, 0) + (1 if mode == "add" else -1)
            self.layout = {k: v for k, v in self.layout.items() if v > 0}
            self._draw()
            await interaction.response.edit_message(content=self.content(), view=self)

        select.callback = changed  # type: ignore[method-assign]
        return select

    async def interaction_check(self, interaction: discord.Interaction[Any]) -> bool:
        table = await bot_of(interaction).tables.by_row(self.row)
        if table is None or table.seat_of(interaction.user.id) != self.seat:
            await interaction.response.send_message("This editor belongs to another player.", ephemeral=True)
            return False
        return True

    async def reset(self, interaction: discord.Interaction[Any]) -> None:
        self.layout = dict(self.proposal)
        self._draw()
        await interaction.response.edit_message(content=self.content(), view=self)

    async def confirm(self, interaction: discord.Interaction[Any]) -> None:
        """Play the layout if this seat still owes the same Mayor decision (others may have answered)."""
        try:
            await interaction.response.defer()
            table = await bot_of(interaction).tables.by_row(self.row)
            decisions = table.decisions(self.seat) if table is not None else []
            if table is None or not decisions or decisions[0].kind != "mayor_layout" or (
                    table.state is not None and circles(table.state["boards"][self.seat]) != self.caps):
                raise ServiceError("This editor is outdated: you have no colonists to place now.", "stale")
            await act_and_post(interaction, table, self.text(), None, ack=False)
            self.stop()
            await interaction.edit_original_response(content=f"Layout placed: `{self.text()}`.", view=None)
        except Exception as exc:
            await report(interaction, exc, editor=self.row)


async def open_editor(interaction: discord.Interaction[Any], table: Table, seat: int, header: str = "") -> None:
    """Send a fresh editor for ``seat`` (the interaction must be deferred)."""
    editor = MayorEditor.for_table(table, seat)
    await interaction.followup.send(editor.content(header), view=editor, ephemeral=True)
