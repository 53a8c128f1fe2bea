"""A whole three-player game of The Red Cathedral played only by clicking the bot's own components
(issue 15: from `/game new` to the final scores), each turn message with its board image. The
players click at random, but build and claim whenever they can, so the game ends in about a thousand
clicks. Drawing a turn image took three quarters of the test's time: every turn message still carries
the image drawn for its own view, but one in ``REAL`` of them (the first included) is drawn by the
real renderer, the others are a marked stand-in (``render``'s own tests check the images)."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from discord_fakes import ANN, BOB, CY, NAMES, PNG, Call, Guild, open_table, pinged, shown, table_now, turn_pings
from test_discord_full_game import components

import bot.discord.turns
from render import render_turn

PLAYABLE = re.compile(r"pbp:\d+:\d+:(\d+):[as]\d+$")
EAGER = ("Build and/or decorate", "Claim a cathedral section", "Take resources", "End your turn")
REAL = 25  # one turn image in REAL is drawn for real


class Drawer:
    """``render_turn`` for the bot: the real drawing of every ``REAL``-th view, a stand-in naming
    its call for the others; remembers what it drew last."""

    def __init__(self) -> None:
        self.calls = self.real = 0
        self.last = b""

    def __call__(self, view: dict[str, Any], lang: str = "en") -> bytes:
        assert view["game"] == "red_cathedral"
        if self.calls % REAL == 0:
            self.last, self.real = render_turn(view, lang), self.real + 1
            assert self.last.startswith(PNG)
        else:
            self.last = PNG + b"stand-in %d" % self.calls
        self.calls += 1
        return self.last


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


async def test_red_cathedral_full_game_through_buttons(guild: Guild, monkeypatch: pytest.MonkeyPatch) -> None:
    drawer = Drawer()
    monkeypatch.setattr(bot.discord.turns, "render_turn", drawer)
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
        assert post.files and post.files[0][1] == drawer.last  # the image drawn for this very move
        expected = turn_pings(before, after, before.waiting_users()[0])
        assert post.new == (expected is not None) and pinged(post) == (expected or set())
        if post.new and after.active:  # a whole turn is one message: a new one only for the next player
            assert after.waiting_users() != before.waiting_users()
    final = await table_now(guild)
    assert final.record.status == "finished"
    assert {"main", "banner", "section", "tile", "deliver", "die", "market_action"} <= seen, seen
    assert "Final scores:" in post.content and ("Winner:" in post.content or "Shared win" in post.content)
    assert post.custom_ids() == ["pbp:1:rematch", "pbp:1:full"]
    assert drawer.real >= drawer.calls // REAL > 30, (drawer.real, drawer.calls)  # real images all along the game
