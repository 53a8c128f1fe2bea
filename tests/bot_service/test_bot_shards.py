"""Which process fires which timed work when the bot runs sharded (:mod:`bot.service.shards`).

Two services over one SQLite file stand for two bot processes holding shard 0 and shard 1 of 2;
the games sit in servers with Discord-shaped ids on either shard.
"""

from __future__ import annotations

import random
import re
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from datetime import UTC, datetime
from pathlib import Path

import pytest
from bot_helpers import user

from bot.service.change import Step
from bot.service.clock import DAY, HOUR, ManualClock
from bot.service.service import GameService
from bot.service.shards import Shards, shard_of
from bot.settings import Settings, SettingsError, parse_shard_ids
from bot.store.store import GameStore

#: A real-looking server id (a snowflake from 2019) and the next id whose timestamp is 1 ms later.
GUILD_A = 613425648685547541
GUILD_B = GUILD_A + (1 << 22)
ANN, BOB, CAT = user("Ann"), user("Bob"), user("Cat")


def test_discords_shard_formula_on_snowflakes() -> None:
    # the creation time in ms since 2015-01-01 sits above bit 22: 2019-08-20 17:34:31.544 UTC
    assert GUILD_A // 2**22 == 146252071544
    assert [shard_of(GUILD_A, n) for n in (1, 2, 3, 4, 16)] == [0, 0, 2, 0, 8]
    assert [shard_of(GUILD_B, n) for n in (1, 2, 3, 4, 16)] == [0, 1, 0, 1, 9]
    same_ms = GUILD_A // 2**22 * 2**22  # the low 22 bits (worker, process, counter) never count
    assert shard_of(same_ms, 16) == shard_of(same_ms + 2**22 - 1, 16) == 8 != shard_of(same_ms + 2**22, 16)
    assert shard_of(81384788765712384, 1) == 0
    with pytest.raises(ValueError, match="1 or more"):
        shard_of(GUILD_A, 0)
    with pytest.raises(ValueError, match="negative"):
        shard_of(-1, 2)


def test_a_process_owns_its_shards_guilds_and_shard_zero_owns_users() -> None:
    low, high = Shards(2, (0,)), Shards(2, (1,))
    assert low.owns_guild(GUILD_A) and low.owns_guild(str(GUILD_A)) and not low.owns_guild(str(GUILD_B))
    assert high.owns_guild(str(GUILD_B)) and not high.owns_guild(GUILD_A)
    # a game without a server (DMs reach shard 0) and the made-up ids of tests and the terminal
    assert low.owns_guild(None) and low.owns_guild("") and low.owns_guild("guild")
    assert not high.owns_guild(None) and not high.owns_guild("guild")
    assert low.owns_users and not high.owns_users
    everything = Shards()
    assert everything.everything and everything.owns_users and everything.owns_guild(GUILD_B)
    assert Shards(4, (3, 0, 1, 2)).everything and not Shards(4, (0, 1)).everything
    assert Shards.of(None) == Shards() and Shards.of(3) == Shards(3, (0, 1, 2))
    assert Shards.of(4, (2, 3)).label() == "2-3/4" and Shards(8, (5, 1)).label() == "1,5/8"


