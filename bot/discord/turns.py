"""What the bot posts in a channel: the turn message of every change, and the answer to the player
who made it; a deferred command's public or private answer. What one player asks to see privately
(the current prompt, their own board, the full board) is :mod:`bot.discord.private`'s.

A turn message shows the turn image (:func:`render.render_turn`, drawn off the event loop, by other
processes), the turn's event sentences, who must act and the components for the open decisions; its
"Full board" button answers privately with the full board
(:func:`bot.discord.private.send_full_board`). The service's
:class:`~bot.service.change.Step`
says whether a change starts a new one or edits the current one in place:

* a **new** message is posted in the channel, mentioning exactly ``step.ping``
  (``allowed_mentions``; mentions only notify in a new message), and reported to the service;
* an **edit** replaces the board image, the lines and the components and never pings: through the
  interaction when the player clicked on that very message (a deferred update, then the original
  response edited: Discord's "update message"), otherwise through the channel. A message that is
  gone (deleted) or can no longer be edited is posted anew, silently, and reported.

Changes of one game are drawn one at a time, in the order the service made their steps.
"""

from __future__ import annotations

import asyncio
import io
import logging
import weakref
from collections.abc import Sequence
from typing import Any, Literal

import discord

from render import Kind, pool, render_board, render_player_board, render_turn
from render.i18n import DEFAULT, tr

from ..service.change import Step
from ..service.game_ui import Table
from ..service.notices import jump_link
from .host import Host, bot_of
from .i18n import msg
from .language import lines as in_lines
from .language import of_table, of_user, reader, sentences
from .views.layout import plan_controls, turn_text
from .views.notify import direct

log = logging.getLogger("bot.turns")
_drawing: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()
NO_MENTIONS = discord.AllowedMentions.none()
NO_IMAGE = msg("(I may not attach the board image here: please give me the Attach Files permission.)")
SAVED_NOT_POSTED = msg(
    "Your move is saved, but I could not post the board in this channel; check my permissions "
    "(Send Messages, Attach Files) and use `/game status`."
)


def without_image(text: str, lang: str) -> str:
    """``text`` with the note that the board image may not be attached, cut to fit one message."""
    note = "\n" + tr(NO_IMAGE, lang)
    return text[: 2000 - len(note)] + note


def only(users: list[str]) -> discord.AllowedMentions:
    """Allow pinging exactly ``users`` (Discord ids), nobody else."""
    return discord.AllowedMentions(
        users=[discord.Object(int(u)) for u in users if u.isdigit()], everyone=False, roles=False, replied_user=False
    )


async def board_png(
    view: dict[str, Any], seat: int | None = None, lang: str = "en", kind: Kind = "full"
) -> bytes | None:
    """PNG of the public image ``kind`` (the turn image or the full board; or ``seat``'s own board) in
    ``lang`` (a game without a renderer of its own gets its view drawn as text), drawn off the event
    loop: by the render pool's processes (:mod:`render.pool`), or in a worker thread when none runs
    or it cannot draw this one; ``None`` on failure."""
    try:
        drawing = pool.current()
        if drawing is not None:
            try:
                return await drawing.draw(view, seat, lang, kind)
            except pool.Unavailable as why:
                log.debug("drawing %s in a thread: %s", view.get("game"), why)
        if seat is not None:
            return await asyncio.to_thread(render_player_board, view, seat, lang)
        return await asyncio.to_thread(render_turn if kind == "turn" else render_board, view, lang)
    except Exception:  # a drawing bug must never cost the move
        log.exception("could not render the board of %s", view.get("game"))
        return None


def png_file(data: bytes | None, name: str) -> list[discord.File]:
    return [] if data is None else [discord.File(io.BytesIO(data), filename=name)]


def components(
    bot: Host, table: Table, seat: int | None = None, first: int = 0, lang: str | None = None
) -> discord.ui.View | None:
    """The persistent view (DynamicItems, drawn by ``bot.item``) for the table's open decisions (a seat's
    panel: its selects from page ``first`` on), or ``None``; labelled in ``lang`` (default: the
    table's language, for the public message)."""
    controls = plan_controls(table, seat, first)
    if not controls:
        return None
    lang = of_table(table) if lang is None else lang
    view = discord.ui.View(timeout=None)
    for control in controls:
        view.add_item(bot.item(table, control, lang))
    return view


