"""Lisboa's follow window (D22) on Discord: only eligible followers are asked, one after another,
each pinged alone, seeing the board as the previous follower left it; others cannot answer for
them; a restart between two answers keeps the window."""

from __future__ import annotations

import re
from pathlib import Path

from discord_fakes import Call, FakeDiscord, Guild, edited, pinged, posted, start_bot, table_now
from lisboa_discord import arrange, arrange_visit, button, components, finish_setup, labels, open_lisboa, play_text

from bot.service.game_ui import Table

FOLLOW, DECLINE = "Follow: take decree", "Decline"  # the options' labels


def name(table: Table, seat: int) -> str:
    return table.names[seat]


def user(table: Table, seat: int) -> int:
    return int(table.users[seat])


def said(call: Call, line: str) -> bool:
    """``line`` is in the message (noble names in any case)."""
    return line.lower() in call.content.lower()


def seats_of(call: Call) -> set[int]:
    """Seats whose decision the message's buttons play (``pbp:<game>:<ver>:<seat>:a<i>``)."""
    return {int(m[1]) for c in components(call) if (m := re.match(r"pbp:\d+:\d+:(\d+):[as]\d+$", c["custom_id"]))}


async def visit_with_favors(
    guild: Guild, favors: dict[int, list[str]], influence: dict[int, int] | None = None, officials: int = 0
) -> tuple[Table, list[int], list[str], Call]:
    """4 players; the first player visits the Marquis (cost 0) and takes a decree; seats are given
    as offsets from the visitor (1 = their left). Returns the table, seats [visitor, left, ...],
    the decree display before the visit, and the message that opened the window."""
    await open_lisboa(guild)
    table = await finish_setup(guild)
    visitor = table.decisions()[0].player
    order = [(visitor + k) % 4 for k in range(4)]

    def change(state: dict) -> None:  # type: ignore[type-arg]
        arrange_visit(
            state,
            visitor,
            {order[k]: f for k, f in favors.items()},
            {order[k]: i for k, i in (influence or {}).items()},
        )
        for board in state["boards"]:
            board.update(marquis_markers=0, wigs=0)
        if officials:  # the visitor's officials make following cost influence for everyone else
            state["offices"]["marquis"] = {str(visitor): officials}

    table = await arrange(guild, change)
    decrees = list(table.state["decrees"]["display"])  # type: ignore[index]
    assert len(decrees) >= 3
    mover = user(table, visitor)
    await play_text(guild, mover, "visit blue-06")
    if (await table_now(guild)).decisions()[0].kind == "visit_free":  # asked unless no state action is possible
        await play_text(guild, mover, "no free action")
    opened = await play_text(guild, mover, f"decree {decrees[0]}")
    return await table_now(guild), order, decrees, opened


async def test_window_asks_eligible_followers_one_at_a_time_each_pinged_alone(tmp_path: Path) -> None:
    db, fake = tmp_path / "games.sqlite3", FakeDiscord()
    guild = Guild(await start_bot(db, fake), fake)
    try:
        await follow_window_story(guild, db)
    finally:
        await guild.bot.close()


