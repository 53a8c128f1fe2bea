"""What the bot posts: the turn message after every action, private boards and the current prompt.

The turn message is always a *new* channel message (mentions only ping in new messages), with
the board PNG rendered off the event loop, the action's event sentences, a mention of exactly
the users who must act now (``allowed_mentions``) and the components for the open decisions.
"""

from __future__ import annotations

import asyncio
import io
import logging
from typing import Any

import discord

from render import render_board, render_player_board

from ..service.game_ui import Table, plan_controls, status_lines, turn_text
from ..service.notices import jump_link
from ..service.results import ServiceError
from ..service.step import Step
from .host import Host, bot_of
from .views.notify import direct

log = logging.getLogger("bot.turns")
NO_MENTIONS = discord.AllowedMentions.none()
SAVED_NOT_POSTED = (
    "Your move is saved, but I could not post the board in this channel; check my permissions "
    "(Send Messages, Attach Files) and use `/game status`."
)


def only(users: list[str]) -> discord.AllowedMentions:
    """Allow pinging exactly ``users`` (Discord ids), nobody else."""
    return discord.AllowedMentions(
        users=[discord.Object(int(u)) for u in users if u.isdigit()], everyone=False, roles=False, replied_user=False
    )


async def board_png(view: dict[str, Any], seat: int | None = None) -> bytes | None:
    """PNG of the public board (or ``seat``'s own board), rendered in a worker thread (a game without a
    renderer of its own gets its view drawn as text); ``None`` on failure."""
    try:
        if seat is None:
            return await asyncio.to_thread(render_board, view)
        return await asyncio.to_thread(render_player_board, view, seat)
    except Exception:  # a drawing bug must never cost the move
        log.exception("could not render the board of %s", view.get("game"))
        return None


def png_file(data: bytes | None, name: str) -> list[discord.File]:
    return [] if data is None else [discord.File(io.BytesIO(data), filename=name)]


def components(bot: Host, table: Table, seat: int | None = None, first: int = 0) -> discord.ui.View | None:
    """The persistent view (DynamicItems, drawn by ``bot.item``) for the table's open decisions (a seat's
    panel: its selects from page ``first`` on), or ``None``."""
    controls = plan_controls(table, seat, first)
    if not controls:
        return None
    view = discord.ui.View(timeout=None)
    for control in controls:
        view.add_item(bot.item(table, control))
    return view


async def post_turn(bot: Host, table: Table, public: list[str], ping: list[str]) -> discord.Message:
    """One new public message: board image, event sentences, prompts, pings for ``ping`` only
    (silent when nobody is pinged).

    Without the Attach Files permission the message goes out without the image and says so.
    """
    channel = bot.get_partial_messageable(int(table.record.channel_id))
    png = await board_png(table.public_view()) if table.state is not None else None
    view = components(bot, table)
    kwargs: dict[str, Any] = {"view": view} if view is not None else {}
    kwargs["silent"] = not ping
    text = turn_text(table, public, ping)
    try:
        return await channel.send(
            text, files=png_file(png, f"board-{table.row}-{table.version}.png"), allowed_mentions=only(ping), **kwargs
        )
    except discord.Forbidden:
        if png is None:
            raise
        note = "\n(I may not attach the board image here: please give me the Attach Files permission.)"
        return await channel.send(text[: 2000 - len(note)] + note, allowed_mentions=only(ping), **kwargs)


async def post_step(bot: Host, step: Step, actor: str | None) -> list[str]:
    """Post the turn message of a stored :class:`~bot.service.step.Step` and deliver what goes beside it:
    lines for other games' channels (silently), the DM copies of turn pings, others' private lines.

    Everything was decided by the service call that made the change (each one runs through
    ``play_step``); the only call back into the service records the posted message. The change is
    already saved, so a failed post is logged and returned as a note for the actor.
    """
    table = step.table
    try:
        message = await post_turn(bot, table, step.public, step.ping)
    except discord.HTTPException as exc:
        log.warning("game %s move %s saved but not posted: %s", table.row, table.version, exc)
        return [SAVED_NOT_POSTED]
    await bot.service.posted(table.row, table.version, str(message.id))
    for channel_id, line in step.elsewhere:  # e.g. "Ann is back" in the player's other games
        try:
            await bot.get_partial_messageable(int(channel_id)).send(
                line[:2000], allowed_mentions=NO_MENTIONS, silent=True
            )
        except (discord.HTTPException, ValueError):
            log.warning("could not post in channel %s: %r", channel_id, line)
    for user, prompt in step.dm.items():
        link = jump_link(table.record.guild_id, table.record.channel_id, str(message.id))
        await direct(bot, user, f"🎲 Your turn in **{table.record.title}**: {prompt} {link}", table.record.channel_id)
    for user, lines in step.private.items():
        if user != actor:
            await bot.tell_privately(user, f"{table.record.title}: " + " ".join(lines), table.record.channel_id)
    return []


