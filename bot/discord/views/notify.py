"""Direct messages and digests: a 403 is remembered in SQLite (never retried in a loop) and the
channel gets one short hint instead."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord

from render.i18n import DEFAULT, tr

from ...service.notify import Digest
from ...service.turn_text import mention
from ..language import of_table, of_user

if TYPE_CHECKING:
    from ..host import Host

log = logging.getLogger("bot.notify")


def just(user_id: str) -> discord.AllowedMentions:
    """Allow pinging exactly this user."""
    return discord.AllowedMentions(users=[discord.Object(int(user_id))], everyone=False, roles=False)


async def direct(bot: Host, user_id: str, text: str, channel_id: str | None, lang: str | None = None) -> bool:
    """DM ``text`` (already in the reader's language) to ``user_id``; True if it went out. On a 403 the
    service remembers that their DMs are closed and, the first time only, the hint is posted in
    ``channel_id`` (in ``lang``, default: the user's language if chosen, else English)."""
    if not user_id.isdigit():
        return False
    try:
        channel = await bot.create_dm(discord.Object(int(user_id)))
        await channel.send(text[:2000])
        return True
    except discord.Forbidden:
        hint = await bot.service.notify.dm_failed(user_id)
        if hint and channel_id and channel_id.isdigit():
            said = tr(hint, lang or await of_user(bot, user_id, DEFAULT))
            try:
                await bot.get_partial_messageable(int(channel_id)).send(
                    f"{mention(user_id)} {said}", allowed_mentions=just(user_id), silent=True
                )
            except discord.HTTPException:
                log.warning("could not post the closed-DM hint for %s in %s", user_id, channel_id)
        return False
    except discord.HTTPException as exc:
        log.warning("could not DM user %s: %s", user_id, exc)
        return False


async def deliver_digest(bot: Host, digest: Digest) -> None:
    """By DM when the user opted in and DMs work, else in a game channel with one mention; in the
    user's language if they chose one, else that game's table's."""
    there = await bot.service.table_in(digest.channel_id) if digest.channel_id else None
    lang = await of_user(bot, digest.user_id, of_table(there) if there is not None else DEFAULT)
    text = digest.text_in(lang)
    if digest.dm and await direct(bot, digest.user_id, text, digest.channel_id, lang):
        return
    if digest.channel_id is None or not digest.channel_id.isdigit():
        return
    try:
        await bot.get_partial_messageable(int(digest.channel_id)).send(
            f"{mention(digest.user_id)} {text}"[:2000], allowed_mentions=just(digest.user_id)
        )
    except discord.HTTPException as exc:  # claimed already: never retried in a loop
        log.warning("digest for %s not posted in %s: %s", digest.user_id, digest.channel_id, exc)