def turn_message(table: Table, public: list[str], ping: list[str], hidden: int = 0) -> str:
    """The turn message's text in the table's language."""
    return turn_text(table, public, ping, hidden=hidden, lang=of_table(table))


async def post_turn(
    bot: Host,
    table: Table,
    public: list[str],
    ping: list[str],
    *,
    text: str | None = None,
    png: bytes | None = None,
    view: discord.ui.View | None | Literal["plan"] = "plan",
) -> discord.Message:
    """One new public message: board image, event sentences, prompts, pings for ``ping`` only
    (silent when nobody is pinged); ``text``, ``png`` and the components' ``view`` when already drawn.

    Without the Attach Files permission the message goes out without the image and says so.
    """
    channel = bot.get_partial_messageable(int(table.record.channel_id))
    if png is None and text is None and table.state is not None:
        png = await board_png(table.turn_view(table.language), lang=table.language, kind="turn")
    view = components(bot, table) if view == "plan" else view
    kwargs: dict[str, Any] = {"view": view} if view is not None else {}
    kwargs["silent"] = not ping
    text = turn_message(table, public, ping) if text is None else text
    try:
        return await channel.send(
            text, files=png_file(png, f"board-{table.row}-{table.version}.png"), allowed_mentions=only(ping), **kwargs
        )
    except discord.Forbidden:
        if png is None:
            raise
        return await channel.send(without_image(text, of_table(table)), allowed_mentions=only(ping), **kwargs)


def clicked_on(interaction: discord.Interaction[Any] | None, message_id: str | None) -> bool:
    """True when ``interaction`` is a click on the message ``message_id``."""
    message = interaction.message if interaction is not None else None
    return message_id is not None and message is not None and str(message.id) == message_id


async def edit_turn(
    bot: Host,
    step: Step,
    text: str,
    png: bytes | None,
    interaction: discord.Interaction[Any] | None = None,
    view: discord.ui.View | None | Literal["plan"] = "plan",
) -> discord.Message | None:
    """Edit the turn message ``step.edit`` in place (no pings): through ``interaction`` when it is a
    click on that message, else through the channel; ``view``: its components when already drawn.
    ``None`` when it is gone or refuses the edit."""
    table = step.table
    assert step.edit is not None
    view = components(bot, table) if view == "plan" else view

    async def attempt(content: str, files: list[discord.File]) -> discord.Message:
        if clicked_on(interaction, step.edit):
            assert interaction is not None
            return await interaction.edit_original_response(
                content=content, attachments=files, view=view, allowed_mentions=NO_MENTIONS
            )
        channel = bot.get_partial_messageable(int(table.record.channel_id))
        return await channel.get_partial_message(int(step.edit or 0)).edit(
            content=content, attachments=files, view=view, allowed_mentions=NO_MENTIONS
        )

    try:
        try:
            return await attempt(text, png_file(png, f"board-{table.row}-{table.version}.png"))
        except discord.Forbidden:
            if png is None:
                raise
            return await attempt(without_image(text, of_table(table)), [])
    except discord.NotFound:
        log.info("game %s: turn message %s is gone; posting it anew", table.row, step.edit)
    except discord.HTTPException as exc:
        log.warning("game %s: could not edit turn message %s (%s); posting it anew", table.row, step.edit, exc)
    return None


async def draw_step(
    bot: Host, step: Step, interaction: discord.Interaction[Any] | None = None
) -> tuple[discord.Message | None, bool]:
    """Post or edit the turn message of ``step`` (see the module docstring); the message shown (``None``
    when nothing could be posted) and whether it was the message ``interaction`` clicked, updated."""
    table = step.table
    lock = _drawing.get(table.row)
    if lock is None:
        lock = _drawing[table.row] = asyncio.Lock()
    async with lock:
        # The board is drawn by another process (or thread) while the text and components are planned here.
        drawing = (
            board_png(table.turn_view(table.language), lang=table.language, kind="turn")
            if table.state is not None
            else None
        )
        board = asyncio.ensure_future(drawing) if drawing is not None else None
        try:
            lines = step.lines or step.public
            text = turn_message(table, lines, step.ping if step.new else step.named, hidden=step.hidden)
            view = components(bot, table)
        finally:
            png = await board if board is not None else None
        if not step.new and step.edit is not None:
            message = await edit_turn(bot, step, text, png, interaction, view)
            if message is not None:
                return message, clicked_on(interaction, step.edit)
            text = turn_message(table, lines, step.ping, hidden=step.hidden)  # posted anew: nobody mentioned
            view = components(bot, table)  # a view of its own for the new message
        try:
            message = await post_turn(bot, table, lines, step.ping, text=text, png=png, view=view)
        except discord.HTTPException as exc:
            log.warning("game %s move %s saved but not posted: %s", table.row, table.version, exc)
            return None, False
        await bot.service.turn_posted(step, str(message.id))
        return message, False