async def act_and_post(
    interaction: discord.Interaction[Any], table: Table, text: str, expected_version: int | None, *, ack: bool
) -> Step:
    """Play ``text`` for the interaction's user in ``table``'s game, post the turn message, then answer
    the user.

    The interaction must already be deferred. ``ack`` sends a short ephemeral confirmation
    (slash commands); private lines (e.g. VP scored) are always sent to the actor ephemerally.
    """
    bot = bot_of(interaction)
    user = str(interaction.user.id)
    step = await bot.service.play.act(table.record.channel_id, user, text, expected_version=expected_version)
    notes = await post_step(bot, step, user)
    lines = ([f"You played `{step.played}`."] if ack else []) + step.private.get(user, []) + notes
    if lines:
        await interaction.followup.send("\n".join(lines)[:2000], ephemeral=True)
    return step


async def send_current(interaction: discord.Interaction[Any], table: Table, header: str = "", first: int = 0) -> None:
    """Ephemeral: the current board, whose turn it is, and the user's own components if they must act
    (their selects from page ``first`` on, for a list too long for one message)."""
    seat = table.seat_of(interaction.user.id)
    png = await board_png(table.public_view()) if table.state is not None else None
    lines = ([header] if header else []) + status_lines(table)
    texts = table.texts(seat)
    if texts:
        lines.append(
            "Your options: "
            + ", ".join(f"`{t}`" for t in texts[:30])
            + (f" (+{len(texts) - 30} more)" if len(texts) > 30 else "")
        )
    view = components(bot_of(interaction), table, seat, first) if texts else None
    await interaction.followup.send(
        "\n".join(lines)[:2000],
        ephemeral=True,
        files=png_file(png, "board.png"),
        view=view if view is not None else discord.utils.MISSING,
    )


async def send_private_board(interaction: discord.Interaction[Any], table: Table) -> None:
    """Ephemeral: the user's own board image and their private information (never public)."""
    seat = table.seat_of(interaction.user.id)
    if seat is None or table.state is None:
        players = ", ".join(table.names) or "nobody yet"
        raise ServiceError(f"You are not playing in this game (players: {players}).", "not_seated")
    png = await board_png(table.private_view(seat), seat)
    lines = [f"Your board in {table.record.title} (move {table.version}), shown only to you."]
    lines += table.private_extras(seat)
    texts = table.texts(seat)
    if texts:
        lines.append("You may: " + ", ".join(f"`{t}`" for t in texts[:30]))
    view = components(bot_of(interaction), table, seat) if texts else None
    await interaction.followup.send(
        "\n".join(lines)[:2000],
        ephemeral=True,
        files=png_file(png, "my-board.png"),
        view=view if view is not None else discord.utils.MISSING,
    )


async def post_public(interaction: discord.Interaction[Any], lines: list[str], **kwargs: Any) -> discord.Message:
    """A new, silent channel message pinging nobody; then the (ephemeral) deferred reply is removed.

    Commands defer ephemerally so that refusals stay private; successes are posted this way.
    """
    channel = bot_of(interaction).get_partial_messageable(int(interaction.channel_id or 0))
    message = await channel.send("\n".join(lines)[:2000], allowed_mentions=NO_MENTIONS, silent=True, **kwargs)
    await finish(interaction, [])
    return message


async def finish(interaction: discord.Interaction[Any], lines: list[str]) -> None:
    """Answer a deferred ephemeral command with ``lines``, or remove the "thinking…" reply if none."""
    try:
        if lines:
            await interaction.followup.send("\n".join(lines)[:2000], ephemeral=True)
        else:
            await interaction.delete_original_response()
    except discord.HTTPException:
        log.debug("could not finish the deferred reply")


async def strip_components(interaction: discord.Interaction[Any]) -> None:
    """Remove the buttons from the message a component was clicked on (best effort)."""
    try:
        await interaction.edit_original_response(view=None)
    except discord.HTTPException:
        log.debug("could not remove components from the clicked message")
