"""The profile of one button click on a Puerto Rico turn message, through the real discord.py client
on the Discord fakes (issue 24): modules entered, calls made, CPU and database statements.

    python bench/click_profile.py                        # 4 players, 40 measured clicks after 30 moves
    python bench/click_profile.py --players 3 --clicks 80 --seed 2 --show-sql

A game is played through the bot's own commands and components (``tests/bot_discord/discord_fakes.py``,
a temporary SQLite file, board images a stand-in PNG unless ``--draw``). After ``--warmup`` moves,
the next ``--clicks`` clicks on a button or a menu of the public turn message that plays an option
are measured (a panel, the Mayor's editor and the moves behind them are played but not measured).
The same seeded game is played three times, each pass measuring one thing, so that no measurement
disturbs another:

* **time**: the process CPU of the whole click (from the interaction's arrival until the bot is
  done) and of its **service part**: the CPU spent inside calls the Discord layer makes into
  ``bot.service`` (the service object's methods, and the service's functions, classes and their
  methods that ``bot.discord`` modules import), counted once however deeply they nest;
* **calls**: every Python function call of the click (a coroutine resumed after an ``await`` is not
  a new call), by module; "project" modules are those of ``engine/``, ``render/`` and ``bot/``,
  the service part as above;
* **statements**: the statements SQLAlchemy sends (its ``before_cursor_execute`` event), and every
  statement SQLite itself runs (its trace callback: ``BEGIN``, ``COMMIT`` and pragmas too).

Figures are per click: the median (and min–max) over the measured clicks.
"""

from __future__ import annotations

import argparse
import asyncio
import functools
import gc
import inspect
import random
import re
import statistics
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from types import FrameType, ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
for extra in (ROOT, ROOT / "tests" / "bot_discord", ROOT / "bench"):
    sys.path.insert(0, str(extra))

from discord_fakes import EPHEMERAL, FakeDiscord, Guild, start_bot  # noqa: E402
from sqlalchemy import event  # noqa: E402
from turn_messages import PLAYERS, click, components  # noqa: E402

import bot.discord.turns  # noqa: E402

PNG = b"\x89PNG\r\n\x1a\n"
PROJECT = tuple(str(ROOT / part) + "/" for part in ("engine", "render", "bot"))
HERE = str(Path(__file__).resolve())
GAME = "puerto_rico"
GAME_READ = re.compile(r"SELECT .* FROM games WHERE", re.IGNORECASE)


# --- the service part: calls from the Discord layer into bot.service ---------------------------------
class Meter:
    """Counts the CPU spent inside service calls made from outside the service (nested calls once)."""

    def __init__(self) -> None:
        self.depth = 0
        self.began = 0.0
        self.spent = 0.0

    def enter(self) -> None:
        if self.depth == 0:
            self.began = time.process_time()
        self.depth += 1

    def leave(self) -> None:
        self.depth -= 1
        if self.depth == 0:
            self.spent += time.process_time() - self.began


METER = Meter()


def metered(fn: Callable[..., Any]) -> Callable[..., Any]:
    if getattr(fn, "__metered__", False):
        return fn
    if inspect.iscoroutinefunction(fn):

        @functools.wraps(fn)
        async def run_async(*args: Any, **kwargs: Any) -> Any:
            METER.enter()
            try:
                return await fn(*args, **kwargs)
            finally:
                METER.leave()

        run_async.__metered__ = True  # type: ignore[attr-defined]
        return run_async

    @functools.wraps(fn)
    def run(*args: Any, **kwargs: Any) -> Any:
        METER.enter()
        try:
            return fn(*args, **kwargs)
        finally:
            METER.leave()

    run.__metered__ = True  # type: ignore[attr-defined]
    return run


def is_service(obj: Any) -> bool:
    return str(getattr(obj, "__module__", "") or "").startswith("bot.service")


