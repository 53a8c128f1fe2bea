"""Many active games at a set action rate over several service processes on one database (issue 17).

    python bench/bench_scale.py --pg --processes 2                 # throwaway PostgreSQL, 2 processes
    python bench/bench_scale.py --db "$(cat /tmp/pg_url)" --processes 3 --rate 50 --seconds 30
    python bench/bench_scale.py --db /tmp/x.sqlite3 --processes 1  # SQLite file (made fresh)
    python bench/bench_scale.py --pg --processes 2 --cross 0.1     # 10 % double clicks on two processes
    python bench/bench_scale.py --pg --game lisboa --games 200 --rate 100 --seconds 20

Set-up (timed apart, not in the figures): ``--games`` games (default 1,000) are opened, joined and
started through the service's lobby (``bot.terminal.new_game``: open, join, start, as a player
would), a few at a time, in one database: every title in turn (``--game`` for one), 2 to 4 players.

Run: ``--processes`` worker processes (``spawn``), each with its own ``GameStore`` and
``GameService`` on that database, own a disjoint share of the games, like bot processes owning
shards. Each paces its share of ``--rate`` (actions per second over all processes, default 20) for
``--seconds`` (default 60) on an open-loop schedule: at each tick it starts one action as a task of
its own, whether or not the earlier ones have finished, so a slow store shows as latency and lag
rather than as a slower schedule. An action is a random legal text (from the last answer's legal
texts, kept per game as ``bench_service`` does) of a random waiting player in a random one of its
games that has no action in flight. With ``--cross F`` a fraction F of the actions is also sent to
the next process (a double click landing on two bot processes): both call ``act`` with the same
``expected_version`` at the same instant (``--cross-delay`` ahead, on the shared monotonic clock);
exactly one may be stored, the other must be refused as ``stale``.

Figures: per stored action the wall time of ``act`` (p50/p95/p99/max), actions/s sustained overall
and per process, the lag of each action behind its tick (did the process keep up), CPU seconds per
process (and of the PostgreSQL server's processes when it runs on this machine), and where the store
time goes: with ``--trace``, SQL statements, pool checkouts and driver time per act (counted with
SQLAlchemy events on each worker's engine, which cost ~0.1 ms CPU per statement: not for the
latency figures); with ``--round-trips`` (and ``--pg``) the server's own log of every statement;
with ``--profile DIR`` a cProfile of each worker summed by area.

Check: afterwards the database is read back: for every game its log versions must be exactly
1..n, ``games.version`` n, and the versions the workers saw stored exactly those (``lost``: seen
stored but not in the log; ``doubled``: in the log but not seen, or seen stored twice); each
double click must have exactly one winner. Any failure makes the exit status 1.

The last line is a Markdown table row (backend, processes, games, rate, sustained, p50/p95/p99 ms,
lost/doubled, load average) to paste under ``--header``'s line. Note: the throwaway server of
``tests/pg_server.py`` runs with ``fsync``/``synchronous_commit`` off, and SQLite here uses
``synchronous=NORMAL`` in WAL mode: neither waits for the disk at commit. Each line of figures
carries the load average and the seconds each process waited for a CPU: on a shared machine that
wait can be most of the latency. Past the rate the machine sustains, every action in a process
slows down together (each is a task of its own) until the pool's 30 s checkout timeout fails them;
those are counted, not fatal, and the check still runs.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import multiprocessing as mp
import os
import random
import re
import statistics
import sys
import tempfile
import time
from collections import Counter, defaultdict
from collections.abc import Iterator
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from sqlalchemy import event, select  # noqa: E402

from bot.service.results import Result, ServiceError  # noqa: E402
from bot.service.service import GameService  # noqa: E402
from bot.service.step import CONFLICT  # noqa: E402
from bot.store import schema  # noqa: E402
from bot.store.store import GameStore  # noqa: E402
from bot.terminal import DEFAULT_NAMES, load_games, new_game  # noqa: E402

TITLES = ("puerto_rico", "lisboa", "lorenzo", "red_cathedral")
#: How many kinds of statement ``--trace`` lists (the most frequent).
TOP_STATEMENTS = 16


def percentile(values: list[float], fraction: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def run_queue_wait(pid: int | str = "self") -> float:
    """Seconds this process (its main thread) has waited for a CPU while runnable (Linux schedstat)."""
    try:
        return int(Path(f"/proc/{pid}/schedstat").read_text().split()[1]) / 1e9
    except (OSError, IndexError, ValueError):
        return float("nan")


def load_average() -> str:
    try:
        return " ".join(Path("/proc/loadavg").read_text().split()[:3])
    except OSError:
        return "?"


# --- where the store's time goes: SQLAlchemy events on a worker's engine ------------------------------
@dataclass
class StoreTrace:
    """Statements, pool checkouts and time inside the driver, counted from the engine's events."""

    statements: Counter[str] = field(default_factory=Counter)
    seconds: defaultdict[str, float] = field(default_factory=lambda: defaultdict(float))
    checkouts: int = 0
    on: bool = False

    def attach(self, store: GameStore) -> None:
        engine: Any = store.db.engine  # type: ignore[attr-defined]
        sync = getattr(engine, "sync_engine", engine)
        started: dict[int, float] = {}

        def before(conn: Any, cursor: Any, statement: str, params: Any, context: Any, many: bool) -> None:
            started[id(context)] = time.perf_counter()

        def after(conn: Any, cursor: Any, statement: str, params: Any, context: Any, many: bool) -> None:
            began = started.pop(id(context), None)
            if self.on and began is not None:
                key = statement_key(statement)
                self.statements[key] += 1
                self.seconds[key] += time.perf_counter() - began

        def checkout(*_: Any) -> None:
            if self.on:
                self.checkouts += 1

        event.listen(sync, "before_cursor_execute", before)
        event.listen(sync, "after_cursor_execute", after)
        event.listen(sync.pool, "checkout", checkout)


