"""A whole three-player game of The Red Cathedral played only by clicking the bot's own components
(issue 15: from `/game new` to the final scores), each turn message with its board image. The
players click at random, but build and claim whenever they can, so the game ends in a few hundred
clicks."""

from __future__ import annotations

import random
import re
from typing import Any

from discord_fakes import ANN, BOB, CY, NAMES, PNG, Call, Guild, open_table, pinged, shown, table_now, turn_pings
from test_discord_full_game import components

PLAYABLE = re.compile(r"pbp:\d+:\d+:(\d+):[as]\d+$")
EAGER = ("Build and/or decorate", "Claim a cathedral section", "Take resources", "End your turn")


def _choices(call: Call) -> list[tuple[str, str | None, str]]:
    """(custom id, select value or None, label) of every answer the message offers."""
    out: list[tuple[str, str | None, str]] = []
    for item in components(call):
        if not PLAYABLE.match(item.get("custom_id", "")):
            continue
        if "options" in item:
            out += [(item["custom_id"], o["value"], o["label"]) for o in item["options"]]
        else:
            out.append((item["custom_id"], None, item.get("label", "")))
    return out


async def _click(guild: Guild, call: Call, rng: random.Random) -> list[Call]:
    choices = _choices(call)
    eager = [c for c in choices if c[2].startswith(EAGER)]
    custom_id, value, _ = eager[0] if eager else rng.choice(choices)
    seat = int(PLAYABLE.match(custom_id).group(1))  # type: ignore[union-attr]
    user = int((await table_now(guild)).users[seat])
    values: Any = [value] if value is not None else None
    return await guild.click(user, NAMES[user], call.reply, custom_id, values)


async def test_red_cathedral_full_game_through_buttons(guild: Guild) -> None:
    post = await open_table(guild, (ANN, BOB, CY), "workshop=advanced", game="red_cathedral")
    table = await table_now(guild)
    assert table.state is not None and table.state["options"]["workshop"] == "advanced"
    assert "Card values partly provisional (146 of 168 rows)." in (table.notice() or "")
    rng = random.Random(3)
    seen: set[str] = set()
    for _ in range(2000):
        before = await table_now(guild)
        if not before.active:
            break
        seen |= {d.kind for d in before.decisions()}
        assert len(before.waiting_users()) == 1  # strictly one active player
        calls = await _click(guild, post, rng)
        post = shown(calls)  # one turn message: posted when the turn passes, else edited in place
        after = await table_now(guild)
        assert after.version == before.version + 1
        assert post.files and post.files[0][1].startswith(PNG)
        expected = turn_pings(before, after, before.waiting_users()[0])
        assert post.new == (expected is not None) and pinged(post) == (expected or set())
        if post.new and after.active:  # a whole turn is one message: a new one only for the next player
            assert after.waiting_users() != before.waiting_users()
    final = await table_now(guild)
    assert final.record.status == "finished"
    assert {"main", "banner", "section", "tile", "deliver", "die", "market_action"} <= seen, seen
    assert "Final scores:" in post.content and ("Winner:" in post.content or "Shared win" in post.content)
    assert post.custom_ids() == ["pbp:1:rematch", "pbp:1:full"]
