"""What the bot posts beside the turn messages: a reminder or announcement (:class:`Notice`), a notice
that must wait (:class:`Later`), and jump links to games' messages."""

from __future__ import annotations

from dataclasses import dataclass

from render.i18n import tr

from ..store.reminders import FINAL, HALF, STALL
from .i18n import msg
from .turn_text import mention

ICONS = {HALF: "⏳", FINAL: "⚠️", STALL: "⌛", "away": "🏝️", "back": "👋", "held": "🔔"}
#: How a notice's body addresses the person named before it (", a reminder: ..."), left out in a DM.
ADDRESS = (", ", "さん、")


@dataclass(frozen=True)
class Notice:
    """One reminder or announcement to post in a game's channel.

    ``user_id`` is the addressee (``None``: the whole table); ``ping`` says whether to mention
    them (only they may be pinged) or just name them in a silent message; ``snooze`` offers the
    snooze button. ``body`` is a message (it follows the addressee's name: ", a reminder: ..."); a
    front end translates :meth:`text` into the addressee's language, else the table's.
    """

    kind: str
    game_row: int
    channel_id: str
    guild_id: str | None
    title: str
    body: str
    user_id: str | None = None
    name: str = ""
    seat: int | None = None
    ping: bool = False
    snooze: bool = False
    due_at: str | None = None
    #: Also send the addressee a direct message (they opted in).
    dm: bool = False

    def text(self) -> str:
        """The notice as posted in the channel (a message: translate it with ``render.i18n.tr`` into
        the addressee's language, or the table's when it has none)."""
        icon = ICONS.get(self.kind, "🔔")
        if self.user_id is None:
            return msg("{icon} {body}", icon=icon, body=self.body)
        who = mention(self.user_id) if self.ping else f"**{self.name}**"
        return msg("{icon} {who}{body}", icon=icon, who=who, body=self.body)

    def dm_text(self, lang: str = "en") -> str:
        """The same notice addressed to its reader (for a direct message), in ``lang``."""
        body = tr(self.body, lang)
        for lead in ADDRESS:
            body = body.removeprefix(lead)
        return f"{ICONS.get(self.kind, '🔔')} {body[:1].upper()}{body[1:]}"


@dataclass(frozen=True)
class Later:
    """A notice that must wait (e.g. until the addressee's quiet hours end)."""

    at: str


def jump_link(guild_id: str | None, channel_id: str, message_id: str | None = None) -> str:
    """A link that opens the message (or the channel) in Discord; ``<#channel>`` without a guild.

    >>> jump_link("1", "2", "3")
    'https://discord.com/channels/1/2/3'
    """
    if guild_id is None or not channel_id.isdigit():
        return f"<#{channel_id}>"
    return f"https://discord.com/channels/{guild_id}/{channel_id}" + (f"/{message_id}" if message_id else "")