def statement_key(statement: str) -> str:
    """A statement's kind and table, e.g. ``SELECT games`` or ``INSERT actions``."""
    text = " ".join(statement.split())
    verb = text.split(" ", 1)[0].upper()
    found = re.search(r"\b(?:FROM|INTO|UPDATE)\s+\"?(\w+)", text, re.IGNORECASE)
    return f"{verb} {found.group(1)}" if found and verb != "UPDATE" else (f"UPDATE {found.group(1)}" if found else verb)


def autocommit_reads(store: GameStore) -> None:
    """What-if (``--what-if autocommit-reads``), not the store as it is: this store's PostgreSQL reads
    run without a transaction, so a read is one round trip instead of BEGIN, SELECT, ROLLBACK."""
    from sqlalchemy.ext.asyncio import AsyncEngine

    from bot.store.connection import PostgresBackend

    backend = store.db
    if not isinstance(backend, PostgresBackend):
        raise SystemExit("--what-if autocommit-reads is for PostgreSQL only")
    reader: AsyncEngine = backend.engine.execution_options(isolation_level="AUTOCOMMIT")

    @contextlib.asynccontextmanager
    async def read() -> Any:
        async with reader.connect() as connection:
            yield connection

    backend.read = read  # type: ignore[method-assign]


# --- set-up: games through the lobby ---------------------------------------------------------------
async def create_games(args: argparse.Namespace, where: str, prefix: str) -> tuple[list[str], float, Counter[str]]:
    """Open, join and start ``args.games`` games through the service, ``args.setup_tasks`` at once."""
    from engine.core.registry import get_game

    store = await GameStore.open(where)
    try:
        svc = GameService(store, rng=random.Random(args.seed))
        rng = random.Random(args.seed)
        titles = [args.game] if args.game else list(TITLES)
        jobs = []
        for number in range(args.games):
            title = titles[number % len(titles)]
            spec = get_game(title).spec
            low, high = max(2, spec.min_players), min(4, spec.max_players)
            jobs.append((f"{prefix}-{number}-{title}", title, rng.randint(low, high), args.seed + number))
        gate = asyncio.Semaphore(args.setup_tasks)

        async def one(channel: str, title: str, players: int, seed: int) -> None:
            async with gate:
                await new_game(svc, channel, title, list(DEFAULT_NAMES[:players]), {}, seed)

        began = time.perf_counter()
        await asyncio.gather(*(one(*job) for job in jobs))
        return [job[0] for job in jobs], time.perf_counter() - began, Counter(job[1] for job in jobs)
    finally:
        await store.close()


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
    what_if: list[str]
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
        self.results: dict[str, Result] = {}
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
            if "autocommit-reads" in a.what_if:
                autocommit_reads(store)
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

    async def act(self, channel: str, who: str, text: str, version: int) -> tuple[Result | None, str]:
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


