"""How fast a move is answered through the real discord.py client on the Discord fakes (issue 24).

    python bench/click_latency.py                      # both scenarios, best of 3 runs each
    python bench/click_latency.py --scenario one --runs 1 --moves 60
    python bench/click_latency.py --scenario many --games 50 --rate 20 --seconds 30

Each run is the real bot (``tests/bot_discord/discord_fakes.py``: discord.py's own objects,
interactions entering as gateway events, every request landing in a recorder instead of the
network) on a fresh SQLite file, drawing real board images. A move is what a player does on
Discord: types ``/play`` and waits for the suggestions (four autocomplete look-ups, one per
keystroke, :data:`KEYSTROKE` apart: nothing typed, then the first one, two and three characters of
the option picked from the first answer), then sends the command with that option.

* ``one``: a single 4-player Puerto Rico game, one move at a time (:data:`THINK` after each answer);
* ``many``: ``--games`` tables of mixed titles set up first, then moves arriving open-loop at
  ``--rate`` a second for ``--seconds``, each to the next table (round robin) with no move in
  flight; an arrival finding every table busy is counted as dropped.

Every time is taken from when Discord would have delivered the interaction (its planned time, not
when the busy loop got round to it), to when the request reached the fake HTTP layer:

* **board**: ``/play`` to the turn message's post or edit in the table's channel;
* **ack**: ``/play`` to its acknowledgement (the deferral's interaction callback);
* **suggest**: an autocomplete look-up to its answer;
* **lag**: how late a ticker waking every :data:`TICK` s was woken (the event loop being busy);
* **CPU per move**: this process's CPU time and its child processes' (a render pool) over the run,
  divided by the moves answered; **sustained**: moves answered per second of the run.

With ``--profile FILE`` the event loop's thread is profiled over the moves (not the set-up) into a
pstats file (the profiler slows every figure).

The machine's load average is printed first: other work on it skews every figure.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import os
import random
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
for extra in (ROOT, ROOT / "tests" / "bot_discord"):
    sys.path.insert(0, str(extra))

from discord.webhook.async_ import async_context  # noqa: E402
from discord_fakes import Guild, start_bot  # noqa: E402
from discord_options import command_data  # noqa: E402
from fake_http import Call, FakeDiscord  # noqa: E402

from bot.settings import Settings  # noqa: E402

KEYSTROKE = 0.1  # seconds between two autocomplete look-ups of one move
THINK = 0.3  # seconds between an answer and the next move of the single game
TICK = 0.005  # the lag ticker's period (seconds)
TITLES = (("puerto_rico", 4), ("lisboa", 3), ("lorenzo", 4), ("red_cathedral", 3))


class Recorder(FakeDiscord):
    """The fake HTTP layer, telling waiters when a request of theirs arrives."""

    def __init__(self) -> None:
        super().__init__()
        self.waiting: dict[tuple[str, str], asyncio.Future[tuple[float, Call]]] = {}

    def expect(self, what: str, key: str) -> asyncio.Future[tuple[float, Call]]:
        """A future set to the time and the request of the next ``what`` request for ``key`` (a token
        or a channel): ``ack`` an interaction callback, ``reply`` a followup, ``board`` a channel
        message's text."""
        future: asyncio.Future[tuple[float, Call]] = asyncio.get_running_loop().create_future()
        self.waiting[(what, key)] = future
        return future

    def _record(self, kind: str, route: Any, body: dict[str, Any], files: list[tuple[str, bytes]]) -> Call:
        now = time.monotonic()
        call = super()._record(kind, route, body, files)
        if kind == "webhook":
            what = "ack" if route.path.endswith("/callback") else "reply" if route.method == "POST" else ""
            key = str(route.webhook_token)
        else:
            writes = route.method in ("POST", "PATCH") and "/messages" in route.path and "content" in body
            what, key = ("board" if writes else ""), str(route.channel_id)
        future = self.waiting.pop((what, key), None)
        if future is not None and not future.done():
            future.set_result((now, call))
        return call


class Channel(Guild):
    """A guild whose interactions come from one channel of its own (one table per channel)."""

    def __init__(self, bot: Any, fake: FakeDiscord, channel_id: int) -> None:
        super().__init__(bot, fake)
        self.channel_id = channel_id

    def _base(self, kind: int, user: int, name: str, data: dict[str, Any], perms: str) -> dict[str, Any]:
        payload = super()._base(kind, user, name, data, perms)
        payload["channel_id"] = str(self.channel_id)
        payload["channel"] = dict(payload["channel"], id=str(self.channel_id))
        return payload


@dataclass
class Table:
    guild: Channel
    row: int
    users: dict[str, str]  # user id -> name
    next_user: str = ""
    busy: bool = False
    over: bool = False


