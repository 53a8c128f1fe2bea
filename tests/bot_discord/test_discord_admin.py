"""/admin in Discord: creator or Manage Channels only; every action posted publicly with the admin's name."""

from __future__ import annotations

from discord_fakes import ANN, BOB, CY, NAMES, Guild, open_table, pinged, posted, table_now
from discord_options import Person

MANAGE_CHANNELS = str(1 << 4)
ZED = (1009, "Zed")


def test_admin_commands_exist(guild: Guild) -> None:
    names = {c.qualified_name for c in guild.bot.tree.walk_commands()}
    assert {"admin force", "admin replace", "admin rollback", "admin end"} <= names


async def test_admin_force_replace_rollback_end(guild: Guild) -> None:
    await open_table(guild)
    table = await table_now(guild)
    actor = int(table.waiting_users()[0])
    refused = await guild.command(*BOB, "admin rollback", step=0)
    assert refused[-1].ephemeral and "creator or someone who can manage" in refused[-1].content
    no_default = await guild.command(*ANN, "admin force")  # choosing a role has no safe default
    assert no_default[-1].ephemeral and "no safe default" in no_default[-1].content
    await guild.command(actor, NAMES[actor], "play", action="role settler")
    forced = posted(await guild.command(*ZED, "admin force", perms=MANAGE_CHANNELS))
    seat_name = table.names[table.seat_of(actor) or 0]
    assert f"🛠 Zed (admin) forced the default for {seat_name}: `" in forced.content and forced.files
    after = await table_now(guild)
    assert after.version == 2 and not pinged(forced) & {str(actor)} - set(after.waiting_users())
    dee = Person(1004, "Dee")
    waiting = int(after.waiting_users()[0])
    replaced = posted(
        await guild.command(*ANN, "admin replace", player=Person(waiting, NAMES[waiting]), new_player=dee)
    )
    assert f"🛠 Ann (admin) replaced {after.names[after.seat_of(waiting) or 0]}'s player with Dee" in replaced.content
    assert pinged(replaced) == {str(dee.id)}
    back = posted(await guild.command(*ANN, "admin rollback", step=0))
    assert "🛠 Ann (admin) rolled the game back to the board after step 0." in back.content and back.files
    assert await guild.bot.store.snapshot(1, 3) == await guild.bot.store.snapshot(1, 0)
    ended = posted(await guild.command(*ZED, "admin end", perms=MANAGE_CHANNELS))
    assert "🛠 Zed (admin) ended the Puerto Rico game at step 3" in ended.content and not pinged(ended)
    assert (await table_now(guild)).record.status == "abandoned"
    gone = await guild.command(*CY, "admin end")
    assert gone[-1].ephemeral and "no game in progress" in gone[-1].content
