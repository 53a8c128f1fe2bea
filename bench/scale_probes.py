"""What ``bench/bench_scale.py`` reads around a run, apart from the run itself: how long processes waited
for a CPU and the machine's load (Linux ``/proc``), the PostgreSQL server's CPU, the statements and
pool checkouts of a worker's engine (``--trace``), the server's own log of round trips
(``--round-trips``) and a profile summed by area (``--profile``)."""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import time
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sqlalchemy import event

from bot.store.store import GameStore


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