async def post_step(
    bot: Host, step: Step, actor: str | None, interaction: discord.Interaction[Any] | None = None
) -> list[str]:
    """Draw the turn message of a stored :class:`~bot.service.change.Step` (:func:`draw_step`) and deliver
    what goes beside it: lines for other games' channels (silently), the DM copies of turn pings,
    others' private lines.

    Everything was decided by the service call that made the change (each one runs through
    ``play_step``); the only call back into the service records a posted message. The change is
    already saved, so a failed post is logged and returned as a note for the actor.
    """
    return (await deliver(bot, step, actor, interaction))[0]


async def deliver(
    bot: Host, step: Step, actor: str | None, interaction: discord.Interaction[Any] | None = None
) -> tuple[list[str], bool]:
    """:func:`post_step`, and whether the message ``interaction`` clicked was updated in place."""
    table = step.table
    message, updated = await draw_step(bot, step, interaction)
    if message is None:
        return [SAVED_NOT_POSTED], False
    for channel_id, line in step.elsewhere:  # e.g. "Ann is back" in the player's other games
        try:
            there = await bot.service.table_in(channel_id)
            said = tr(line, of_table(there) if there is not None else DEFAULT)
            await bot.get_partial_messageable(int(channel_id)).send(
                said[:2000], allowed_mentions=NO_MENTIONS, silent=True
            )
        except (discord.HTTPException, ValueError):
            log.warning("could not post in channel %s: %r", channel_id, line)
    language = of_table(table)
    for user, prompt in step.dm.items():
        link = jump_link(table.record.guild_id, table.record.channel_id, str(message.id))
        turn = msg("🎲 Your turn in **{title}**: {prompt} {link}", title=table.record.title, prompt=prompt, link=link)
        lang = await of_user(bot, user, language)
        await direct(bot, user, tr(turn, lang), table.record.channel_id, lang)
    for user, lines in step.private.items():
        if user != actor:
            lang = await of_user(bot, user, language)
            told = msg("{title}: {lines}", title=table.record.title, lines=sentences(lines, lang))
            await bot.tell_privately(user, tr(told, lang), table.record.channel_id)
    return [], updated


async def answer_played(interaction: discord.Interaction[Any], step: Step, *, ack: bool, strip: bool = False) -> None:
    """Post or edit the turn message of ``step``, a change the interaction's user just made (a click, a
    menu, ``/play``), then answer the user.

    The interaction must already be deferred (a click: as a deferred update, so that the clicked
    turn message can be updated in place). ``ack`` sends a short ephemeral confirmation (slash
    commands); private lines (e.g. VP scored) are always sent to the actor ephemerally. ``strip``
    removes the components of the clicked message unless it was updated in place.
    """
    bot = bot_of(interaction)
    user = str(interaction.user.id)
    notes, updated = await deliver(bot, step, user, interaction)
    if strip and not updated:
        await strip_components(interaction)
    lines = ([msg("You played `{text}`.", text=step.played)] if ack else []) + step.private.get(user, []) + notes
    if lines:
        await interaction.followup.send(in_lines(lines, await reader(interaction))[:2000], ephemeral=True)


async def post_public(
    interaction: discord.Interaction[Any], lines: Sequence[str], lang: str, **kwargs: Any
) -> discord.Message:
    """A new, silent channel message in ``lang`` (the table's language) pinging nobody; then the
    (ephemeral) deferred reply is removed.

    Commands defer ephemerally so that refusals stay private; successes are posted this way.
    """
    channel = bot_of(interaction).get_partial_messageable(int(interaction.channel_id or 0))
    message = await channel.send(in_lines(lines, lang)[:2000], allowed_mentions=NO_MENTIONS, silent=True, **kwargs)
    await finish(interaction, [])
    return message


async def finish(interaction: discord.Interaction[Any], lines: Sequence[str]) -> None:
    """Answer a deferred ephemeral command with ``lines`` (in the reader's language), or remove the
    "thinking…" reply if none."""
    try:
        if lines:
            await interaction.followup.send(in_lines(lines, await reader(interaction))[:2000], ephemeral=True)
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
