"""/game history and /game log in Discord: ephemeral pages and boards, persistent older/newer buttons."""

from __future__ import annotations

from typing import Any

import discord
import pytest
from discord_fakes import ANN, BOB, CY, NAMES, PNG, Call, Guild, open_table, pinged, posted, table_now

from bot.discord.views.history import LogButton, StepButton


async def play_some(guild: Guild, moves: int) -> None:
    for _ in range(moves):
        table = await table_now(guild)
        actor = int(table.waiting_users()[0])
        texts = table.texts(table.seat_of(actor))
        await guild.command(actor, NAMES[actor], "play", action=texts[0])


def edits(calls: list[Call]) -> list[Call]:
    return [c for c in calls if c.kind == "webhook" and c.method == "PATCH"]


@pytest.mark.parametrize("item", [LogButton(123456789012, 4000, "o"), StepButton(123456789012, 99999, "n")])
async def test_history_buttons_round_trip(item: discord.ui.DynamicItem[Any]) -> None:
    match = type(item).__discord_ui_compiled_template__.fullmatch(item.custom_id)
    assert match is not None and len(item.custom_id) <= 100
    assert (await type(item).from_custom_id(None, item.item, match)).custom_id == item.custom_id  # type: ignore


async def test_history_step_is_private_with_the_board_and_browses_by_buttons(guild: Guild) -> None:
    await open_table(guild)
    await play_some(guild, 2)
    latest = (await table_now(guild)).version
    calls = await guild.command(*CY, "game history", step=1)
    assert not guild.fake.channel_posts(len(guild.fake.calls) - len(calls))  # nothing public
    shown = calls[-1]
    assert shown.ephemeral and f"the board after step 1 of {latest}" in shown.content
    assert shown.files and shown.files[0][1].startswith(PNG) and shown.files[0][0] == "board-1-step-1.png"
    assert shown.custom_ids() == ["pbp:1:h0:p", "pbp:1:h2:n"]
    later = edits(await guild.click(*BOB, shown.reply, "pbp:1:h2:n"))
    assert later and "after step 2" in later[-1].content and later[-1].files[0][1].startswith(PNG)
    assert later[-1].custom_ids() == ["pbp:1:h1:p", f"pbp:1:h{min(3, latest)}:n"]
    refused = await guild.command(*CY, "game history", step=latest + 1)
    assert refused[-1].ephemeral and f"steps 0 to {latest}" in refused[-1].content


async def test_history_can_be_shared_with_the_table(guild: Guild) -> None:
    await open_table(guild)
    await play_some(guild, 1)
    shared = posted(await guild.command(*ANN, "game history", step=0, share=True))
    assert "the board after step 0" in shared.content and shared.files[0][1].startswith(PNG)
    assert not pinged(shared) and shared.payload["flags"] & 4096 and not shared.custom_ids()


async def test_log_pages_with_older_and_newer_buttons(guild: Guild) -> None:
    await open_table(guild)
    guild.bot.service.archive.page = 3  # short pages, so a few moves make several
    await play_some(guild, 3)
    newest = (await guild.command(*BOB, "game log"))[-1]
    assert newest.ephemeral and newest.content.startswith("Log, page ")
    number, count = (int(x) for x in newest.content.split(":")[0].removeprefix("Log, page ").split(" of "))
    assert number == count >= 2 and len(newest.content) <= 2000
    older, newer = newest.custom_ids()
    assert older == f"pbp:1:log:{count - 1}:o" and newer == f"pbp:1:log:{count}:n"
    flipped = edits(await guild.click(*CY, newest.reply, older))
    assert flipped[-1].content.startswith(f"Log, page {count - 1} of {count}:")
    first = (await guild.command(*BOB, "game log", page=1))[-1]
    assert "#0 Puerto Rico started" in first.content and first.custom_ids()[1] == "pbp:1:log:2:n"
