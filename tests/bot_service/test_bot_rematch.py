"""Rematch: same players, options and clock, a new seed, seats rotated, colours kept; only from a finished game."""

from __future__ import annotations

import json
import random

from bot_helpers import CHANNEL, play_random, user
from bot_helpers import refused as expect

from bot.service.change import Step
from bot.service.service import GameService


async def finished(svc: GameService, names: tuple[str, ...] = ("Ann", "Bob", "Cy"), **table: str) -> Step:
    await svc.lobby.open(CHANNEL, "g", user(names[0]), names[0], "toy_race", {"length": 6}, clock="fast", **table)
    for name in names[1:]:
        await svc.lobby.join(CHANNEL, user(name), name)
    started = await svc.lobby.start(CHANNEL, user(names[0]), seed=11)
    *_, last = await play_random(svc, started, random.Random(2))
    assert last.game_over
    return started


async def test_rematch_rotates_seats_and_keeps_options_clock_and_colours(svc: GameService) -> None:
    started = await finished(svc)
    old = await svc.store.game(started.game_row or 0)
    assert old is not None
    before = await svc.store.seats(old.id)
    again = await svc.lobby.rematch(old.id, user("Cy"))
    assert again.game_row != old.id and again.status == "active" and again.version == 0
    assert again.public[0] == "Cy started a rematch of Toy Race (same options, new shuffle, seats rotated)."
    assert again.public[1].startswith("Toy Race starts! Seats: ") and "Clock: fast" in again.public[1]
    new = await svc.store.game(again.game_row or 0)
    assert new is not None and new.options == old.options and new.clock == "fast" and new.seed != old.seed
    assert new.creator_id == user("Cy") and new.origin == f"rematch:{old.id}" and new.channel_id == CHANNEL
    after = await svc.store.seats(new.id)
    assert [(s.user_id, s.colour) for s in after] == [(s.user_id, s.colour) for s in before[1:] + before[:1]]
    assert again.mention == again.waiting == [after[0].user_id]
    assert (await svc.store.game(old.id)).status == "finished"  # type: ignore[union-attr]
    assert "perhaps someone clicked Rematch first" in await expect(
        "channel_busy", svc.lobby.rematch(old.id, user("Ann"))
    )


async def test_rematch_is_refused_to_strangers_and_before_the_end(svc: GameService) -> None:
    started = await finished(svc, ("Ann", "Bob"))
    row = started.game_row or 0
    await expect("not_seated", svc.lobby.rematch(row, user("Zed")))
    await expect("no_game", svc.lobby.rematch(999, user("Ann")))
    again = await svc.lobby.rematch(row, user("Ann"))
    await expect("not_finished", svc.lobby.rematch(again.game_row or 0, user("Ann")))  # still running
    await svc.lobby.abandon(CHANNEL, user("Ann"))
    await expect("not_finished", svc.lobby.rematch(again.game_row or 0, user("Ann")))  # abandoned, not played out
    export = await svc.archive.export(CHANNEL, game_row=row)
    copy = await svc.archive.import_record("chan-bug", "g", user("Dev"), "Dev", export.text)
    assert json.loads(export.text)["status"] == "finished"
    await expect("not_finished", svc.lobby.rematch(copy.game_row or 0, "imported:0"))  # a read-only record


async def test_rematch_keeps_the_tables_playing_hours(svc: GameService) -> None:
    started = await finished(svc, hours="18-23", timezone="Europe/Paris")
    old = await svc.store.game(started.game_row or 0)
    assert old is not None and (old.hours, old.hours_tz) == ("18-23", "Europe/Paris")
    again = await svc.lobby.rematch(old.id, user("Bob"))
    new = await svc.store.game(again.game_row or 0)
    assert new is not None and (new.hours, new.hours_tz) == (old.hours, old.hours_tz)
