"""Is the bot responsive while the AI thinks (issue 26)? The event loop's lag, and how long players wait.

    python bench/ai_lag.py                 # Puerto Rico at normal, 20 decisions: 1 worker, then a thread
    python bench/ai_lag.py --game lisboa --players 3 --decisions 10
    python bench/ai_lag.py --workers 2 --level strong --decisions 6
    python bench/ai_lag.py --overhead --decisions 300   # the service's own cost per AI move

Target (issue 26): while an AI thinks, the event loop's lag p99 stays at or under 50 ms.

The service's own AI turn work runs as the bot's timer loop runs it: a game of ``--game`` whose every
seat the AI plays at ``--level`` (AI seats, and the creator's seat handed to the AI), its due turns
played by ``svc.ai.turns()`` one move at a time, each decision thought by a
:class:`~bot.service.ai_pool.ThinkPool` of ``--workers`` real worker processes (``AI_WORKERS``; 0:
the thread fallback, in the bot's own process). On the same event loop meanwhile:

* **lag**: a probe sleeps :data:`PROBE` (10 ms) again and again; each overshoot is the time the loop
  was busy with something else when the probe was due;
* **interactions**: a player asks ``/game status`` through the service every ``--every`` seconds;
  each answer's latency is the time from the ask to the answer.

For each worker count (``--workers``, default ``1 0``: the pool, then the thread fallback for
contrast; the same seed, so the same decisions) it prints the lag p50/p95/p99/max, the interaction
latency p50/p95/max, the decisions' wall time from due to stored (p50/p95/max), and the CPU time of
the bot's process and of the AI worker processes over the run. The games are on a fresh SQLite file.

With ``--overhead`` nothing thinks: each decision is a uniformly random legal move chosen at once in
the bot's process (:func:`engine.ai.players.random_move`), and ``svc.ai.turns()`` runs as the timer
loop runs it (up to :data:`~bot.service.ai_turns.MAX_MOVES` moves a call). It prints the store calls
per AI move (reads, write transactions; by the service function that made them) and the bot process's
CPU time per move: the service's own overhead of an AI move, without the AI.

The machine's load average and core count are printed first and last: on a shared machine a busy
neighbour adds to every figure (a 2-core machine running the bot and one worker has no core to spare).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bot.service.ai_pool import ThinkPool  # noqa: E402
from bot.service.ai_turns import MAX_MOVES  # noqa: E402
from bot.service.service import GameService  # noqa: E402
from bot.store.store import GameStore  # noqa: E402
from engine.ai.players import random_move  # noqa: E402
from engine.core import get_game  # noqa: E402

PROBE = 0.010  # the lag probe's sleep (seconds)
CHANNEL = "bench-ai"
CREATOR, CREATOR_NAME = "u-bench", "Bench"


@dataclass
class Run:
    """What one run measured (seconds)."""

    workers: int
    lags: list[float] = field(default_factory=list)
    asks: list[float] = field(default_factory=list)
    decisions: list[float] = field(default_factory=list)
    cpu_bot: float = 0.0
    cpu_workers: float = 0.0
    wall: float = 0.0


def pct(values: list[float], p: float) -> float:
    """The ``p`` percentile (nearest rank) of ``values``, 0 when there are none."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(p / 100 * len(ordered) + 0.5) - 1))]


def ms(x: float) -> str:
    return f"{x * 1000:7.1f}"


def load() -> str:
    return f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())} on {os.cpu_count()} cores"


def worker_cpu(pool: ThinkPool) -> float:
    """CPU seconds the pool's worker processes have used so far (read from ``/proc``; 0 elsewhere)."""
    executor = pool.executor
    if executor is None:
        return 0.0
    ticks, total = os.sysconf("SC_CLK_TCK"), 0.0
    for pid in list(getattr(executor, "_processes", {}) or {}):
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += (int(fields[11]) + int(fields[12])) / ticks  # utime, stime
    return total


async def ai_table(svc: GameService, game_id: str, players: int, level: str, seed: int) -> int:
    """A started game of ``game_id`` whose every seat the AI plays at ``level``."""
    lobby = await svc.lobby.open(CHANNEL, "bench", CREATOR, CREATOR_NAME, game_id, {})
    for _ in range(players - 1):
        await svc.lobby.add_ai(CHANNEL, CREATOR, level)
    await svc.lobby.start(CHANNEL, CREATOR, seed=seed)
    await svc.seats.to_ai(CHANNEL, CREATOR, level)
    return lobby.game_row or 0


async def probe(run: Run, stop: asyncio.Event) -> None:
    loop = asyncio.get_running_loop()
    while not stop.is_set():
        start = loop.time()
        await asyncio.sleep(PROBE)
        run.lags.append(max(0.0, loop.time() - start - PROBE))


async def player(svc: GameService, run: Run, stop: asyncio.Event, every: float) -> None:
    while not stop.is_set():
        start = time.perf_counter()
        await svc.play.status(CHANNEL)
        run.asks.append(time.perf_counter() - start)
        await asyncio.sleep(every)


