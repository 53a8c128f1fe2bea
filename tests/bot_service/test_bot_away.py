"""Away mode and /mygames through the service, driven by a manual clock (no sleeping)."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import pytest
from bot_helpers import user

from bot.service.away import parse_until
from bot.service.change import Step
from bot.service.clock import DAY, HOUR, ManualClock
from bot.service.results import ServiceError
from bot.service.service import GameService
from bot.store.store import GameStore
from bot.store.times import seconds_between

ANN, BOB, CY = user("Ann"), user("Bob"), user("Cy")
ONE, TWO = "101", "102"  # channel ids, numeric like Discord's
GUILD = "55"


@asynccontextmanager
async def timed(path: Path, clock: ManualClock) -> AsyncIterator[GameService]:
    store = await GameStore.open(path)
    try:
        yield GameService(store, clock=clock, rng=random.Random(0))
    finally:
        await store.close()


async def table(svc: GameService, channel: str, clock: str, other: str = BOB) -> Step:
    """A started two-player Toy Race in ``channel`` (Ann and ``other``), Ann owing the first decision."""
    await svc.lobby.open(channel, GUILD, ANN, "Ann", "toy_race", {}, clock=clock)
    await svc.lobby.join(channel, other, other.removeprefix("u-").capitalize())
    result = await svc.lobby.start(channel, ANN, seed=3)
    return await until_owes(svc, channel, ANN, result)


async def until_owes(svc: GameService, channel: str, who: str, result: Step) -> Step:
    while who not in result.waiting:
        mover = result.waiting[0]
        result = await svc.play.act(channel, mover, "step" if "step" in result.legal[mover] else "rest")
    return result


async def clock_of(svc: GameService, result: Step, who: str = ANN) -> tuple[str, str | None, str | None]:
    row = result.game_row or 0
    seat = [s.user_id for s in await svc.store.seats(row)].index(who)
    c = (await svc.core.deadlines.of_game(row))[seat]
    return c.state, c.opened_at, c.due_at


async def test_away_freezes_every_clock_posts_one_line_per_game_and_stops_pings(tmp_path: Path) -> None:
    clock = ManualClock()
    async with timed(tmp_path / "g.sqlite3", clock) as svc:
        one = await table(svc, ONE, "fast")
        two = await table(svc, TWO, "none", CY)
        clock.advance(HOUR)
        change = await svc.away.set(ANN, "3d")
        assert "You are away until <t:" in change.message and "2 game(s)" in change.message
        assert sorted((n.kind, n.channel_id, n.ping) for n in change.notices) == [
            ("away", ONE, False),
            ("away", TWO, False),
        ]
        by_channel = {n.channel_id: n.text() for n in change.notices}
        assert by_channel[ONE].startswith("🏝️ **Ann** is away until <t:") and "clock is frozen" in by_channel[ONE]
        assert "won't be pinged" in by_channel[TWO]
        state, _, due = await clock_of(svc, one)
        assert (state, due) == ("running", None)
        clock.advance(2 * DAY)  # far past the 12 h deadline: nothing fires, nobody is reminded
        assert await svc.timeouts.expire_due() == [] and await svc.reminders.due() == []
        assert await svc.pings.pingable([ANN, BOB]) == [BOB]
        assert two.game_row and await svc.reminders.next_timer() == await svc.core.away.until(ANN)
        history = await svc.core.reminders.history(one.game_row or 0)
        assert [e for _, u, e, _ in history if u == ANN] == ["freeze", "away"]


async def test_a_move_ends_away_and_the_frozen_time_is_never_charged(tmp_path: Path) -> None:
    clock = ManualClock()
    async with timed(tmp_path / "g.sqlite3", clock) as svc:
        one = await table(svc, ONE, "daily")
        await table(svc, TWO, "none", CY)
        _, opened, _ = await clock_of(svc, one)
        clock.advance(30 * HOUR)
        await svc.away.set(ANN, "5d")
        clock.advance(2 * DAY)
        moved = await svc.play.act(ONE, ANN, "step")
        assert moved.public[-1].startswith("👋 **Ann** is back; their deadline is <t:")
        assert [channel for channel, _ in moved.elsewhere] == [TWO] and "is back" in moved.elsewhere[0][1]
        assert await svc.core.away.until(ANN) is None and await svc.pings.pingable([ANN]) == [ANN]
        state, shifted, due = await clock_of(svc, one)
        assert state == "running" and seconds_between(opened or "", shifted or "") == 2 * DAY
        assert seconds_between(svc.now(), due or "") == 42 * HOUR  # the 3-day bank minus the 30 h used
        clock.advance(HOUR)
        await svc.play.act(ONE, ANN, "step")
        seat = [s.user_id for s in await svc.store.seats(one.game_row or 0)].index(ANN)
        bank = (await svc.core.deadlines.of_game(one.game_row or 0))[seat].bank
        assert bank == 3 * DAY - 31 * HOUR + DAY  # charged 31 h, not the 2 days away


async def test_away_ends_at_its_date_and_clocks_run_again(tmp_path: Path) -> None:
    clock = ManualClock()
    async with timed(tmp_path / "g.sqlite3", clock) as svc:
        one = await table(svc, ONE, "fast")
        clock.advance(2 * HOUR)
        await svc.away.set(ANN, "1d")
        assert seconds_between(svc.now(), await svc.reminders.next_timer() or "") == DAY
        clock.advance(DAY - 1)
        assert await svc.away.due() == []
        clock.advance(1)
        [back] = await svc.away.due()
        assert (back.kind, back.channel_id) == ("back", ONE) and "away time is over" in back.text()
        assert await svc.away.due() == []
        _, _, due = await clock_of(svc, one)
        assert seconds_between(svc.now(), due or "") == 10 * HOUR
        clock.advance(4 * HOUR)  # half time: 6 h of the 12 h, not counting the day away
        assert [(n.kind, n.user_id) for n in await svc.reminders.due()] == [("half", ANN)]


async def test_a_decision_that_opens_while_away_is_frozen_at_once(tmp_path: Path) -> None:
    clock = ManualClock()
    async with timed(tmp_path / "g.sqlite3", clock) as svc:
        one = await table(svc, ONE, "fast")
        await svc.play.act(ONE, ANN, "step")
        moved = await svc.play.act(ONE, ANN, "step")
        assert ANN not in moved.waiting
        await svc.away.set(ANN, "2d")
        result = await until_owes(svc, ONE, ANN, moved)
        others = [u for u in result.mention if u != ANN]
        assert ANN in result.mention and await svc.pings.pingable(result.mention) == others
        assert (await clock_of(svc, one))[2] is None
        clock.advance(DAY)  # Bob's deadline passes; Ann's is frozen
        expiries = await svc.timeouts.expire_due()
        assert all(e.result and "Ann ran out" not in " ".join(e.result.public) for e in expiries)
        assert (await clock_of(svc, one))[0::2] == ("running", None)
        assert all(n.user_id != ANN for n in await svc.reminders.due())


async def test_a_restart_keeps_clocks_frozen_and_back_resumes_them(tmp_path: Path) -> None:
    clock, path = ManualClock(), tmp_path / "g.sqlite3"
    async with timed(path, clock) as svc:
        one = await table(svc, ONE, "fast")
        clock.advance(3 * HOUR)
        await svc.away.set(ANN, "7d")
        await svc.timeouts.heartbeat()
    clock.advance(DAY)  # the bot is down for a day
    async with timed(path, clock) as svc:
        await svc.timeouts.resume()
        assert (await clock_of(svc, one))[2] is None and await svc.timeouts.expire_due() == []
        change = await svc.away.back(ANN)
        assert change.message.startswith("Welcome back") and change.notices[0].kind == "back"
        _, _, due = await clock_of(svc, one)
        assert seconds_between(svc.now(), due or "") == 9 * HOUR
        with pytest.raises(ServiceError) as err:
            await svc.away.back(ANN)
        assert err.value.code == "not_away"


async def test_a_frozen_seat_handed_to_someone_else_runs_again(tmp_path: Path) -> None:
    clock = ManualClock()
    async with timed(tmp_path / "g.sqlite3", clock) as svc:
        one = await table(svc, ONE, "fast")
        await svc.away.set(ANN, "3d")
        seat = [s.user_id for s in await svc.store.seats(one.game_row or 0)].index(ANN)
        assert await svc.core.deadlines.hand_over(
            one.game_row or 0, seat, ANN, "u-dee", one.version or 0, "admin", svc.now()
        )
        await svc.away.due()
        state, _, due = await clock_of(svc, one, "u-dee")
        assert state == "running" and due is not None


async def test_mygames_lists_owed_games_oldest_first_with_deadlines_and_links(tmp_path: Path) -> None:
    clock = ManualClock()
    async with timed(tmp_path / "g.sqlite3", clock) as svc:
        older = await table(svc, ONE, "fast")
        clock.advance(HOUR)
        await table(svc, TWO, "none", CY)
        await svc.lobby.open("103", GUILD, ANN, "Ann", "toy_race")
        await svc.core.away.note_post(older.game_row or 0, older.version or 0, "999", svc.now())
        clock.advance(HOUR)
        listing = await svc.away.my_games(ANN)
        assert [(g.channel_id, g.your_turn) for g in listing.games] == [(ONE, True), (TWO, True), ("103", False)]
        first, second, lobby = listing.lines
        assert first.startswith("**your turn** in Toy Race, <#101>") and "; due <t:" in first
        assert first.endswith(f"[jump](https://discord.com/channels/{GUILD}/{ONE}/999)")
        assert "due" not in second and second.endswith(f"(https://discord.com/channels/{GUILD}/{TWO})")
        assert lobby.startswith("Toy Race lobby in <#103>")
        await svc.away.set(ANN, "1d")
        away = await svc.away.my_games(ANN)
        assert away.lines[0].startswith("🏝️ You are away until") and "clock is frozen" in away.lines[1]
        assert (await svc.away.my_games(CY)).lines[0].startswith("Toy Race in <#102> (move")


def test_away_dates_are_checked() -> None:
    now = "2030-01-01T12:00:00.000+00:00"
    assert parse_until("2030-01-03 18:30", now) == "2030-01-03T18:30:00.000+00:00"
    assert parse_until("36 hours", now) == "2030-01-03T00:00:00.000+00:00"
    assert parse_until("2w", now) == "2030-01-15T12:00:00.000+00:00"
    for bad, why in (
        ("soon", "can't read"),
        ("2029-12-31", "already passed"),
        ("61d", "at most 60 days"),
        ("2030-13-01", "can't read"),
    ):
        with pytest.raises(ServiceError, match=why) as err:
            parse_until(bad, now)
        assert err.value.code == "bad_date"