# --- after the run: what the database holds ----------------------------------------------------------
@dataclass
class Check:
    games: int = 0
    logged: int = 0
    lost: int = 0
    doubled: int = 0
    gaps: int = 0
    version_mismatch: int = 0
    stored_despite_error: int = 0  # act() raised, yet the action is in the log (not counted as doubled)
    pairs: int = 0
    pair_no_winner: int = 0
    pair_two_winners: int = 0
    pair_odd_loser: Counter[str] = field(default_factory=Counter)
    examples: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        bad = self.lost + self.doubled + self.gaps + self.version_mismatch
        return bad + self.pair_no_winner + self.pair_two_winners + sum(self.pair_odd_loser.values()) == 0


async def verify(where: str, channels: list[str], reports: list[WorkerReport]) -> Check:
    check = Check()
    seen_by: defaultdict[str, Counter[int]] = defaultdict(Counter)
    uncertain: set[tuple[str, int]] = set()
    for report in reports:
        for channel, version in report.seen:
            seen_by[channel][version] += 1
        uncertain.update(report.uncertain)
    store = await GameStore.open(where)
    try:
        games = schema.games
        rows = await store.query(
            select(games.c.id, games.c.channel_id, games.c.version).where(games.c.channel_id.in_(channels))
        )
        by_row = {int(r[0]): (str(r[1]), int(r[2])) for r in rows}
        logged: defaultdict[int, list[int]] = defaultdict(list)
        for chunk in range(0, len(by_row), 500):
            ids = list(by_row)[chunk : chunk + 500]
            for game, version in await store.query(
                select(schema.actions.c.game, schema.actions.c.version).where(schema.actions.c.game.in_(ids))
            ):
                logged[int(game)].append(int(version))
    finally:
        await store.close()
    check.games = len(by_row)
    if check.games != len(channels):
        check.lost += 1
        check.examples.append(f"{len(channels)} games made, {check.games} found")
    for row, (channel, version) in by_row.items():
        versions = sorted(logged[row])
        check.logged += len(versions)
        if versions != list(range(1, len(versions) + 1)):
            check.gaps += 1
            check.examples.append(f"{channel}: log versions {versions[:10]}...")
        if version != len(versions):
            check.version_mismatch += 1
            check.examples.append(f"{channel}: games.version {version}, {len(versions)} log rows")
        in_log = set(versions)
        seen = set(seen_by[channel])
        lost, extra = seen - in_log, in_log - seen
        check.stored_despite_error += len({v for v in extra if (channel, v) in uncertain})
        extra = {v for v in extra if (channel, v) not in uncertain}
        twice = sum(n - 1 for n in seen_by[channel].values() if n > 1)
        check.lost += len(lost)
        check.doubled += len(extra) + twice
        if lost or extra or twice:
            check.examples.append(f"{channel}: seen-not-logged {sorted(lost)}, logged-not-seen {sorted(extra)}")
    outcomes: defaultdict[int, list[str]] = defaultdict(list)
    for report in reports:
        for pair, outcome in report.pairs.items():
            outcomes[pair].append(outcome)
    check.pairs = len(outcomes)
    for pair, both in outcomes.items():
        wins = both.count("won")
        if len(both) != 2:
            check.pair_odd_loser["unanswered"] += 1
        elif wins == 0:
            check.pair_no_winner += 1
            check.examples.append(f"double click {pair}: no winner ({both})")
        elif wins == 2:
            check.pair_two_winners += 1
            check.examples.append(f"double click {pair}: two winners")
        elif "stale" not in both:
            check.pair_odd_loser[next(o for o in both if o != "won")] += 1
    return check


# --- the PostgreSQL server's CPU (when it runs here) -------------------------------------------------
def postmaster_of(url: str) -> int | None:
    """The server's main process id, if it runs on this machine and /proc shows it."""
    try:
        import asyncpg  # type: ignore[import-untyped,unused-ignore]

        async def parent_of_backend() -> int:
            connection = await asyncpg.connect(url.replace("postgresql+asyncpg://", "postgresql://"))
            try:  # read while the backend lives: it exits with the connection
                pid = int(await connection.fetchval("SELECT pg_backend_pid()"))
                stat = Path(f"/proc/{pid}/stat").read_text()
                return int(stat.rsplit(")", 1)[1].split()[1])
            finally:
                await connection.close()

        return asyncio.run(parent_of_backend())
    except Exception:  # noqa: BLE001 — a remote server: no server CPU figure
        return None


