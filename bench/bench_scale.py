"""Many active games at a set action rate over several service processes on one database (issue 17).

    python bench/bench_scale.py --pg --processes 2                 # throwaway PostgreSQL, 2 processes
    python bench/bench_scale.py --db "$(cat /tmp/pg_url)" --processes 3 --rate 50 --seconds 30
    python bench/bench_scale.py --db /tmp/x.sqlite3 --processes 1  # SQLite file (made fresh)
    python bench/bench_scale.py --pg --processes 2 --cross 0.1     # 10 % double clicks on two processes
    python bench/bench_scale.py --pg --game lisboa --games 200 --rate 100 --seconds 20

Set-up (timed apart, not in the figures): ``--games`` games (default 1,000) are opened, joined and
started through the service's lobby (``bot.terminal.new_game``: open, join, start, as a player
would), a few at a time, in one database: every title in turn (``--game`` for one), 2 to 4 players.

Run: ``--processes`` worker processes (``spawn``; ``bench/scale_worker.py``), each with its own ``GameStore`` and
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

Check (``bench/scale_check.py``): afterwards the database is read back: for every game its log versions must be exactly
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
import statistics
import sys
import tempfile
import time
from collections import Counter, defaultdict
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))  # scale_probes, beside this file (also in spawned workers)
sys.path.insert(0, str(ROOT / "tests"))

from scale_check import Check, verify  # noqa: E402
from scale_probes import (  # noqa: E402
    count_round_trips,
    load_average,
    mark,
    postmaster_of,
    print_areas,
    server_cpu,
)
from scale_worker import WorkerArgs, WorkerReport, worker_main  # noqa: E402

from bot.service.service import GameService  # noqa: E402
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