@dataclass
class Figures:
    board: list[float] = field(default_factory=list)
    ack: list[float] = field(default_factory=list)
    suggest: list[float] = field(default_factory=list)
    lag: list[float] = field(default_factory=list)
    moves: int = 0
    failed: int = 0
    dropped: int = 0
    seconds: float = 0.0
    cpu: float = 0.0


def descendants_cpu() -> float:
    """CPU seconds (user + system) of this process's descendants now running (e.g. a render pool's
    workers, children of a fork server), read from ``/proc``; 0 where there is no ``/proc``."""
    parents: dict[int, int] = {}
    ticks: dict[int, int] = {}
    for entry in os.listdir("/proc") if os.path.isdir("/proc") else []:
        if not entry.isdigit():
            continue
        try:
            fields = Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        parents[int(entry)] = int(fields[1])
        ticks[int(entry)] = int(fields[11]) + int(fields[12])
    mine, total, frontier = {os.getpid()}, 0, [os.getpid()]
    while frontier:
        parent = frontier.pop()
        for pid, ppid in parents.items():
            if ppid == parent and pid not in mine:
                mine.add(pid)
                frontier.append(pid)
                total += ticks[pid]
    return total / os.sysconf("SC_CLK_TCK")


async def at(moment: float) -> None:
    await asyncio.sleep(max(0.0, moment - time.monotonic()))


async def ticker(lags: list[float], stop: asyncio.Event) -> None:
    while not stop.is_set():
        planned = time.monotonic() + TICK
        await asyncio.sleep(TICK)
        lags.append(time.monotonic() - planned)


async def move(table: Table, start: float, figures: Figures, rng: random.Random) -> None:
    """One move of ``table.next_user`` (see the module's text), its times added to ``figures``."""
    guild, fake = table.guild, table.guild.fake
    assert isinstance(fake, Recorder)
    user, name = int(table.next_user), table.users[table.next_user]
    picked: list[str] = []
    for k in range(4):
        arrival = start + k * KEYSTROKE
        await at(arrival)
        typed = picked[0][:k] if picked else ""
        payload = guild._base(4, user, name, command_data("play", {"action": typed}, "action"), "0")
        answered = fake.expect("ack", payload["token"])
        guild.bot._connection.parse_interaction_create(payload)
        when, answer = await asyncio.wait_for(answered, 60)
        figures.suggest.append(when - arrival)
        if not picked:
            choices = answer.payload["data"]["choices"] if answer.payload.get("type") == 8 else []
            if not choices:
                raise RuntimeError(f"no suggestion for {name} in game {table.row}")
            picked.append(rng.choice(choices)["value"])
    arrival = max(start + 4 * KEYSTROKE, time.monotonic())
    await at(arrival)
    payload = guild._base(2, user, name, command_data("play", {"action": picked[0]}), "0")
    acked, board = fake.expect("ack", payload["token"]), fake.expect("board", str(guild.channel_id))
    replied = fake.expect("reply", payload["token"])
    guild.bot._connection.parse_interaction_create(payload)
    figures.ack.append((await asyncio.wait_for(acked, 60))[0] - arrival)
    reply = (await asyncio.wait_for(replied, 60))[1]
    if board.done():
        figures.board.append(board.result()[0] - arrival)
        figures.moves += 1
    else:
        fake.waiting.pop(("board", str(guild.channel_id)), None)
        figures.failed += 1
        print(f"game {table.row}: {picked[0]!r} by {name} posted no board: {reply.content!r}", file=sys.stderr)
    now = await guild.bot.service.table(table.row)
    table.over = not now.active
    table.next_user = rng.choice(now.waiting_users()) if now.active else ""
    fake.calls.clear()  # keep the recorder small (nothing reads them back)


async def open_tables(bot: Any, fake: Recorder, specs: list[tuple[str, int]], rng: random.Random) -> list[Table]:
    """One table per (title, players) in a channel of its own: opened, joined and started."""
    tables = []
    for number, (game, players) in enumerate(specs):
        guild = Channel(bot, fake, 700_000_000_000_010_000 + number)
        users = {str(20_000 + 10 * number + seat): f"P{number}s{seat}" for seat in range(players)}
        (first, first_name), *others = list(users.items())
        await guild.command(int(first), first_name, "game new", game=game)
        for user, name in others:
            await guild.command(int(user), name, "game join")
        await guild.command(int(first), first_name, "game start")
        state = await bot.service.table_in(guild.channel_id)
        tables.append(Table(guild, state.row, users, rng.choice(state.waiting_users())))
    return tables