def server_cpu(postmaster: int | None) -> tuple[float, dict[str, float]] | None:
    """CPU seconds of the server so far (its own and its exited children's, plus its live children's),
    and each live child's seconds waiting for a CPU."""
    if postmaster is None:
        return None
    waited: dict[str, float] = {}
    tick = os.sysconf("SC_CLK_TCK")
    try:
        fields = Path(f"/proc/{postmaster}/stat").read_text().rsplit(")", 1)[1].split()
        total = sum(int(x) for x in fields[11:15])  # utime stime cutime cstime
        for entry in Path("/proc").iterdir():
            if not entry.name.isdigit():
                continue
            with contextlib.suppress(OSError, IndexError, ValueError):
                child = (entry / "stat").read_text().rsplit(")", 1)[1].split()
                if int(child[1]) == postmaster:
                    total += int(child[11]) + int(child[12])
                    waited[entry.name] = run_queue_wait(entry.name)
        return total / tick, waited
    except OSError:
        return None


# --- the run -----------------------------------------------------------------------------------------
@contextlib.contextmanager
def database(args: argparse.Namespace) -> Iterator[tuple[str, str]]:
    """The database to use and its backend's name."""
    if args.db and args.db.startswith(("postgresql://", "postgres://", "postgresql+asyncpg://")):
        yield args.db, "postgresql"
    elif args.pg:
        from pg_server import local_server  # type: ignore[import-not-found,unused-ignore]

        with local_server() as server:
            print(f"throwaway PostgreSQL server up in {server.start_seconds:.1f} s: {server.url}")
            assert server.root is not None
            args.server_log = str(server.root / "postgres.log")
            yield server.url, "postgresql"
    elif args.db:
        path = Path(args.db.removeprefix("sqlite:///"))
        for leftover in (path, Path(f"{path}-wal"), Path(f"{path}-shm")):
            leftover.unlink(missing_ok=True)  # a fresh file, so runs compare
        yield str(path), "sqlite"
    else:
        with tempfile.TemporaryDirectory() as scratch:
            yield str(Path(scratch) / "scale.sqlite3"), "sqlite"


MARK = "bench_scale timed part"


def mark(url: str, text: str) -> None:
    from pg_server import execute  # type: ignore[import-not-found,unused-ignore]

    execute(url, f"SELECT '{MARK} {text}'")


def count_round_trips(log: Path) -> Counter[str]:
    """What the server logged between the two marks: BEGIN, COMMIT, ROLLBACK and executed statements."""
    counts: Counter[str] = Counter()
    inside = False
    for line in log.read_text(errors="replace").splitlines():
        if MARK in line:
            inside = "start" in line
            continue
        if not inside:
            continue
        found = re.search(r"(?:statement|execute [^:]*): (\w+)", line)
        if found:
            counts[found.group(1).upper()] += 1
    return counts


AREAS = (
    ("waiting (epoll)", ("select.epoll", "selectors.py")),
    ("SQLAlchemy", ("sqlalchemy/",)),
    ("asyncpg", ("asyncpg/",)),
    ("greenlet", ("greenlet",)),
    ("sqlite3", ("sqlite3",)),
    ("socket I/O", ("_socket.socket",)),
    ("asyncio", ("asyncio/",)),
    ("JSON", ("json/", "_json")),
    ("game engines (engine/)", ("/engine/",)),
    ("bot/store", ("/bot/store/",)),
    ("bot/service", ("/bot/service/",)),
    ("this bench", ("bench_scale",)),
)


def print_areas(stats: Any, acts: int) -> None:
    """The profiled time (own time of each function) summed by area, per act() call."""
    spent: Counter[str] = Counter()
    for (filename, _, name), row in stats.stats.items():
        where = f"{filename}:{name}"
        area = next((label for label, keys in AREAS if any(key in where for key in keys)), "other")
        spent[area] += row[2]  # tottime
    total = sum(spent.values())
    print(f"profiled time by area (cProfile slows everything; shares matter), {acts} act() calls:")
    for area, seconds in spent.most_common():
        print(
            f"    {area:<24} {seconds:7.2f} s {100 * seconds / total:5.1f} %  {1000 * seconds / acts:6.2f} ms per act"
        )


