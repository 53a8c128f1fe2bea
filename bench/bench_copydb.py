"""How long ``python -m bot.copydb`` takes: a SQLite database of random games copied into PostgreSQL.

    python bench/bench_copydb.py --target postgresql://user@host/empty_db        # 20 games of every title
    python bench/bench_copydb.py --target URL --games 50 --running 10 --replace

Builds a SQLite file of ``--games`` finished games of every title (random legal actions through the
service, as ``bench_service.py`` plays them) plus ``--running`` half-played ones, then times the
copy (:func:`bot.store.copy.copy_database`: read, insert, count and digest check, commit) and the
replay check (:func:`bot.service.copycheck.verify_copy`) separately: rows/s, bytes of snapshot and
log text, steps replayed per second. The target must be an empty database (or ``--replace``).
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bot.service.copycheck import verify_copy  # noqa: E402
from bot.service.service import GameService  # noqa: E402
from bot.store.copy import copy_database  # noqa: E402
from bot.store.store import GameStore  # noqa: E402
from bot.terminal import DEFAULT_NAMES, load_games, new_game, play_randomly  # noqa: E402

TITLES = ("puerto_rico", "lisboa", "lorenzo", "red_cathedral")


async def build(path: str, games: int, running: int, seed: int) -> int:
    """The source database; returns the number of stored actions."""
    store = await GameStore.open(path)
    try:
        svc = GameService(store, rng=random.Random(seed))
        rng, actions = random.Random(seed), 0
        for number in range(games + running):
            for title in TITLES:
                channel = f"{title}-{number}"
                names = list(DEFAULT_NAMES[: 2 + number % 3])
                start = await new_game(svc, channel, title, names, {}, seed + number)
                limit = 100_000 if number < games else 40
                _, played, _ = await play_randomly(svc, channel, start, rng, max_actions=limit)
                actions += played
        return actions
    finally:
        await store.close()


async def measure(source: str, target: str, replace: bool) -> None:
    async with await GameStore.open(source) as src, await GameStore.open(target) as dst:
        copied = await copy_database(src, dst, replace=replace)
        text = await src.query("SELECT sum(length(state_json)) FROM snapshots")
        megabytes = (text[0][0] or 0) / 1e6
        print(
            f"copy: {copied.rows} rows ({megabytes:.1f} MB of snapshots) in {copied.seconds:.2f} s, "
            f"{copied.rows / copied.seconds:.0f} rows/s, {megabytes / copied.seconds:.1f} MB/s "
            "(read, insert, count and digest check, commit)"
        )
        for table in sorted(copied.tables, key=lambda t: -t.source_rows)[:4]:
            print(f"  {table.name}: {table.source_rows} rows")
        replay = await verify_copy(src, dst)
        print(
            f"replay check: {replay.replayed} games, {replay.actions} steps in {replay.seconds:.2f} s, "
            f"{replay.actions / replay.seconds:.0f} steps/s; {len(replay.differences)} differ"
        )
        print(f"total: {copied.seconds + replay.seconds:.2f} s")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--target", required=True, help="an empty PostgreSQL database: postgresql://user@host/db")
    parser.add_argument("--games", type=int, default=20, help="finished games of every title (default 20)")
    parser.add_argument("--running", type=int, default=5, help="running games of every title (default 5)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--replace", action="store_true", help="overwrite a target that holds data")
    args = parser.parse_args(argv)
    load_games([])
    with tempfile.TemporaryDirectory() as scratch:
        path = str(Path(scratch) / "source.sqlite3")
        began = time.perf_counter()
        actions = asyncio.run(build(path, args.games, args.running, args.seed))
        print(
            f"source: {(args.games + args.running) * len(TITLES)} games, {actions} actions, built in "
            f"{time.perf_counter() - began:.1f} s, {Path(path).stat().st_size / 1e6:.1f} MB"
        )
        asyncio.run(measure(path, args.target, args.replace))
    return 0


if __name__ == "__main__":
    sys.exit(main())
