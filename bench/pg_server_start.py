"""How long the tests' throwaway PostgreSQL server takes to start and to stop (issue 17).

Each round is what one test session pays once: ``tests/pg_server.py``'s ``local_server`` runs
``initdb`` in a temporary directory, starts ``postgres`` on a free port, waits until it is ready and
creates the test database (start); then stops it and removes the directory (stop). A fresh
database per test (``pg_database_url``: ``CREATE DATABASE`` then ``DROP DATABASE``) is timed too.

    python bench/pg_server_start.py [--rounds 5] [--databases 20]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from pg_server import find_bin_dir, local_server  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=5, help="servers started and stopped one after another")
    parser.add_argument("--databases", type=int, default=20, help="fresh databases made and dropped per server")
    args = parser.parse_args()
    if args.rounds < 1 or args.databases < 0:
        parser.error("--rounds must be at least 1 and --databases at least 0")
    bin_dir = find_bin_dir()
    starts: list[float] = []
    stops: list[float] = []
    fresh: list[float] = []
    for _ in range(args.rounds):
        with local_server(bin_dir) as server:
            for _ in range(args.databases):
                began = time.perf_counter()
                server.drop_database(server.create_database())
                fresh.append(time.perf_counter() - began)
        starts.append(server.start_seconds)
        stops.append(server.stop_seconds)
    print(f"PostgreSQL binaries: {bin_dir}")
    for label, values in (("start", starts), ("stop", stops), ("fresh database", fresh)):
        if values:
            print(
                f"{label:>15}: median {statistics.median(values) * 1000:7.1f} ms, "
                f"min {min(values) * 1000:7.1f} ms, max {max(values) * 1000:7.1f} ms ({len(values)} runs)"
            )


if __name__ == "__main__":
    main()
