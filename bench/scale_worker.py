"""A worker process of ``bench/bench_scale.py``: its own store and service on the shared database,
playing its share of the games on an open-loop schedule, and what it reports (``spawn``ed by the
bench, so everything it needs is importable from here)."""

from __future__ import annotations

import asyncio
import random
import time
from collections import Counter
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

from scale_probes import StoreTrace, run_queue_wait

from bot.service.change import CONFLICT, Step
from bot.service.results import ServiceError
from bot.service.service import GameService
from bot.store.store import GameStore
from bot.terminal import load_games


# --- a worker process ------------------------------------------------------------------------------
@dataclass
class WorkerArgs:
    index: int
    where: str
    channels: list[str]
    rate: float
    seconds: float
    seed: int
    cross: float
    cross_delay: float
    cache_size: int
    profile: str | None  # a directory for a cProfile of the timed part
    trace: bool
    inbox: Connection | None  # double clicks from the previous process
    outbox: Connection | None  # double clicks to the next process


@dataclass
class WorkerReport:
    index: int
    warm_seconds: float = 0.0
    stored: list[float] = field(default_factory=list)  # act() seconds of each stored action
    stored_by_title: list[tuple[str, float]] = field(default_factory=list)
    refused: list[float] = field(default_factory=list)  # act() seconds of each refused one (stale...)
    lag: list[float] = field(default_factory=list)  # start of act() behind its tick
    ticks: int = 0
    skipped: int = 0  # ticks with no idle game left
    seen: list[tuple[str, int]] = field(default_factory=list)  # (channel, version) seen stored
    uncertain: list[tuple[str, int]] = field(default_factory=list)  # act() raised: stored or not unknown
    pairs: dict[int, str] = field(default_factory=dict)  # double click id -> "won" or the error code
    errors: Counter[str] = field(default_factory=Counter)
    stale_kinds: Counter[str] = field(default_factory=Counter)
    finished: int = 0
    cpu: float = 0.0
    wall: float = 0.0
    cpu_wait: float = 0.0  # runnable but waiting for a CPU (other processes had it)
    statements: Counter[str] = field(default_factory=Counter)
    statement_seconds: dict[str, float] = field(default_factory=dict)
    checkouts: int = 0
    acts: int = 0  # act() calls in the timed part (stored or refused)
    writes: list[float] = field(default_factory=list)  # GameStore.append: the one transaction storing it


def worker_main(wargs: WorkerArgs, ready: Any, go: Any, start_at: Any, reports: Any) -> None:
    load_games([])
    try:
        report = asyncio.run(Worker(wargs).run(ready, go, start_at))
    except BaseException as error:  # noqa: BLE001 — handed to the parent, which exits non-zero
        reports.put(("error", wargs.index, repr(error)))
        raise
    reports.put(("ok", wargs.index, report))


