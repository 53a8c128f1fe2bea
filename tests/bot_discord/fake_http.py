"""A recording stand-in for Discord's HTTP API (:class:`FakeDiscord`) and the requests it records
(:class:`Call`). Every outgoing request of the bot under test (interaction callbacks, followups,
channel messages and their edits, DMs) lands here instead of the network; :mod:`discord_fakes`
builds the interactions that go in.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any

import discord
from discord.webhook.async_ import AsyncWebhookAdapter
from discord_ids import BOT_ID, CHANNEL_ID, EPHEMERAL, GUILD_ID, TIMESTAMP, snowflakes, user_payload


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

    @property
    def new(self) -> bool:
        """A new message (``POST``), not an edit of one."""
        return self.method == "POST"

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


def _attachments(files: list[tuple[str, bytes]]) -> list[dict[str, Any]]:
    return [
        {
            "id": str(next(snowflakes)),
            "filename": name,
            "size": len(data),
            "url": f"https://cdn/{name}",
            "proxy_url": f"https://cdn/{name}",
        }
        for name, data in files
    ]


class FakeDiscord(AsyncWebhookAdapter):
    """Records every request and answers with plausible Discord payloads.

    It remembers every message it created (``messages``, by id) so that edits answer with the same
    message id and the edited payload: a channel ``PATCH``, an interaction's "update message"
    (callback type 7) and an edit of an interaction's original response (the clicked message after
    a deferred update). A message in ``deleted`` answers 404 (Unknown Message) to an edit.
    """

    def __init__(self) -> None:
        super().__init__()
        self.calls: list[Call] = []
        self.refuse: str | None = None  # "files": 403 on channel messages with files; "all": on every one
        self.closed_dms: set[int] = set()  # users whose DMs answer 403 (50007)
        self.dm_channels: dict[int, int] = {}  # DM channel id -> recipient
        self.messages: dict[str, dict[str, Any]] = {}  # message id -> its payload as it stands now
        self.deleted: set[str] = set()  # ids of messages someone deleted
        self.originals: dict[str, str] = {}  # interaction token -> id of its original response

    def message(self, body: dict[str, Any], channel_id: int, files: list[tuple[str, bytes]]) -> dict[str, Any]:
        message = {
            "id": str(next(snowflakes)),
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
            "attachments": _attachments(files),
        }
        self.messages[message["id"]] = message
        return message

    def edit(self, message_id: str, body: dict[str, Any], files: list[tuple[str, bytes]]) -> dict[str, Any]:
        """Apply an edit to a remembered message (404 if it was deleted); the message as it is now."""
        if message_id in self.deleted or message_id not in self.messages:
            raise discord.NotFound(
                SimpleNamespace(status=404, reason="Not Found"), {"code": 10008, "message": "Unknown Message"}
            )  # type: ignore
        message = dict(self.messages[message_id])
        for key in ("content", "components", "embeds", "flags"):
            if key in body:
                message[key] = body[key] if body[key] is not None else ([] if key != "content" else "")
        if "attachments" in body or files:
            keep = {str(a.get("id")) for a in body.get("attachments") or []}
            message["attachments"] = [a for a in message["attachments"] if a["id"] in keep] + _attachments(files)
        message["edited_timestamp"] = TIMESTAMP
        self.messages[message_id] = message
        return message

    def delete(self, message_id: str) -> None:
        """Someone deletes a message: edits of it answer 404 from now on."""
        self.deleted.add(str(message_id))

    def _original(self, token: str, channel_id: int = CHANNEL_ID) -> str:
        """The id of the interaction's original response (a loading message until edited)."""
        if token not in self.originals:
            self.originals[token] = self.message({}, channel_id, [])["id"]
        return self.originals[token]

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
        token = str(route.webhook_token)
        if route.path.endswith("/callback"):
            data = body.get("data") or {}
            resource: dict[str, Any] = {"type": body.get("type")}
            if body.get("type") == 4:
                resource["message"] = self.message(data, CHANNEL_ID, stored)
                self.originals[token] = resource["message"]["id"]
            elif body.get("type") == 7:  # update the clicked message
                resource["message"] = self.edit(self._original(token), data, stored)
            call.reply = {
                "interaction": {
                    "id": str(route.webhook_id),
                    "type": 2,
                    "response_message_loading": body.get("type") == 5,
                    "response_message_ephemeral": bool((data.get("flags") or 0) & EPHEMERAL),
                },
                "resource": resource,
            }
        elif route.method == "PATCH" and "/messages/" in route.path:
            target = route.url.rsplit("/", 1)[1]
            call.reply = self.edit(self._original(token) if target == "@original" else target, body, stored)
        elif route.method == "DELETE" and "/messages/" in route.path:
            target = route.url.rsplit("/", 1)[1]
            self.delete(self._original(token) if target == "@original" else target)
        else:
            call.reply = self.message(body, CHANNEL_ID, stored)
        return call.reply

    # --- bot token requests (channel messages, DMs) ------------------------------------------
    async def http(self, route: Any, *, files: Any = None, form: Any = None, **kwargs: Any) -> Any:
        body, stored = _split(kwargs.get("json"), form, files)
        call = self._record("http", route, body, stored)
        to_channel = route.method in ("POST", "PATCH") and "/messages" in route.path
        if to_channel and (self.refuse == "all" or (self.refuse == "files" and stored)):
            call.reply = {"code": 50013, "message": "Missing Permissions"}
            raise discord.Forbidden(SimpleNamespace(status=403, reason="Forbidden"), call.reply)  # type: ignore
        if (
            route.path.endswith("/messages")
            and self.dm_channels.get(int(getattr(route, "channel_id", 0) or 0)) in self.closed_dms
        ):
            call.reply = {"code": 50007, "message": "Cannot send messages to this user"}
            raise discord.Forbidden(SimpleNamespace(status=403, reason="Forbidden"), call.reply)  # type: ignore
        if route.path == "/users/@me/channels":
            dm_id = next(snowflakes)
            self.dm_channels[dm_id] = int(body["recipient_id"])
            call.reply = {"id": str(dm_id), "type": 1, "recipients": [user_payload(int(body["recipient_id"]), "dm")]}
        elif route.method == "PATCH" and "/messages/" in route.path:
            call.reply = self.edit(route.url.rsplit("/", 1)[1], body, stored)
        elif route.method == "DELETE" and "/messages/" in route.path:
            self.delete(route.url.rsplit("/", 1)[1])
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
