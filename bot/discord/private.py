"""What one player is shown privately (ephemeral answers, in the reader's language) when they ask:
the current turn image and prompt with their own components, their own board with their private
information, or the full board, drawn from the public view for players and spectators alike."""

from __future__ import annotations

from typing import Any

import discord

from engine.core.i18n import listing

from ..service.game_ui import Table
from ..service.results import ServiceError
from ..service.turn_text import status_lines
from .host import bot_of
from .i18n import msg
from .language import lines as in_lines
from .language import reader
from .turns import board_png, components, png_file

#: How many legal texts a private answer lists before "(+n more)".
SHOWN_OPTIONS = 30


def options_line(texts: list[str], start: str) -> str:
    """``Your options: `a`, `b` (+n more)`` (``start``: which words begin the line)."""
    shown = ", ".join(f"`{t}`" for t in texts[:SHOWN_OPTIONS])
    if start == "may":
        return msg("You may: {options}", options=shown)
    if len(texts) > SHOWN_OPTIONS:
        return msg("Your options: {options} (+{n} more)", options=shown, n=len(texts) - SHOWN_OPTIONS)
    return msg("Your options: {options}", options=shown)


async def send_current(interaction: discord.Interaction[Any], table: Table, header: str = "", first: int = 0) -> None:
    """Ephemeral, in the reader's language: the current turn image, whose turn it is, and the user's
    own components if they must act (their selects from page ``first`` on, for a list too long for
    one message)."""
    seat = table.seat_of(interaction.user.id)
    lang = await reader(interaction)
    png = await board_png(table.turn_view(lang), lang=lang, kind="turn") if table.state is not None else None
    lines = ([header] if header else []) + list(status_lines(table))
    await _send_with_options(interaction, table, seat, lines, "options", png, "board.png", first, lang)


async def send_private_board(interaction: discord.Interaction[Any], table: Table) -> None:
    """Ephemeral, in the reader's language: the user's own board image and their private information
    (never public)."""
    seat = table.seat_of(interaction.user.id)
    if seat is None or table.state is None:
        raise ServiceError(not_playing(table), "not_seated")
    lang = await reader(interaction)
    png = await board_png(table.private_view(seat), seat, lang)
    lines: list[str] = [
        msg("Your board in {title} (move {n}), shown only to you.", title=table.record.title, n=table.version)
    ]
    lines += table.private_extras(seat)
    await _send_with_options(interaction, table, seat, lines, "may", png, "my-board.png", 0, lang)


async def _send_with_options(
    interaction: discord.Interaction[Any],
    table: Table,
    seat: int | None,
    lines: list[str],
    start: str,
    png: bytes | None,
    filename: str,
    first: int,
    lang: str,
) -> None:
    """Send ``lines`` and the image ephemerally, with ``seat``'s options line and components (selects
    from page ``first`` on) when it has a decision open."""
    texts = table.texts(seat)
    if texts:
        lines = [*lines, options_line(texts, start)]
    view = components(bot_of(interaction), table, seat, first, lang) if texts else None
    await interaction.followup.send(
        in_lines(lines, lang)[:2000],
        ephemeral=True,
        files=png_file(png, filename),
        view=view if view is not None else discord.utils.MISSING,
    )


async def send_full_board(interaction: discord.Interaction[Any], table: Table) -> None:
    """Ephemeral, in the reader's language: the full board of the game as it is now (whatever message
    the button was on), drawn from the public view only, for players and spectators alike."""
    if table.state is None:
        raise ServiceError(msg("This game has no board yet."), "no_board")
    lang = await reader(interaction)
    png = await board_png(table.public_view(), lang=lang, kind="full")
    line = msg("The full board of {title} (move {n}), shown only to you.", title=table.record.title, n=table.version)
    if png is None:
        line = msg("I could not draw the full board of {title}; please try again later.", title=table.record.title)
    await interaction.followup.send(
        in_lines([line], lang)[:2000], ephemeral=True, files=png_file(png, "full-board.png")
    )


def not_playing(table: Table) -> str:
    """The refusal for someone who holds no seat at ``table``, naming its players."""
    players = listing(table.names, "") if table.names else msg("nobody yet")
    return msg("You are not playing in this game (players: {players}).", players=players)