async def follow_window_story(guild: Guild, db: Path) -> None:
    table, (visitor, left, across, right), decrees, opened = await visit_with_favors(
        guild, {2: ["marquis"], 3: ["marquis"]}
    )
    # (a) the left neighbour lacks the favor: skipped with a log line; the next holder is asked alone
    assert said(opened, f"{name(table, left)} cannot follow the marquis visit: does not hold the favor.")
    assert pinged(opened) == {table.users[across]} and f"<@{table.users[across]}>" in opened.content
    assert table.waiting_seats() == [across] and seats_of(opened) == {across}
    assert DECLINE in labels(opened) and FOLLOW in labels(opened)
    decision = table.decisions()[0]
    assert decision.kind == "follow" and decision.mode == "chain" and decision.default == {"verb": "decline"}
    assert opened.files and opened.files[0][1].startswith(b"\x89PNG")  # the board as it is now

    # (c) someone else pressing the follower's buttons is refused and nothing changes
    for intruder in (visitor, right, left):
        calls = await guild.click(user(table, intruder), name(table, intruder), opened.reply, button(opened, FOLLOW))
        assert calls[-1].ephemeral and f"This is not your decision: it is {name(table, across)}'s." in calls[-1].content
        assert not guild.fake.channel_posts(len(guild.fake.calls) - len(calls))
    assert (await table_now(guild)).version == table.version

    # (b) the first follower follows and takes a decree; only then is the next holder pinged, alone
    sub = edited(await guild.click(user(table, across), name(table, across), opened.reply, button(opened, FOLLOW)))
    assert not pinged(sub) and seats_of(sub) == {across}  # their own sub-decision: the same message, edited
    assert sub.reply["id"] == opened.reply["id"] and f"<@{table.users[across]}>" in sub.content
    assert f"Take decree {decrees[1]}" in labels(sub) and f"Take decree {decrees[0]}" not in labels(sub)
    second = posted(
        await guild.click(user(table, across), name(table, across), sub.reply, button(sub, f"Take decree {decrees[1]}"))
    )
    after = await table_now(guild)
    assert pinged(second) == {table.users[right]} and seats_of(second) == {right}
    assert f"{name(table, across)} takes decree {decrees[1]}." in second.content  # the first follow's effect
    assert decrees[1] not in after.state["decrees"]["display"]  # type: ignore[index]
    assert after.waiting_seats() == [right] and FOLLOW in labels(second)

    # (d) a restart between two answers: a new bot over the same SQLite file, the old buttons work
    await guild.bot.close()
    guild.bot = await start_bot(db, guild.fake)
    more = edited(await guild.click(user(table, right), name(table, right), second.reply, button(second, FOLLOW)))
    assert not pinged(more) and more.reply["id"] == second.reply["id"]  # the same message goes on being edited
    left_over = [label for label in labels(more) if label.startswith("Take decree ")]
    assert left_over and not {f"Take decree {decrees[0]}", f"Take decree {decrees[1]}"} & set(left_over)
    closed = posted(await guild.click(user(table, right), name(table, right), more.reply, button(more, left_over[0])))
    assert said(closed, "marquis visit is over; nobody else may follow")
    end = await table_now(guild)
    assert not end.state["frames"] and end.decisions()[0].kind != "follow"  # type: ignore[index]
    assert pinged(closed) == set(end.waiting_users())  # the visitor draws, or the next turn begins
    posts = guild.fake.channel_posts(guild.fake.calls.index(opened))
    followers = [u for c in posts for u in pinged(c) if u in (table.users[across], table.users[right])]
    assert sorted(followers) == sorted([table.users[across], table.users[right]])  # each follower pinged once


async def test_declining_passes_the_window_on_and_favorless_or_unpayable_seats_are_skipped(guild: Guild) -> None:
    # left holds the favor but cannot pay 2 influence; across lacks it; right may follow
    table, (visitor, left, across, right), decrees, opened = await visit_with_favors(
        guild, {1: ["marquis"], 3: ["marquis"]}, influence={1: 0}, officials=2
    )
    assert said(opened, f"{name(table, across)} cannot follow the marquis visit: does not hold the favor.")
    assert said(
        opened, f"{name(table, left)} cannot follow the marquis visit: has no follow they can complete and pay for."
    )
    assert pinged(opened) == {table.users[right]} and table.waiting_seats() == [right]
    declined = posted(await guild.click(user(table, right), name(table, right), opened.reply, button(opened, DECLINE)))
    assert said(declined, f"{name(table, right)} declines to follow the marquis visit.")
    after = await table_now(guild)
    assert after.state["boards"][right]["favors"] == ["marquis"]  # type: ignore[index]  # kept the favor
    assert not after.state["frames"] and after.decisions()[0].kind != "follow"  # type: ignore[index]
    assert pinged(declined) == set(after.waiting_users()) and table.users[right] not in pinged(declined)
