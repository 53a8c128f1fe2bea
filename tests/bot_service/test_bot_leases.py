"""Shard leases (:mod:`bot.service.lease_keeper`): the timed work of a stopped process moves to a live
one, comes back when it returns, and two processes never serve one shard at once.

Services over one database stand for bot processes (each its own store, holder name and home
shards); the database is a SQLite file and a PostgreSQL database of its own (``database``).
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator
from contextlib import AsyncExitStack, asynccontextmanager

from bot_helpers import user

from bot.service.change import Step
from bot.service.clock import HOUR, ManualClock
from bot.service.service import GameService
from bot.service.shards import LEASE_SECONDS, Shards
from bot.store.leases import LeaseBook
from bot.store.store import GameStore

GUILD_A = 613425648685547541  # shard 0 of 2
GUILD_B = GUILD_A + (1 << 22)  # shard 1 of 2
ANN, BOB = user("Ann"), user("Bob")


@asynccontextmanager
async def process(database: str, clock: ManualClock, home: Shards, name: str) -> AsyncIterator[GameService]:
    store = await GameStore.open(database)
    try:
        yield GameService(store, clock=clock, rng=random.Random(0), shards=home, holder=name)
    finally:
        await store.close()


async def pass_time(clock: ManualClock, seconds: int, *procs: GameService) -> None:
    """Let ``seconds`` go by with every process in ``procs`` renewing its leases as its timer loop
    would (at least every two minutes)."""
    while seconds > 0:
        step = min(seconds, 120)
        clock.advance(step)
        seconds -= step
        for proc in procs:
            await proc.leases.renew()


async def table(svc: GameService, channel: str, guild: int) -> Step:
    await svc.lobby.open(channel, str(guild), ANN, "Ann", "toy_race", {}, clock="fast")
    await svc.lobby.join(channel, BOB, "Bob")
    return await svc.lobby.start(channel, ANN, seed=3)


async def test_the_first_process_serves_every_shard_until_their_home_processes_ask(database: str) -> None:
    clock = ManualClock()
    async with (
        process(database, clock, Shards(2, (0,)), "low") as low,
        process(database, clock, Shards(2, (1,)), "high") as high,
    ):
        assert await low.leases.renew() == (0, 1)  # shard 1's process is not there yet: adopted
        assert low.core.shards.everything
        assert await high.leases.renew() == ()  # shard 1 is served: asked back, not taken
        assert not high.core.shards.owns_guild(GUILD_B)
        assert await low.leases.renew() == (0,)  # handed back at the adopter's next round
        assert await high.leases.renew() == (1,)
        for _ in range(3):  # and steady from then on
            clock.advance(60)
            assert (await low.leases.renew(), await high.leases.renew()) == ((0,), (1,))
        stored = await LeaseBook(low.store).all(2)
        assert {s: (lease.holder, lease.home) for s, lease in stored.items()} == {0: ("low", True), 1: ("high", True)}


async def test_a_stopped_process_shards_are_adopted_when_its_lease_runs_out_and_fire_once(database: str) -> None:
    clock = ManualClock()
    async with process(database, clock, Shards(2, (1,)), "high") as high:
        async with process(database, clock, Shards(2, (0,)), "low") as low:
            on_a = (await table(low, "101", GUILD_A)).game_row
            on_b = (await table(low, "102", GUILD_B)).game_row
            assert (await low.leases.renew(), await high.leases.renew(), await low.leases.renew()) == ((0, 1), (), (0,))
            assert await high.leases.renew() == (1,)
        # "low" stops without a word (killed): its lease on shard 0 still runs for a while
        clock.advance(LEASE_SECONDS - 1)
        assert await high.leases.renew() == (1,)
        clock.advance(2)
        assert await high.leases.renew() == (0, 1)  # ran out: adopted
        clock.advance(6 * HOUR)  # past the half-time reminders of both games
        await high.leases.renew()
        notices = await high.reminders.due()
        assert sorted(n.game_row for n in notices) == sorted([on_a, on_b])
        assert await high.reminders.due() == []  # claimed once
        async with process(database, clock, Shards(2, (0,)), "low-again") as back:  # restarted
            assert await back.leases.renew() == ()  # asks for shard 0 back
            assert await high.leases.renew() == (1,)  # hands it over
            assert await back.leases.renew() == (0,)
            assert await back.reminders.due() == []  # what "high" sent is not sent again
            await pass_time(clock, 6 * HOUR, back, high)  # the deadlines pass: each fires its own game's
            assert [e.channel_id for e in await back.timeouts.expire_due()] == ["101"]
            assert [e.channel_id for e in await high.timeouts.expire_due()] == ["102"]


async def test_a_clean_stop_hands_the_shards_over_at_once(database: str) -> None:
    clock = ManualClock()
    async with process(database, clock, Shards(2, (1,)), "high") as high:
        async with process(database, clock, Shards(2, (0,)), "low") as low:
            await low.leases.renew()
            await high.leases.renew()
            await low.leases.renew()
            assert await high.leases.renew() == (1,)
            await low.leases.release()
            assert low.leases.held == () and not low.core.shards.owns_users
        assert await high.leases.renew() == (0, 1)  # no wait for the lease to run out


async def test_a_second_process_with_the_same_shards_serves_nothing_until_the_first_stops(database: str) -> None:
    clock = ManualClock()
    async with (
        process(database, clock, Shards(), "first") as first,
        process(database, clock, Shards(), "second") as second,
    ):
        await table(first, "101", GUILD_A)
        assert await first.leases.renew() == (0,)
        assert await second.leases.renew() == ()  # started twice by mistake: it stays idle
        clock.advance(6 * HOUR - LEASE_SECONDS + 60)
        assert await first.leases.renew() == (0,)
        clock.advance(LEASE_SECONDS - 60)
        assert await second.leases.renew() == ()
        assert await second.reminders.due() == [] and await second.timeouts.expire_due() == []
        assert len(await first.reminders.due()) == 1
        clock.advance(LEASE_SECONDS)  # the first stopped renewing
        assert await second.leases.renew() == (0,)


async def test_renewals_racing_never_give_one_shard_to_two_processes(database: str) -> None:
    """Three processes homed on shards 0, 1, 2 of 3 renew at the same moment, round after round, while
    one or another stops and comes back: at every round the shards held are disjoint, and once all
    are up for two rounds each holds exactly its home."""
    clock, rng = ManualClock(), random.Random(7)
    async with AsyncExitStack() as stack:
        procs = [await stack.enter_async_context(process(database, clock, Shards(3, (i,)), f"p{i}")) for i in range(3)]
        up = [True, True, True]
        for round_no in range(40):
            if round_no % 8 == 7:  # one stops; the lease runs out; later it is back
                up[rng.randrange(3)] = False
                clock.advance(LEASE_SECONDS + 1)
            elif round_no % 8 == 3:
                up = [True, True, True]
            clock.advance(rng.choice([1, 30, 60]))
            live = [p for p, on in zip(procs, up, strict=True) if on]
            held = await asyncio.gather(*(p.leases.renew() for p in live))
            taken = [s for h in held for s in h]
            assert len(taken) == len(set(taken)), (round_no, held)
        up = [True, True, True]
        for _ in range(3):
            clock.advance(30)
            held = await asyncio.gather(*(p.leases.renew() for p in procs))
        assert list(held) == [(0,), (1,), (2,)]
