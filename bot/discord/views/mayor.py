"""The Mayor's colonist editor: an ephemeral panel starting from the engine's proposed layout
action (the first legal ``layout`` action, nobles included), accepted in one click or adjusted
with selects ("put a colonist on…", "take a colonist off…" and, for a player holding nobles,
"put a noble on…", "take a noble off…").

The draft lives in this (ephemeral, 14-minute) view only; confirming plays one ``layout …``
text (the proposal's own canonical text when unchanged, ``… nobles …`` when nobles stand),
which the engine validates. The persistent "Place colonists" button reopens a fresh editor.
"""

from __future__ import annotations

from typing import Any

import discord

from engine.core import play
from engine.puerto_rico.board import circles, colonists
from engine.puerto_rico.nobles import held

from ...service.game_ui import Table
from ...service.results import ServiceError
from ..errors import report
from ..host import bot_of
from ..turns import act_and_post

EDITOR_TIMEOUT = 14 * 60
PER_SELECT = 25

Counts = dict[str, int]


def _name(target: str) -> str:
    return target.replace("-", " ")


def _clean(counts: Counts) -> Counts:
    return {k: v for k, v in counts.items() if v > 0}


def _proposal(table: Table, seat: int) -> dict[str, Any] | None:
    """The engine's proposed layout action for ``seat`` (its first legal ``layout`` action)."""
    if table.state is None:
        return None
    return next((a for a in play.legal_actions(table.game, table.state, seat) if a.get("verb") == "layout"), None)


