"""/game export attaches the record privately; /game import rebuilds an ended game from an attachment."""

from __future__ import annotations

import json

from discord_fakes import ANN, BOB, CY, NAMES, PNG, Guild, open_table, pinged, posted, table_now
from discord_options import Upload


async def test_export_while_running_then_after_the_end_and_import(guild: Guild) -> None:
    await open_table(guild)
    for _ in range(2):
        table = await table_now(guild)
        actor = int(table.waiting_users()[0])
        await guild.command(actor, NAMES[actor], "play", action=table.texts(table.seat_of(actor))[0])
    calls = await guild.command(*CY, "game export")
    sent = calls[-1]
    assert (
        sent.ephemeral
        and "still running" in sent.content
        and not guild.fake.channel_posts(len(guild.fake.calls) - len(calls))
    )
    ((name, raw),) = sent.files
    running = json.loads(raw)
    assert name == "puerto_rico-1-v2.json" and "seed" not in running and len(running["actions"]) == 2
    refused = await guild.command(*CY, "game import", file=Upload(name, raw))
    assert refused[-1].ephemeral and "no seed" in refused[-1].content
    await guild.command(*ANN, "game abandon")
    ended = (await guild.command(*BOB, "game export"))[-1]
    record = json.loads(ended.files[0][1])
    assert "includes the seed" in ended.content and record["status"] == "abandoned" and record["seed"] is not None
    calls = await guild.command(*CY, "game import", file=Upload("bug.json", ended.files[0][1]))
    note = posted(calls)
    assert "Cy imported a Puerto Rico record (3 players, 2 steps, abandoned)" in note.content and not pinged(note)
    copy = await table_now(guild)
    assert copy.row == 2 and copy.record.status == "abandoned" and copy.version == 2
    assert await guild.bot.store.snapshot(2, 2) == await guild.bot.store.snapshot(1, 2)
    shown = (await guild.command(*BOB, "game history", step=2))[-1]
    assert "after step 2 of 2" in shown.content and shown.files[0][1].startswith(PNG)
    garbage = await guild.command(*CY, "game import", file=Upload("cat.png", PNG))
    assert garbage[-1].ephemeral and "not a game record" in garbage[-1].content
