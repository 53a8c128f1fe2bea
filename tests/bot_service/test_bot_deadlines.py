"""Clocks and deadlines through the service, driven by a manual clock (no sleeping)."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import pytest
from bot_helpers import CHANNEL, user

import engine
from bot.service.change import Step
from bot.service.clock import DAY, HOUR, ManualClock
from bot.service.results import ServiceError
from bot.service.service import GameService
from bot.store.store import GameStore
from bot.store.times import seconds_between
from engine.core import play


@asynccontextmanager
async def timed(path: Path, clock: ManualClock, seed: int = 0) -> AsyncIterator[GameService]:
    store = await GameStore.open(path)
    try:
        yield GameService(store, clock=clock, rng=random.Random(seed))
    finally:
        await store.close()


async def open_game(
    svc: GameService,
    clock: str,
    names: tuple[str, ...] = ("Ann", "Bob"),
    game_id: str = "toy_race",
    options: dict[str, str] | None = None,
) -> Step:
    lobby = await svc.lobby.open(CHANNEL, "g", user(names[0]), names[0], game_id, options or {}, clock=clock)
    assert "clock:" in lobby.public[0]
    for name in names[1:]:
        await svc.lobby.join(CHANNEL, user(name), name)
    return await svc.lobby.start(CHANNEL, user(names[0]), seed=3)


async def test_clock_presets_are_validated_and_shown(tmp_path: Path) -> None:
    async with timed(tmp_path / "g.sqlite3", ManualClock()) as svc:
        with pytest.raises(ServiceError) as err:
            await svc.lobby.open(CHANNEL, "g", "u", "U", "toy_race", clock="hourly")
        assert err.value.code == "bad_clock" and "daily" in err.value.message
        started = await open_game(svc, "daily")
        assert "Clock: 1 move/day" in started.public[0]
        record = await svc.store.game(started.game_row or 0)
        assert record is not None and record.clock == "daily"


async def test_no_limit_games_have_no_deadlines(tmp_path: Path) -> None:
    clock = ManualClock()
    async with timed(tmp_path / "g.sqlite3", clock) as svc:
        started = await open_game(svc, "none")
        assert await svc.core.deadlines.of_game(started.game_row or 0) == {}
        clock.advance(100 * DAY)
        assert await svc.timeouts.expire_due() == [] and await svc.core.deadlines.next_due() is None


async def test_bank_is_charged_credited_and_capped(tmp_path: Path) -> None:
    clock = ManualClock()
    async with timed(tmp_path / "g.sqlite3", clock) as svc:
        started = await open_game(svc, "daily")
        row = started.game_row or 0
        first = started.waiting[0]
        seat = [s.user_id for s in await svc.store.seats(row)].index(first)
        clocks = await svc.core.deadlines.of_game(row)
        assert clocks[seat].state == "running" and clocks[seat].bank == 3 * DAY
        assert seconds_between(clocks[seat].opened_at or "", clocks[seat].due_at or "") == 3 * DAY
        clock.advance(30 * HOUR)
        await svc.play.act(CHANNEL, first, "step")
        clock.advance(20 * HOUR)  # still the same turn: the clock keeps running
        after = await svc.play.act(CHANNEL, first, "step")
        assert first not in after.waiting
        mine = (await svc.core.deadlines.of_game(row))[seat]
        assert mine.state == "idle" and mine.bank == 3 * DAY - 50 * HOUR + DAY  # 46 h
        other = (await svc.core.deadlines.of_game(row))[1 - seat]
        assert other.state == "running" and seconds_between(other.opened_at or "", other.due_at or "") == 3 * DAY


async def test_deadline_takes_the_default_and_logs_a_timeout(tmp_path: Path) -> None:
    clock = ManualClock()
    async with timed(tmp_path / "g.sqlite3", clock) as svc:
        started = await open_game(svc, "fast")
        row, late = started.game_row or 0, started.waiting[0]
        clock.advance(12 * HOUR - 1)
        assert await svc.timeouts.expire_due() == []
        clock.advance(1)
        [expiry] = await svc.timeouts.expire_due()
        assert expiry.offer is None and expiry.result is not None and expiry.before == [late]
        result = expiry.result
        assert result.public[0].startswith("⏰") and "ran out of time" in result.public[0]
        assert sum("default `step`" in line for line in result.public) == 2  # both actions of the turn
        assert late not in result.waiting and result.mention == result.waiting
        assert [o for _, _, o in await svc.core.deadlines.timeouts(row)] == ["default", "default"]
        log = await svc.archive.log(CHANNEL)
        assert any("ran out of time" in line for line in log.lines)
        assert play.dumps(await svc.archive.rebuild(row)) == (await svc.store.snapshot(row, result.version or 0))
        assert await svc.timeouts.expire_due() == []  # nothing fires twice


async def test_no_default_offers_the_table_wait_skip_or_substitute(tmp_path: Path) -> None:
    clock = ManualClock()
    async with timed(tmp_path / "g.sqlite3", clock) as svc:
        started = await open_game(svc, "fast", game_id="toy_stubborn")
        row, late = started.game_row or 0, started.waiting[0]
        other = next(u for u in (user("Ann"), user("Bob")) if u != late)
        clock.advance(12 * HOUR)
        [expiry] = await svc.timeouts.expire_due()
        offer = expiry.offer
        assert expiry.result is None and offer is not None and not offer.can_skip  # no pass at turn start
        assert offer.user_id == late and offer.wait_seconds == 12 * HOUR
        assert await svc.core.deadlines.next_due() is None  # settled by people now, never re-fired
        clock.advance(DAY)
        assert await svc.timeouts.expire_due() == []
        with pytest.raises(ServiceError) as err:
            await svc.timeouts.wait_longer(row, offer.version, offer.seat, "stranger")
        assert err.value.code == "not_seated"
        with pytest.raises(ServiceError) as err:
            await svc.timeouts.skip_turn(row, offer.version, offer.seat, other)
        assert err.value.code == "cannot_skip"
        waited = await svc.timeouts.wait_longer(row, offer.version, offer.seat, other)
        assert "chose to wait" in waited.public[0] and "12 h" in waited.public[0]
        with pytest.raises(ServiceError) as err:  # the buttons of the settled offer are stale now
            await svc.timeouts.wait_longer(row, offer.version, offer.seat, other)
        assert err.value.code == "stale"
        await svc.play.act(CHANNEL, late, "step")  # the late player comes back for one action, then vanishes
        clock.advance(12 * HOUR)
        [again] = await svc.timeouts.expire_due()
        assert again.offer is not None and again.offer.can_skip
        skipped = await svc.timeouts.skip_turn(row, again.offer.version, again.offer.seat, other)
        assert "skipped" in skipped.public[0] and late not in skipped.waiting
        outcomes = [o for _, _, o in await svc.core.deadlines.timeouts(row)]
        assert outcomes == ["offered", "wait", "offered", "skip"]


async def test_a_substitute_takes_the_seat_with_a_fresh_clock(tmp_path: Path) -> None:
    clock = ManualClock()
    async with timed(tmp_path / "g.sqlite3", clock) as svc:
        started = await open_game(svc, "daily", game_id="toy_stubborn")
        row, late = started.game_row or 0, started.waiting[0]
        clock.advance(3 * DAY)
        [expiry] = await svc.timeouts.expire_due()
        offer = expiry.offer
        assert offer is not None
        with pytest.raises(ServiceError) as err:
            await svc.timeouts.take_seat(
                row, offer.version, offer.seat, user("Bob") if late != user("Bob") else user("Ann"), "Someone"
            )
        assert err.value.code == "already_seated"
        taken = await svc.timeouts.take_seat(row, offer.version, offer.seat, "u-dee", "Dee")
        assert "Dee takes over" in taken.public[0] and taken.mention == ["u-dee"] and taken.waiting == ["u-dee"]
        assert await svc.core.deadlines.holders(row) == [(offer.seat, "u-dee", offer.version, "timeout")]
        with pytest.raises(ServiceError):
            await svc.play.act(CHANNEL, late, "step")
        moved = await svc.play.act(CHANNEL, "u-dee", "step")
        assert moved.version == offer.version + 1
        mine = (await svc.core.deadlines.of_game(row))[offer.seat]
        assert mine.state == "running" and mine.bank == 3 * DAY
        assert play.dumps(await svc.archive.rebuild(row)) == await svc.store.snapshot(row, moved.version or 0)


async def test_downtime_is_never_charged(tmp_path: Path) -> None:
    clock = ManualClock()
    path = tmp_path / "g.sqlite3"
    async with timed(path, clock) as svc:
        assert await svc.timeouts.resume() == (0, 0)  # first start: nothing to extend
        started = await open_game(svc, "fast")
        row = started.game_row or 0
        due = await svc.core.deadlines.next_due()
        clock.advance(2 * HOUR)
        await svc.timeouts.heartbeat()  # the bot's last sign of life
    clock.advance(30 * HOUR)  # down for 30 h: the deadline fell meanwhile
    async with timed(path, clock) as svc:
        outage, extended = await svc.timeouts.resume()
        assert (outage, extended) == (30 * HOUR, 1)
        assert seconds_between(due or "", await svc.core.deadlines.next_due() or "") == 30 * HOUR
        assert await svc.timeouts.expire_due() == []
        clock.advance(10 * HOUR)  # 2 h before the outage + 10 h after = the full 12 h
        [expiry] = await svc.timeouts.expire_due()
        assert expiry.result is not None and expiry.result.game_row == row
        await svc.timeouts.heartbeat()
        clock.advance(60)
        outage, _ = await svc.timeouts.resume()  # a quick restart extends nothing
        assert outage == 0


async def test_abandoning_or_finishing_stops_the_clocks(tmp_path: Path) -> None:
    clock = ManualClock()
    async with timed(tmp_path / "g.sqlite3", clock) as svc:
        started = await open_game(svc, "fast")
        await svc.lobby.abandon(CHANNEL, user("Ann"))
        assert await svc.core.deadlines.next_due() is None
        clock.advance(DAY)
        assert await svc.timeouts.expire_due() == []
        assert {c.state for c in (await svc.core.deadlines.of_game(started.game_row or 0)).values()} == {"idle"}


GAME = engine.get_game("puerto_rico")


async def test_restart_in_a_parallel_mayor_window_keeps_every_answer(tmp_path: Path) -> None:
    """One player placed colonists, the bot restarts, the others time out: the answer is kept."""
    clock, path, rng = ManualClock(), tmp_path / "pr.sqlite3", random.Random(5)
    async with timed(path, clock) as svc:
        result = await open_game(svc, "fast", ("Ann", "Bob", "Cy"), game_id="puerto_rico")
        row = result.game_row or 0
        for _ in range(400):
            state = await svc.archive.rebuild(row)
            mayor = [d for d in play.pending(GAME, state) if d.kind == "mayor_layout"]
            if len(mayor) >= 2:
                break
            who = rng.choice(result.waiting)
            texts = result.legal[who]
            pick = "role mayor" if "role mayor" in texts else rng.choice(texts)
            result = await svc.play.act(CHANNEL, who, pick)
        else:
            pytest.fail("no parallel Mayor window reached")
        users = [s.user_id for s in await svc.store.seats(row)]
        first, *others = [users[d.player] for d in mayor]
        clock.advance(HOUR)
        answered = await svc.play.act(CHANNEL, first, result.legal[first][0])
        assert first not in answered.waiting and set(others) <= set(answered.waiting)
        await svc.timeouts.heartbeat()
    clock.advance(5 * HOUR)  # the bot is down for 5 h
    async with timed(path, clock) as svc:
        assert (await svc.timeouts.resume())[0] == 5 * HOUR
        clock.advance(11 * HOUR)
        expiries = await svc.timeouts.expire_due()
        assert len(expiries) == len(others) and all(e.offer is None for e in expiries)
        final = expiries[-1].result
        assert final is not None
        assert not [d for d in play.pending(GAME, await svc.archive.rebuild(row)) if d.kind == "mayor_layout"]
        log = (await svc.store.actions(row))[-len(others) - 1 :]
        assert log[0].user_id == first and all("ran out of time" in r.public_lines[0] for r in log[1:])
        assert play.dumps(await svc.archive.rebuild(row)) == await svc.store.snapshot(row, final.version or 0)
