"""Buttons and selects: persistent custom_ids, foreign and stale clicks, private boards, selects, restart."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

import discord
import pytest
from discord_fakes import (
    ANN,
    BOB,
    CHANNEL_ID,
    CY,
    NAMES,
    PNG,
    Call,
    FakeDiscord,
    Guild,
    edited,
    open_table,
    pinged,
    posted,
    shown,
    start_bot,
    table_now,
    turn_now,
    turn_writes,
)

from bot.discord.views.components import (
    DYNAMIC_ITEMS,
    BoardButton,
    ChoiceButton,
    ChoiceSelect,
    PanelButton,
)
from bot.discord.views.lobby import LobbyButton
from bot.discord.views.several import SeveralSelect


def choice_ids(call: Call) -> list[str]:
    return [c for c in call.custom_ids() if ":a" in c]


@pytest.mark.parametrize(
    "item",
    [
        ChoiceButton(123456789012, 987654, 4, 99, "build large-market"),
        ChoiceSelect(123456789012, 987654, 2, 3, [discord.SelectOption(label="ship corn 7", value="5")]),
        SeveralSelect(
            123456789012, 987654, 2, [discord.SelectOption(label=f"T{i}", value=str(i)) for i in range(3)], 1, 3
        ),
        PanelButton(123456789012, 987654, "Place colonists"),
        BoardButton(123456789012),
        LobbyButton(123456789012, "start"),
    ],
)
async def test_dynamic_items_round_trip_through_custom_id(item: discord.ui.DynamicItem[Any]) -> None:
    custom_id = item.custom_id
    assert len(custom_id) <= 100
    matching = [cls for cls in DYNAMIC_ITEMS if cls.__discord_ui_compiled_template__.fullmatch(custom_id)]
    assert matching == [type(item)], "every custom_id belongs to exactly one item class"
    match = type(item).__discord_ui_compiled_template__.fullmatch(custom_id)
    assert match is not None
    again = await type(item).from_custom_id(None, item.item, match)  # type: ignore[arg-type]
    assert again.custom_id == custom_id
    assert vars(again).keys() >= {"game_row"} and again.game_row == 123456789012  # type: ignore[attr-defined]


async def test_click_by_someone_else_is_not_their_decision(guild: Guild) -> None:
    turn = await open_table(guild)
    table = await table_now(guild)
    idle = next(u for u in NAMES if str(u) not in table.waiting_users())
    calls = await guild.click(idle, NAMES[idle], turn.reply, choice_ids(turn)[0])
    assert calls[0].payload["type"] == 6  # deferred update: acknowledged at once
    assert calls[-1].ephemeral and "not your decision" in calls[-1].content
    assert not [c for c in calls if c.kind == "http"]
    assert (await table_now(guild)).version == table.version


async def test_click_updates_the_message_in_its_turn_and_a_new_turn_strips_the_old_buttons(guild: Guild) -> None:
    turn = await open_table(guild)
    table = await table_now(guild)
    actor = int(table.waiting_users()[0])
    calls = await guild.click(actor, NAMES[actor], turn.reply, choice_ids(turn)[0])  # "role builder"
    assert calls[0].payload["type"] == 6  # a deferred update of the clicked message
    update = edited(calls)  # the builder builds now: the same turn, the clicked message updated in place
    assert update.kind == "webhook" and update.path.endswith("/messages/@original")
    assert update.reply["id"] == turn.reply["id"] and update.files[0][1].startswith(PNG)
    assert not [c for c in calls if c.kind == "http"] and not pinged(update)
    now = await table_now(guild)
    assert now.version == table.version + 1 and all(f":{now.version}:" in c for c in choice_ids(update))
    calls = await guild.click(actor, NAMES[actor], update.reply, choice_ids(update)[-1])  # "pass": the turn ends
    post = shown(calls)
    assert post.new and post.files[0][1].startswith(PNG) and str(actor) not in pinged(post)
    assert pinged(post) == set((await table_now(guild)).waiting_users())
    assert any(c.method == "PATCH" and c.payload.get("components") == [] for c in calls)  # the old buttons go


async def test_stale_click_is_outdated_and_changes_nothing(guild: Guild) -> None:
    turn = await open_table(guild)
    table = await table_now(guild)
    actor = int(table.waiting_users()[0])
    await guild.command(actor, NAMES[actor], "play", action="role settler")
    now = await table_now(guild)
    calls = await guild.click(actor, NAMES[actor], turn.reply, choice_ids(turn)[1])
    reply = calls[-1]
    assert reply.ephemeral and "This prompt is outdated; here is the current one." in reply.content
    assert reply.files and all(f":{now.version}:" in c for c in reply.custom_ids())  # the current prompt
    assert not [c for c in calls if c.kind == "http"]
    assert (await table_now(guild)).version == now.version


async def test_a_double_click_plays_once_and_updates_the_turn_message_once(guild: Guild) -> None:
    turn = await open_table(guild)
    table = await table_now(guild)
    actor, button = int(table.waiting_users()[0]), choice_ids(turn)[0]
    mark = len(guild.fake.calls)
    await asyncio.gather(*(guild.click(actor, NAMES[actor], turn.reply, button) for _ in range(2)))
    assert len(turn_writes(guild.fake.since(mark))) == 1  # one update of the turn message (the turn goes on)
    assert (await table_now(guild)).version == table.version + 1
    assert len(await guild.bot.service.store.actions(table.row)) == table.version + 1
    replies = [c for c in guild.fake.since(mark) if c.ephemeral]
    assert len(replies) == 1 and "outdated" in replies[0].content  # the second click changes nothing


async def test_old_button_of_someone_else_is_outdated_not_foreign(guild: Guild) -> None:
    turn = await open_table(guild)
    table = await table_now(guild)
    owner = table.waiting_users()[0]
    while owner in table.waiting_users():  # play on until the decision is someone else's
        seat = table.waiting_seats()[0]
        await guild.bot.service.play.act(
            CHANNEL_ID, table.users[seat], table.texts(seat)[0], expected_version=table.version
        )
        table = await table_now(guild)
    clicker = int(table.waiting_users()[0])
    calls = await guild.click(clicker, NAMES[clicker], turn.reply, choice_ids(turn)[0])  # the owner's old button
    reply = calls[-1]
    assert reply.ephemeral and "This prompt is outdated; here is the current one." in reply.content
    assert "not your decision" not in reply.content
    assert choice_ids(reply) and all(f":{table.version}:" in c for c in reply.custom_ids())
    assert not [c for c in calls if c.kind == "http"] and (await table_now(guild)).version == table.version


async def test_my_board_is_ephemeral_with_private_image(guild: Guild) -> None:
    turn = await open_table(guild)
    calls = await guild.click(*CY, turn.reply, f"pbp:{(await table_now(guild)).row}:board")
    assert calls[0].payload == {"type": 5, "data": {"flags": 64}}
    reply = calls[-1]
    assert reply.files and reply.files[0][1].startswith(PNG)
    assert "shown only to you" in reply.content and "Your VP chips: 0" in reply.content
    assert not [c for c in calls if c.kind == "http"]


async def test_select_plays_the_chosen_index(guild: Guild) -> None:
    await open_table(guild)
    table = await table_now(guild)
    seat = table.waiting_seats()[0]
    texts = table.texts(seat)
    view = discord.ui.View(timeout=None)
    view.add_item(
        ChoiceSelect(
            table.row,
            table.version,
            seat,
            0,
            [discord.SelectOption(label=t, value=str(i)) for i, t in enumerate(texts)],
        )
    )
    message = {**guild.fake.channel_posts()[-1].reply, "components": view.to_components()}
    user = int(table.users[seat])
    calls = await guild.click(
        user,
        NAMES[user],
        message,
        f"pbp:{table.row}:{table.version}:{seat}:s0",
        values=[str(texts.index("role trader"))],
    )
    assert "Trader" in shown(calls).content


async def test_lobby_buttons_join_and_start(guild: Guild) -> None:
    lobby = posted(await guild.command(*ANN, "game new", game="puerto_rico"))
    joined = await guild.click(*BOB, lobby.reply, "pbp:1:lobby:join")
    assert joined[0].payload == {"type": 6}
    assert "Bob joined" in joined[-1].content and not joined[-1].ephemeral
    early = await guild.click(*BOB, lobby.reply, "pbp:1:lobby:start")
    assert early[-1].ephemeral and "creator" in early[-1].content
    started = await guild.click(*ANN, lobby.reply, "pbp:1:lobby:start")
    assert [c for c in started if c.kind == "http"][0].files
    late = await guild.click(*CY, lobby.reply, "pbp:1:lobby:join")
    assert late[-1].ephemeral and "already started" in late[-1].content


async def test_restart_continues_and_old_current_button_still_works(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    first = FakeDiscord()
    bot = await start_bot(db, first)
    guild = Guild(bot, first)
    await open_table(guild)
    table = await table_now(guild)
    actor = int(table.waiting_users()[0])
    await guild.command(actor, NAMES[actor], "play", action="role mayor")
    current = await turn_now(guild)
    version = (await table_now(guild)).version
    await bot.close()

    second = FakeDiscord()
    bot = await start_bot(db, second, seed=99)
    try:
        guild = Guild(bot, second)
        table = await table_now(guild)
        assert table.version == version
        user = int(table.waiting_users()[0])
        ids = [c["custom_id"] for row in current["components"] for c in row["components"]]
        ids = [c for c in ids if ":a" in c] or [c for c in ids if c.endswith(":panel")]
        calls = await guild.click(user, NAMES[user], current, ids[0])
        if ids[0].endswith(":panel"):  # a parallel decision: the panel opens, nothing is played yet
            assert calls[-1].ephemeral
        else:
            assert turn_writes(calls) and (await table_now(guild)).version == version + 1
        status = await guild.command(*BOB, "game status")
        assert status[-1].ephemeral and f"move {(await table_now(guild)).version}" in status[-1].content
    finally:
        await bot.close()


async def test_mayor_editor_accepts_the_proposal_in_one_click(guild: Guild) -> None:
    await open_table(guild, (ANN, BOB))
    rng = random.Random(5)
    svc, table = guild.bot.service, await table_now(guild)
    while not any(d.kind == "mayor_layout" for d in table.decisions()):  # play on until a real Mayor choice
        seat = rng.choice(table.waiting_seats())
        texts = table.texts(seat)
        wanted = [t for t in texts if t == "role mayor"] or texts
        await svc.play.act(CHANNEL_ID, table.users[seat], rng.choice(wanted), expected_version=table.version)
        table = await table_now(guild)
    decision = next(d for d in table.decisions() if d.kind == "mayor_layout")
    user = int(table.users[decision.player])
    status = (await guild.command(user, NAMES[user], "game status"))[-1]
    panel = next(c for c in status.custom_ids() if c.endswith(":panel"))
    editor = (await guild.click(user, NAMES[user], status.reply, panel))[-1]
    assert editor.ephemeral and "Place your colonists" in editor.content and "`layout " in editor.content
    confirm = next(
        c["custom_id"]
        for row in editor.payload["components"]
        for c in row["components"]
        if c.get("label") == "Confirm layout"
    )
    waiting = table.waiting_users()
    calls = await guild.click(user, NAMES[user], editor.reply, confirm)
    post = shown(calls)
    assert (await table_now(guild)).version == table.version + 1
    assert pinged(post) <= {u for u in (await table_now(guild)).waiting_users() if u not in waiting}
    assert "Layout placed" in calls[-1].content
