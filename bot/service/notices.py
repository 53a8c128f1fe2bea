"""What the bot posts beside the turn messages: a reminder or announcement (:class:`Notice`), a notice
that must wait (:class:`Later`), and jump links to games' messages."""

from __future__ import annotations

from dataclasses import dataclass

from ..store.reminders import FINAL, HALF, STALL
from .game_ui import mention

ICONS = {HALF: "⏳", FINAL: "⚠️", STALL: "⌛", "away": "🏝️", "back": "👋", "held": "🔔"}


@dataclass(frozen=True)
class Notice:
    """One reminder or announcement to post in a game's channel.

    ``user_id`` is the addressee (``None``: the whole table); ``ping`` says whether to mention
    them (only they may be pinged) or just name them in a silent message; ``snooze`` offers the
    snooze button.
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
        icon = ICONS.get(self.kind, "🔔")
        if self.user_id is None:
            return f"{icon} {self.body}"
        who = mention(self.user_id) if self.ping else f"**{self.name}**"
        return f"{icon} {who}{self.body}"

    def dm_text(self) -> str:
        """The same notice addressed to its reader (for a direct message)."""
        body = self.body.lstrip(", ")
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
