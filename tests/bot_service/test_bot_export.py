"""Export and import: no seed or secrets while running; an ended game rebuilds step by step elsewhere."""

from __future__ import annotations

import json
import random

import pytest
from bot_helpers import CHANNEL, name_of, play_random, start_game, user

from bot.service.archive import NO_SEED
from bot.service.results import ServiceError
from bot.service.service import GameService


async def refused(svc: GameService, text: str | bytes, code: str, channel: str = "chan-bug") -> str:
    before = len(await svc.store.all_games())
    with pytest.raises(ServiceError) as err:
        await svc.archive.import_record(channel, "g", user("Dev"), "Dev", text)
    assert err.value.code == code, err.value.message
    assert len(await svc.store.all_games()) == before
    return err.value.message


async def test_a_running_game_exports_no_seed_and_no_unrevealed_choice(svc: GameService) -> None:
    result = await start_game(svc, ("Ann", "Bob"), {"cards": "no"}, seed=3)
    while len(result.waiting) < 2:  # to the parallel push-or-rest choice
        result = await svc.play.act(CHANNEL, result.waiting[0], "step")
    first = result.waiting[0]
    await svc.play.act(CHANNEL, first, "push")
    export = await svc.archive.export(CHANNEL)
    data = json.loads(export.text)
    assert not export.ended and export.withheld == 1 and data["note"] == NO_SEED
    assert "seed" not in data and "final_state" not in data
    assert '"rng"' not in export.text and '"push"' not in export.text  # the secret choice stays secret
    assert data["actions"][-1]["text"] is None and data["actions"][-1]["public"] == [f"{name_of(first)} has chosen."]
    assert [p["name"] for p in data["players"]] == [s.name for s in await svc.store.seats(result.game_row or 0)]
    assert data["actions"][0]["text"] == "step" and data["options"] == {"actions": 2, "cards": False, "length": 10}
    assert await refused(svc, export.text, "no_seed") == NO_SEED
    second = next(u for u in result.waiting if u != first)
    await svc.play.act(CHANNEL, second, "rest")  # the reveal: now both choices are public
    revealed = json.loads((await svc.archive.export(CHANNEL)).text)
    assert [a["text"] for a in revealed["actions"][-2:]] == ["push", "rest"]


async def test_an_ended_game_imports_step_by_step_and_is_read_only(svc: GameService) -> None:
    started = await start_game(svc, ("Ann", "Bob", "Cy"), {"length": 6}, seed=17)
    await play_random(svc, started, random.Random(9), undo_rate=0.3)
    row = started.game_row or 0
    original = await svc.store.game(row)
    assert original is not None and original.status == "finished"
    export = await svc.archive.export(CHANNEL)
    data = json.loads(export.text)
    assert export.ended and data["seed"] == 17 and data["final_state"]["phase"] == "over"
    assert any(a["kind"] == "undo" for a in data["actions"]), "the random game should contain undos"
    imported = await svc.archive.import_record("chan-bug", "g", user("Dev"), "Dev", export.text.encode())
    assert "imported a Toy Race record (3 players" in imported.public[0]
    copy = await svc.store.game(imported.game_row or 0)
    assert (
        copy is not None
        and copy.status == "finished"
        and copy.version == original.version
        and copy.seed == 17
        and copy.channel_id == "chan-bug"
    )
    for version in range(original.version + 1):
        assert await svc.store.snapshot(copy.id, version) == await svc.store.snapshot(row, version)
    assert [s.name for s in await svc.store.seats(copy.id)] == [s.name for s in await svc.store.seats(row)]
    assert (await svc.archive.log("chan-bug", 1)).lines[1:] == (await svc.archive.log(CHANNEL, 1)).lines[1:]
    assert (await svc.archive.history("chan-bug", 3)).view == (await svc.archive.history(CHANNEL, 3)).view
    with pytest.raises(ServiceError) as err:
        await svc.play.act("chan-bug", "imported:0", "step")
    assert err.value.code == "no_game"
    again = json.loads((await svc.archive.export("chan-bug")).text)
    assert (again["actions"], again["seed"], again["final_state"]) == (data["actions"], 17, data["final_state"])


async def test_an_abandoned_game_imports_where_it_stopped(svc: GameService) -> None:
    started = await start_game(svc, ("Ann", "Bob"), seed=8)
    await svc.play.act(CHANNEL, started.waiting[0], "draw")
    await svc.lobby.abandon(CHANNEL, started.waiting[0] if started.waiting[0] == user("Ann") else user("Ann"))
    export = await svc.archive.export(CHANNEL)
    assert export.ended and json.loads(export.text)["status"] == "abandoned"
    imported = await svc.archive.import_record("chan-bug", "g", user("Dev"), "Dev", export.text)
    copy = await svc.store.game(imported.game_row)
    assert copy is not None and copy.status == "abandoned"
    assert await svc.store.snapshot(imported.game_row or 0, 1) == await svc.store.snapshot(started.game_row or 0, 1)


async def test_bad_records_are_refused_with_reasons(svc: GameService) -> None:
    started = await start_game(svc, ("Ann", "Bob"), {"length": 6}, seed=2)
    await play_random(svc, started, random.Random(1))
    data = json.loads((await svc.archive.export(CHANNEL)).text)
    assert "not a game record" in await refused(svc, b"\x89PNG", "bad_import")
    assert "not a game record" in await refused(svc, "[1, 2]", "bad_import")
    assert "format version 9" in await refused(svc, json.dumps({**data, "format_version": 9}), "bad_import")
    assert "missing actions" in await refused(
        svc, json.dumps({k: v for k, v in data.items() if k != "actions"}), "bad_import"
    )
    assert "rules version 99" in await refused(svc, json.dumps({**data, "rules_version": 99}), "rules_version")
    tampered = json.loads(json.dumps(data))
    tampered["final_state"]["pos"][0] += 1
    assert "does not reproduce" in await refused(svc, json.dumps(tampered), "bad_import")
    wrong = json.loads(json.dumps(data))
    wrong["actions"][0]["text"] = "fly"
    assert "does not replay" in await refused(svc, json.dumps(wrong), "bad_import")
    holes = json.loads(json.dumps(data))
    del holes["actions"][1]
    assert "not a complete game record" in await refused(svc, json.dumps(holes), "bad_import")
    await svc.lobby.open("chan-busy", "g", user("Cy"), "Cy", "toy_race")
    await refused(svc, json.dumps(data), "channel_busy", channel="chan-busy")
