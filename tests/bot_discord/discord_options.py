"""Slash-command data as Discord sends it, built from Python values (strings, numbers, booleans, a
member as :class:`Person`, an attachment as :class:`Upload`), and the fake CDN serving uploads."""

from __future__ import annotations

from dataclasses import dataclass
from types import SimpleNamespace
from typing import Any

import discord
from discord_ids import GUILD_ID, TIMESTAMP, snowflakes, user_payload


@dataclass(frozen=True)
class Upload:
    """A file attached to a command option (served back by the fake CDN)."""

    filename: str
    data: bytes


@dataclass(frozen=True)
class Person:
    """A guild member given as a user option (``@user``)."""

    id: int
    name: str
    bot: bool = False


def _option_type(value: Any) -> int:
    if isinstance(value, Upload):
        return 11
    if isinstance(value, Person):
        return 6
    return 5 if isinstance(value, bool) else 4 if isinstance(value, int) else 3


def _resolve(value: Any, resolved: dict[str, dict[str, Any]]) -> Any:
    """The option value Discord sends (an id for users and attachments), filling ``resolved``."""
    if isinstance(value, Upload):
        key = str(next(snowflakes))
        url = f"https://cdn.test/attachments/{key}/{value.filename}"
        UPLOADS[url] = value.data
        resolved.setdefault("attachments", {})[key] = {
            "id": key,
            "filename": value.filename,
            "size": len(value.data),
            "url": url,
            "proxy_url": url,
            "content_type": "application/json",
        }
        return key
    if isinstance(value, Person):
        user = user_payload(value.id, value.name)
        user["bot"] = value.bot
        resolved.setdefault("users", {})[str(value.id)] = user
        resolved.setdefault("members", {})[str(value.id)] = {
            "roles": [],
            "joined_at": TIMESTAMP,
            "deaf": False,
            "mute": False,
            "nick": None,
            "permissions": "0",
            "flags": 0,
        }
        return str(value.id)
    return value


def command_data(path: str, options: dict[str, Any], focused: str | None = None) -> dict[str, Any]:
    resolved: dict[str, dict[str, Any]] = {}
    opts = [
        {
            "type": _option_type(v),
            "name": k,
            "value": _resolve(v, resolved),
            **({"focused": True} if k == focused else {}),
        }
        for k, v in options.items()
    ]
    names = path.split()
    for sub in reversed(names[1:]):
        opts = [{"type": 1, "name": sub, "options": opts}]
    data = {"id": str(next(snowflakes)), "name": names[0], "type": 1, "options": opts, "guild_id": str(GUILD_ID)}
    return {**data, "resolved": resolved} if resolved else data


#: Bytes of every uploaded attachment by URL (the fake CDN).
UPLOADS: dict[str, bytes] = {}


async def get_from_cdn(url: str) -> bytes:
    if url not in UPLOADS:
        raise discord.NotFound(SimpleNamespace(status=404, reason="Not Found"), "Unknown attachment")
    return UPLOADS[url]
