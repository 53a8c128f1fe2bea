"""Random games through the game service and a real SQLite file: time per stored action.

    python bench/bench_service.py                       # Puerto Rico, 4 players, 5 games
    python bench/bench_service.py --games 20 --players 5 --synchronous FULL
    python bench/bench_service.py --click               # what a button click costs before drawing

Each timed call is one ``GameService.act``, the whole locked path of a change: load (cached) state,
parse, validate and apply, render events, one transaction (log row + snapshot + version bump),
standing answers, the ping plan and the table to draw (the legal texts and public view are computed
only when read). With ``--click`` the timing also covers what the Discord layer then plans from the
table (the components and the turn message's text), everything of a click but the board image and
Discord's HTTP. The next action is chosen from the answer's legal texts outside the timing.
Target: p95 <= 3 ms.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bot.discord.views.layout import plan_controls, turn_text  # noqa: E402
from bot.service.change import Step  # noqa: E402
from bot.service.service import GameService  # noqa: E402
from bot.store.store import GameStore  # noqa: E402
from bot.terminal import DEFAULT_NAMES, load_games, new_game  # noqa: E402


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


async def play(
    svc: GameService, channel: str, result: Step, rng: random.Random, click: bool
) -> tuple[Step, list[float], list[float]]:
    """Uniformly random legal actions to the end; per action the wall-clock and the process CPU seconds
    of ``act`` (and, with ``click``, of the components and text planned from its table)."""
    wall: list[float] = []
    cpu: list[float] = []
    while not result.game_over:
        who = rng.choice(result.waiting)
        text = rng.choice(result.legal[who])
        began, used = time.perf_counter(), time.process_time()
        answer = await svc.play.act(channel, who, text, expected_version=result.version)
        if click:
            table = answer.table  # the Step to post: what the Discord layer draws
            plan_controls(table)
            turn_text(table, answer.public, answer.ping)
        wall.append(time.perf_counter() - began)
        cpu.append(time.process_time() - used)
        result = answer
    return result, wall, cpu


async def bench(args: argparse.Namespace, path: str) -> tuple[list[float], list[float]]:
    store = await GameStore.open(path, synchronous=args.synchronous)
    try:
        svc = GameService(store, rng=random.Random(args.seed))
        rng = random.Random(args.seed)
        wall: list[float] = []
        cpu: list[float] = []
        for number in range(args.games):
            names = list(DEFAULT_NAMES[: args.players])
            start = await new_game(svc, f"bench-{number}", args.game, names, {}, args.seed + number)
            final, times, used = await play(svc, f"bench-{number}", start, rng, args.click)
            assert final.game_over, f"game {number} did not finish"
            wall += times
            cpu += used
            print(f"game {number + 1}: {len(times)} actions, median {1000 * statistics.median(times):.2f} ms")
        return wall, cpu
    finally:
        await store.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="puerto_rico")
    parser.add_argument("--games", type=int, default=5)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--db", help="SQLite file (default: a temporary file)")
    parser.add_argument("--synchronous", default="NORMAL", choices=["OFF", "NORMAL", "FULL"])
    parser.add_argument("--load", action="append", default=[], help="extra game module or .py file")
    parser.add_argument("--click", action="store_true", help="also time the components and text planned per step")
    args = parser.parse_args(argv)
    load_games(args.load)
    with tempfile.TemporaryDirectory() as scratch:
        path = args.db or str(Path(scratch) / "bench.sqlite3")
        began = time.perf_counter()
        timings, cpu = asyncio.run(bench(args, path))
        wall = time.perf_counter() - began
    ms = [1000 * t for t in timings]
    cpu_ms = [1000 * t for t in cpu]
    print(
        f"{args.game}, {args.players} players, {args.games} games, synchronous={args.synchronous}"
        f"{', click' if args.click else ''}: "
        f"{len(ms)} stored actions"
    )
    print(
        f"per stored action: median {statistics.median(ms):.2f} ms, p95 {percentile(ms, 0.95):.2f} ms, "
        f"p99 {percentile(ms, 0.99):.2f} ms, max {max(ms):.2f} ms"
    )
    print(
        f"process CPU per stored action: median {statistics.median(cpu_ms):.2f} ms, "
        f"p95 {percentile(cpu_ms, 0.95):.2f} ms, mean {statistics.mean(cpu_ms):.2f} ms "
        "(less sensitive to other load on the machine)"
    )
    print(
        f"throughput: {len(ms) / sum(timings):.0f} actions/s in act(), "
        f"{len(ms) / wall:.0f} actions/s wall (incl. set-up)"
    )
    target = percentile(ms, 0.95) <= 3.0
    print("target p95 <= 3 ms:", "met" if target else "MISSED")
    return 0


if __name__ == "__main__":
    sys.exit(main())