async def run(scenario: str, args: argparse.Namespace, db: Path) -> Figures:
    fake = Recorder()
    async_context.set(fake)  # the tasks discord.py creates copy this context
    workers = Settings.__dataclass_fields__.get("render_workers")  # the render pool, where there is one
    default = workers.default_factory() if workers is not None else None  # type: ignore[misc]
    extra = (
        {} if workers is None else {"render_workers": default if args.render_workers is None else args.render_workers}
    )
    bot = await start_bot(db, fake, seed=args.seed, **extra)
    rng = random.Random(args.seed)
    figures = Figures()
    try:
        specs = [("puerto_rico", 4)] if scenario == "one" else [TITLES[i % len(TITLES)] for i in range(args.games)]
        tables = await open_tables(bot, fake, specs, rng)
        stop = asyncio.Event()
        tick = asyncio.create_task(ticker(figures.lag, stop))
        began, cpu, children = time.monotonic(), time.process_time(), descendants_cpu()
        profile = cProfile.Profile() if args.profile else None
        if profile is not None:
            profile.enable()
        if scenario == "one":
            table = tables[0]
            for _ in range(args.moves):
                if table.over:
                    break
                await move(table, time.monotonic(), figures, rng)
                await asyncio.sleep(THINK)
        else:
            await open_loop(tables, args, figures, rng)
        if profile is not None:
            profile.disable()
            profile.dump_stats(args.profile)
        figures.seconds = time.monotonic() - began
        figures.cpu = time.process_time() - cpu + descendants_cpu() - children
        stop.set()
        await tick
    finally:
        await bot.close()
    return figures


async def open_loop(tables: list[Table], args: argparse.Namespace, figures: Figures, rng: random.Random) -> None:
    """Moves arriving at ``args.rate`` a second, each to the next idle table."""
    pending: set[asyncio.Task[None]] = set()
    start, turn = time.monotonic() + 0.05, 0

    async def one(table: Table, when: float) -> None:
        try:
            await move(table, when, figures, rng)
        finally:
            table.busy = False

    for number in range(int(args.rate * args.seconds)):
        when = start + number / args.rate
        await at(when)
        for _ in range(len(tables)):
            table, turn = tables[turn % len(tables)], turn + 1
            if not table.busy and not table.over:
                table.busy = True
                task = asyncio.create_task(one(table, when))
                pending.add(task)
                task.add_done_callback(pending.discard)
                break
        else:
            figures.dropped += 1
    if pending:
        await asyncio.wait(pending, timeout=120)


def pct(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return 1000 * ordered[min(len(ordered) - 1, int(fraction * len(ordered)))] if ordered else float("nan")


def spread(values: list[float]) -> str:
    return f"p50 {pct(values, 0.5):7.1f}  p95 {pct(values, 0.95):7.1f}  p99 {pct(values, 0.99):7.1f} ms"


def report(label: str, f: Figures) -> str:
    answered = max(f.moves, 1)
    return (
        f"{label}\n  board    {spread(f.board)}\n  ack      {spread(f.ack)}\n  suggest  {spread(f.suggest)}\n"
        f"  lag      p50 {pct(f.lag, 0.5):7.1f}  p99 {pct(f.lag, 0.99):7.1f}  "
        f"max {1000 * max(f.lag, default=0):7.1f} ms\n"
        f"  {f.moves} moves ({f.failed} failed, {f.dropped} dropped) in {f.seconds:.1f} s: "
        f"{f.moves / f.seconds:.1f} moves/s sustained, CPU {1000 * f.cpu / answered:.1f} ms per move"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--scenario", choices=("one", "many"), action="append", help="default: both")
    parser.add_argument("--runs", type=int, default=3, help="runs per scenario; the best (lowest board p95) is kept")
    parser.add_argument("--moves", type=int, default=120, help="moves of the single game (scenario one)")
    parser.add_argument("--games", type=int, default=50, help="tables (scenario many)")
    parser.add_argument("--rate", type=float, default=20.0, help="moves a second (scenario many)")
    parser.add_argument("--seconds", type=float, default=30.0, help="length of the open-loop run (scenario many)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--render-workers", type=int, help="RENDER_WORKERS (default: the bot's default; absent before issue 24)"
    )
    parser.add_argument("--profile", metavar="FILE", help="cProfile the loop's thread over the moves (pstats file)")
    args = parser.parse_args(argv)
    print(f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())} on {os.cpu_count()} cores", flush=True)
    best_of: Callable[[list[Figures]], Figures] = lambda runs: min(runs, key=lambda f: pct(f.board, 0.95))  # noqa: E731
    with tempfile.TemporaryDirectory() as scratch:
        for scenario in args.scenario or ["one", "many"]:
            runs = []
            for number in range(args.runs):
                figures = asyncio.run(run(scenario, args, Path(scratch) / f"{scenario}-{number}.sqlite3"))
                print(report(f"{scenario}, run {number + 1}", figures), flush=True)
                runs.append(figures)
            print(report(f"== {scenario}: best of {len(runs)}", best_of(runs)), flush=True)
    print(f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())} at the end")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
