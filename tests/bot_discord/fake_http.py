"""A recording stand-in for Discord's HTTP API (:class:`FakeDiscord`) and the ids it answers with;
:mod:`discord_fakes` builds the interactions and starts the bot on it.

Every outgoing request (interaction callbacks, followups, channel messages, DMs) lands here as a
:class:`Call` instead of going to the network, answered with a plausible Discord payload.
"""

from __future__ import annotations

import itertools
import json
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any

import discord
from discord.webhook.async_ import AsyncWebhookAdapter

APP_ID = 900_000_000_000_000_001
BOT_ID = 900_000_000_000_000_002
GUILD_ID = 700_000_000_000_000_001
CHANNEL_ID = 700_000_000_000_000_100
EPHEMERAL = 64
_ids = itertools.count(800_000_000_000_000_000)
TIMESTAMP = "2030-01-01T00:00:00+00:00"


def user_payload(user_id: int, name: str) -> dict[str, Any]:
    return {
        "id": str(user_id),
        "username": name.lower(),
        "global_name": name,
        "discriminator": "0",
        "avatar": None,
        "bot": user_id == BOT_ID,
    }


@dataclass
class Call:
    """One outgoing request: ``kind`` is ``http`` (bot token) or ``webhook`` (interaction token)."""

    kind: str
    method: str
    path: str
    url: str
    payload: dict[str, Any]
    files: list[tuple[str, bytes]] = field(default_factory=list)
    reply: dict[str, Any] = field(default_factory=dict)

    @property
    def content(self) -> str:
        return str(self.payload.get("content") or self.payload.get("data", {}).get("content") or "")

    @property
    def flags(self) -> int:
        return int(self.payload.get("flags") or self.payload.get("data", {}).get("flags") or 0)

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & EPHEMERAL)

    def custom_ids(self) -> list[str]:
        rows = self.payload.get("components") or self.payload.get("data", {}).get("components") or []
        return [c["custom_id"] for row in rows for c in row.get("components", []) if "custom_id" in c]


def _split(payload: Any, form: Any, files: Any) -> tuple[dict[str, Any], list[tuple[str, bytes]]]:
    """The JSON body (a list body, e.g. a command sync, comes back as ``{"items": [...]}``) and files."""
    body = {"items": payload} if isinstance(payload, list) else dict(payload or {})
    for part in form or []:
        if part.get("name") == "payload_json":
            body = json.loads(part["value"])
    stored = []
    for file in files or []:
        file.fp.seek(0)
        stored.append((file.filename, file.fp.read()))
    return body, stored


class FakeDiscord(AsyncWebhookAdapter):
    """Records every request and answers with plausible Discord payloads."""

    def __init__(self) -> None:
        super().__init__()
        self.calls: list[Call] = []
        self.refuse: str | None = None  # "files": 403 on channel messages with files; "all": on every one
        self.closed_dms: set[int] = set()  # users whose DMs answer 403 (50007)
        self.dm_channels: dict[int, int] = {}  # DM channel id -> recipient

    def message(self, body: dict[str, Any], channel_id: int, files: list[tuple[str, bytes]]) -> dict[str, Any]:
        return {
            "id": str(next(_ids)),
            "channel_id": str(channel_id),
            "guild_id": str(GUILD_ID),
            "type": 0,
            "content": body.get("content") or "",
            "author": user_payload(BOT_ID, "PBP Bot"),
            "tts": False,
            "timestamp": TIMESTAMP,
            "edited_timestamp": None,
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "pinned": False,
            "embeds": body.get("embeds") or [],
            "flags": body.get("flags", 0),
            "components": body.get("components") or [],
            "attachments": [
                {
                    "id": str(next(_ids)),
                    "filename": name,
                    "size": len(data),
                    "url": f"https://cdn/{name}",
                    "proxy_url": f"https://cdn/{name}",
                }
                for name, data in files
            ],
        }

    def _record(self, kind: str, route: Any, body: dict[str, Any], files: list[tuple[str, bytes]]) -> Call:
        call = Call(kind, route.method, route.path, route.url, body, files)
        self.calls.append(call)
        return call

    # --- interaction token requests (responses, followups, edits of the original) -----------
    async def request(
        self,
        route: Any,
        session: Any = None,
        *,
        payload: dict[str, Any] | None = None,
        multipart: Any = None,
        files: Any = None,
        **kwargs: Any,
    ) -> Any:
        body, stored = _split(payload, multipart, files)
        call = self._record("webhook", route, body, stored)
        if route.path.endswith("/callback"):
            data = body.get("data") or {}
            resource: dict[str, Any] = {"type": body.get("type")}
            if body.get("type") in (4, 7):
                resource["message"] = self.message(data, CHANNEL_ID, stored)
            call.reply = {
                "interaction": {
                    "id": str(route.webhook_id),
                    "type": 2,
                    "response_message_loading": body.get("type") == 5,
                    "response_message_ephemeral": bool((data.get("flags") or 0) & EPHEMERAL),
                },
                "resource": resource,
            }
        else:
            call.reply = self.message(body, CHANNEL_ID, stored)
        return call.reply

    # --- bot token requests (channel messages, DMs) ------------------------------------------
    async def http(self, route: Any, *, files: Any = None, form: Any = None, **kwargs: Any) -> Any:
        body, stored = _split(kwargs.get("json"), form, files)
        call = self._record("http", route, body, stored)
        if route.path.endswith("/messages") and (self.refuse == "all" or (self.refuse == "files" and stored)):
            call.reply = {"code": 50013, "message": "Missing Permissions"}
            raise discord.Forbidden(SimpleNamespace(status=403, reason="Forbidden"), call.reply)  # type: ignore
        if (
            route.path.endswith("/messages")
            and self.dm_channels.get(int(getattr(route, "channel_id", 0) or 0)) in self.closed_dms
        ):
            call.reply = {"code": 50007, "message": "Cannot send messages to this user"}
            raise discord.Forbidden(SimpleNamespace(status=403, reason="Forbidden"), call.reply)  # type: ignore
        if route.path == "/users/@me/channels":
            dm_id = next(_ids)
            self.dm_channels[dm_id] = int(body["recipient_id"])
            call.reply = {"id": str(dm_id), "type": 1, "recipients": [user_payload(int(body["recipient_id"]), "dm")]}
        elif "/messages" in route.path:
            call.reply = self.message(body, int(route.channel_id), stored)
        return call.reply

    # --- queries for tests ---------------------------------------------------------------------
    def since(self, mark: int) -> list[Call]:
        return self.calls[mark:]

    def channel_posts(self, since: int = 0, channel: int = CHANNEL_ID) -> list[Call]:
        """New messages the bot posted in ``channel`` (the game channel by default)."""
        return [
            c
            for c in self.calls[since:]
            if c.kind == "http" and c.method == "POST" and c.url.endswith(f"/channels/{channel}/messages")
        ]

    def dms(self, since: int = 0, user: int | None = None) -> list[Call]:
        """Direct messages the bot sent (to ``user``, if given), refused ones included."""
        return [
            c
            for c in self.calls[since:]
            if c.kind == "http"
            and c.method == "POST"
            and c.path.endswith("/messages")
            and int(c.url.split("/channels/")[1].split("/")[0]) in self.dm_channels
            and (user is None or self.dm_channels[int(c.url.split("/channels/")[1].split("/")[0])] == user)
        ]

    def replies(self, since: int = 0) -> list[Call]:
        """Interaction callbacks and followups/edits (everything sent with an interaction token)."""
        return [c for c in self.calls[since:] if c.kind == "webhook"]
