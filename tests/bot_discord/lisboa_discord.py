"""Lisboa on the fake Discord: open a table, answer set-up, reach a position, read turn messages."""

from __future__ import annotations

import random
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from discord_fakes import (
    ANN,
    BOB,
    CHANNEL_ID,
    CY,
    PLAYABLE,
    Call,
    Guild,
    open_table,
    shown,
    table_now,
    values_to_click,
)
from discord_fakes import NAMES as THREE

from bot.service.game_ui import Table
from bot.service.records import State
from engine.core import play
from engine.lisboa import GAME as LISBOA

_SERVICE_TESTS = str(Path(__file__).resolve().parents[1] / "bot_service")
if _SERVICE_TESTS not in sys.path:
    sys.path.insert(0, _SERVICE_TESTS)

from bot_lisboa import arrange_visit, latest_state, store_state, transcribed_pack  # noqa: E402

DEE = (1004, "Dee")
FOUR = (ANN, BOB, CY, DEE)
NAMES = {**THREE, DEE[0]: DEE[1]}
__all__ = [
    "DEE",
    "FOUR",
    "LISBOA",
    "NAMES",
    "arrange_visit",
    "components",
    "latest_state",
    "store_state",
    "transcribed_pack",
]


def components(call: Call) -> list[dict[str, Any]]:
    rows = call.payload.get("components") or call.payload.get("data", {}).get("components") or []
    return [c for row in rows for c in row["components"]]


def button(call: Call, label: str) -> str:
    """The custom id of the button labelled ``label`` on a message."""
    found = [c["custom_id"] for c in components(call) if c.get("label") == label]
    assert len(found) == 1, [c.get("label") for c in components(call)]
    return found[0]


def labels(call: Call) -> list[str]:
    return [c.get("label") or "" for c in components(call)]


def offered(call: Call) -> list[str]:
    """Every choice the message offers: button labels and select option labels."""
    return [c.get("label") or "" for c in components(call) if "options" not in c] + [
        o["label"] for c in components(call) for o in c.get("options", [])
    ]


async def choose(guild: Guild, user: int, call: Call, label: str) -> list[Call]:
    """Click the button labelled ``label``, or pick it in the select offering it."""
    for c in components(call):
        if c.get("label") == label and "options" not in c:
            return await guild.click(user, NAMES[user], call.reply, c["custom_id"])
        for option in c.get("options", []):
            if option["label"] == label:
                return await guild.click(user, NAMES[user], call.reply, c["custom_id"], [option["value"]])
    raise AssertionError(f"{label!r} is not offered: {offered(call)}")


async def open_lisboa(guild: Guild, players: tuple[tuple[int, str], ...] = FOUR, options: str | None = None) -> Call:
    """``/game new game:lisboa``, joins, start: the first turn message (set-up: keep a clergy tile)."""
    return await open_table(guild, players, options, game="lisboa")


async def finish_setup(guild: Guild) -> Table:
    """Every seat keeps its first offered clergy tile (through the service); the first main decision."""
    table = await table_now(guild)
    while table.state is not None and table.state["phase"] == "setup":
        user = table.waiting_users()[0]
        await guild.bot.service.play.act(CHANNEL_ID, user, table.texts(table.seat_of(user))[0])
        table = await table_now(guild)
    return table


async def play_text(guild: Guild, user: int, text: str) -> Call:
    """``/play action:<text>`` as ``user``; the one turn message it posted or edited."""
    return shown(await guild.command(user, NAMES[user], "play", action=text))


async def arrange(guild: Guild, change: Callable[[State], None]) -> Table:
    """Load the game's state, ``change`` it and store it as the next version (a test position)."""
    table = await table_now(guild)
    state = await latest_state(guild.bot.service, table.row)
    change(state)
    await store_state(guild.bot.service, table.row, state)
    return await table_now(guild)


async def reach(guild: Guild, wanted: Callable[[State], bool], seed: int, limit: int = 2000) -> tuple[int, str]:
    """Random legal play (through the service) up to the action after which ``wanted(state)`` holds;
    returns that action's (user, text), not yet played. Found by trying the options in memory."""
    rng = random.Random(seed)
    for _ in range(limit):
        table = await table_now(guild)
        assert table.state is not None and table.active
        seat = rng.choice(table.waiting_seats())
        texts = table.texts(seat)
        for text in texts:
            after, _ = play.apply(LISBOA, table.state, seat, play.parse_action(LISBOA, table.state, seat, text))
            if wanted(after):
                return int(table.users[seat]), text
        await guild.bot.service.play.act(CHANNEL_ID, table.users[seat], rng.choice(texts))
    raise AssertionError("position not reached")


async def click_random(guild: Guild, call: Call, rng: random.Random, user: int | None = None) -> tuple[int, list[Call]]:
    """Click a random component of ``call`` that plays an option, as the player it belongs to; when
    the message only offers a panel (options played privately, or several players deciding at
    once), open it as a waiting player first. Returns the clicking user and the requests made."""
    items = components(call)
    playable = [c for c in items if PLAYABLE.match(c.get("custom_id", ""))]
    if playable:
        item = rng.choice(playable)
        seat = int(PLAYABLE.match(item["custom_id"])[1])  # type: ignore[index]
        table = await table_now(guild)
        user = int(table.users[seat])
        values = values_to_click(table, item, rng.choice)
        return user, await guild.click(user, NAMES[user], call.reply, item["custom_id"], values)
    user = user or int(rng.choice((await table_now(guild)).waiting_users()))
    panel = next(c["custom_id"] for c in items if c.get("custom_id", "").endswith(":panel"))
    opened = await guild.click(user, NAMES[user], call.reply, panel)
    assert opened[-1].ephemeral
    user, more = await click_random(guild, opened[-1], rng, user)
    return user, opened + more


def hand_cards(table: Table) -> set[str]:
    return {card for board in (table.state or {}).get("boards", []) for card in board["hand"]}


def public_words(call: Call) -> set[str]:
    """Words of every label and option the (public) message shows."""
    return {word for label in offered(call) + labels(call) for word in label.split()}