def meter_class(cls: type, done: set[type]) -> None:
    """Meter the public methods and properties ``cls`` defines (its service bases too)."""
    for klass in cls.__mro__:
        if klass in done or not is_service(klass):
            continue
        done.add(klass)
        for name, value in list(vars(klass).items()):
            if name.startswith("_"):
                continue
            if isinstance(value, property) and value.fget is not None:
                setattr(klass, name, property(metered(value.fget), value.fset, value.fdel, value.__doc__))
            elif isinstance(value, staticmethod):
                setattr(klass, name, staticmethod(metered(value.__func__)))
            elif isinstance(value, classmethod):
                setattr(klass, name, classmethod(metered(value.__func__)))
            elif inspect.isfunction(value):
                setattr(klass, name, metered(value))


METERED: set[type] = set()


def meter_service(service: Any) -> None:
    """Meter what the Discord layer reaches of the service: the service object and its parts, and the
    service's functions and classes that ``bot.discord`` modules import (each class once a process)."""
    done = METERED
    seen: set[int] = set()
    stack = [service]
    while stack:  # the service object and every service object it holds
        obj = stack.pop()
        if id(obj) in seen:
            continue
        seen.add(id(obj))
        meter_class(type(obj), done)
        stack.extend(v for v in vars(obj).values() if is_service(type(v)) and not isinstance(v, type))
    for name, module in list(sys.modules.items()):
        if not name.startswith("bot.discord") or not isinstance(module, ModuleType):
            continue
        for attr, value in list(vars(module).items()):
            if inspect.isclass(value) and is_service(value):
                meter_class(value, done)
            elif inspect.isfunction(value) and is_service(value):
                setattr(module, attr, metered(value))


# --- calls: a profile hook counting Python function calls ----------------------------------------
@dataclass
class Calls:
    total: int = 0
    by_file: Counter[str] = field(default_factory=Counter)
    service: int = 0
    service_files: set[str] = field(default_factory=set)
    _resumable: dict[int, FrameType] = field(default_factory=dict)

    def hook(self, frame: FrameType, what: str, _arg: Any) -> None:
        if what != "call":
            return
        code = frame.f_code
        if code.co_flags & (inspect.CO_COROUTINE | inspect.CO_GENERATOR | inspect.CO_ASYNC_GENERATOR):
            if id(frame) in self._resumable:  # resumed after a yield or an await: not a new call
                return
            self._resumable[id(frame)] = frame  # kept alive so that its id is not reused in this click
        if code.co_filename == HERE:
            return
        self.total += 1
        self.by_file[code.co_filename] += 1
        if METER.depth > 0 and code.co_filename.startswith(PROJECT):
            self.service += 1
            self.service_files.add(code.co_filename)

    def project(self) -> Counter[str]:
        return Counter({f: n for f, n in self.by_file.items() if f.startswith(PROJECT)})


def module_name(path: str) -> str:
    return str(Path(path).relative_to(ROOT))


# --- statements -------------------------------------------------------------------------------
@dataclass
class Statements:
    sqlalchemy: list[str] = field(default_factory=list)
    sqlite: list[str] = field(default_factory=list)

    def install(self, backend: Any) -> None:
        """Listen to the store's ``backend``: its engine's statements, and SQLite's own on every
        connection (those the database thread holds open already, and any opened later)."""
        engine = backend.engine
        sync = getattr(engine, "sync_engine", engine)

        @event.listens_for(sync, "before_cursor_execute")
        def _sent(_conn: Any, _cursor: Any, statement: str, *_rest: Any) -> None:
            self.sqlalchemy.append(" ".join(statement.split()))

        @event.listens_for(sync, "checkout")
        def _trace(dbapi_connection: Any, *_rest: Any) -> None:
            if hasattr(dbapi_connection, "set_trace_callback"):
                dbapi_connection.set_trace_callback(lambda sql: self.sqlite.append(" ".join(sql.split())))

        for held in (getattr(backend, "_reader", None), getattr(backend, "_writer", None)):
            if held is not None:  # opened by the database thread before: no checkout to come
                _trace(held.connection.dbapi_connection)

    def clear(self) -> None:
        self.sqlalchemy.clear()
        self.sqlite.clear()


