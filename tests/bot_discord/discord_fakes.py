"""Discord-shaped interaction payloads for the real bot, and helpers to play a game through them.

The bot under test is the real :class:`bot.app.PbpBot` with discord.py's real objects:
interactions enter through ``ConnectionState.parse_interaction_create`` exactly like a
gateway ``INTERACTION_CREATE`` event, the real ``CommandTree`` and ``ViewStore`` dispatch
them, and every outgoing request (interaction callbacks, followups, channel messages and their
edits) lands in :class:`~fake_http.FakeDiscord` instead of the network. The ids and user payloads
are :mod:`discord_ids`; slash-command options (members, attachments) and the fake CDN
:mod:`discord_options`.
"""

from __future__ import annotations

import asyncio
import random
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import discord
from discord.webhook.async_ import async_context
from discord_ids import APP_ID, BOT_ID, CHANNEL_ID, EPHEMERAL, GUILD_ID, TIMESTAMP, snowflakes, user_payload
from discord_options import command_data, get_from_cdn
from fake_http import Call, FakeDiscord

from bot.discord.app import PbpBot, create_bot
from bot.service.clock import utc_now
from bot.service.core import Clock
from bot.service.game_ui import Table
from bot.settings import Settings
from engine.core.shapes import ChooseSeveral

__all__ = ["APP_ID", "BOT_ID", "CHANNEL_ID", "EPHEMERAL", "GUILD_ID", "TIMESTAMP", "Call", "FakeDiscord"]


class Guild:
    """Builds interaction payloads for one guild channel and feeds them to a bot."""

    def __init__(self, bot: PbpBot, fake: FakeDiscord) -> None:
        self.bot, self.fake = bot, fake
        #: Discord client locales by user (default ``en-US``) and the server's preferred locale.
        self.locales: dict[int, str] = {}
        self.guild_locale = "en-US"

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
            "locale": self.locales.get(user, "en-US"),
            "guild_locale": self.guild_locale,
            "attachment_size_limit": 10 * 1024 * 1024,
            "entitlements": [],
            "authorizing_integration_owners": {},
            "context": 0,
        }

    async def feed(self, payload: dict[str, Any]) -> list[Call]:
        """Deliver a gateway INTERACTION_CREATE and wait until the bot is done; returns new calls."""
        mark = len(self.fake.calls)
        message = payload.get("message")
        if message is not None:  # a click: the interaction's original response is the clicked message
            self.fake.messages.setdefault(str(message["id"]), message)
            self.fake.originals[payload["token"]] = str(message["id"])
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


async def start_bot(
    db: Path | str, fake: FakeDiscord, seed: int = 7, clock: Clock = utc_now, **settings: Any
) -> PbpBot:
    """A real bot on ``db`` with the HTTP layer recorded by ``fake``; setup_hook run, no login.

    The service gets a seeded generator so seating and set-up are the same on every run, and
    ``clock``; the timer loop is off unless ``run_timers=True`` (tests fire deadlines by hand). Boards
    are drawn in a thread (tests replace the drawing functions) unless ``render_workers`` is given.
    """
    base = {"database_path": str(db), "sync_commands": False, "run_timers": False, "render_workers": 0, "ai_workers": 0}
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


async def turn_now(guild: Guild) -> dict[str, Any]:
    """The public message (as it stands now) carrying the components of the game's current version."""
    table = await table_now(guild)
    prefix = f"pbp:{table.row}:{table.version}:"
    found = [
        m
        for mid, m in guild.fake.messages.items()
        if mid not in guild.fake.deleted
        and not int(m.get("flags") or 0) & EPHEMERAL
        and any(
            c.get("custom_id", "").startswith(prefix) for row in m.get("components") or [] for c in row["components"]
        )
    ]
    assert found, f"no message offers version {table.version}"
    return found[-1]


def turn_pings(before: Table, after: Table, actor: int | str | None) -> set[str] | None:
    """Who a change from ``before`` to ``after`` must ping in a new turn message (issue 13), or ``None``
    when it belongs to the same turn and must edit the turn message instead: a new message when the
    game ended (nobody pinged), when a parallel window closed (everyone who owes now) or when
    someone other than the actor owes a decision they did not owe before (those newcomers)."""
    if not after.active:
        return set()
    owed, owing = set(before.waiting_users()), set(after.waiting_users())
    windows = [{d.kind for d in t.decisions() if d.mode == "parallel"} for t in (before, after)]
    if windows[0] and windows[0] != windows[1]:
        return owing
    newcomers = owing - owed - {str(actor)}
    return newcomers or None


def pinged(call: Call) -> set[str]:
    """User ids the message may ping (``allowed_mentions.users``)."""
    return {str(u) for u in call.payload.get("allowed_mentions", {}).get("users", [])}


def posted(calls: list[Call]) -> Call:
    """The one new message a command or click posted in the game channel."""
    posts = [c for c in calls if c.kind == "http" and c.url.endswith(f"/channels/{CHANNEL_ID}/messages")]
    assert len(posts) == 1, [(c.method, c.path, c.content) for c in calls]
    return posts[0]


def turn_writes(calls: list[Call]) -> list[Call]:
    """Requests that posted or edited a public message's text in the game channel: new channel
    messages, channel edits, and edits of a clicked public message ("update message")."""
    out = []
    for c in calls:
        if c.kind == "http" and f"/channels/{CHANNEL_ID}/messages" in c.url and c.method in ("POST", "PATCH"):
            out.append(c)
        elif c.kind == "webhook" and c.method == "PATCH" and "content" in c.payload:
            out += [] if int(c.reply.get("flags") or 0) & EPHEMERAL else [c]
    return out


def shown(calls: list[Call]) -> Call:
    """The one turn message a command or click posted or edited: its request (``new`` tells which;
    ``content``, ``files`` and ``pinged`` are what was sent, ``reply`` the message as it stands now)."""
    writes = turn_writes(calls)
    assert len(writes) == 1, [(c.method, c.path, c.content) for c in calls]
    return writes[0]


def edited(calls: list[Call]) -> Call:
    """The one turn message a command or click edited in place (it pinged nobody)."""
    call = shown(calls)
    assert call.method == "PATCH", (call.method, call.path, call.content)
    return call