def run(args: argparse.Namespace, where: str, backend: str) -> int:
    prefix = f"scale-{os.getpid()}-{int(time.time())}"
    load_games([])
    channels, setup_seconds, titles = asyncio.run(create_games(args, where, prefix))
    print(
        f"set-up: {len(channels)} games ({', '.join(f'{t} {n}' for t, n in sorted(titles.items()))}) "
        f"opened, joined and started in {setup_seconds:.1f} s ({len(channels) / setup_seconds:.0f} games/s)"
    )
    shares = [channels[i :: args.processes] for i in range(args.processes)]
    if args.round_trips:
        from pg_server import execute  # type: ignore[import-not-found,unused-ignore]

        database_name = where.rsplit("/", 1)[1]
        execute(where, f"ALTER DATABASE \"{database_name}\" SET log_statement = 'all'")
    context = mp.get_context("spawn")
    pipes = [context.Pipe(duplex=False) for _ in range(args.processes)] if args.cross > 0 else []
    ready, reports_queue = context.Queue(), context.Queue()
    go = context.Event()
    start_at = context.Value("d", 0.0)
    processes = []
    for index, share in enumerate(shares):
        wargs = WorkerArgs(
            index=index,
            where=where,
            channels=share,
            rate=args.rate / args.processes,
            seconds=args.seconds,
            seed=args.seed,
            cross=args.cross,
            cross_delay=args.cross_delay / 1000,
            cache_size=args.cache_size,
            profile=args.profile,
            what_if=args.what_if,
            trace=args.trace,
            inbox=pipes[(index - 1) % args.processes][0] if pipes else None,
            outbox=pipes[index][1] if pipes else None,
        )
        process = context.Process(
            target=worker_main, args=(wargs, ready, go, start_at, reports_queue), name=f"bench-worker-{index}"
        )
        process.start()
        processes.append(process)
    postmaster = postmaster_of(where) if backend == "postgresql" else None
    got: dict[int, WorkerReport] = {}
    failed: list[str] = []
    waiting_for = set(range(args.processes))
    while waiting_for:  # each worker has loaded its games' answers (or failed)
        with contextlib.suppress(Exception):
            waiting_for.discard(ready.get(timeout=1))
        while not reports_queue.empty():
            kind, index, payload = reports_queue.get()
            failed.append(f"worker {index}: {payload}")
            waiting_for.discard(index)
        if any(p.exitcode not in (None, 0) for p in processes) and not failed:
            failed.append("a worker died during its set-up")
            break
    if failed:
        go.set()
        for process in processes:
            process.join(30)
        print("\n".join(failed))
        return 1
    load_before, server_before = load_average(), server_cpu(postmaster)
    if args.round_trips:
        mark(where, "start")
    start_at.value = time.monotonic() + 0.2
    go.set()
    began = time.monotonic()
    for _ in processes:
        kind, index, payload = reports_queue.get()
        if kind == "ok":
            got[index] = payload
        else:
            failed.append(f"worker {index}: {payload}")
    wall = time.monotonic() - began
    if args.round_trips:
        mark(where, "end")
    server_after = server_cpu(postmaster)
    load_after = load_average()
    for process in processes:
        process.join(30)
    if failed:
        print("\n".join(failed))
        return 1
    reports = [got[i] for i in sorted(got)]
    if args.round_trips and args.server_log:
        counts = count_round_trips(Path(args.server_log))
        acts = max(1, sum(r.acts for r in reports))
        print(
            f"server log, per act() call: {sum(counts.values()) / acts:.1f} round trips ("
            + ", ".join(f"{key} {n / acts:.2f}" for key, n in counts.most_common())
            + ")"
        )
    if args.profile:
        import pstats

        stats = pstats.Stats(*(str(Path(args.profile) / f"worker-{i}.prof") for i in sorted(got)))
        stats.sort_stats("tottime").print_stats(25)
        print_areas(stats, max(1, sum(len(r.stored) + len(r.refused) for r in reports)))
    check = asyncio.run(verify(where, channels, reports))
    return summarize(args, backend, reports, check, wall, load_before, load_after, server_before, server_after)


