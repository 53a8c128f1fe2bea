"""A whole three-player game of The Red Cathedral played only by clicking the bot's own components
(issue 15: from `/game new` to the final scores; the game has no board image yet, so every turn
message is text)."""

from __future__ import annotations

import random

from discord_fakes import ANN, BOB, CHANNEL_ID, CY, Guild, open_table, pinged, table_now
from test_discord_full_game import answer


async def test_red_cathedral_full_game_through_buttons(guild: Guild) -> None:
    post = await open_table(guild, (ANN, BOB, CY), "workshop=advanced", game="red_cathedral")
    table = await table_now(guild)
    assert table.state is not None and table.state["options"]["workshop"] == "advanced"
    assert "Card values partly provisional (146 of 168 rows)." in (table.notice() or "")
    rng = random.Random(3)
    seen: set[str] = set()
    for _ in range(4000):
        before = await table_now(guild)
        if not before.active:
            break
        seen |= {d.kind for d in before.decisions()}
        assert len(before.waiting_users()) == 1  # strictly one active player
        actor, calls = await answer(guild, post, rng)
        posts = [c for c in calls if c.kind == "http" and c.url.endswith(f"/channels/{CHANNEL_ID}/messages")]
        assert len(posts) == 1, [(c.method, c.path, c.content) for c in calls]
        post = posts[0]
        after = await table_now(guild)
        assert after.version == before.version + 1
        assert pinged(post) <= set(after.waiting_users())
    final = await table_now(guild)
    assert final.record.status == "finished"
    assert {"main", "banner", "section", "tile", "die", "market_action"} <= seen, seen
    assert "Final scores:" in post.content and ("Winner:" in post.content or "Shared win" in post.content)
    assert post.custom_ids() == ["pbp:1:rematch"]
