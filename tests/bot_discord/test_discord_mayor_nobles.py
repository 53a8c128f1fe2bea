"""The Mayor editor in a Nobles game: the engine's proposal (nobles included) in one click, and a
layout with a noble moved through the "take a noble off…" / "put a noble on…" selects."""

from __future__ import annotations

import random
from typing import Any

from discord_fakes import ANN, BOB, CHANNEL_ID, NAMES, Call, Guild, open_table, table_now

from bot.service.game_ui import Table
from engine.core import play
from engine.puerto_rico.board import circles
from engine.puerto_rico.nobles import held


def items(call: Call) -> list[dict[str, Any]]:
    rows = call.payload.get("components") or call.payload.get("data", {}).get("components") or []
    return [c for row in rows for c in row["components"]]


def item(call: Call, name: str) -> dict[str, Any]:
    """The component labelled (button) or with the placeholder (select) ``name``."""
    return next(c for c in items(call) if name in (c.get("label"), c.get("placeholder")))


def proposal(table: Table, seat: int) -> dict[str, Any]:
    assert table.state is not None
    return next(a for a in play.legal_actions(table.game, table.state, seat) if a["verb"] == "layout")


async def noble_mayor(guild: Guild, seed: int, wanted: Any = None) -> tuple[Table, int]:
    """Play random legal actions (the Mayor role whenever offered) until a seat owes a Mayor
    layout while holding a noble that its proposal places (and ``wanted(table, seat)`` holds)."""
    await open_table(guild, (ANN, BOB), "expansions=nobles")
    rng = random.Random(seed)
    svc, table = guild.bot.service, await table_now(guild)
    assert table.state is not None and table.state["options"]["expansions"] == "nobles"
    for _ in range(3000):
        assert table.active and table.state is not None
        for d in table.decisions():
            if (
                d.kind == "mayor_layout"
                and held(table.state["boards"][d.player])
                and proposal(table, d.player).get("nobles")
                and (wanted is None or wanted(table, d.player))
            ):
                return table, d.player
        seat = rng.choice(table.waiting_seats())
        texts = table.texts(seat)
        pick = [t for t in texts if t == "role mayor"] or texts
        await svc.play.act(CHANNEL_ID, table.users[seat], rng.choice(pick), expected_version=table.version)
        table = await table_now(guild)
    raise AssertionError("no Mayor layout with a noble")


async def open_editor(guild: Guild, table: Table, seat: int) -> tuple[int, Call]:
    user = int(table.users[seat])
    status = (await guild.command(user, NAMES[user], "game status"))[-1]
    panel = next(c for c in status.custom_ids() if c.endswith(":panel"))
    editor = (await guild.click(user, NAMES[user], status.reply, panel))[-1]
    assert editor.ephemeral and "Place your colonists" in editor.content
    return user, editor


async def test_one_click_confirm_plays_the_engines_proposal_with_its_nobles(guild: Guild) -> None:
    table, seat = await noble_mayor(guild, 3)
    action = proposal(table, seat)
    expected = table.game.action_text(action)
    assert " nobles " in expected
    user, editor = await open_editor(guild, table, seat)
    assert f"`{expected}`" in editor.content and "Nobles placed:" in editor.content
    assert item(editor, "Take a noble off…")  # the player holds nobles: noble selects are drawn
    calls = await guild.click(user, NAMES[user], editor.reply, item(editor, "Confirm layout")["custom_id"])
    assert calls[-1].content == f"Layout placed: `{expected}`.", [c.content for c in calls]
    after = await table_now(guild)
    assert after.version == table.version + 1
    assert after.state is not None
    frames = [f for f in after.state.get("frames") or [] if f["data"].get("nobles", {}).get(str(seat))]
    if frames:  # the other player still decides: the answer waits in the frame
        assert frames[-1]["data"]["nobles"][str(seat)] == action["nobles"]
    else:  # every layout is in: the board shows them
        nobles = {k: v for k, v in after.state["boards"][seat]["nobles"].items() if k != "san_juan"}
        assert nobles == action["nobles"]


def _movable(table: Table, seat: int) -> bool:
    """A noble of the proposal can go to another place, directly or by swapping with a colonist."""
    action = proposal(table, seat)
    layout, nobles = action["layout"], action["nobles"]
    return any(t not in nobles or layout[t] > nobles[t] for t in layout) or len(layout) > len(nobles)


async def test_a_layout_with_a_noble_moved_is_accepted(guild: Guild) -> None:
    table, seat = await noble_mayor(guild, 4, _movable)
    user, editor = await open_editor(guild, table, seat)
    action = proposal(table, seat)
    layout, nobles = action["layout"], action["nobles"]
    source = next(iter(nobles))

    async def pick(call: Call, placeholder: str, value: str) -> Call:
        select = item(call, placeholder)
        assert value in [o["value"] for o in select["options"]], (placeholder, value, select["options"])
        assert len(select["options"]) <= 25 and len(select["custom_id"]) <= 100
        edited = (await guild.click(user, NAMES[user], editor.reply, select["custom_id"], [value]))[-1]
        assert edited.payload.get("type") == 7, edited.payload  # the editor itself is updated
        return edited

    current = await pick(editor, "Take a noble off…", source)
    assert "Confirm layout" in [c.get("label") for c in items(current)]
    assert item(current, "Confirm layout").get("disabled")
    caps = circles(table.state["boards"][seat])  # type: ignore[index]
    target = next((t for t in caps if t != source and layout.get(t, 0) < caps[t]), None)
    if target is None:  # every circle full: swap the noble with a colonist standing elsewhere
        target = next(t for t in layout if t != source and layout[t] > nobles.get(t, 0))
        current = await pick(current, "Take a colonist off…", target)
        current = await pick(current, "Put a noble on…", target)
        current = await pick(current, "Put a colonist on…", source)
        moved_layout = dict(layout)
    else:
        current = await pick(current, "Put a noble on…", target)
        moved_layout = {**layout, source: layout[source] - 1, target: layout.get(target, 0) + 1}
    moved_nobles = {**nobles, source: nobles[source] - 1, target: nobles.get(target, 0) + 1}
    moved = {"verb": "layout", "layout": {k: v for k, v in moved_layout.items() if v}}
    moved["nobles"] = {k: v for k, v in moved_nobles.items() if v}
    text = table.game.action_text(moved)
    assert text != table.game.action_text(action)
    assert f"`{text}`" in current.content
    confirm = item(current, "Confirm layout")
    assert not confirm.get("disabled")
    calls = await guild.click(user, NAMES[user], editor.reply, confirm["custom_id"])
    assert calls[-1].content == f"Layout placed: `{text}`.", [c.content for c in calls]
    assert (await table_now(guild)).version == table.version + 1
