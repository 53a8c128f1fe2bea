"""Turn messages on Discord (issue 13): one message per turn, edited in place as the turn goes on
(the clicked message updated through the interaction, other paths through the channel), one ping
per turn; a restart keeps editing it, a deleted one is posted anew, the log keeps every step."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from discord_fakes import (
    ANN,
    BOB,
    CHANNEL_ID,
    CY,
    GUILD_ID,
    NAMES,
    PNG,
    Call,
    FakeDiscord,
    Guild,
    edited,
    open_table,
    pinged,
    shown,
    start_bot,
    table_now,
    turn_now,
)
from lisboa_discord import FOUR, click_random, open_lisboa

import bot.discord.turns
from engine.core import play
from engine.puerto_rico import GAME as PUERTO_RICO

PLAYABLE = re.compile(r"pbp:\d+:\d+:(\d+):a\d+$")


@pytest.fixture
def quick_images(monkeypatch: pytest.MonkeyPatch) -> None:
    """A stand-in board image (the renderers have their own tests)."""
    monkeypatch.setattr(bot.discord.turns, "render_board", lambda view, lang="en": PNG + b"board")
    monkeypatch.setattr(bot.discord.turns, "render_turn", lambda view, lang="en": PNG + b"board")


def as_call(message: dict[str, Any]) -> Call:
    """A message as it stands, in the shape the click helpers read (components and reply)."""
    return Call("http", "POST", "", "", message, [], message)


def choices(message: dict[str, Any]) -> list[str]:
    """Custom ids of the message's buttons that play an option."""
    found = [c.get("custom_id", "") for row in message.get("components") or [] for c in row["components"]]
    return [i for i in found if PLAYABLE.match(i)]


def body(call: Call) -> list[str]:
    """The event lines of a turn message (neither its header nor its prompts)."""
    return [line for line in call.content.splitlines()[1:] if not line.startswith(("➡️", "⚠️", "✅", "**"))]


@pytest.mark.usefixtures("quick_images")
async def test_a_multi_step_lisboa_turn_is_one_message_edited_in_place_with_one_ping(guild: Guild) -> None:
    start = await open_lisboa(guild, FOUR)
    rng, message = random.Random(3), start.reply
    turns: list[tuple[Call, list[Call], list[str]]] = [(start, [], [])]  # (new message, its edits, who owed)
    for _ in range(400):
        before = await table_now(guild)
        if not before.active:
            break
        _, calls = await click_random(guild, as_call(message), rng)
        update = shown(calls)
        if update.new:
            turns.append((update, [], (await table_now(guild)).waiting_users()))
        else:
            turns[-1][1].append(update)
        message = update.reply
    long = [(new, edits, owed) for new, edits, owed in turns if len(edits) >= 3 and len(owed) == 1]
    assert long, "no turn of several steps"
    for new, edits, owed in long:
        assert pinged(new) == set(owed)  # one ping, when the turn began
        assert all(e.reply["id"] == new.reply["id"] and not pinged(e) for e in edits)  # the same message
        assert all(e.files and e.files[0][1].startswith(PNG) for e in edits)  # the board image replaced,
        assert all(len(e.reply["attachments"]) == 1 for e in edits)  # not added
        assert all(line in edits[-1].content for line in body(new)[-2:])  # the turn's lines accumulate
    edits = [e for _, edits, _ in turns for e in edits]
    assert any(e.kind == "webhook" and e.path.endswith("/@original") for e in edits)  # clicked: "update message"
    assert any(e.kind == "http" and e.method == "PATCH" for e in edits)  # a private panel's click: via the channel


async def test_a_deleted_turn_message_is_posted_anew_and_the_turn_goes_on_there(guild: Guild) -> None:
    start = await open_table(guild)
    actor = int((await table_now(guild)).waiting_users()[0])
    guild.fake.delete(start.reply["id"])  # someone deletes the turn message
    calls = await guild.command(actor, NAMES[actor], "play", action="role builder")  # the same turn
    refused = [c for c in calls if c.kind == "http" and c.method == "PATCH"]
    assert len(refused) == 1 and refused[0].url.endswith(start.reply["id"])  # the edit came first, and failed
    again = [c for c in calls if c.kind == "http" and c.method == "POST"]
    assert len(again) == 1 and again[0].files and not pinged(again[0])  # posted anew, silently
    assert "Builder" in again[0].content and f"**{NAMES[actor]}**" in again[0].content  # named, not mentioned
    games = (await guild.command(actor, NAMES[actor], "mygames"))[-1].content
    assert f"https://discord.com/channels/{GUILD_ID}/{CHANNEL_ID}/{again[0].reply['id']}" in games  # jump link
    undone = edited(await guild.command(actor, NAMES[actor], "game undo"))  # still their turn: edits the new one
    assert undone.url.endswith(again[0].reply["id"]) and "took back" in undone.content


async def test_a_restart_mid_turn_keeps_editing_the_same_message(tmp_path: Path) -> None:
    db, fake = tmp_path / "games.sqlite3", FakeDiscord()
    guild = Guild(await start_bot(db, fake), fake)
    try:
        start = await open_table(guild)
        actor = int((await table_now(guild)).waiting_users()[0])
        await guild.bot.close()
        guild.bot = await start_bot(db, fake, seed=99)  # a new bot over the same SQLite file
        role = next(i for i in choices(start.reply) if i.endswith(":a0"))  # a role: the turn goes on
        clicked = edited(await guild.click(actor, NAMES[actor], start.reply, role))
        assert clicked.kind == "webhook" and clicked.reply["id"] == start.reply["id"] and not pinged(clicked)
        typed = edited(await guild.command(actor, NAMES[actor], "game undo"))  # typed: through the channel
        assert typed.kind == "http" and typed.url.endswith(start.reply["id"]) and "took back" in typed.content
        assert all(line in typed.content for line in body(clicked))  # the turn's lines, kept over the restart
    finally:
        await guild.bot.close()


