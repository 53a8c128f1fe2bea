"""A bot process killed with SIGKILL while it holds shard leases and has fired part of its timed work:
another process adopts its shards once the leases run out and fires the rest; nothing is sent twice.

The killed process is a real child process on the same database (a SQLite file and a PostgreSQL
database of its own). What it "sends" (the notices its timer round returns, which the Discord layer
would post) is appended to a file line by line, flushed, before it reports ready and waits to die.
"""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import textwrap
import time
from datetime import UTC, datetime
from pathlib import Path

from bot_helpers import user

from bot.service.clock import HOUR, ManualClock
from bot.service.service import GameService
from bot.service.shards import Shards
from bot.store.leases import LeaseBook
from bot.store.store import GameStore

GUILD_A = 613425648685547541  # shard 0 of 2
GUILD_B = GUILD_A + (1 << 22)  # shard 1 of 2
ANN, BOB = user("Ann"), user("Bob")
START = datetime(2030, 1, 1, tzinfo=UTC)
ROOT = Path(__file__).resolve().parents[2]

#: The child: one timer round of a process homed on shard 0 at ``at``, then it waits to be killed.
CHILD = textwrap.dedent(
    """
    import asyncio, json, random, sys, time
    from datetime import datetime
    from bot.service.clock import ManualClock
    from bot.service.service import GameService
    from bot.service.shards import Shards
    from bot.store.store import GameStore
    import toy_game
    toy_game.register_toys()  # the tests' toy games, as the tests' conftest registers them

    async def main(database, at, out):
        store = await GameStore.open(database)
        svc = GameService(store, clock=ManualClock(datetime.fromisoformat(at)), rng=random.Random(0),
                          shards=Shards(2, (0,)), holder="doomed")
        held = await svc.leases.renew()
        with open(out, "a") as sent:
            for notice in await svc.reminders.due():
                sent.write(json.dumps([notice.game_row, notice.kind, notice.channel_id]) + "\\n")
                sent.flush()
        print(json.dumps({"held": held}), flush=True)
        while True:  # holding its leases (and its connections) until SIGKILL
            time.sleep(1)

    asyncio.run(main(*sys.argv[1:]))
    """
)


async def table(svc: GameService, channel: str, guild: int) -> int:
    await svc.lobby.open(channel, str(guild), ANN, "Ann", "toy_race", {}, clock="fast")
    await svc.lobby.join(channel, BOB, "Bob")
    return (await svc.lobby.start(channel, ANN, seed=3)).game_row or 0


async def test_a_killed_process_work_is_adopted_and_nothing_is_sent_twice(database: str, tmp_path: Path) -> None:
    clock = ManualClock(START)
    store = await GameStore.open(database)
    try:
        high = GameService(store, clock=clock, rng=random.Random(1), shards=Shards(2, (1,)), holder="survivor")
        early = await table(high, "101", GUILD_A)  # shard 0: its half-time reminder is due at +6 h
        clock.advance(3 * HOUR)
        late = await table(high, "103", GUILD_A)  # shard 0 as well, due at +9 h
        other = await table(high, "102", GUILD_B)  # shard 1, due at +9 h
        clock.advance(3 * HOUR + 60)  # +6 h: only the first is due

        sent_file = tmp_path / "sent.jsonl"
        path = [str(ROOT), str(Path(__file__).parent), os.environ.get("PYTHONPATH", "")]
        env = dict(os.environ, PYTHONPATH=os.pathsep.join(path))
        child = subprocess.Popen(
            [sys.executable, "-c", CHILD, database, clock.now.isoformat(), str(sent_file)],
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        try:
            assert child.stdout is not None
            report = json.loads(child.stdout.readline() or "null") or {}
            assert report.get("held") == [0, 1], child.stderr.read() if child.stderr else ""
        finally:
            child.send_signal(signal.SIGKILL)
            child.wait(timeout=30)
            if child.stdout:
                child.stdout.close()
            if child.stderr:
                child.stderr.close()
        assert child.returncode == -signal.SIGKILL
        sent_by_child = [tuple(json.loads(line)) for line in sent_file.read_text().splitlines()]
        assert [(g, c) for g, _, c in sent_by_child] == [(early, "101")]

        leases = await LeaseBook(store).all(2)
        assert {s: lease.holder for s, lease in leases.items()} == {0: "doomed", 1: "doomed"}  # it died holding both
        assert await high.leases.renew() == ()  # alive leases: the survivor waits (asks for shard 1 back)
        assert await high.reminders.due() == []
        survivor_sent = []
        began = time.monotonic()
        for _ in range((3 * HOUR) // 60):  # the next three hours, a timer round a minute
            clock.advance(60)
            await high.leases.renew()
            survivor_sent += [(n.game_row, n.channel_id) for n in await high.reminders.due()]
        assert time.monotonic() - began < 60
        assert high.leases.held == (0, 1)  # adopted both when the dead process's leases ran out
        assert sorted(survivor_sent) == sorted([(late, "103"), (other, "102")])  # the rest, once each
        everything = [(g, c) for g, _, c in sent_by_child] + survivor_sent
        assert len(everything) == len(set(everything)) == 3  # nothing twice, nothing skipped
    finally:
        await store.close()
