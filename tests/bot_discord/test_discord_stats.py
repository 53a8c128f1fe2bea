"""/stats in Discord: shown only to the caller, for themself or another member."""

from __future__ import annotations

from discord_fakes import BOB, NAMES, Guild, open_table, table_now
from discord_options import Person


async def test_stats_for_me_and_for_another_member(guild: Guild) -> None:
    await open_table(guild)
    for _ in range(2):
        table = await table_now(guild)
        actor = int(table.waiting_users()[0])
        await guild.command(actor, NAMES[actor], "play", action=table.texts(table.seat_of(actor))[0])
    mine = await guild.command(*BOB, "stats")
    assert mine[-1].ephemeral and mine[-1].content.startswith("**Bob**: 0 game(s) finished (0 won), 0 abandoned")
    first = int((await guild.bot.store.actions(1))[1].user_id)
    theirs = (await guild.command(*BOB, "stats", player=Person(first, NAMES[first])))[-1]
    assert theirs.ephemeral and theirs.content.startswith(f"**{NAMES[first]}**:")
    assert "over 1 move(s)" in theirs.content and "timeouts: 0." in theirs.content
    assert not guild.fake.channel_posts(len(guild.fake.calls) - 3)
