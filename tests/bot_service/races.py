"""What the race tests share (``test_pg_races.py``, ``test_pg_races_clocks.py``): the two worker
processes (:mod:`race_worker`), a fresh game per round on the test's database, and the checks that
the log, the snapshots and ``games.version`` agree after every round. See ``test_pg_races.py`` for
how a round races.
"""

from __future__ import annotations

import multiprocessing
import queue
import random
from collections import Counter
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any

import pytest
import race_worker
from bot_helpers import user
from sqlalchemy import select

from bot.service.clock import ManualClock
from bot.service.service import GameService
from bot.store import schema
from bot.store.rows import GameRecord
from bot.store.store import GameStore
from engine.core import play

ROUNDS = 20  # per case and backend; odd rounds are lockstep rounds
WORKERS = ("A", "B")
ADMIN, ADMIN_NAME = user("Mod"), "Mod"  # someone who may manage the channel (not seated)
CREATOR = user("Ann")
#: The answer of a refusal because the game moved on ("outdated prompt") or ended meanwhile.
OUTDATED = "This prompt is outdated"


@dataclass
class Racers:
    """The two worker processes, their command queues, the shared answer queue and the barriers."""

    processes: dict[str, Any]
    inboxes: dict[str, Any]
    answers: Any
    start: Any
    gate: Any
    #: What happened over the rounds of the current test (printed with -s, asserted on below).
    tally: Counter[str] = field(default_factory=Counter)

    def send(self, name: str, command: dict[str, Any]) -> None:
        self.inboxes[name].put(command)

    def collect(self, names: tuple[str, ...]) -> dict[str, dict[str, Any]]:
        got: dict[str, dict[str, Any]] = {}
        while len(got) < len(names):
            try:
                name, answer = self.answers.get(timeout=60)
            except queue.Empty:
                raise AssertionError(f"no answer from {set(names) - set(got)} within 60 s") from None
            got[name] = answer
        for name, answer in got.items():
            assert "crash" not in answer, f"worker {name} raised:\n{answer['crash']}"
        return got

    def one(self, name: str, command: dict[str, Any]) -> dict[str, Any]:
        self.send(name, command)
        return self.collect((name,))[name]

    def race(self, commands: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
        """Both requests at once (released together); the barriers are whole again afterwards."""
        for name, command in commands.items():
            self.send(name, {**command, "sync": True})
        try:
            return self.collect(WORKERS)
        finally:
            for barrier in (self.start, self.gate):
                if barrier.broken:
                    barrier.reset()


@pytest.fixture(scope="module")
def racers() -> Iterator[Racers]:
    ctx = multiprocessing.get_context("spawn")
    answers = ctx.Queue()
    start, gate = ctx.Barrier(2), ctx.Barrier(2)
    inboxes = {name: ctx.Queue() for name in WORKERS}
    processes = {
        name: ctx.Process(
            target=race_worker.serve, args=(name, inboxes[name], answers, start, gate), name=f"racer-{name}"
        )
        for name in WORKERS
    }
    for process in processes.values():
        process.start()
    try:
        yield Racers(processes, inboxes, answers, start, gate)
    finally:
        for name in WORKERS:
            inboxes[name].put({"do": "stop"})
        for process in processes.values():
            process.join(10)
            if process.is_alive():
                process.kill()
                process.join()


@asynccontextmanager
async def racing(racers: Racers, database: str) -> AsyncIterator[tuple[GameService, ManualClock]]:
    """This process's own service on ``database`` with the clock it sets, and both workers opened on it
    (each request it sends them carries this clock's time)."""
    store = await GameStore.open(database)
    try:
        for name in WORKERS:
            racers.send(name, {"do": "open", "url": database})
        racers.collect(WORKERS)
        racers.tally.clear()
        try:
            clock = ManualClock()
            yield GameService(store, clock=clock, rng=random.Random(0)), clock
        finally:
            for name in WORKERS:
                racers.send(name, {"do": "close"})
            racers.collect(WORKERS)
            print(f"\n{racers.tally}")
    finally:
        await store.close()


def call(svc: GameService, op: str, row: int, gate: str | None = None, **args: Any) -> dict[str, Any]:
    return {"do": "call", "op": op, "args": args, "row": row, "now": svc.now(), "gate": gate}


async def check_books(svc: GameService, row: int) -> GameRecord:
    """The game's version, its log and its snapshots agree, and replaying the log gives the stored state:
    log versions 1..n without gaps or doubles, one snapshot for each of 0..n, ``games.version`` n."""
    record = await svc.store.game(row)
    assert record is not None
    log = [a.version for a in await svc.store.actions(row)]
    assert log == list(range(1, record.version + 1)), f"log {log} at version {record.version}"
    s = schema.snapshots
    snaps = [r[0] for r in await svc.store.query(select(s.c.version).where(s.c.game == row).order_by(s.c.version))]
    assert snaps == list(range(record.version + 1)), f"snapshots {snaps} at version {record.version}"
    assert play.dumps(await svc.archive.rebuild(row)) == await svc.store.snapshot(row, record.version)
    return record


async def timeout_rows(svc: GameService, row: int) -> list[tuple[int, str]]:
    t = schema.timeouts
    rows = await svc.store.query(select(t.c.version, t.c.outcome).where(t.c.game == row).order_by(t.c.version))
    return [(r[0], r[1]) for r in rows]


def split(answers: dict[str, dict[str, Any]]) -> tuple[list[str], list[str]]:
    """(workers whose request was done, workers refused)."""
    done = [name for name, a in answers.items() if "ok" in a]
    refused = [name for name, a in answers.items() if "error" in a]
    assert sorted(done + refused) == sorted(answers), answers
    return done, refused


def held_both(answers: dict[str, dict[str, Any]]) -> None:
    """In a lockstep round both requests reached their store write."""
    assert [a["gate"] for a in answers.values()] == ["passed", "passed"], answers
