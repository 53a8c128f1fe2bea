"""A recording stand-in for Discord's HTTP API, and Discord-shaped interaction payloads.

The bot under test is the real :class:`bot.app.PbpBot` with discord.py's real objects:
interactions enter through ``ConnectionState.parse_interaction_create`` exactly like a
gateway ``INTERACTION_CREATE`` event, the real ``CommandTree`` and ``ViewStore`` dispatch
them, and every outgoing request (interaction callbacks, followups, channel messages)
lands in :class:`FakeDiscord` instead of the network. The ids and user payloads are
:mod:`discord_ids`; slash-command options (members, attachments) and the fake CDN :mod:`discord_options`.
"""

from __future__ import annotations

import asyncio
import json
import random
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import discord
from discord.webhook.async_ import AsyncWebhookAdapter, async_context
from discord_ids import APP_ID, BOT_ID, CHANNEL_ID, EPHEMERAL, GUILD_ID, TIMESTAMP, snowflakes, user_payload
from discord_options import command_data, get_from_cdn

from bot.discord.app import PbpBot, create_bot
from bot.service.core import Clock
from bot.service.game_ui import Table
from bot.service.results import utc_now
from bot.settings import Settings
from engine.core.shapes import ChooseSeveral


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
            "attachments": [
                {
                    "id": str(next(snowflakes)),
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
            dm_id = next(snowflakes)
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


class Guild:
    """Builds interaction payloads for one guild channel and feeds them to a bot."""

    def __init__(self, bot: PbpBot, fake: FakeDiscord) -> None:
        self.bot, self.fake = bot, fake

    def _base(self, kind: int, user: int, name: str, data: dict[str, Any], perms: str) -> dict[str, Any]:
        return {
            "id": str(next(snowflakes)),
            "application_id": str(APP_ID),
            "type": kind,
            "token": f"tok-{next(snowflakes)}",
            "version": 1,
            "guild_id": str(GUILD_ID),
            "channel_id": str(CHANNEL_ID),
            "channel": {
                "id": str(CHANNEL_ID),
                "type": 0,
                "guild_id": str(GUILD_ID),
                "name": "games",
                "position": 0,
                "permission_overwrites": [],
                "nsfw": False,
                "parent_id": None,
            },
            "member": {
                "user": user_payload(user, name),
                "roles": [],
                "joined_at": TIMESTAMP,
                "deaf": False,
                "mute": False,
                "nick": None,
                "permissions": perms,
                "flags": 0,
            },
            "data": data,
            "app_permissions": "0",
            "locale": "en-US",
            "guild_locale": "en-US",
            "attachment_size_limit": 10 * 1024 * 1024,
            "entitlements": [],
            "authorizing_integration_owners": {},
            "context": 0,
        }

    async def feed(self, payload: dict[str, Any]) -> list[Call]:
        """Deliver a gateway INTERACTION_CREATE and wait until the bot is done; returns new calls."""
        mark = len(self.fake.calls)
        async_context.set(self.fake)  # the tasks discord.py creates below copy this context
        self.bot._connection.parse_interaction_create(payload)  # type: ignore[arg-type]
        await settle()
        return self.fake.since(mark)

    async def command(self, user: int, name: str, path: str, perms: str = "0", **options: Any) -> list[Call]:
        """``path`` like ``"game new"`` or ``"play"``; options typed by their Python values."""
        return await self.feed(self._base(2, user, name, command_data(path, options), perms))

    async def autocomplete(self, user: int, name: str, path: str, focused: str, **options: Any) -> list[str]:
        """The values of the suggestions for option ``focused`` (what picking one sends)."""
        return [value for _, value in await self.suggestions(user, name, path, focused, **options)]

    async def suggestions(self, user: int, name: str, path: str, focused: str, **options: Any) -> list[tuple[str, str]]:
        """The (name shown, value sent) pairs suggested for option ``focused``."""
        data = command_data(path, options, focused)
        calls = await self.feed(self._base(4, user, name, data, "0"))
        answer = next(c for c in calls if c.payload.get("type") == 8)
        return [(choice["name"], choice["value"]) for choice in answer.payload["data"]["choices"]]

    async def click(
        self, user: int, name: str, message: dict[str, Any], custom_id: str, values: list[str] | None = None
    ) -> list[Call]:
        """Click a component of ``message`` (a message payload the bot sent earlier)."""
        kind = 3 if values is not None else 2
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": kind}
        if values is not None:
            data["values"] = values
        payload = self._base(3, user, name, data, "0")
        payload["message"] = message
        return await self.feed(payload)


async def settle(rounds: int = 200) -> None:
    """Wait for the tasks discord.py spawned for an interaction (command tree, views, events)."""
    for _ in range(rounds):
        await asyncio.sleep(0)
        busy = [
            t
            for t in asyncio.all_tasks()
            if t is not asyncio.current_task()
            and not t.done()
            and t.get_name().startswith(("CommandTree", "discord-ui", "discord.py"))
        ]
        if not busy:
            return
        await asyncio.wait(busy, timeout=30)


async def start_bot(db: Path, fake: FakeDiscord, seed: int = 7, clock: Clock = utc_now, **settings: Any) -> PbpBot:
    """A real bot on ``db`` with the HTTP layer recorded by ``fake``; setup_hook run, no login.

    The service gets a seeded generator so seating and set-up are the same on every run, and
    ``clock``; the timer loop is off unless ``run_timers=True`` (tests fire deadlines by hand).
    """
    base = {"database_path": str(db), "sync_commands": False, "run_timers": False}
    bot = create_bot(Settings(**{**base, **settings}), clock=clock, rng=random.Random(seed))
    bot.http.request = fake.http  # type: ignore[method-assign]
    bot.http.get_from_cdn = get_from_cdn  # type: ignore[method-assign]
    await bot._async_setup_hook()
    bot._connection.user = discord.ClientUser(state=bot._connection, data=user_payload(BOT_ID, "PBP Bot"))
    bot._connection.application_id = APP_ID
    try:
        await bot.setup_hook()
    except BaseException:
        await bot.close()  # an open store would keep pytest from exiting
        raise
    return bot


# --- game helpers -------------------------------------------------------------------------------
ANN, BOB, CY = (1001, "Ann"), (1002, "Bob"), (1003, "Cy")
NAMES = {1001: "Ann", 1002: "Bob", 1003: "Cy"}
PNG = b"\x89PNG\r\n\x1a\n"


async def open_table(
    guild: Guild,
    players: tuple[tuple[int, str], ...] = (ANN, BOB, CY),
    options: str | None = None,
    game: str = "puerto_rico",
) -> Call:
    """``/game new`` of ``game`` by the first player (with table ``options`` if given), ``/game join``
    by the others, ``/game start``; the turn message."""
    (first, name), others = players[0], players[1:]
    extra = {"options": options} if options else {}
    await guild.command(first, name, "game new", game=game, **extra)
    for user, other in others:
        await guild.command(user, other, "game join")
    await guild.command(first, name, "game start")
    return guild.fake.channel_posts()[-1]


async def table_now(guild: Guild) -> Table:
    table = await guild.bot.service.table_in(CHANNEL_ID)
    assert table is not None
    return table


#: A component that plays an option of a seat: a button (``a``), a select (``s``), a multi-select (``k``).
PLAYABLE = re.compile(r"pbp:\d+:\d+:(\d+):(?:[as]\d+|k)$")


def picks_of(table: Table, seat: int, text: str) -> list[str]:
    """The values to choose in ``seat``'s multi-select (item indices) to play the listed ``text``."""
    shape = table.shape(seat)
    assert isinstance(shape, ChooseSeveral), shape
    keys = [item.key for item in shape.items]
    option = next(o for o in shape.options if o.text == text)
    return [str(keys.index(key)) for key in option.picks]


def values_to_click(table: Table, item: dict[str, Any], pick: Callable[[list[Any]], Any]) -> list[str] | None:
    """What clicking a playable component sends: nothing for a button, one value of a select, and for
    a multi-select the items of one of the seat's listed sets (``pick`` chooses among the options)."""
    if "options" not in item:
        return None
    if not item["custom_id"].endswith(":k"):
        return [pick(item["options"])["value"]]
    seat = int(item["custom_id"].split(":")[3])
    shape = table.shape(seat)
    assert shape is not None
    return picks_of(table, seat, pick([o.text for o in shape.options if o.picks and o.text in table.texts(seat)]))


def pinged(call: Call) -> set[str]:
    """User ids the message may ping (``allowed_mentions.users``)."""
    return {str(u) for u in call.payload.get("allowed_mentions", {}).get("users", [])}


def posted(calls: list[Call]) -> Call:
    """The one new message a command or click posted in the game channel."""
    posts = [c for c in calls if c.kind == "http" and c.url.endswith(f"/channels/{CHANNEL_ID}/messages")]
    assert len(posts) == 1, [(c.method, c.path, c.content) for c in calls]
    return posts[0]
