"""Player statistics from the stored log: games finished and won, time to move, timeouts (fake clock)."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from bot_helpers import CHANNEL, play_random, user

from bot.service.clock import HOUR, ManualClock
from bot.service.service import GameService
from bot.service.stats import PlayerStats
from bot.store.store import GameStore
from engine.core import play


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


async def test_time_to_move_and_timeouts(svc: GameService, clock: ManualClock) -> None:
    await svc.lobby.open(CHANNEL, "g", user("Ann"), "Ann", "toy_race", {"length": 6}, clock="fast")
    await svc.lobby.join(CHANNEL, user("Bob"), "Bob")
    started = await svc.lobby.start(CHANNEL, user("Ann"), seed=4)
    assert started.waiting == [user("Ann")]
    clock.advance(HOUR)
    await svc.play.act(CHANNEL, user("Ann"), "step")  # step 1: no earlier timestamp, not counted
    clock.advance(2 * HOUR)
    await svc.play.act(CHANNEL, user("Ann"), "step")  # 2 h
    clock.advance(13 * HOUR)
    [expiry] = await svc.timeouts.expire_due()  # Bob's whole turn is defaulted: one timeout, two steps
    assert expiry.result is not None and expiry.result.version == 4
    clock.advance(HOUR // 2)
    await svc.play.act(CHANNEL, user("Ann"), "push")  # 30 min
    clock.advance(HOUR)
    result = await svc.play.act(CHANNEL, user("Bob"), "rest")  # 1 h
    clock.advance(HOUR)
    forced = await svc.admin.force(CHANNEL, user("Ann"), "Ann")  # an admin's default is neither a move nor a timeout
    ann, bob = await svc.stats.player(user("Ann")), await svc.stats.player(user("Bob"))
    assert (ann.moves, ann.average_seconds, ann.timeouts) == (2, 5 * HOUR // 4, 0)
    assert (bob.moves, bob.average_seconds, bob.timeouts) == (1, HOUR, 1)
    assert (ann.finished, ann.wins, ann.recent) == (0, 0, [])
    assert "time to move: 1 h on average over 2 move(s); timeouts: 0." in ann.lines("Ann")[0]
    assert result.version == 6 and forced.version == 7
    final = (await play_random(svc, forced, random.Random(1)))[-1]
    assert final.game_over and final.outcome is not None
    seats = [s.user_id for s in await svc.store.seats(final.game_row or 0)]
    for who in ("Ann", "Bob"):
        stats = await svc.stats.player(user(who))
        won = seats.index(user(who)) in final.outcome.winners
        assert (stats.finished, stats.wins) == (1, int(won))
        assert stats.recent[0].outcome.startswith("won" if won else "2nd of 2")
        assert stats.recent[0].seat_name == who and "points" in stats.recent[0].outcome


async def test_handovers_abandoned_and_imported_games(svc: GameService) -> None:
    await svc.lobby.open(CHANNEL, "g", user("Ann"), "Ann", "toy_race", {"length": 6})
    for name in ("Bob", "Cy"):
        await svc.lobby.join(CHANNEL, user(name), name)
    started = await svc.lobby.start(CHANNEL, user("Ann"), seed=9)
    await svc.seats.substitute(CHANNEL, user("Cy"), "u-dee", "Dee")
    await play_random(svc, await svc.play.status(CHANNEL), random.Random(2))
    cy, dee = await svc.stats.player(user("Cy")), await svc.stats.player("u-dee")
    assert (cy.finished, cy.recent[0].outcome, cy.recent[0].seat_name) == (1, "handed over", "Cy")
    assert dee.finished == 1 and dee.recent[0].seat_name == "Cy" and dee.recent[0].outcome != "handed over"
    await svc.archive.import_record("chan-bug", "g", user("Ann"), "Ann", (await svc.archive.export(CHANNEL)).text)
    await svc.lobby.open("chan-2", "g", user("Ann"), "Ann", "toy_race")
    await svc.lobby.join("chan-2", user("Bob"), "Bob")
    await svc.lobby.start("chan-2", user("Ann"))
    await svc.lobby.abandon("chan-2", user("Ann"))
    await svc.lobby.open("chan-3", "g", user("Ann"), "Ann", "toy_race")
    await svc.lobby.abandon("chan-3", user("Ann"))  # a lobby that never started: not a game played
    ann = await svc.stats.player(user("Ann"))
    assert (ann.finished, ann.abandoned, len(ann.recent)) == (1, 1, 1)  # the imported copy does not count
    assert ann.recent[0].game_row == started.game_row and ann.recent[0].channel_id == CHANNEL
    assert PlayerStats("u-new").lines("New") == [
        "**New**: 0 game(s) finished (0 won), 0 abandoned; time to move: no timed moves yet; timeouts: 0."
    ]
    assert play.dumps(await svc.archive.rebuild(started.game_row or 0)) == await svc.store.snapshot(
        started.game_row or 0, (await svc.store.game(started.game_row or 0)).version
    )  # type: ignore[union-attr]


async def test_standing_answers_are_not_counted_as_moves(svc: GameService, clock: ManualClock) -> None:
    await svc.lobby.open(CHANNEL, "g", user("Ann"), "Ann", "toy_race", {"length": 15})
    await svc.lobby.join(CHANNEL, user("Bob"), "Bob")
    result = await svc.lobby.start(CHANNEL, user("Ann"), seed=4)
    await svc.standing.set(CHANNEL, user("Bob"), "bet")
    while not any(line.startswith("🤖 Bob's standing answer") for line in result.public):
        assert result.legal[result.waiting[0]] != ["push", "rest"]  # the bet never waits for Bob's answer
        clock.advance(HOUR)
        result = await svc.play.act(CHANNEL, result.waiting[0], "step")  # the last one opens the bet: answered at once
    assert result.waiting == [user("Ann")] and await svc.standing.answer(result.game_row or 0) is None
    bob = await svc.stats.player(user("Bob"))
    assert (bob.moves, bob.average_seconds) == (2, HOUR)  # his two steps, not the instant standing answer
