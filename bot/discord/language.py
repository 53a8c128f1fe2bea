"""Which language the Discord layer speaks to whom.

* Public messages (turn messages, the lobby, board captions, the table's buttons): the **table's**
  language (``/game new language:``, ``/game language``).
* Ephemeral replies and private panels: the **reader's** language, their ``/notify language``
  setting if they chose one, else their Discord client's (``interaction.locale``).
* Direct messages and reminders to one player: that **user's** language if they chose one, else the
  table's.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import discord

from render.i18n import DEFAULT, language_of, tr

from .host import Host, bot_of

_READER = "pbp-language"


async def chosen(bot: Host, user_id: str | int) -> str | None:
    """The language the user chose with ``/notify language`` (``None``: follow their client)."""
    return await bot.service.notify.language(str(user_id))


async def reader(interaction: discord.Interaction[Any]) -> str:
    """The reader's language for an ephemeral reply (asked once per interaction)."""
    extras = interaction.extras
    if _READER not in extras:
        try:
            picked = await chosen(bot_of(interaction), interaction.user.id)
        except Exception:  # a storage error must not cost the reply: fall back to the client
            picked = None
        extras[_READER] = picked or language_of(str(interaction.locale))
    return str(extras[_READER])


def forget(interaction: discord.Interaction[Any]) -> None:
    """Ask the reader's language again (after they changed it)."""
    interaction.extras.pop(_READER, None)


def of_table(table: Any) -> str:
    """The table's language (public messages)."""
    return language_of(getattr(table, "language", None) or DEFAULT)


async def of_user(bot: Host, user_id: str, table_language: str) -> str:
    """A user's language for a direct message or a reminder: theirs if chosen, else the table's."""
    try:
        picked = await chosen(bot, user_id)
    except Exception:
        picked = None
    return picked or table_language


def lines(values: Iterable[Any], lang: str) -> str:
    """Several lines (messages or plain strings), each in ``lang``, one per line."""
    return "\n".join(tr(value, lang) for value in values)


def sentences(values: Iterable[Any], lang: str) -> str:
    """Several sentences in ``lang`` run together (a space between them in English, none in Japanese)."""
    return ("" if lang == "ja" else " ").join(tr(value, lang) for value in values)