def summarize(
    args: argparse.Namespace,
    backend: str,
    reports: list[WorkerReport],
    check: Check,
    wall: float,
    load_before: str,
    load_after: str,
    server_before: tuple[float, dict[str, float]] | None,
    server_after: tuple[float, dict[str, float]] | None,
) -> int:
    stored = [1000 * t for r in reports for t in r.stored]
    refused = [1000 * t for r in reports for t in r.refused]
    lag = [1000 * t for r in reports for t in r.lag]
    seconds = args.seconds
    # over the time the workers took to finish everything, so a run that fell behind shows it
    took = max([seconds] + [r.wall for r in reports])
    sustained = len(stored) / took
    kept_up = took <= seconds + 1.0 and all(r.skipped == 0 for r in reports)
    p50, p95, p99 = (percentile(stored, f) for f in (0.50, 0.95, 0.99))
    writes = [1000 * t for r in reports for t in r.writes]
    print(
        f"{backend}, {args.processes} process(es), {check.games} games, "
        f"target {args.rate:g} actions/s for {seconds:g} s"
        + (f", double clicks {args.cross:.0%}" if args.cross else "")
    )
    print(
        f"stored actions: {len(stored)}, {sustained:.2f}/s (a {seconds:g} s schedule, all done after {took:.1f} s: "
        f"{'kept up' if kept_up else 'FELL BEHIND'}); refused: {len(refused)}"
    )
    if stored:
        print(
            f"act() per stored action: p50 {p50:.2f} ms, p95 {p95:.2f} ms, p99 {p99:.2f} ms, "
            f"max {max(stored):.2f} ms, mean {statistics.mean(stored):.2f} ms"
        )
    if writes:
        print(
            f"store write per action (GameStore.append, one transaction): p50 {percentile(writes, 0.5):.2f} ms, "
            f"p95 {percentile(writes, 0.95):.2f} ms, p99 {percentile(writes, 0.99):.2f} ms, max {max(writes):.2f} ms"
        )
    by_title: defaultdict[str, list[float]] = defaultdict(list)
    for r in reports:
        for title, t in r.stored_by_title:
            by_title[title].append(1000 * t)
    for title, times in sorted(by_title.items()):
        print(
            f"    {title:<14} {len(times):6d} stored, p50 {percentile(times, 0.5):.2f} ms, "
            f"p95 {percentile(times, 0.95):.2f} ms"
        )
    if refused:
        kinds: Counter[str] = Counter()
        for r in reports:
            kinds.update(r.stale_kinds)
        print(
            f"act() per refused action: p50 {percentile(refused, 0.5):.2f} ms, max {max(refused):.2f} ms; "
            f"stale refusals: {dict(kinds)} (write conflict: both loaded the same version, the store refused one)"
        )
    print(
        f"lag behind the schedule: p50 {percentile(lag, 0.5):.2f} ms, p95 {percentile(lag, 0.95):.2f} ms, "
        f"max {max(lag, default=0):.2f} ms; ticks without an idle game: {sum(r.skipped for r in reports)}"
    )
    for r in reports:
        print(
            f"  process {r.index}: {len(r.stored)} stored ({len(r.stored) / max(seconds, r.wall):.2f}/s), "
            f"p95 {percentile([1000 * t for t in r.stored], 0.95):.2f} ms, "
            f"CPU {r.cpu:.1f} s of {r.wall:.1f} s ({100 * r.cpu / max(r.wall, 1e-9):.0f} %), "
            f"{1000 * r.cpu / max(1, r.acts):.2f} ms CPU per act, waited for a CPU {r.cpu_wait:.1f} s "
            f"({1000 * r.cpu_wait / max(1, r.acts):.2f} ms per act); warm-up {r.warm_seconds:.1f} s; "
            f"games finished {r.finished}"
        )
    if server_before is not None and server_after is not None:
        used = server_after[0] - server_before[0]
        # backends alive at the end (one that exited meanwhile takes its figure with it)
        waited = sum(w - server_before[1].get(pid, 0.0) for pid, w in server_after[1].items())
        calls = max(1, sum(r.acts for r in reports))
        print(
            f"PostgreSQL server processes: CPU {used:.1f} s ({100 * used / max(wall, 1e-9):.0f} % of one core), "
            f"{1000 * used / calls:.2f} ms per act; its backends waited for a CPU {waited:.1f} s "
            f"({1000 * waited / calls:.2f} ms per act)"
        )
    acts = max(1, sum(r.acts for r in reports))
    if args.trace:
        print_trace(reports, acts)
    errors = Counter[str]()
    for r in reports:
        errors.update(r.errors)
    if errors:
        print(f"unexpected refusals: {dict(errors)}")
    print(
        f"check: {check.games} games, {check.logged} log rows; lost {check.lost}, doubled {check.doubled}, "
        f"games with gaps {check.gaps}, games.version wrong {check.version_mismatch}"
        + (f"; stored although act() raised {check.stored_despite_error}" if check.stored_despite_error else "")
        + (
            f"; double clicks {check.pairs}: no winner {check.pair_no_winner}, two winners "
            f"{check.pair_two_winners}, other loser {dict(check.pair_odd_loser)}"
            if args.cross
            else ""
        )
    )
    for line in check.examples[:10]:
        print("  " + line)
    print(f"load average before {load_before}, after {load_after}")
    print(
        f"| {backend} | {args.processes} | {check.games} | {args.rate:g} | {sustained:.2f} | "
        f"{p50:.2f} / {p95:.2f} / {p99:.2f} | {check.lost} / {check.doubled} | "
        f"{'ok' if check.ok else 'FAILED'} | {load_after} |"
    )
    return 0 if check.ok and not errors else 1