async def test_an_outdated_rendering_of_the_turn_message_answers_outdated_and_changes_nothing(guild: Guild) -> None:
    start = await open_table(guild)
    actor = int((await table_now(guild)).waiting_users()[0])
    edited(await guild.command(actor, NAMES[actor], "play", action="role builder"))
    now = await table_now(guild)
    calls = await guild.click(actor, NAMES[actor], start.reply, choices(start.reply)[1])  # the message as first drawn
    assert calls[-1].ephemeral and "This prompt is outdated; here is the current one." in calls[-1].content
    assert not [c for c in calls if c.kind == "http"] and not [c for c in calls if c.method == "PATCH"]
    assert (await table_now(guild)).version == now.version


async def test_the_log_and_history_keep_every_step_of_an_edited_turn(guild: Guild) -> None:
    start = await open_table(guild)
    actor = int((await table_now(guild)).waiting_users()[0])
    builder = next(i for i in choices(start.reply) if i.endswith(":a0"))
    edited(await guild.click(actor, NAMES[actor], start.reply, builder))
    message = await turn_now(guild)
    await guild.click(actor, NAMES[actor], message, choices(message)[0])  # a building (the turn goes on)
    version = (await table_now(guild)).version
    log = (await guild.command(*BOB, "game log"))[-1].content
    assert all(f"#{n}" in log for n in range(1, version + 1))
    for step in range(1, version + 1):
        seen = (await guild.command(*CY, "game history", step=step))[-1]
        assert seen.ephemeral and f"#{step}" in seen.content and seen.files


async def test_a_turn_message_stays_within_2000_characters(guild: Guild, monkeypatch: pytest.MonkeyPatch) -> None:
    start = await open_table(guild)
    actor = int((await table_now(guild)).waiting_users()[0])
    service = guild.bot.service
    turn = await service.steps.turn_messages.get((await table_now(guild)).row)
    assert turn is not None and turn.message_id == start.reply["id"]
    long = [f"{ANN[1]} did something remarkable, number {i}: " + "x" * 60 for i in range(80)]
    await service.steps.turn_messages.book.put(type(turn)(**{**vars(turn), "lines": long, "hidden": 5}))
    update = edited(await guild.command(actor, NAMES[actor], "play", action="role builder"))
    assert len(update.content) <= 2000 and "more (see /game log)" in update.content
    assert update.content.splitlines()[-1].startswith("➡️")  # the prompt stays
    assert "chooses the Builder." in update.content  # the newest line stays


def asked_by_mayor(state: dict[str, Any], seat: int) -> int:
    """How many players would place colonists if ``seat`` chose the Mayor now."""
    after, _ = play.apply(PUERTO_RICO, state, seat, play.parse_action(PUERTO_RICO, state, seat, "role mayor"))
    return len({d.player for d in play.pending(PUERTO_RICO, after) if d.kind == "mayor_layout"})


async def to_mayor_window(guild: Guild, seed: int) -> int:
    """Random play through the service up to a player who may choose the Mayor so that at least two
    players must place colonists (not chosen yet); that player."""
    rng = random.Random(seed)
    for _ in range(2000):
        table = await table_now(guild)
        seat = table.waiting_seats()[0]
        texts = table.texts(seat)
        if "role mayor" in texts and table.state is not None and asked_by_mayor(table.state, seat) >= 2:
            return int(table.users[seat])
        choice = rng.choice(texts)
        await guild.bot.service.play.act(CHANNEL_ID, table.users[seat], choice, expected_version=table.version)
    raise AssertionError("no Mayor window reached")


def custom_id(message: dict[str, Any], wanted: Callable[[dict[str, Any]], bool]) -> str:
    return next(c["custom_id"] for row in message["components"] for c in row["components"] if wanted(c))


async def test_a_puerto_rico_mayor_window_is_one_message(guild: Guild) -> None:
    await open_table(guild)
    mayor = await to_mayor_window(guild, seed=4)
    opened = shown(await guild.command(mayor, NAMES[mayor], "play", action="role mayor"))
    table = await table_now(guild)
    asked = [d.player for d in table.decisions() if d.kind == "mayor_layout"]
    # reached through the service alone: the first turn message posted pings everyone asked, the mayor too
    # (a window opened inside a posted turn leaves its opener out: see the full games through buttons)
    assert opened.new and pinged(opened) == {table.users[s] for s in asked}
    answered: list[str] = []
    for seat in asked:
        user = int(table.users[seat])
        message = await turn_now(guild)
        panel = next(
            i for row in message["components"] for c in row["components"] if (i := c["custom_id"]).endswith(":panel")
        )
        editor = (await guild.click(user, NAMES[user], message, panel))[-1]
        confirm = next(
            c["custom_id"]
            for row in editor.reply["components"]
            for c in row["components"]
            if c.get("label") == "Confirm layout"
        )
        calls = await guild.click(user, NAMES[user], editor.reply, confirm)
        update = shown(calls)
        answered.append(NAMES[user])
        if seat != asked[-1]:  # the window stays open: the same message, edited, nobody pinged
            assert not update.new and update.reply["id"] == opened.reply["id"] and not pinged(update)
            assert f"{NAMES[user]} has placed their colonists." in update.content
            assert "✅ Answered: " in update.content and "layout " not in update.content  # who, never what
            assert update.files and update.files[0][1].startswith(PNG)
        else:  # the last layout closes the window: a new message for whoever acts next
            after = await table_now(guild)
            assert update.new and pinged(update) == set(after.waiting_users())
            assert not any(d.kind == "mayor_layout" for d in after.decisions())