# --- the game -------------------------------------------------------------------------------
def turn_message(fake: FakeDiscord, row: int) -> dict[str, Any] | None:
    """The latest public message carrying components of game ``row``'s newest version."""
    best: tuple[int, dict[str, Any]] | None = None
    for mid, message in fake.messages.items():
        if mid in fake.deleted or int(message.get("flags") or 0) & EPHEMERAL:
            continue
        for item in components(message):
            parts = item.get("custom_id", "").split(":")
            ours = len(parts) > 3 and parts[0] == "pbp" and parts[1] == str(row) and parts[2].isdigit()
            if ours and (best is None or int(parts[2]) >= best[0]):
                best = (int(parts[2]), message)
    return None if best is None else best[1]


def direct_playable(message: dict[str, Any]) -> list[dict[str, Any]]:
    """Buttons and menus of the message that play an option of one seat (``…:<seat>:a<i>`` / ``s<p>``)."""
    out = []
    for item in components(message):
        parts = item.get("custom_id", "").split(":")
        if len(parts) == 5 and parts[4][:1] in "as" and parts[4][1:].isdigit():
            out.append(item)
    return out


@dataclass
class Sample:
    cpu_ms: float = 0.0
    service_ms: float = 0.0
    calls: Calls | None = None
    sqlalchemy: int = 0
    sqlite: int = 0
    sql: list[str] = field(default_factory=list)


@contextmanager
def profiled(calls: Calls | None) -> Iterator[None]:
    if calls is not None:
        sys.setprofile(calls.hook)
    try:
        yield
    finally:
        if calls is not None:
            sys.setprofile(None)


async def play(args: argparse.Namespace, db: Path, mode: str) -> list[Sample]:
    """One seeded game; the measured clicks' samples in ``mode`` (``time``, ``calls`` or ``statements``)."""
    fake = FakeDiscord()
    bot = await start_bot(db, fake, seed=args.seed)
    samples: list[Sample] = []
    statements = Statements()
    try:
        guild = Guild(bot, fake)
        seated = PLAYERS[: args.players]
        await guild.command(*seated[0], "game new", game=GAME)
        for user, name in seated[1:]:
            await guild.command(user, name, "game join")
        await guild.command(*seated[0], "game start")
        first = turn_message_any(fake)
        row = int(first.split(":")[1])
        users = (await bot.service.table(row)).users
        if mode != "statements":
            meter_service(bot.service)
        else:
            statements.install(bot.service.core.store.db)
        rng = random.Random(args.seed)
        names = dict(PLAYERS)
        moves = 0
        while len(samples) < args.clicks:
            message = turn_message(fake, row)
            if message is None or not [c for c in components(message) if c.get("custom_id", "").count(":") > 2]:
                raise RuntimeError(f"the game ended after {moves} moves, before {args.clicks} clicks were measured")
            playable = direct_playable(message)
            if moves < args.warmup or not playable:
                if playable:
                    item = rng.choice(playable)
                    user = int(users[int(item["custom_id"].split(":")[3])])
                    values = [rng.choice(item["options"])["value"]] if "options" in item else None
                    await guild.click(user, names[user], message, item["custom_id"], values)
                else:
                    await click(guild, row, message, rng)
                moves += 1
                continue
            item = rng.choice(playable)
            user = int(users[int(item["custom_id"].split(":")[3])])
            values = [rng.choice(item["options"])["value"]] if "options" in item else None
            sample = Sample()
            calls = Calls() if mode == "calls" else None
            gc.collect()
            statements.clear()
            METER.spent = 0.0
            began = time.process_time()
            with profiled(calls):
                await guild.click(user, names[user], message, item["custom_id"], values)
            sample.cpu_ms = 1000 * (time.process_time() - began)
            sample.service_ms = 1000 * METER.spent
            sample.calls = calls
            sample.sqlalchemy, sample.sqlite = len(statements.sqlalchemy), len(statements.sqlite)
            sample.sql = list(statements.sqlite)
            samples.append(sample)
            moves += 1
    finally:
        await bot.close()
    return samples