def print_trace(reports: list[WorkerReport], acts: int) -> None:
    statements: Counter[str] = Counter()
    spent: defaultdict[str, float] = defaultdict(float)
    for r in reports:
        statements.update(r.statements)
        for key, value in r.statement_seconds.items():
            spent[key] += value
    print(
        f"store per act() call ({acts} calls, also the status reads after a refusal): "
        f"{sum(statements.values()) / acts:.2f} statements, {sum(r.checkouts for r in reports) / acts:.2f} "
        f"pool checkouts, {1000 * sum(spent.values()) / acts:.2f} ms in the driver"
    )
    for key, count in statements.most_common(TOP_STATEMENTS):
        print(f"    {key:<28} {count / acts:5.2f} per act, {1000 * spent[key] / max(1, count):6.3f} ms each")


HEADER = (
    "| backend | processes | games | rate /s | sustained /s | act p50 / p95 / p99 ms | lost / doubled | "
    "check | load (1/5/15 min) |\n|---|---|---|---|---|---|---|---|---|"
)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--db", help="a SQLite file (made fresh) or a postgresql:// URL (default: a temporary SQLite file)"
    )
    parser.add_argument("--pg", action="store_true", help="start a throwaway PostgreSQL server (tests/pg_server.py)")
    parser.add_argument("--processes", type=int, default=1)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--game", choices=TITLES, help="one title only (default: all four in turn)")
    parser.add_argument("--rate", type=float, default=20.0, help="actions per second over all processes")
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--cross", type=float, default=0.0, help="fraction of actions also sent by the next process")
    parser.add_argument("--cross-delay", type=float, default=3.0, help="ms ahead both halves of a double click fire")
    parser.add_argument("--cache-size", type=int, default=256, help="the service's parsed-state cache (its default)")
    parser.add_argument("--setup-tasks", type=int, default=8, help="games set up at once")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--what-if",
        action="append",
        default=[],
        choices=["autocommit-reads"],
        help="change how the workers use the store, to see what it would save (not the store as it is)",
    )
    parser.add_argument(
        "--trace",
        action="store_true",
        help="count statements, pool checkouts and driver time per act (its event listeners cost ~0.1 ms "
        "CPU per statement: leave it off for the latency figures)",
    )
    parser.add_argument(
        "--round-trips",
        action="store_true",
        help="with --pg: log every statement on the server and count round trips per act() call",
    )
    parser.add_argument("--profile", metavar="DIR", help="cProfile each worker's timed part into DIR and print it")
    parser.add_argument("--header", action="store_true", help="print the Markdown table's header first")
    args = parser.parse_args(argv)
    if args.processes < 1 or args.games < args.processes or args.rate <= 0 or args.seconds <= 0:
        parser.error("need --processes >= 1, --games >= --processes, --rate > 0 and --seconds > 0")
    if not 0 <= args.cross <= 1:
        parser.error("--cross is a fraction between 0 and 1")
    if args.cross and args.processes < 2:
        parser.error("--cross needs at least 2 processes (a double click lands on two)")
    args.server_log = None
    if args.round_trips and not args.pg:
        parser.error("--round-trips needs --pg (the server's log is read)")
    if args.header:
        print(HEADER)
    if args.profile:
        Path(args.profile).mkdir(parents=True, exist_ok=True)
    with database(args) as (where, backend):
        return run(args, where, backend)


if __name__ == "__main__":
    sys.exit(main())
