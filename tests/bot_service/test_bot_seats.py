"""Seat handover: by the player, by the host for an absent player; stored, audited, and remembered."""

from __future__ import annotations

import json
import random
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from bot_helpers import CHANNEL, play_random, refused, user

from bot.service.change import Step
from bot.service.clock import DAY, HOUR, ManualClock
from bot.service.service import GameService
from bot.store.records import Records
from bot.store.store import GameStore
from bot.store.times import seconds_between

DEE = "u-dee"


@pytest.fixture
async def clock() -> ManualClock:
    return ManualClock()


@pytest.fixture
async def svc(tmp_path: Path, clock: ManualClock) -> AsyncIterator[GameService]:
    store = await GameStore.open(tmp_path / "games.sqlite3")
    try:
        yield GameService(store, clock=clock, rng=random.Random(0))
    finally:
        await store.close()


async def begin(svc: GameService, clock: str = "none") -> Step:
    await svc.lobby.open(CHANNEL, "g", user("Ann"), "Ann", "toy_race", {"length": 6}, clock=clock)
    await svc.lobby.join(CHANNEL, user("Bob"), "Bob")
    return await svc.lobby.start(CHANNEL, user("Ann"), seed=4)


async def test_a_player_hands_their_own_seat_over(svc: GameService) -> None:
    started = await begin(svc)
    row, mover = started.game_row or 0, started.waiting[0]
    name = "Ann" if mover == user("Ann") else "Bob"
    other = user("Bob") if mover == user("Ann") else user("Ann")
    await refused("not_seated", svc.seats.substitute(CHANNEL, "u-zed", DEE, "Dee"))
    await refused("already_seated", svc.seats.substitute(CHANNEL, mover, other, "Other"))
    handed = await svc.seats.substitute(CHANNEL, mover, DEE, "Dee")
    assert handed.public == [f"{name} handed their seat to Dee, who now plays as {name}."]
    assert handed.mention == [DEE] == handed.waiting and not handed.board_changed
    seats = await svc.store.seats(row)
    assert [s.user_id for s in seats].count(DEE) == 1 and {s.name for s in seats} == {"Ann", "Bob"}
    await refused("not_seated", svc.play.act(CHANNEL, mover, "step"))
    assert (await svc.play.act(CHANNEL, DEE, "step")).version == 1
    holders = await Records(svc.store).holders(row)
    assert [(h.user_id, h.name, h.from_version, h.reason) for h in holders] == [
        (mover, name, 0, "start"),
        (DEE, "Dee", 0, "self"),
    ]
    [(version, by, what, detail)] = await Records(svc.store).audit_trail(row)
    assert (version, by, what) == (0, mover, "self") and detail.endswith(f"{mover} -> {DEE}")
    status = await svc.play.status(CHANNEL)
    assert f"({name}): {name}, then Dee from step 0." in status.lines[-1]


async def test_the_host_hands_over_only_an_absent_players_seat(svc: GameService, clock: ManualClock) -> None:
    started = await begin(svc, "daily")
    row = started.game_row or 0
    assert started.waiting == [user("Ann")]  # Bob owes nothing yet: not absent
    assert "owes no decision" in await refused(
        "not_absent", svc.seats.substitute(CHANNEL, user("Ann"), DEE, "Dee", for_user=user("Bob"))
    )
    while user("Bob") not in started.waiting:
        started = await svc.play.act(CHANNEL, user("Ann"), "step")
    await refused("not_host", svc.seats.substitute(CHANNEL, user("Bob"), DEE, "Dee", for_user=user("Ann")))
    await refused("not_seated", svc.seats.substitute(CHANNEL, user("Ann"), DEE, "Dee", for_user="u-zed"))
    clock.advance(DAY - HOUR)
    assert "less than a day" in await refused(
        "not_absent", svc.seats.substitute(CHANNEL, user("Ann"), DEE, "Dee", for_user=user("Bob"))
    )
    clock.advance(HOUR)
    handed = await svc.seats.substitute(CHANNEL, user("Ann"), DEE, "Dee", for_user=user("Bob"))
    assert handed.public == ["The host handed Bob's seat to Dee (Bob was absent); Dee now plays as Bob."]
    assert handed.mention == [DEE]
    seat = [s.user_id for s in await svc.store.seats(row)].index(DEE)
    fresh = (await svc.core.deadlines.of_game(row))[seat]
    assert fresh.state == "running" and seconds_between(fresh.opened_at or "", fresh.due_at or "") == 3 * DAY
    assert seconds_between(clock.now.isoformat(), fresh.opened_at or "") == 0
    await refused("not_absent", svc.seats.substitute(CHANNEL, user("Ann"), "u-eve", "Eve", for_user=DEE))  # fresh


async def test_a_finished_game_records_who_played_which_seat(svc: GameService) -> None:
    started = await begin(svc)
    row = started.game_row or 0
    await svc.play.act(CHANNEL, started.waiting[0], "step")
    await svc.play.act(CHANNEL, started.waiting[0], "step")
    await svc.seats.substitute(CHANNEL, user("Bob"), DEE, "Dee")
    results = await play_random(svc, await svc.play.status(CHANNEL), random.Random(3))
    final = results[-1]
    assert final.game_over and "Seat " in final.public[-1] and "(Bob): Bob, then Dee from step 2." in final.public[-1]
    assert "then Dee from step 2" in (await svc.play.status(CHANNEL)).lines[-1]
    changes = json.loads((await svc.archive.export(CHANNEL)).text)["seat_changes"]
    assert changes == [{"seat": changes[0]["seat"], "name": "Dee", "from_version": 2, "reason": "self"}]
    assert await svc.seats.history(row) == [final.public[-1]]
