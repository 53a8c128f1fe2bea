"""Persistent components: every button and select is a :class:`discord.ui.DynamicItem` whose
``custom_id`` carries the game row, the version and a short action key, so a click is checked
against the database (not memory) and keeps working after a restart. The ids are those the bot
has always posted, so the buttons of messages posted before an upgrade keep working.

A click that plays (a button or menu of options, "Change my answer", a multi-select) defers, then
makes one service call with what its ``custom_id`` names (game, version, seat, option index), which
checks it against the game loaded once under its lock and plays the option
(:func:`~.common.play_click`); an outdated click gets the current prompt.

``pbp:<game>:<ver>:<seat>:a<i>``  play legal text ``i`` of ``seat`` at version ``ver``
``pbp:<game>:<ver>:<seat>:s<p>``  a select whose values are such indices (page ``p``)
``pbp:<game>:<ver>:<seat>:k``    a multi-select of the items of a ChooseSeveral (:mod:`.several`)
``pbp:<game>:<ver>:<seat>:m<p>``  "More options": the seat's selects from page ``p`` on, privately
``pbp:<game>:<ver>:panel``       open the clicker's own decision (parallel decisions, Mayor editor)
``pbp:<game>:<ver>:change``      the clicker takes back their answer to a parallel decision
``pbp:<game>:board``             the clicker's private board
``pbp:<game>:full``              the full board of the game as it is now, privately (players and spectators)
``pbp:<game>:lobby:<join|leave|start>``  lobby buttons (:mod:`.lobby`)
``pbp:<game>:rematch``           start a rematch of a finished game (:mod:`.lobby`)
"""

from __future__ import annotations

import logging
import re
from typing import Any

import discord

from engine.core.i18n import Msg, listing
from engine.core.shapes import ChooseSeveral
from render.i18n import tr

from ...service.game_ui import Table
from ...service.results import ServiceError
from ..errors import report
from ..host import bot_of
from ..i18n import msg
from ..private import send_current, send_full_board, send_private_board
from .common import ANSWERED, GAME, OUTDATED, load, not_yours, play_click
from .layout import MAX_CHOICE, MAX_LABEL, Control, label_of
from .lobby import LobbyButton, RematchButton
from .mayor import open_editor
from .several import SeveralSelect

log = logging.getLogger("bot.views")
STYLES = {
    "primary": discord.ButtonStyle.primary,
    "secondary": discord.ButtonStyle.secondary,
    "success": discord.ButtonStyle.success,
    "danger": discord.ButtonStyle.danger,
}


async def play_index(interaction: discord.Interaction[Any], row: int, version: int, seat: int, index: int) -> None:
    """Shared click path of a button or a menu of options: defer, then one service call checks the
    version (first: every click on an outdated message is answered with the current prompt), then
    the player, and plays option ``index``."""
    await interaction.response.defer()
    user = str(interaction.user.id)
    await play_click(interaction, row, bot_of(interaction).service.play.choose(row, user, version, seat, index))


class ChoiceButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=GAME + r":(?P<ver>\d+):(?P<seat>\d+):a(?P<idx>\d+)"
):
    """Plays one legal text of one seat at one version."""

    def __init__(
        self,
        row: int,
        version: int,
        seat: int,
        index: int,
        label: str = "…",
        style: discord.ButtonStyle = discord.ButtonStyle.primary,
        line: int | None = None,
    ) -> None:
        super().__init__(
            discord.ui.Button(label=label, style=style, row=line, custom_id=f"pbp:{row}:{version}:{seat}:a{index}")
        )
        self.game_row, self.version, self.seat, self.index = row, version, seat, index

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ChoiceButton:
        label = getattr(item, "label", None) or "…"
        style = getattr(item, "style", discord.ButtonStyle.primary)
        return cls(int(match["game"]), int(match["ver"]), int(match["seat"]), int(match["idx"]), label, style)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        try:
            await play_index(interaction, self.game_row, self.version, self.seat, self.index)
        except Exception as exc:
            await report(interaction, exc, custom_id=self.custom_id)


class ChoiceSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]], template=GAME + r":(?P<ver>\d+):(?P<seat>\d+):s(?P<page>\d+)"
):
    """A select of legal texts (values are indices into the seat's legal list at that version)."""

    def __init__(
        self,
        row: int,
        version: int,
        seat: int,
        page: int,
        options: list[discord.SelectOption],
        placeholder: str = "Choose…",
        line: int | None = None,
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=f"pbp:{row}:{version}:{seat}:s{page}", options=options, placeholder=placeholder, row=line
            )
        )
        self.game_row, self.version, self.seat = row, version, seat

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ChoiceSelect:
        options = list(getattr(item, "options", [])) or [discord.SelectOption(label="?", value="0")]
        return cls(
            int(match["game"]),
            int(match["ver"]),
            int(match["seat"]),
            int(match["page"]),
            options,
            getattr(item, "placeholder", None) or "Choose…",
        )

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        try:
            values = self.item.values
            if not values or not values[0].isdigit():
                raise ServiceError(msg("Pick one of the listed options."), "malformed")
            await play_index(interaction, self.game_row, self.version, self.seat, int(values[0]))
        except Exception as exc:
            await report(interaction, exc, custom_id=self.custom_id)


class MoreButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=GAME + r":(?P<ver>\d+):(?P<seat>\d+):m(?P<page>\d+)"
):
    """Opens, only for the seat's player, the selects of a list too long for one message from a page on."""

    def __init__(
        self, row: int, version: int, seat: int, page: int, label: str = "More options", line: int | None = None
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.secondary,
                row=line,
                custom_id=f"pbp:{row}:{version}:{seat}:m{page}",
            )
        )
        self.game_row, self.version, self.seat, self.page = row, version, seat, page

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> MoreButton:
        return cls(
            int(match["game"]),
            int(match["ver"]),
            int(match["seat"]),
            int(match["page"]),
            getattr(item, "label", None) or "More options",
        )

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        try:
            await interaction.response.defer(ephemeral=True, thinking=True)
            table = await load(interaction, self.game_row)
            if table.version != self.version:
                await send_current(interaction, table, OUTDATED)
                return
            if table.seat_of(interaction.user.id) != self.seat:
                raise ServiceError(not_yours(table, self.seat), "not_your_decision")
            await send_current(interaction, table, msg("More options:"), first=self.page)
        except Exception as exc:
            await report(interaction, exc, custom_id=self.custom_id)


class PanelButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=GAME + r":(?P<ver>\d+):panel"):
    """Opens the clicker's own decision ephemerally (several players deciding at once, Mayor editor)."""

    def __init__(
        self,
        row: int,
        version: int,
        label: str = "Decide",
        style: discord.ButtonStyle = discord.ButtonStyle.success,
        line: int | None = None,
    ) -> None:
        super().__init__(discord.ui.Button(label=label, style=style, row=line, custom_id=f"pbp:{row}:{version}:panel"))
        self.game_row, self.version = row, version

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> PanelButton:
        return cls(int(match["game"]), int(match["ver"]), getattr(item, "label", None) or "Decide")

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        try:
            await interaction.response.defer(ephemeral=True, thinking=True)
            table = await load(interaction, self.game_row)
            seat = table.seat_of(interaction.user.id)
            decisions = table.decisions(seat) if seat is not None else []
            header = OUTDATED if table.version != self.version else ""
            if not decisions and header:
                await send_current(interaction, table, header)
                return
            if not decisions and table.may_take_back(seat):
                await send_current(interaction, table, ANSWERED)  # with their "Change my answer"
                return
            if not decisions:
                names = [table.names[s] for s in table.waiting_seats()]
                waiting = listing(names, "") if names else msg("nobody")
                raise ServiceError(
                    msg("This is not your decision: waiting for {waiting}.", waiting=waiting), "not_your_decision"
                )
            if table.editor(decisions[0].player):
                await open_editor(interaction, table, decisions[0].player, header)
            else:
                await send_current(interaction, table, header or msg("Your decision:"))
        except Exception as exc:
            await report(interaction, exc, custom_id=self.custom_id)


class ChangeButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=GAME + r":(?P<ver>\d+):change"):
    """The clicker takes back their answer to a parallel decision (the engine's ``take back``)."""

    def __init__(self, row: int, version: int, label: str = "Change my answer", line: int | None = None) -> None:
        super().__init__(
            discord.ui.Button(
                label=label, style=discord.ButtonStyle.secondary, row=line, custom_id=f"pbp:{row}:{version}:change"
            )
        )
        self.game_row, self.version = row, version

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ChangeButton:
        return cls(int(match["game"]), int(match["ver"]), getattr(item, "label", None) or "Change my answer")

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        try:
            await interaction.response.defer()
            user = str(interaction.user.id)
            click = bot_of(interaction).service.play.take_back(self.game_row, user, self.version)
            await play_click(interaction, self.game_row, click)
        except Exception as exc:
            await report(interaction, exc, custom_id=self.custom_id)


class BoardButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=GAME + r":board"):
    """The clicker's own board and private information, ephemeral."""

    def __init__(self, row: int, line: int | None = None, label: str = "My board") -> None:
        super().__init__(
            discord.ui.Button(label=label, style=discord.ButtonStyle.secondary, row=line, custom_id=f"pbp:{row}:board")
        )
        self.game_row = row

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> BoardButton:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        try:
            await interaction.response.defer(ephemeral=True, thinking=True)
            await send_private_board(interaction, await load(interaction, self.game_row))
        except Exception as exc:
            await report(interaction, exc, custom_id=self.custom_id)


class FullBoardButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=GAME + r":full"):
    """The full board of the game as it is now (not as it was when the message was posted), ephemeral;
    drawn from the public view, so a spectator may click it too."""

    def __init__(self, row: int, line: int | None = None, label: str = "Full board") -> None:
        super().__init__(
            discord.ui.Button(label=label, style=discord.ButtonStyle.secondary, row=line, custom_id=f"pbp:{row}:full")
        )
        self.game_row = row

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> FullBoardButton:
        return cls(int(match["game"]), label=getattr(item, "label", None) or "Full board")

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        try:
            await interaction.response.defer(ephemeral=True, thinking=True)
            await send_full_board(interaction, await load(interaction, self.game_row))
        except Exception as exc:
            await report(interaction, exc, custom_id=self.custom_id)


def _whole(table: Table, control: Control, index: int | None, text: str) -> str:
    """The label ``text`` as the game said it when the plan cut it short (a plain string ending in
    "…"), so that it is translated whole and cut again in its language; else ``text`` itself."""
    if isinstance(text, Msg) or not text.endswith("…") or index is None or control.seat is None:
        return text
    if control.kind == "several":
        shape = table.shape(control.seat)
        items = shape.items if isinstance(shape, ChooseSeveral) else ()
        return items[index].label if index < len(items) else text
    labels = table.labels(control.seat)
    return labels[index] if index < len(labels) else text


def make_item(table: Table, control: Control, lang: str = "en") -> discord.ui.Item[Any]:
    """The DynamicItem drawing one planned :class:`~bot.discord.views.layout.Control`, its words in ``lang``."""
    style = STYLES.get(control.style, discord.ButtonStyle.primary)
    label = control.label if control.kind != "choice" else _whole(table, control, control.index, control.label)
    label = label_of(tr(label, lang), MAX_LABEL)  # a button label or a select placeholder
    options = [
        discord.SelectOption(label=label_of(tr(_whole(table, control, i, text), lang), MAX_CHOICE), value=str(i))
        for i, text in control.options
    ]
    if control.kind == "choice":
        assert control.seat is not None and control.index is not None
        return ChoiceButton(table.row, table.version, control.seat, control.index, label, style, control.row)
    if control.kind == "select":
        assert control.seat is not None
        return ChoiceSelect(table.row, table.version, control.seat, control.page, options, label, control.row)
    if control.kind == "several":
        assert control.seat is not None
        return SeveralSelect(
            table.row, table.version, control.seat, options, control.low, control.high, label, control.row
        )
    if control.kind == "more":
        assert control.seat is not None
        return MoreButton(table.row, table.version, control.seat, control.page, label, control.row)
    if control.kind == "panel":
        return PanelButton(table.row, table.version, label, style, control.row)
    if control.kind == "change":
        return ChangeButton(table.row, table.version, label, control.row)
    if control.kind == "board":
        return BoardButton(table.row, control.row, label)
    if control.kind == "full":
        return FullBoardButton(table.row, control.row, label)
    if control.kind == "rematch":
        return RematchButton(table.row, control.row, label)
    raise ValueError(f"unknown control kind {control.kind!r}")


DYNAMIC_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    ChoiceButton,
    ChoiceSelect,
    SeveralSelect,
    MoreButton,
    PanelButton,
    ChangeButton,
    BoardButton,
    FullBoardButton,
    LobbyButton,
    RematchButton,
)