async def one_run(args: argparse.Namespace, workers: int, folder: Path) -> Run:
    run = Run(workers)
    pool = ThinkPool(workers)
    if workers and not await pool.start():
        raise SystemExit(f"the {workers} AI worker(s) did not start")
    store = await GameStore.open(folder / f"ai-lag-{workers}.sqlite3")
    try:
        svc = GameService(store, rng=random.Random(args.seed), thinker=pool)
        row = await ai_table(svc, args.game, args.players, args.level, args.seed)
        stop = asyncio.Event()
        watchers = [asyncio.create_task(probe(run, stop)), asyncio.create_task(player(svc, run, stop, args.every))]
        cpu, cpu_workers, wall = time.process_time(), worker_cpu(pool), time.perf_counter()
        while len(run.decisions) < args.decisions:
            start = time.perf_counter()
            played = [step async for step in svc.ai.turns(limit=1)]
            if not played:
                record = await store.game(row)
                print(f"  the game stopped after {len(run.decisions)} decisions ({record and record.status})")
                break
            run.decisions.append(time.perf_counter() - start)
        run.wall = time.perf_counter() - wall
        run.cpu_bot, run.cpu_workers = time.process_time() - cpu, worker_cpu(pool) - cpu_workers
        stop.set()
        await asyncio.gather(*watchers)
    finally:
        await store.close()
        await pool.close()
    return run


class Instant(ThinkPool):
    """A thinker that thinks nothing: a random legal move, chosen at once in the bot's process."""

    async def choose(self, game_id: str, state: Any, seat: int, *, seed: int, level: str) -> str:
        return random_move(get_game(game_id), state, seat, random.Random(seed))


def counting(store: GameStore, calls: Counter[str]) -> None:
    """Count ``store``'s reads and write transactions in ``calls``, by the service function that asked."""

    def caller() -> str:
        frame = sys._getframe(2)
        while frame.f_back is not None and frame.f_code.co_filename.endswith(("store.py", "contextlib.py")):
            frame = frame.f_back
        return f"{Path(frame.f_code.co_filename).stem}.{frame.f_code.co_name}"

    query, transaction, transact = store.query, store.transaction, store.transact

    async def counted_query(*args: Any, **kwargs: Any) -> Any:
        calls[f"read  {caller()}"] += 1
        return await query(*args, **kwargs)

    def counted_transaction() -> Any:
        calls[f"write {caller()}"] += 1
        return transaction()

    async def counted_transact(*args: Any) -> Any:
        calls[f"write {caller()}"] += 1
        return await transact(*args)

    store.query, store.transaction, store.transact = counted_query, counted_transaction, counted_transact  # type: ignore[method-assign]


async def overhead(args: argparse.Namespace, folder: Path) -> None:
    """The service's store calls and CPU time per AI move, the thinking left out (``--overhead``)."""
    store = await GameStore.open(folder / "ai-overhead.sqlite3")
    try:
        svc = GameService(store, rng=random.Random(args.seed), thinker=Instant(0))
        row = await ai_table(svc, args.game, args.players, args.level, args.seed)
        calls: Counter[str] = Counter()
        counting(store, calls)
        moves, cpu = 0, time.process_time()
        while moves < args.decisions:
            played = len([step async for step in svc.ai.turns(limit=min(MAX_MOVES, args.decisions - moves))])
            if not played:
                break
            moves += played
        cpu = time.process_time() - cpu
        record = await store.game(row)
    finally:
        await store.close()
    print(f"{moves} AI moves (the game {record and record.status} at version {record and record.version})")
    print(f"  store calls per move: {sum(calls.values()) / max(1, moves):.2f}")
    for where, n in calls.most_common():
        print(f"    {n / max(1, moves):5.2f}  {where}")
    print(f"  CPU of the bot's process per move: {1000 * cpu / max(1, moves):.2f} ms", flush=True)


def line(what: str, values: list[float], points: tuple[int, ...]) -> str:
    """``what``: the percentiles ``points`` and the maximum of ``values``, in milliseconds."""
    figures = "".join(f"  p{p} {ms(pct(values, p))}" for p in points)
    return f"  {what:<36}{figures}  max {ms(max(values, default=0))}"


def report(run: Run) -> None:
    where = f"{run.workers} worker process(es)" if run.workers else "the thread fallback (no worker)"
    print(f"AI thinking in {where}: {len(run.decisions)} decisions in {run.wall:.1f} s")
    print(line(f"event loop lag (ms, {len(run.lags)} probes)", run.lags, (50, 95, 99)))
    print(line(f"/game status (ms, {len(run.asks)} asks)", run.asks, (50, 95)))
    print(line("decision, due to stored (ms)", run.decisions, (50, 95)))
    print(f"  CPU: bot process {run.cpu_bot:.2f} s, AI workers {run.cpu_workers:.2f} s", flush=True)


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="puerto_rico")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--level", default="normal")
    parser.add_argument("--decisions", type=int, default=20, help="AI decisions per run")
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 0], help="AI worker processes, one run each")
    parser.add_argument("--every", type=float, default=0.1, help="seconds between two /game status asks")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--overhead", action="store_true", help="no thinking: store calls and CPU per AI move")
    args = parser.parse_args()
    get_game(args.game)  # an unknown id fails here, before any run
    print(load(), flush=True)
    print(f"{get_game(args.game).spec.title}, {args.players} players, every seat the AI at {args.level}")
    with tempfile.TemporaryDirectory() as folder:
        if args.overhead:
            await overhead(args, Path(folder))
        for workers in [] if args.overhead else args.workers:
            report(await one_run(args, workers, Path(folder)))
    print(load())


if __name__ == "__main__":
    asyncio.run(main())