class MayorEditor(discord.ui.View):
    """Draft layout of one seat: ordinary colonists and nobles per place.

    ``caps`` are the circles per place, ``total`` the people to place, ``noble_count`` the
    nobles the player holds (``0`` outside Nobles games: no noble selects are drawn) and
    ``people`` everyone the player has, nobles included (``total`` if not given)."""

    def __init__(self, table: Table, seat: int, caps: Counts, proposal: dict[str, Any], total: int,
                 noble_count: int = 0, people: int | None = None) -> None:
        super().__init__(timeout=EDITOR_TIMEOUT)
        self.row, self.version, self.seat = table.row, table.version, seat
        self.title = table.record.title
        self.game = table.game
        self.caps, self.total = dict(caps), total
        self.proposal_action = proposal
        self.proposal = _clean(dict(proposal["layout"]))
        self.proposal_nobles = _clean(dict(proposal.get("nobles") or {}))
        self.noble_count = max(noble_count, sum(self.proposal_nobles.values()))
        #: Ordinary colonists (not nobles) the player has, San Juan included.
        self.colonist_count = (total if people is None else people) - self.noble_count
        self.layout = dict(self.proposal)
        self.nobles = dict(self.proposal_nobles)
        self._draw()

    @classmethod
    def for_table(cls, table: Table, seat: int) -> MayorEditor:
        proposal = _proposal(table, seat)
        if proposal is None or table.state is None:
            raise ServiceError("You have no colonists to place right now.", "not_your_decision")
        board = table.state["boards"][seat]
        caps = circles(board)
        total = min(colonists(board), sum(caps.values()))
        return cls(table, seat, caps, proposal, total, held(board), colonists(board))

    # --- the draft ---------------------------------------------------------------------------
    @property
    def placed(self) -> int:
        return sum(self.layout.values())

    @property
    def nobles_placed(self) -> int:
        return sum(self.nobles.values())

    def plain(self, target: str) -> int:
        """Ordinary colonists (not nobles) drafted on ``target``."""
        return self.layout.get(target, 0) - self.nobles.get(target, 0)

    @property
    def unchanged(self) -> bool:
        return self.layout == self.proposal and self.nobles == self.proposal_nobles

    def action(self) -> dict[str, Any]:
        """The layout action to play: the engine's own proposal when unchanged."""
        if self.unchanged:
            return self.proposal_action
        action: dict[str, Any] = {"verb": "layout", "layout": _clean(self.layout)}
        if _clean(self.nobles):
            action["nobles"] = _clean(self.nobles)
        return action

    def text(self) -> str:
        """Canonical ``layout …`` text of the current draft."""
        return self.game.action_text(self.action())

    def can_add(self, noble: bool) -> bool:
        if self.placed >= self.total:
            return False
        if noble:
            return self.nobles_placed < self.noble_count
        return self.placed - self.nobles_placed < self.colonist_count

    def add(self, target: str, noble: bool, delta: int) -> None:
        self.layout[target] = self.layout.get(target, 0) + delta
        if noble:
            self.nobles[target] = self.nobles.get(target, 0) + delta
        self.layout, self.nobles = _clean(self.layout), _clean(self.nobles)

    # --- drawing -----------------------------------------------------------------------------
    def _place_line(self, target: str) -> str:
        nobles = self.nobles.get(target, 0)
        extra = f" ({nobles} noble{'s' if nobles > 1 else ''})" if nobles else ""
        return f"{_name(target)} {self.layout.get(target, 0)}/{self.caps[target]}{extra}"

    def content(self, header: str = "") -> str:
        places = ", ".join(self._place_line(t) for t in self.caps)
        left = self.total - self.placed
        status = "All colonists placed — confirm when ready." if left == 0 else f"{left} colonist(s) still to place."
        if self.noble_count:
            status += f" Nobles placed: {self.nobles_placed}/{min(self.noble_count, self.total)}."
        return "\n".join(filter(None, [header, f"**Place your colonists** ({self.title}, move {self.version})",
                                       places, status, f"`{self.text()}`"]))[:2000]

    def _draw(self) -> None:
        self.clear_items()
        confirm: discord.ui.Button[MayorEditor] = discord.ui.Button(
            label="Confirm layout", style=discord.ButtonStyle.success, row=0, disabled=self.placed != self.total)
        confirm.callback = self.confirm  # type: ignore[method-assign]
        reset: discord.ui.Button[MayorEditor] = discord.ui.Button(
            label="Back to proposal", style=discord.ButtonStyle.secondary, row=0, disabled=self.unchanged)
        reset.callback = self.reset  # type: ignore[method-assign]
        self.add_item(confirm)
        self.add_item(reset)
        room = [t for t, c in self.caps.items() if self.layout.get(t, 0) < c]
        if room and self.can_add(noble=False):
            self.add_item(self._select("Put a colonist on…", room, "add", False, 1))
        taken = [t for t in self.caps if self.plain(t) > 0]
        if taken:
            self.add_item(self._select("Take a colonist off…", taken, "remove", False, 2))
        if not self.noble_count:
            return
        if room and self.can_add(noble=True):
            self.add_item(self._select("Put a noble on…", room, "add", True, 3))
        with_nobles = [t for t in self.caps if self.nobles.get(t, 0) > 0]
        if with_nobles:
            self.add_item(self._select("Take a noble off…", with_nobles, "remove", True, 4))

    def _select(self, placeholder: str, targets: list[str], mode: str, noble: bool,
                row: int) -> discord.ui.Select[Any]:
        options = [discord.SelectOption(label=self._place_line(t)[:100], value=t) for t in targets[:PER_SELECT]]
        select: discord.ui.Select[Any] = discord.ui.Select(placeholder=placeholder, options=options, row=row)

        async def changed(interaction: discord.Interaction[Any]) -> None:
            self.add(select.values[0], noble, 1 if mode == "add" else -1)
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
        self.layout, self.nobles = dict(self.proposal), dict(self.proposal_nobles)
        self._draw()
        await interaction.response.edit_message(content=self.content(), view=self)

    async def confirm(self, interaction: discord.Interaction[Any]) -> None:
        """Play the layout if this seat still owes the same Mayor decision (others may have answered)."""
        try:
            await interaction.response.defer()
            table = await bot_of(interaction).tables.by_row(self.row)
            decisions = table.decisions(self.seat) if table is not None else []
            if table is None or not decisions or decisions[0].kind != "mayor_layout" or (
                    table.state is not None and circles(table.state["boards"][self.seat]) != self.caps) or (
                    _proposal(table, self.seat) != self.proposal_action):
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
