""" "Change my answer": a player who answered a parallel decision takes it back with a button (or
``/play action:take back``) until the last answer is in; nobody is pinged for it."""

from __future__ import annotations

from typing import Any

import pytest
from discord_fakes import ANN, BOB, CY, NAMES, Guild, edited, open_table, pinged, table_now, turn_now

from bot.discord.views.components import DYNAMIC_ITEMS, ChangeButton


@pytest.fixture(autouse=True)
def toy(toy_games: tuple[Any, ...]) -> None:
    """Toy Race (its push/rest is a core parallel frame), registered for each test here."""


async def to_bets(guild: Guild) -> list[int]:
    """A 3-player Toy Race walked to its parallel push/rest; the users in seat order."""
    await open_table(guild, (ANN, BOB, CY), options="cards=no", game="toy_race")
    table = await table_now(guild)
    while len(table.waiting_seats()) < 3:
        mover = int(table.waiting_users()[0])
        await guild.command(mover, NAMES[mover], "play", action="step")
        table = await table_now(guild)
    return [int(u) for u in table.users]


def change_id(ids: list[str]) -> str:
    return next(c for c in ids if c.endswith(":change"))


def ids(message: dict[str, Any]) -> list[str]:
    """The custom ids of a message's components."""
    return [c["custom_id"] for row in message["components"] for c in row["components"] if "custom_id" in c]


async def test_change_my_answer_takes_it_back_without_pinging(guild: Guild) -> None:
    users = await to_bets(guild)
    first, other = users[0], users[1]
    opened = guild.fake.channel_posts()[-1]
    answered = edited(await guild.command(first, NAMES[first], "play", action="push"))  # the window's message
    assert answered.reply["id"] == opened.reply["id"] and f"✅ Answered: {NAMES[first]}." in answered.content
    turn = await turn_now(guild)
    before = await table_now(guild)
    assert before.answered_seats() == [0]
    calls = await guild.click(first, NAMES[first], turn, change_id(ids(turn)))
    post = edited(calls)  # the same window, edited in place: nobody is pinged
    assert f"{NAMES[first]} takes back their answer." in post.content
    assert "push" not in post.content.lower().replace("push or rest", "")  # never what the answer was
    assert pinged(post) == set() and post.reply["id"] == opened.reply["id"] and "✅ Answered" not in post.content
    now = await table_now(guild)
    assert now.version == before.version + 1 and sorted(now.waiting_seats()) == [0, 1, 2]
    assert not now.answered_seats() and not any(c.endswith(":change") for c in post.custom_ids())
    assert any(c.ephemeral and "You took back your answer" in c.content for c in calls)
    # Someone with nothing to take back is told so.
    await guild.command(other, NAMES[other], "play", action="rest")
    turn = await turn_now(guild)
    calls = await guild.click(first, NAMES[first], turn, change_id(ids(turn)))
    assert calls[-1].ephemeral and "no answer to change" in calls[-1].content
    assert not [c for c in calls if c.kind == "http"]


async def test_play_take_back_and_the_panel_offer_the_change(guild: Guild) -> None:
    users = await to_bets(guild)
    first = users[0]
    assert "take back" not in await guild.autocomplete(first, NAMES[first], "play", "action", action="")
    await guild.command(first, NAMES[first], "play", action="rest")
    assert await guild.autocomplete(first, NAMES[first], "play", "action", action="ta") == ["take back"]
    turn = await turn_now(guild)
    panel = next(c for c in ids(turn) if c.endswith(":panel"))
    reply = (await guild.click(first, NAMES[first], turn, panel))[-1]
    assert reply.ephemeral and "You have answered" in reply.content
    assert any(c.endswith(":0:a0") for c in reply.custom_ids())  # their "Change my answer" choice
    calls = await guild.command(first, NAMES[first], "play", action="take back")
    assert "takes back their answer" in edited(calls).content
    assert 0 in (await table_now(guild)).waiting_seats()


def test_the_change_button_round_trips_through_its_custom_id() -> None:
    item = ChangeButton(123456789012, 987654)
    assert [cls for cls in DYNAMIC_ITEMS if cls.__discord_ui_compiled_template__.fullmatch(item.custom_id)] == [
        ChangeButton
    ]