def turn_message_any(fake: FakeDiscord) -> str:
    """A custom_id of the first turn message (its game row is the second field)."""
    for message in reversed(list(fake.messages.values())):
        for item in components(message):
            custom_id = str(item.get("custom_id", ""))
            if custom_id.startswith("pbp:") and custom_id.split(":")[1].isdigit():
                return custom_id
    raise RuntimeError("no turn message")


def spread(values: list[float], unit: str = "", digits: int = 0) -> str:
    def fmt(v: float) -> str:
        return f"{v:.{digits}f}"

    return f"median {fmt(statistics.median(values))}{unit} ({fmt(min(values))}–{fmt(max(values))})"


def report(timed: list[Sample], counted: list[Sample], queried: list[Sample], args: argparse.Namespace) -> None:
    print(f"{GAME}, {args.players} players, seed {args.seed}: {len(timed)} clicks measured after {args.warmup} moves")
    print(f"CPU of the whole click:        {spread([s.cpu_ms for s in timed], ' ms', 2)}")
    print(f"CPU of its service part:       {spread([s.service_ms for s in timed], ' ms', 2)}")
    calls = [s.calls for s in counted if s.calls is not None]
    print(f"Python calls, all:             {spread([c.total for c in calls])}")
    print(f"  into project modules:        {spread([sum(c.project().values()) for c in calls])}")
    print(f"  in the service part:         {spread([c.service for c in calls])}")
    print(f"project modules entered:       {spread([len(c.project()) for c in calls])}")
    print(f"  by the service part:         {spread([len(c.service_files) for c in calls])}")
    print(f"statements SQLAlchemy sends:   {spread([s.sqlalchemy for s in queried])}")
    print(f"statements SQLite runs:        {spread([s.sqlite for s in queried])}")
    print(f"  reads of the game's row:     {spread([len(game_reads(s.sql)) for s in queried])}")
    middle = sorted(calls, key=lambda c: sum(c.project().values()))[len(calls) // 2]
    print("\nthe median click's busiest project modules (calls):")
    for path, n in middle.project().most_common(args.top):
        print(f"  {n:6d}  {module_name(path)}")
    by_layer: Counter[str] = Counter()
    for path, n in middle.by_file.items():
        by_layer[layer(path)] += n
    print("its calls by layer: " + ", ".join(f"{name} {n}" for name, n in by_layer.most_common()))
    if args.show_sql:
        sample = sorted(queried, key=lambda s: s.sqlite)[len(queried) // 2]
        print("\nthe statements SQLite ran for a median click:")
        for sql in sample.sql:
            print("  " + (sql if len(sql) < 160 else sql[:157] + "..."))


def game_reads(statements: list[str]) -> list[str]:
    """The statements that read a row of ``games`` (the game itself, not a join for another table)."""
    return [sql for sql in statements if GAME_READ.match(sql)]


def layer(path: str) -> str:
    if path.startswith(PROJECT):
        parts = Path(path).relative_to(ROOT).parts
        return "/".join(parts[:2]) if parts[0] == "bot" and len(parts) > 2 else parts[0]
    for name in ("discord", "sqlalchemy", "asyncio", "aiohttp"):
        if f"/{name}/" in path:
            return name
    return "other"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--warmup", type=int, default=30, help="moves played before measuring")
    parser.add_argument("--clicks", type=int, default=40, help="clicks measured")
    parser.add_argument("--top", type=int, default=12, help="busiest modules listed")
    parser.add_argument("--show-sql", action="store_true", help="list the statements of a median click")
    parser.add_argument("--draw", action="store_true", help="draw real board images (the click costs more)")
    args = parser.parse_args(argv)
    if not args.draw:
        bot.discord.turns.render_board = lambda view, lang="en": PNG + b"board"  # type: ignore[assignment]
        bot.discord.turns.render_player_board = lambda view, seat, lang="en": PNG + b"own"  # type: ignore[assignment]
    results: dict[str, list[Sample]] = {}
    with tempfile.TemporaryDirectory() as scratch:
        for mode in ("statements", "calls", "time"):
            results[mode] = asyncio.run(play(args, Path(scratch) / f"{mode}.sqlite3", mode))
    report(results["time"], results["calls"], results["statements"], args)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