class Worker:
    def __init__(self, wargs: WorkerArgs) -> None:
        self.a = wargs
        self.rng = random.Random(wargs.seed * 1000 + wargs.index)
        self.report = WorkerReport(wargs.index)
        self.results: dict[str, Step] = {}
        self.busy: set[str] = set()
        self.tasks: set[asyncio.Task[None]] = set()
        self.trace = StoreTrace()
        self.pair_counter = 0

    async def run(self, ready: Any, go: Any, start_at: Any) -> WorkerReport:
        a, report = self.a, self.report
        store = await GameStore.open(a.where)
        try:
            if a.trace:
                self.trace.attach(store)
            self.time_writes(store)
            self.svc = GameService(store, rng=random.Random(a.seed + a.index), cache_size=a.cache_size)
            began = time.perf_counter()
            for channel in a.channels:  # the answer to act on, as a bot would have it from the last step
                self.results[channel] = await self.svc.play.status(channel)
            report.warm_seconds = time.perf_counter() - began
            ready.put(a.index)
            await asyncio.get_running_loop().run_in_executor(None, go.wait)
            if a.profile:
                import cProfile

                profiler = cProfile.Profile()
                profiler.enable()
                try:
                    await self.timed(start_at.value)
                finally:
                    profiler.disable()
                    profiler.dump_stats(str(Path(a.profile) / f"worker-{a.index}.prof"))
            else:
                await self.timed(start_at.value)
        finally:
            await store.close()
        return report

    def time_writes(self, store: GameStore) -> None:
        """Time each ``GameStore.append`` (log row, snapshot and version bump in one transaction): the
        store's own part of an action, apart from the reads and the rules around it."""
        append, writes = store.append, self.report.writes

        async def timed_append(*args: Any, **kwargs: Any) -> int:
            began = time.perf_counter()
            try:
                return await append(*args, **kwargs)
            finally:
                writes.append(time.perf_counter() - began)

        store.append = timed_append  # type: ignore[method-assign]

    async def timed(self, start: float) -> None:
        a, report, loop = self.a, self.report, asyncio.get_running_loop()
        inbox_done = asyncio.Event()
        if a.inbox is not None:
            inbox = a.inbox

            def receive() -> None:
                while inbox.poll():
                    message = inbox.recv()
                    if message is None:
                        loop.remove_reader(inbox.fileno())
                        inbox_done.set()
                        return
                    self.spawn(self.echo(*message))

            loop.add_reader(inbox.fileno(), receive)
        else:
            inbox_done.set()
        self.trace.on = True
        cpu0, wall0, wait0 = time.process_time(), time.monotonic(), run_queue_wait()
        interval = 1.0 / a.rate if a.rate > 0 else float("inf")
        tick = start + self.rng.random() * min(interval, 1.0)  # the processes' ticks interleave
        end = start + a.seconds
        while tick < end:
            delay = tick - time.monotonic()
            if delay > 0:
                await asyncio.sleep(delay)
            report.ticks += 1
            idle = [c for c in self.results if c not in self.busy and not self.results[c].game_over]
            if not idle:
                report.skipped += 1
            else:
                self.start_action(self.rng.choice(idle), tick)
            tick += interval
        while self.tasks:
            await asyncio.gather(*list(self.tasks))
        if a.outbox is not None:
            a.outbox.send(None)
        await inbox_done.wait()
        while self.tasks:  # double clicks received last
            await asyncio.gather(*list(self.tasks))
        report.cpu, report.wall = time.process_time() - cpu0, time.monotonic() - max(start, wall0)
        report.cpu_wait = run_queue_wait() - wait0
        self.trace.on = False
        report.statements = self.trace.statements
        report.statement_seconds = dict(self.trace.seconds)
        report.checkouts = self.trace.checkouts

    def spawn(self, coroutine: Any) -> None:
        task = asyncio.ensure_future(coroutine)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    def start_action(self, channel: str, tick: float) -> None:
        result = self.results[channel]
        who = self.rng.choice(result.waiting)
        text = self.rng.choice(result.legal[who])
        version = result.version
        assert version is not None
        pair = None
        fire = tick
        if self.a.outbox is not None and self.rng.random() < self.a.cross:
            self.pair_counter += 1
            pair = self.a.index * 10_000_000 + self.pair_counter
            fire = time.monotonic() + self.a.cross_delay
            self.a.outbox.send((pair, channel, who, text, version, fire))
        self.busy.add(channel)
        self.spawn(self.own(channel, who, text, version, tick, fire, pair))

    async def act(self, channel: str, who: str, text: str, version: int) -> tuple[Step | None, str]:
        """One timed ``act``: its answer (``None`` if refused) and ``"won"`` or the refusal's code."""
        self.report.acts += 1
        began = time.perf_counter()
        try:
            answer = await self.svc.play.act(channel, who, text, expected_version=version)
        except ServiceError as error:
            self.report.refused.append(time.perf_counter() - began)
            if error.code == "stale":  # refused on loading (moved on) or by the store's version guard
                self.report.stale_kinds["write conflict" if error.message == str(CONFLICT) else "outdated"] += 1
            return None, error.code
        except Exception as error:  # noqa: BLE001 — e.g. the pool's TimeoutError under overload
            self.report.refused.append(time.perf_counter() - began)
            self.report.uncertain.append((channel, version + 1))  # stored or not: the log will say
            return None, type(error).__name__
        took = time.perf_counter() - began
        self.report.stored.append(took)
        self.report.stored_by_title.append((channel.rsplit("-", 1)[1], took))
        assert answer.version is not None
        self.report.seen += [(channel, v) for v in range(version + 1, answer.version + 1)]
        return answer, "won"

    async def own(
        self, channel: str, who: str, text: str, version: int, tick: float, fire: float, pair: int | None
    ) -> None:
        try:
            delay = fire - time.monotonic()
            if delay > 0:
                await asyncio.sleep(delay)
            self.report.lag.append(time.monotonic() - fire)
            answer, outcome = await self.act(channel, who, text, version)
            if pair is not None:
                self.report.pairs[pair] = outcome
            if answer is None:
                if outcome != "stale" or pair is None:
                    self.report.errors[outcome] += 1
                try:  # what a front end shows next: the board as it is
                    answer = await self.svc.play.status(channel)
                except Exception as error:  # noqa: BLE001 — overload: this game is left out from now on
                    self.report.errors[f"status: {type(error).__name__}"] += 1
                    del self.results[channel]
                    return
            self.results[channel] = answer
            if answer.game_over:
                self.report.finished += 1
        finally:
            self.busy.discard(channel)

    async def echo(self, pair: int, channel: str, who: str, text: str, version: int, fire: float) -> None:
        """The other half of a double click: the same action at the same version, on this process."""
        delay = fire - time.monotonic()
        if delay > 0:
            await asyncio.sleep(delay)
        _, outcome = await self.act(channel, who, text, version)
        self.report.pairs[pair] = outcome
