"""/game substitute in Discord: the new holder is pinged on a fresh turn message and can play at once."""

from __future__ import annotations

from discord_fakes import ANN, BOB, CY, NAMES, Guild, open_table, pinged, posted, shown, table_now
from discord_options import Person

DEE = Person(1004, "Dee")


async def test_a_player_hands_their_seat_to_someone_who_plays_on(guild: Guild) -> None:
    await open_table(guild)
    table = await table_now(guild)
    actor = int(table.waiting_users()[0])
    seat_name = table.names[table.seat_of(actor) or 0]
    robot = await guild.command(actor, NAMES[actor], "game substitute", player=Person(1005, "Robo", bot=True))
    assert robot[-1].ephemeral and "A bot can't take a seat" in robot[-1].content
    other = next(u for u in (ANN, BOB, CY) if u[0] != actor and u != ANN)
    refused = await guild.command(*other, "game substitute", player=DEE, absent=Person(actor, NAMES[actor]))
    assert refused[-1].ephemeral and "Only the host" in refused[-1].content
    post = posted(await guild.command(actor, NAMES[actor], "game substitute", player=DEE))
    assert f"{seat_name} handed their seat to Dee, who now plays as {seat_name}." in post.content
    assert pinged(post) == {str(DEE.id)} and post.files  # a turn message: board, prompt, buttons
    after = await table_now(guild)
    assert after.users[table.seat_of(actor) or 0] == str(DEE.id) and after.version == table.version
    button = next(i for i in post.custom_ids() if ":a" in i)
    mine = await guild.click(actor, NAMES[actor], post.reply, button)
    assert mine[-1].ephemeral and "not your decision" in mine[-1].content
    played = shown(await guild.click(DEE.id, DEE.name, post.reply, button))
    assert (await table_now(guild)).version == table.version + 1 and played.files
    status = (await guild.command(*CY, "game status"))[-1]
    assert f"({seat_name}): {seat_name}, then Dee from step {table.version}." in status.content


async def test_a_player_picks_their_colour_in_the_lobby_and_the_game_seats_them_in_it(guild: Guild) -> None:
    await guild.command(*ANN, "game new", game="lisboa")
    await guild.command(*BOB, "game join")
    assert await guild.autocomplete(*BOB, "game colour", "colour", colour="") == ["red", "blue", "green", "orange"]
    assert await guild.autocomplete(*BOB, "game colour", "colour", colour="gr") == ["green"]
    await guild.command(*BOB, "game colour", colour="green")
    assert "Bob will play green (G)." in guild.fake.channel_posts()[-1].content
    taken = (await guild.command(*ANN, "game colour", colour="green"))[-1]
    assert taken.ephemeral and "Another player has chosen green." in taken.content
    await guild.command(*ANN, "game start")
    table = await table_now(guild)
    assert [c.id for c in table.colours] == ["green" if name == "Bob" else "red" for name in table.names]
    status = (await guild.command(*CY, "game status"))[-1].content

    assert all(f"{name} ({c.name} · {c.mark})" in status for name, c in zip(table.names, table.colours, strict=True))
