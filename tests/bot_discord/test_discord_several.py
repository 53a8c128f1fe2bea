"""A ChooseSeveral decision as one Discord multi-select (Lisboa's church scoring: the clergy tiles to
discard): the items as options, ``min_values``/``max_values`` from the shape, the empty answer as a
button, the chosen tiles played as the listed option's canonical text; outdated menus and other
players' clicks change nothing; a set the decision does not list is refused."""

from __future__ import annotations

from typing import Any

import pytest
from discord_fakes import Call, Guild, picks_of, shown, table_now
from lisboa_discord import NAMES, arrange, components, finish_setup, open_lisboa, play_text, reach

from bot.discord.views.common import OUTDATED
from bot.service.moves import pick
from bot.service.records import State
from bot.service.results import ServiceError
from engine.core.shapes import ChooseSeveral, Item, Option


def church_open(state: State) -> bool:
    frames = state["frames"]
    asked = [s for s in frames[-1]["seats"] if str(s) not in frames[-1]["answers"]] if frames else []
    return bool(frames) and frames[-1]["kind"] == "church" and not state["decision"] and len(asked) >= 2


def several(call: Call) -> dict[str, Any]:
    [menu] = [c for c in components(call) if c.get("custom_id", "").endswith(":k")]
    return menu


async def open_panel(guild: Guild, user: int, post: Call) -> Call:
    """The user's own church decision, opened with the turn message's panel button."""
    panel = next(c["custom_id"] for c in components(post) if c["custom_id"].endswith(":panel"))
    mine = (await guild.click(user, NAMES[user], post.reply, panel))[-1]
    assert mine.ephemeral
    return mine


async def church_with_more_tiles(guild: Guild) -> tuple[Call, int, int]:
    """Church scoring open, one asked seat holding two more clergy tiles (from the bag) than it drew:
    the turn message, that seat and its user."""
    await open_lisboa(guild)
    await finish_setup(guild)
    post = await play_text(guild, *await reach(guild, church_open, seed=10))
    table = await table_now(guild)
    seat = table.waiting_seats()[0]

    def more_tiles(state: State) -> None:
        state["boards"][seat]["clergy"] += [state["church"]["bag"].pop(), state["church"]["bag"].pop()]

    await arrange(guild, more_tiles)
    return post, seat, int(table.users[seat])


async def test_clergy_tiles_are_one_multi_select_and_the_chosen_tiles_play_their_option(guild: Guild) -> None:
    post, seat, user = await church_with_more_tiles(guild)
    table = await table_now(guild)
    shape = table.shape(seat)
    assert isinstance(shape, ChooseSeveral) and shape.low == 0
    held = len(shape.items)
    assert held >= 3 and shape.high == held
    mine = await open_panel(guild, user, post)  # the turn message is older than the arranged position
    assert mine.content.startswith(OUTDATED)
    menu = several(mine)
    assert f":{table.version}:{seat}:k" in menu["custom_id"] and menu["type"] == 3
    assert (menu["min_values"], menu["max_values"]) == (1, held)  # discarding none is its own button
    assert [o["label"] for o in menu["options"]] == [i.label for i in shape.items]
    assert [o["value"] for o in menu["options"]] == [str(i) for i in range(held)]
    assert all(len(o["label"]) <= 100 and len(o["value"]) <= 100 for o in menu["options"])
    buttons = [c["label"] for c in components(mine) if c["type"] == 2]
    assert "Discard no clergy tiles" in buttons
    chosen = [shape.items[0].key, shape.items[2].key]
    text = next(o.text for o in shape.options if set(o.picks) == set(chosen))
    assert picks_of(table, seat, text) == ["0", "2"]
    calls = await guild.click(user, NAMES[user], mine.reply, menu["custom_id"], ["0", "2"])
    after = await table_now(guild)
    assert after.version == table.version + 1 and shown(calls)
    answer = after.state["frames"][-1]["answers"][str(seat)]  # type: ignore[index]  # held until all are in
    assert answer == {"verb": "church", "tiles": chosen}
    actions = await guild.bot.service.store.actions(after.row)
    assert actions[-1].text == text  # the canonical text, as /play would have stored it


async def test_an_outdated_menu_or_another_players_pick_changes_nothing(guild: Guild) -> None:
    post, seat, user = await church_with_more_tiles(guild)
    table = await table_now(guild)
    mine = await open_panel(guild, user, post)
    menu = several(mine)
    other = next(s for s in table.waiting_seats() if s != seat)
    stranger = int(table.users[other])
    refused = await guild.click(stranger, NAMES[stranger], mine.reply, menu["custom_id"], ["1"])
    assert refused[-1].ephemeral and "This is not your decision" in refused[-1].content
    assert (await table_now(guild)).version == table.version
    # someone else answers: the menu is now outdated; picking in it shows the current prompt
    await guild.bot.service.play.act(table.record.channel_id, table.users[other], "church discard none")
    moved = await table_now(guild)
    assert moved.version == table.version + 1
    calls = await guild.click(user, NAMES[user], mine.reply, menu["custom_id"], ["1"])
    assert calls[-1].ephemeral and calls[-1].content.startswith(OUTDATED)
    assert f":{moved.version}:{seat}:k" in several(calls[-1])["custom_id"]  # the current menu
    assert (await table_now(guild)).version == moved.version  # nothing played


class Listed:
    """A seat choosing two or three of four nobles, who may not take the King with the Maia: the
    shape and the legal texts :func:`pick` reads."""

    NOBLES = ("maia", "marquis", "king", "treasury")
    SETS = (("maia", "marquis"), ("marquis", "king"), ("maia", "marquis", "treasury"))
    shape_ = ChooseSeveral(
        options=tuple(Option("take " + " ".join(s), "Take " + " and ".join(s), s) for s in SETS),
        items=tuple(Item(n, n.title()) for n in NOBLES),
        low=2,
        high=3,
    )

    def shape(self, seat: int | None) -> ChooseSeveral:
        return self.shape_

    def texts(self, seat: int | None) -> list[str]:
        return list(self.shape_.texts)


def test_a_set_the_decision_does_not_list_is_refused_with_the_ones_it_does() -> None:
    table = Listed()
    texts = table.texts(0)
    assert texts[pick(table.shape(0), [1, 0], texts)] == "take maia marquis"  # any order
    assert texts[pick(table.shape(0), [0, 1, 3], texts)] == "take maia marquis treasury"
    with pytest.raises(ServiceError) as refused:
        pick(table.shape(0), [0, 2], texts)
    assert refused.value.message.startswith("Maia, King is not one of your options; you may: Take maia and marquis")
    for bad in ([], [9], [-1]):  # a value that is no number comes as -1
        with pytest.raises(ServiceError, match="Pick from the listed options"):
            pick(table.shape(0), bad, texts)
