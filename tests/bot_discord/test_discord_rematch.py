"""The Rematch button on a finished game's last message: persistent, one rematch, pings the first player."""

from __future__ import annotations

import random

from discord_fakes import ANN, BOB, Guild, open_table, pinged, posted, table_now

from bot.discord.turns import post_step


async def test_rematch_button_starts_the_same_players_again(guild: Guild) -> None:
    await open_table(guild, (ANN, BOB))
    rng, service = random.Random(5), guild.bot.service
    table = await table_now(guild)
    result = await service.play.status(table.record.channel_id)
    while True:  # the game through the service, quickly; the last move is posted like any other
        who = rng.choice(result.waiting)
        result = await service.play.act(table.record.channel_id, who, rng.choice(result.legal[who]))
        if result.game_over:
            break
    mark = len(guild.fake.calls)
    await post_step(guild.bot, result, who)
    final = posted(guild.fake.since(mark))
    assert "Final scores:" in final.content and final.custom_ids() == ["pbp:1:rematch", "pbp:1:full"]
    calls = await guild.click(*BOB, final.reply, "pbp:1:rematch")
    start = posted(calls)
    assert start.content.splitlines()[0].startswith("**Puerto Rico** · move 0")
    assert "Bob started a rematch of Puerto Rico" in start.content
    rematch = await table_now(guild)
    assert rematch.row == 2 and rematch.active and pinged(start) == set(rematch.waiting_users())
    assert rematch.users == [table.users[1], table.users[0]]  # seats rotated
    assert any(c.method == "PATCH" and c.payload.get("components") == [] for c in calls)  # button removed
    again = await guild.click(*ANN, final.reply, "pbp:1:rematch")
    assert again[-1].ephemeral and "already has a new game" in again[-1].content
    stranger = await guild.click(1009, "Zed", final.reply, "pbp:1:rematch")
    assert stranger[-1].ephemeral and "Only the players" in stranger[-1].content
