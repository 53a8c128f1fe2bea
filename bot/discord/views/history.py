"""Browsing a game's past, ephemerally: log pages and the board after any step, with persistent
older/newer buttons (the page or step lives in the ``custom_id``; each click re-reads the database).

``pbp:<game>:log:<page>:<o|n>``  show log page ``page`` (older / newer button)
``pbp:<game>:h<step>:<p|n>``      show the board after step ``step`` (previous / next button)
"""

from __future__ import annotations

import re
from typing import Any

import discord

from render.i18n import tr

from ...service.results import LogPage, PastBoard
from ..errors import report
from ..host import bot_of
from ..i18n import msg
from ..language import lines, reader
from ..turns import board_png, png_file


def log_content(result: LogPage, lang: str = "en") -> str:
    return lines(result.lines, lang)[:2000]


def log_view(result: LogPage, lang: str = "en") -> discord.ui.View | None:
    """Older/newer buttons around the page shown (``None`` for a one-page log), labelled in ``lang``."""
    page, pages, row = result.page, result.pages, result.game_row
    if pages <= 1:
        return None
    view = discord.ui.View(timeout=None)
    view.add_item(LogButton(row, max(1, page - 1), "o", disabled=page <= 1, lang=lang))
    view.add_item(LogButton(row, min(pages, page + 1), "n", disabled=page >= pages, lang=lang))
    return view


class LogButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"pbp:(?P<game>\d+):log:(?P<page>\d+):(?P<dir>[on])"
):
    """Turns the ephemeral log message to another page."""

    def __init__(self, row: int, page: int, direction: str, disabled: bool = False, lang: str = "en") -> None:
        label = msg("◀ Older") if direction == "o" else msg("Newer ▶")
        super().__init__(
            discord.ui.Button(
                label=tr(label, lang),
                style=discord.ButtonStyle.secondary,
                disabled=disabled,
                custom_id=f"pbp:{row}:log:{page}:{direction}",
            )
        )
        self.game_row, self.page, self.direction = row, page, direction

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> LogButton:
        return cls(int(match["game"]), int(match["page"]), match["dir"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        try:
            await interaction.response.defer()
            result = await bot_of(interaction).service.archive.log_of_game(self.game_row, self.page)
            lang = await reader(interaction)
            view = log_view(result, lang)
            await interaction.edit_original_response(content=log_content(result, lang), view=view)
        except Exception as exc:
            await report(interaction, exc, custom_id=self.custom_id)


async def history_message(
    result: PastBoard, latest: int, buttons: bool, lang: str = "en"
) -> tuple[str, list[discord.File], discord.ui.View | None]:
    """Content, board image and (ephemeral browsing) previous/next buttons for one step, in ``lang``."""
    step, row = result.step, result.game_row
    png = await board_png(result.view, lang=lang)
    view = None
    if buttons and latest > 0:
        view = discord.ui.View(timeout=None)
        view.add_item(StepButton(row, max(0, step - 1), "p", disabled=step <= 0, lang=lang))
        view.add_item(StepButton(row, min(latest, step + 1), "n", disabled=step >= latest, lang=lang))
    return lines(result.lines, lang)[:2000], png_file(png, f"board-{row}-step-{step}.png"), view


class StepButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"pbp:(?P<game>\d+):h(?P<step>\d+):(?P<dir>[pn])"
):
    """Shows the board one step earlier or later, in the same ephemeral message."""

    def __init__(self, row: int, step: int, direction: str, disabled: bool = False, lang: str = "en") -> None:
        label = msg("◀ Step {n}", n=step) if direction == "p" else msg("Step {n} ▶", n=step)
        super().__init__(
            discord.ui.Button(
                label=tr(label, lang),
                style=discord.ButtonStyle.secondary,
                disabled=disabled,
                custom_id=f"pbp:{row}:h{step}:{direction}",
            )
        )
        self.game_row, self.step = row, step

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> StepButton:
        return cls(int(match["game"]), int(match["step"]), match["dir"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        try:
            await interaction.response.defer()
            bot = bot_of(interaction)
            result = await bot.service.archive.history("", self.step, game_row=self.game_row)
            table = await bot.service.table(self.game_row)
            content, files, view = await history_message(result, table.version, True, await reader(interaction))
            await interaction.edit_original_response(content=content, attachments=files, view=view)
        except Exception as exc:
            await report(interaction, exc, custom_id=self.custom_id)


HISTORY_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (LogButton, StepButton)
