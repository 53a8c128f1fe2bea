"""Lisboa's other out-of-turn windows on Discord: church scoring (D23) asks its players in parallel,
the era-1 discard round (D24) one player at a time in seat order from the triggering player; each
message pings only the players asked, and every window has a default (discard none)."""

from __future__ import annotations

from discord_fakes import Call, Guild, pinged, shown, table_now
from lisboa_discord import NAMES, choose, components, finish_setup, labels, offered, open_lisboa, play_text, reach

from bot.discord.views.layout import PRIVATE_LABEL
from bot.service.records import State


def church_open(state: State) -> bool:
    frames = state["frames"]
    asked = [s for s in frames[-1]["seats"] if str(s) not in frames[-1]["answers"]] if frames else []
    return bool(frames) and frames[-1]["kind"] == "church" and not state["decision"] and len(asked) >= 2


def era_discards_open(state: State) -> bool:
    return bool(state["decision"]) and state["decision"]["kind"] == "era_discard"


async def answer_as(guild: Guild, post: Call, user: int, label: str) -> Call:
    """Answer ``label`` as ``user``: on the message if it offers it, else through the panel button that
    opens the user's own options privately; returns the turn message it posted or edited."""
    if label in offered(post):
        return shown(await choose(guild, user, post, label))
    panel = next(c for c in components(post) if c["custom_id"].endswith(":panel"))
    opened = await guild.click(user, NAMES[user], post.reply, panel["custom_id"])
    mine = opened[-1]
    assert mine.ephemeral and label in offered(mine), offered(mine)
    return shown(await choose(guild, user, mine, label))


async def test_church_scoring_pings_the_tile_holders_at_once_and_each_answers_privately(guild: Guild) -> None:
    await open_lisboa(guild)
    await finish_setup(guild)
    trigger = await reach(guild, church_open, seed=10)
    post = await play_text(guild, *trigger)
    table = await table_now(guild)
    asked = set(table.waiting_users())
    everyone = set(table.users)
    # the tile holders are pinged at once (the position was reached through the service alone, so this
    # is the first turn message posted: it pings everyone who owes, the player who opened it too)
    assert len(asked) >= 2 and post.new and pinged(post) == asked and not pinged(post) & (everyone - asked)
    decisions = table.decisions()
    assert {d.kind for d in decisions} == {"church"} and {d.mode for d in decisions} == {"parallel"}
    assert all(d.default == {"verb": "church", "tiles": []} for d in decisions)  # discard none
    assert labels(post)[0] == "Decide"  # one panel button each asked player opens for themselves
    # someone not asked cannot answer; the asked answer in any order, the others are not pinged again
    outsider = next(iter(everyone - asked), None)
    if outsider is not None:
        panel = next(c for c in components(post) if c["custom_id"].endswith(":panel"))
        refused = await guild.click(int(outsider), NAMES[int(outsider)], post.reply, panel["custom_id"])
        assert refused[-1].ephemeral and "This is not your decision" in refused[-1].content
    for user in sorted(asked, reverse=True):
        before = await table_now(guild)
        after_post = await answer_as(guild, post, int(user), "Discard no clergy tiles")
        after = await table_now(guild)
        assert after.version == before.version + 1
        if "church" in {d.kind for d in after.decisions()}:  # still open: the same message, edited
            assert not after_post.new and after_post.reply["id"] == post.reply["id"]
            assert pinged(after_post) == set() and set(after.waiting_users()) < set(before.waiting_users())
            answered = next(line for line in after_post.content.splitlines() if line.startswith("✅ Answered: "))
            assert NAMES[int(user)] in answered  # who has answered, never what
            assert "Discard no clergy" not in after_post.content
            post = after_post
        else:  # the last answer closes it: a new message for whoever acts next
            assert after_post.new and pinged(after_post) == set(after.waiting_users())
    end = await table_now(guild)
    assert "church" not in {d.kind for d in end.decisions()}


async def test_era_one_discards_go_round_the_table_from_the_trigger_pinging_one_player_each(guild: Guild) -> None:
    await open_lisboa(guild)
    await finish_setup(guild)
    trigger = await reach(guild, era_discards_open, seed=2)
    post = await play_text(guild, *trigger)
    table = await table_now(guild)
    first = table.state["era_end"]["by"]  # type: ignore[index]
    order = [(first + k) % 4 for k in range(4)]
    asked_in_turn: list[int] = []
    while (decision := next(iter(table.decisions()), None)) is not None and decision.kind == "era_discard":
        seat = decision.player
        asked_in_turn.append(seat)
        assert table.waiting_seats() == [seat] and pinged(post) == {table.users[seat]} and post.new
        assert decision.default == {"verb": "done"}  # the deadline default: discard none
        assert labels(post)[0] == PRIVATE_LABEL  # the options name hand cards: offered privately only
        hand = set(table.state["boards"][seat]["hand"])  # type: ignore[index]
        assert not hand & {word for label in labels(post) for word in label.split()}
        post = await answer_as(guild, post, int(table.users[seat]), "Done")
        table = await table_now(guild)
    assert asked_in_turn == order  # everyone, one at a time, clockwise from the player who ended the era
    assert table.state["era"] == 2  # type: ignore[index]
