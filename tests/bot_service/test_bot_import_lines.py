"""Import regenerates every step's public lines from the replay: the bot's own lines (deadline,
standing answer, admin, skip, undo, votes) are accepted as the bot writes them, anything edited is refused."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from bot_helpers import CHANNEL, play_random, start_game, user

from bot.service.clock import HOUR, ManualClock
from bot.service.results import ServiceError
from bot.service.service import GameService

ANN, BOB = user("Ann"), user("Bob")


async def status_of(svc: GameService, row: int) -> str:
    record = await svc.store.game(row)
    assert record is not None
    return record.status


async def refused(svc: GameService, data: dict[str, Any]) -> str:
    before = len(await svc.store.all_games())
    with pytest.raises(ServiceError) as err:
        await svc.archive.import_record("chan-bug", "g", user("Dev"), "Dev", json.dumps(data))
    assert err.value.code == "bad_import", err.value.message
    assert len(await svc.store.all_games()) == before
    return err.value.message


async def ended_record(svc: GameService) -> dict[str, Any]:
    started = await start_game(svc, ("Ann", "Bob", "Cy"), {"length": 6}, seed=17)
    await play_random(svc, started, random.Random(9), undo_rate=0.3)
    return dict(json.loads((await svc.archive.export(CHANNEL)).text))


async def test_a_forged_line_is_refused_naming_its_step(svc: GameService) -> None:
    data = await ended_record(svc)
    forged = json.loads(json.dumps(data))
    first = forged["actions"][0]["public"][0]
    forged["actions"][0]["public"][0] = "Ann wins the game by 100 points."
    message = await refused(svc, forged)
    assert message.startswith("Step 1 of this record does not match its replay")
    assert "“Ann wins the game by 100 points.”" in message and f"“{first}”" in message
    assert "Nothing was imported" in message
    added = json.loads(json.dumps(data))
    added["actions"][0]["public"].insert(0, "Ann wins the game by 100 points.")  # an extra first line
    assert "Step 1 " in await refused(svc, added)
    later = json.loads(json.dumps(data))
    step = next(a for a in later["actions"][3:] if a["kind"] == "action" and a["public"])
    step["public"].append("Bob concedes.")
    assert f"Step {step['version']} " in await refused(svc, later)
    undo = json.loads(json.dumps(data))
    row = next(a for a in undo["actions"] if a["kind"] == "undo")
    row["public"] = ["Everyone agreed: Ann wins."]
    assert f"Step {row['version']} " in await refused(svc, undo)
    huge = json.loads(json.dumps(data))
    huge["actions"][0]["public"][0] = "x" * 10_000
    assert len(await refused(svc, huge)) < 600
    imported = await svc.archive.import_record("chan-bug", "g", user("Dev"), "Dev", json.dumps(data))
    assert (await status_of(svc, imported.game_row)) == "finished"


async def test_every_kind_of_bot_line_imports_and_a_forged_one_does_not(
    timed_svc: tuple[GameService, ManualClock],
) -> None:
    svc, clock = timed_svc
    await svc.lobby.open(CHANNEL, "g", ANN, "Ann", "toy_stubborn", clock="fast")
    await svc.lobby.join(CHANNEL, BOB, "Bob")
    started = await svc.lobby.start(CHANNEL, ANN, seed=3)
    row = started.game_row or 0
    first = started.waiting[0]
    second = BOB if first == ANN else ANN
    await svc.play.act(CHANNEL, first, "step")
    await svc.play.undo(CHANNEL, first)  # "… took back their last action."
    await svc.play.act(CHANNEL, first, "step")
    await svc.admin.force(CHANNEL, ANN, "Zed the Mod", can_manage=True)  # 🛠 … forced the default (pass)
    await svc.play.act(CHANNEL, second, "step")
    clock.advance(12 * HOUR)
    [expiry] = await svc.timeouts.expire_due()
    assert expiry.offer is not None and expiry.offer.can_skip
    await svc.timeouts.skip_turn(row, expiry.offer.version, expiry.offer.seat, first)  # "… skipped …'s turn …"
    await svc.standing.set(CHANNEL, first, "bet")
    assert await svc.standing.answer(row) is not None  # 🤖 … standing answer …
    clock.advance(12 * HOUR)
    assert [e.result for e in await svc.timeouts.expire_due() if e.result]  # ⏰ … ran out of time …
    await svc.admin.rollback(CHANNEL, ANN, "Zed the Mod", 3, can_manage=True)  # 🛠 … rolled the game back …
    ballot = await svc.consent.propose(CHANNEL, first, 1)
    await svc.consent.vote(ballot.vote_id, second, True)  # ⏪ Everyone agreed …
    await svc.admin.end(CHANNEL, ANN, "Zed the Mod", can_manage=True)
    data = json.loads((await svc.archive.export(CHANNEL)).text)
    heads = [a["public"][0][:2] for a in data["actions"] if a["public"]]
    assert {"🛠", "🤖", "⏰", "⏪"} <= {h[0] for h in heads}
    assert any("skipped" in a["public"][0] for a in data["actions"] if a["public"])
    imported = await svc.archive.import_record("chan-bug", "g", user("Dev"), "Dev", json.dumps(data))
    assert (await status_of(svc, imported.game_row)) == "abandoned"
    assert (await svc.archive.log("chan-bug", 1)).lines[1:] == (await svc.archive.log(CHANNEL, 1)).lines[1:]
    for mark, wrong in (
        ("🛠", "forced the default for Nobody"),
        ("⏰", "Nobody ran out of time"),
        ("🤖", "Nobody's standing answer"),
        ("⏪", "Everyone agreed (Nobody)"),
    ):
        forged = json.loads(json.dumps(data))
        step = next(a for a in forged["actions"] if a["public"] and a["public"][0].startswith(mark))
        step["public"][0] = f"{mark} {wrong}"
        assert f"Step {step['version']} " in await refused(svc, forged)


async def test_the_ais_line_for_a_player_imports_in_todays_wording_and_the_older_one(svc: GameService) -> None:
    await svc.lobby.open(CHANNEL, "g", ANN, "Ann", "toy_race", {"length": 6})
    await svc.lobby.join(CHANNEL, BOB, "Bob")
    started = await svc.lobby.start(CHANNEL, ANN, seed=4)
    assert started.waiting == [ANN]
    await svc.seats.to_ai(CHANNEL, ANN, "easy")
    played = [step async for step in svc.ai.turns(limit=1)]
    assert played and played[0].public[0].startswith("🤖 The AI (easy) played for Ann: `")
    await svc.admin.end(CHANNEL, ANN, "Zed the Mod", can_manage=True)
    data = json.loads((await svc.archive.export(CHANNEL)).text)
    step = next(a for a in data["actions"] if a["public"] and a["public"][0].startswith("🤖"))
    older = json.loads(json.dumps(data))  # how the line read before a player could hand their own seat over
    older_step = next(a for a in older["actions"] if a["version"] == step["version"])
    older_step["public"][0] = older_step["public"][0].replace("played for Ann:", "played for Ann, who is absent:")
    for channel, record in (("chan-now", data), ("chan-older", older)):
        imported = await svc.archive.import_record(channel, "g", user("Dev"), "Dev", json.dumps(record))
        assert (await status_of(svc, imported.game_row)) == "abandoned"
    forged = json.loads(json.dumps(data))
    forged_step = next(a for a in forged["actions"] if a["version"] == step["version"])
    forged_step["public"][0] = forged_step["public"][0].replace("played for Ann", "played for Nobody")
    assert f"Step {step['version']} " in await refused(svc, forged)
