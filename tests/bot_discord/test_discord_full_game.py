"""A whole two-player Puerto Rico game played only by clicking the bot's own components."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from discord_fakes import ANN, BOB, NAMES, PNG, Call, Guild, open_table, pinged, shown, table_now, turn_pings

SELECT = re.compile(r"pbp:\d+:\d+:(\d+):s\d+$")
CHOICE = re.compile(r"pbp:\d+:\d+:(\d+):a\d+$")


def components(call: Call) -> list[dict[str, Any]]:
    rows = call.payload.get("components") or call.payload.get("data", {}).get("components") or []
    return [c for row in rows for c in row["components"]]


async def answer(guild: Guild, call: Call, rng: random.Random, user: int | None = None) -> tuple[int, list[Call]]:
    """Click one playable component of ``call`` as the player it belongs to (opening a panel
    first when several decide at once); returns the clicking user and the requests made."""
    items = components(call)
    playable = [c for c in items if CHOICE.match(c.get("custom_id", "")) or SELECT.match(c.get("custom_id", ""))]
    if playable:
        item = rng.choice(playable)
        seat = int((CHOICE.match(item["custom_id"]) or SELECT.match(item["custom_id"])).group(1))  # type: ignore
        user = int((await table_now(guild)).users[seat])
        values = [rng.choice(item["options"])["value"]] if "options" in item else None
        return user, await guild.click(user, NAMES[user], call.reply, item["custom_id"], values)
    confirm = next((c for c in items if c.get("label") == "Confirm layout"), None)
    user = user or int(rng.choice((await table_now(guild)).waiting_users()))
    if confirm is not None:
        return user, await guild.click(user, NAMES[user], call.reply, confirm["custom_id"])
    panel = next(c["custom_id"] for c in items if c.get("custom_id", "").endswith(":panel"))
    opened = await guild.click(user, NAMES[user], call.reply, panel)
    user, more = await answer(guild, opened[-1], rng, user)
    return user, opened + more


@pytest.mark.parametrize("options", [None, "expansions=both"])
async def test_full_game_through_buttons(guild: Guild, options: str | None) -> None:
    """The base game, and New Buildings with Nobles (draft, Mayor layouts with nobles, Black
    Market, Lodge, Royal Supplier, Small Wharf, Forest House, Guest House moves: all by buttons)."""
    post = await open_table(guild, (ANN, BOB), options)
    if options:
        assert (await table_now(guild)).state["options"]["expansions"] == "both"  # type: ignore[index]
    rng = random.Random(11)
    seen: set[str] = set()
    messages = 0
    for _ in range(3000):
        before = await table_now(guild)
        if not before.active:
            break
        seen |= {d.kind for d in before.decisions()}
        actor, calls = await answer(guild, post, rng)
        post = shown(calls)  # one turn message posted or edited, with the board
        after = await table_now(guild)
        assert after.version == before.version + 1
        assert post.files and post.files[0][1].startswith(PNG)
        # A new message pings exactly who newly owes a decision; a change inside a turn edits it, silently.
        expected = turn_pings(before, after, actor)
        assert post.new == (expected is not None) and pinged(post) == (expected or set())
        messages += post.new
    final = await table_now(guild)
    assert final.record.status == "finished"
    if options:
        assert {"draft", "mayor_layout"} <= seen, seen
    assert "Final scores:" in post.content and ("Winner:" in post.content or "Shared win" in post.content)
    assert "Tie-break" in post.content
    assert post.custom_ids() == ["pbp:1:rematch", "pbp:1:full"]  # no more decisions, no "My board": a rematch
    assert not pinged(post) and post.new and messages < final.version  # fewer messages than actions