@pytest.mark.parametrize(
    ("count", "ids", "message"),
    [(0, (0,), "1 or more"), (2, (1, 1), "repeat"), (2, (0, 2), r"\[2\] are outside 0..1")],
)
def test_bad_shard_sets_are_refused(count: int, ids: tuple[int, ...], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        Shards(count, ids)


def test_a_process_whose_shards_are_served_elsewhere_owns_nothing() -> None:
    idle = Shards(2, (0, 1)).holding(())
    assert not idle.everything and not idle.owns_users and not idle.owns_guild(GUILD_A)
    assert not idle.owns_guild(None) and idle.label() == "none/2"
    assert Shards(4, (0,)).holding((3, 1)) == Shards(4, (1, 3))


def test_shard_settings_are_parsed_and_checked() -> None:
    assert Settings.from_env({}).shard_count is None and not Settings.from_env({}).sharded
    both = Settings.from_env({"SHARD_COUNT": "4", "SHARD_IDS": " 0-1 , 3"})
    assert both.sharded and (both.shard_count, both.shard_ids) == (4, (0, 1, 3))
    assert Settings.from_env({"SHARD_COUNT": "3"}).shard_ids == (0, 1, 2)  # one process holding them all
    assert parse_shard_ids("2", 3) == (2,) and parse_shard_ids(" , ", 2) == (0, 1)
    for env, message in (
        ({"SHARD_COUNT": "0"}, "SHARD_COUNT must be a whole number of shards (1 or more), not '0'"),
        ({"SHARD_COUNT": "two"}, "SHARD_COUNT must be a whole number"),
        ({"SHARD_IDS": "0"}, "SHARD_IDS is set without SHARD_COUNT"),
        ({"SHARD_COUNT": "2", "SHARD_IDS": "0,2"}, "names shard 2, but SHARD_COUNT=2 has shards 0 to 1"),
        ({"SHARD_COUNT": "4", "SHARD_IDS": "0-2,1"}, "names shard 1 twice"),
        ({"SHARD_COUNT": "4", "SHARD_IDS": "3-1"}, "runs backwards"),
        ({"SHARD_COUNT": "4", "SHARD_IDS": "0;1"}, "SHARD_IDS wants shard numbers such as 0,1 or 0-3, not '0;1'"),
        ({"SHARD_COUNT": "4", "SHARD_IDS": "-1"}, "SHARD_IDS wants shard numbers"),
        ({"HEALTH_PORT": "70000"}, "HEALTH_PORT must be a TCP port"),
        ({"LOG_FORMAT": "xml"}, "LOG_FORMAT must be text or json"),
    ):
        with pytest.raises(SettingsError, match=re.escape(message)):
            Settings.from_env(env)


@asynccontextmanager
async def process(path: Path, clock: ManualClock, shards: Shards) -> AsyncIterator[GameService]:
    """One bot process's service: its own connection to the shared database, its own shards."""
    store = await GameStore.open(path)
    try:
        yield GameService(store, clock=clock, rng=random.Random(0), shards=shards)
    finally:
        await store.close()


async def table(svc: GameService, channel: str, guild: int, clock: str = "fast") -> Step:
    await svc.lobby.open(channel, str(guild), ANN, "Ann", "toy_race", {}, clock=clock)
    await svc.lobby.join(channel, BOB, "Bob")
    return await svc.lobby.start(channel, ANN, seed=3)


async def test_each_process_fires_only_its_own_guilds_deadlines_and_reminders(tmp_path: Path) -> None:
    clock, path = ManualClock(), tmp_path / "shared.sqlite3"
    async with process(path, clock, Shards(2, (0,))) as low, process(path, clock, Shards(2, (1,))) as high:
        on_a = (await table(low, "101", GUILD_A)).game_row
        on_b = (await table(low, "102", GUILD_B)).game_row  # created anywhere: the server decides
        clock.advance(6 * HOUR)
        half_high = await high.reminders.due()
        half_low = await low.reminders.due()
        assert [n.game_row for n in half_low] == [on_a] and [n.game_row for n in half_high] == [on_b]
        assert await low.reminders.due() == [] and await high.reminders.due() == []  # claimed once
        clock.advance(6 * HOUR)
        fired_high = await high.timeouts.expire_due()
        assert [e.channel_id for e in fired_high] == ["102"]
        fired_low = await low.timeouts.expire_due()
        assert [e.channel_id for e in fired_low] == ["101"]
        assert await high.timeouts.expire_due() == [] and await low.timeouts.expire_due() == []
        for row in (on_a, on_b):
            assert [o for _, _, o in await low.core.deadlines.timeouts(row or 0)] == ["default", "default"]


async def test_a_stopped_process_leaves_its_work_in_the_database_for_its_successor(tmp_path: Path) -> None:
    clock, path = ManualClock(), tmp_path / "shared.sqlite3"
    async with process(path, clock, Shards(2, (0,))) as low:
        row = (await table(low, "102", GUILD_B)).game_row
        clock.advance(11 * HOUR)  # past the half-time reminder and the final warning
        assert await low.reminders.due() == []
        clock.advance(2 * HOUR)  # past the deadline
        assert await low.timeouts.expire_due() == [] and await low.reminders.due() == []
        assert await low.core.deadlines.due(low.now())  # still waiting for shard 1's process
        # the loop must not spin on the other shard's overdue deadline: it waits for its heartbeat
        assert await low.reminders.next_timer() is None
    async with process(path, clock, Shards()) as everything:  # unsharded, it is simply due now
        assert await everything.reminders.next_timer() == (await everything.core.deadlines.next_due())
        assert (await everything.reminders.next_timer() or "") < everything.now()
    async with process(path, clock, Shards(2, (1,))) as high:  # shard 1's process is back (late)
        [expiry] = await high.timeouts.expire_due()
        assert expiry.channel_id == "102" and expiry.result is not None
        assert await high.timeouts.expire_due() == []
        assert [o for _, _, o in await high.core.deadlines.timeouts(row or 0)] == ["default", "default"]


async def test_absences_end_and_digests_go_out_from_the_process_holding_shard_zero(tmp_path: Path) -> None:
    clock, path = ManualClock(), tmp_path / "shared.sqlite3"
    async with process(path, clock, Shards(2, (0,))) as low, process(path, clock, Shards(2, (1,))) as high:
        await table(low, "101", GUILD_A)
        owing = (await table(high, "102", GUILD_B)).waiting
        await high.away.set(ANN, "1d")  # said in any server: freezes Ann's clocks in both
        for who in (ANN, BOB):
            await low.notify.settings(who, mode="digest", timezone="UTC")
        clock.advance(DAY)
        assert await high.away.due() == []  # per user, across servers: not shard 1's work
        back = await low.away.due()
        assert sorted(n.channel_id for n in back) == ["101", "102"] and {n.kind for n in back} == {"back"}
        assert await low.away.due() == [] and await high.away.due() == []
        for _ in range(24):
            clock.advance(HOUR)
            assert await high.notify.digest_due() == []
            digests = await low.notify.digest_due()
            if digests:
                break
        assert owing and sorted(d.user_id for d in digests) == sorted({ANN, BOB} & set(owing))
        assert await low.notify.digest_due() == []


async def test_unsharded_service_keeps_firing_everything(tmp_path: Path) -> None:
    clock = ManualClock()
    async with process(tmp_path / "one.sqlite3", clock, Shards()) as only:
        await table(only, "101", GUILD_A)
        await table(only, "102", GUILD_B)
        clock.advance(12 * HOUR)
        assert sorted(e.channel_id for e in await only.timeouts.expire_due()) == ["101", "102"]


async def owes(svc: GameService, channel: str, who: str, result: Step) -> Step:
    while who not in result.waiting:
        mover = result.waiting[0]
        result = await svc.play.act(channel, mover, "step" if "step" in result.legal[mover] else "rest")
    return result


async def test_pings_held_for_quiet_hours_go_out_from_the_process_holding_shard_zero(tmp_path: Path) -> None:
    clock, path = ManualClock(datetime(2030, 1, 1, 20, tzinfo=UTC)), tmp_path / "shared.sqlite3"
    async with process(path, clock, Shards(2, (0,))) as low, process(path, clock, Shards(2, (1,))) as high:
        await low.notify.settings(ANN, timezone="UTC", quiet="21-06")
        games = {"101": await table(low, "101", GUILD_A, "none"), "102": await table(high, "102", GUILD_B, "none")}
        clock.advance(2 * HOUR)  # quiet hours: Ann's turn pings are held
        for started in games.values():
            assert (await low.notify.plan_pings(started.game_row or 0, [ANN, BOB])).ping == [BOB]
        clock.advance(8 * HOUR)
        for channel, started in games.items():
            await owes(low if channel == "101" else high, channel, ANN, started)
        assert await high.notify.held_due() == []  # the user's quiet hours: shard 0's work, in every server
        held = await low.notify.held_due()
        assert sorted(n.channel_id for n in held) == ["101", "102"] and {n.user_id for n in held} == {ANN}
        assert await high.notify.held_due() == [] and await low.notify.held_due() == []


async def test_standing_answers_swept_by_the_games_process(tmp_path: Path) -> None:
    clock, path = ManualClock(), tmp_path / "shared.sqlite3"
    async with process(path, clock, Shards(2, (0,))) as low, process(path, clock, Shards(2, (1,))) as high:
        rows = {}
        for svc, channel, guild in ((low, "101", GUILD_A), (high, "102", GUILD_B)):
            await svc.lobby.open(channel, str(guild), ANN, "Ann", "toy_stubborn", {}, clock="fast")
            await svc.lobby.join(channel, BOB, "Bob")
            result = await svc.lobby.start(channel, ANN, seed=3)
            rows[channel] = result.game_row
            for _ in range(2):  # both finish their turns: the parallel bet opens
                mover = result.waiting[0]
                result = await svc.play.act(channel, mover, "step")
                result = await svc.play.act(channel, mover, "step")
            for who in (BOB, ANN):
                await svc.standing.set(channel, who, "bet")  # answers nothing by itself
        [swept_b] = await high.standing.due()
        [swept_a] = await low.standing.due()
        assert (swept_a.row, swept_b.row) == (rows["101"], rows["102"])
        assert await high.standing.due() == [] and await low.standing.due() == []
