"""Play in a terminal over the same service and a local SQLite file.

    python -m bot.terminal --players Ann Bob Cy            # hot-seat Puerto Rico
    python -m bot.terminal --game lisboa --players Ann Bob  # hot-seat Lisboa (2-4 players)
    python -m bot.terminal --random --games 20 --seed 1    # random legal play, one line per game
    python -m bot.terminal --load tests/bot_service/toy_game.py --game toy_race --players Ann Bob

Type ``name: action`` (or just the action when one player is to act), or a command:
``undo``, ``log [page]``, ``board``, ``help``, ``quit``. The game is saved after
every action; running again resumes it (``--new`` abandons it first).
"""

from __future__ import annotations

import argparse
import asyncio
import importlib
import importlib.util
import random
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, TextIO

from engine.core.text import shorten

from .service.results import Result, ServiceError, winner_line
from .service.service import GameService
from .store.store import GameStore

CHANNEL = "terminal"
DEFAULT_DB = "terminal_games.sqlite3"
DEFAULT_NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve")
HELP = (
    "Type `name: action` or, when exactly one player is to act, just the action "
    "(unique prefixes work, e.g. `bu sm`).\nCommands: undo (or `name: undo`), log [page], board, help, quit."
)


def user_id(name: str) -> str:
    return f"term:{name.lower()}"


def load_games(extra: list[str]) -> None:
    """Register the engine's games, plus modules or ``.py`` files named by ``--load``."""
    import engine  # noqa: F401  (importing registers every game)

    for target in extra:
        if target.endswith(".py"):
            path = Path(target).resolve()
            loaded = sys.modules.get(path.stem)
            if loaded is not None and Path(getattr(loaded, "__file__", "") or "").resolve() == path:
                continue
            sys.path.insert(0, str(path.parent))
            spec = importlib.util.spec_from_file_location(path.stem, path)
            if spec is None or spec.loader is None:
                raise SystemExit(f"cannot load {target}")
            module = importlib.util.module_from_spec(spec)
            sys.modules[path.stem] = module
            spec.loader.exec_module(module)
        else:
            importlib.import_module(target)


def parse_options(pairs: list[str]) -> dict[str, Any]:
    options: dict[str, Any] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise SystemExit(f"--option wants key=value, not {pair!r}")
        options[key.strip()] = value.strip()
    return options


async def new_game(
    svc: GameService, channel: str, game_id: str, names: list[str], options: dict[str, Any], seed: int | None
) -> Result:
    """Open a lobby, seat everybody and start."""
    await svc.lobby.open(channel, None, user_id(names[0]), names[0], game_id, options)
    for name in names[1:]:
        await svc.lobby.join(channel, user_id(name), name)
    return await svc.lobby.start(channel, user_id(names[0]), seed=seed)


async def play_randomly(
    svc: GameService, channel: str, result: Result, rng: random.Random, max_actions: int = 100_000
) -> tuple[Result, int, list[float]]:
    """Uniformly random legal actions for whoever must act, to the end; returns per-action seconds."""
    timings: list[float] = []
    while not result.game_over and len(timings) < max_actions:
        who = rng.choice(result.waiting)
        text = rng.choice(result.legal[who])
        began = time.perf_counter()
        result = await svc.play.act(channel, who, text, expected_version=result.version)
        timings.append(time.perf_counter() - began)
    return result, len(timings), timings


def final_line(result: Result) -> str:
    """The winner line of a finished game, seats named as the game recorded them."""
    return (winner_line(result.outcome, []) if result.outcome else None) or "no winner"


async def run_random(svc: GameService, args: argparse.Namespace, out: TextIO) -> int:
    rng = random.Random(args.seed)
    for number in range(1, args.games + 1):
        seed = rng.randrange(2**63) if args.seed is None else args.seed + number - 1
        channel = f"random-{number}-{seed}"
        start = await new_game(svc, channel, args.game, args.players, parse_options(args.option), seed)
        final, count, timings = await play_randomly(svc, channel, start, rng)
        if not final.game_over:
            out.write(f"game {number}: seed {seed} did not finish after {count} actions\n")
            return 1
        mean = 1000 * sum(timings) / max(1, count)
        if args.games == 1:
            at = final.public.index("Final scores:") if "Final scores:" in final.public else 0
            out.write("\n".join(final.public[at:]) + f"\n({count} actions, seed {seed}, {mean:.2f} ms/action)\n")
        else:
            out.write(f"game {number}: seed {seed}, {count} actions, {final_line(final)} ({mean:.2f} ms/action)\n")
    return 0


class Session:
    """The interactive loop: one game in channel ``terminal`` of the database."""

    def __init__(self, svc: GameService, out: TextIO, read: Callable[[str], str]) -> None:
        self.svc, self.out, self.read = svc, out, read
        self.names: list[str] = []

    def say(self, lines: list[str]) -> None:
        for line in lines:
            self.out.write(line + "\n")

    def report(self, result: Result) -> None:
        self.say(result.public)
        for who, lines in result.private.items():
            self.say([f"[to {self.name_of(who)}] {line}" for line in lines])

    def name_of(self, uid: str) -> str:
        return next((n for n in self.names if user_id(n) == uid), uid)

    async def board(self) -> Result:
        status = await self.svc.play.status(CHANNEL)
        public = (await self.svc.play.view(CHANNEL)).board_text or ""
        self.say([public])
        shown = set(public.splitlines())
        for uid in status.waiting:  # only what the public board does not already show
            own = (await self.svc.play.view(CHANNEL, uid, private=True)).board_text or ""
            extra = [line for line in own.splitlines() if line not in shown]
            if extra:
                self.say([f"{self.name_of(uid)} only:"] + [f"  {line}" for line in extra])
        self.say(status.public)
        for uid, texts in status.legal.items():
            self.say([f"{self.name_of(uid)} may: " + ", ".join(texts)])
        return status

    def who_and_what(self, line: str, waiting: list[str]) -> tuple[str, str]:
        """Split ``name: text``; a bare text belongs to the only player to act."""
        head, sep, rest = line.partition(":")
        if sep:
            wanted = head.strip().lower()
            exact = [n for n in self.names if n.lower() == wanted]
            hits = exact or [n for n in self.names if n.lower().startswith(wanted)]
            if len(hits) == 1:
                return user_id(hits[0]), rest.strip()
            if wanted and " " not in wanted:
                raise ServiceError(f"`{shorten(head)}` is not one player; players: {', '.join(self.names)}.")
        if len(waiting) != 1:
            names = ", ".join(self.name_of(u) for u in waiting)
            raise ServiceError(f"Several players must act now ({names}): type `name: action`.")
        return waiting[0], line.strip()

    async def step(self, line: str, status: Result) -> Result | None:
        """Handle one line; ``None`` means quit."""
        word, _, arg = line.strip().partition(" ")
        command = word.lower()
        if command in {"quit", "exit", "q"}:
            return None
        if command == "help":
            self.say([HELP])
            return status
        if command == "board":
            return await self.board()
        if command == "log":
            self.say(
                (await self.svc.archive.log(CHANNEL, int(arg) if arg.strip().lstrip("-").isdigit() else None)).public
            )
            return status
        who, text = self.who_and_what(line, status.waiting)
        if text.lower() == "undo":
            result = await self.svc.play.undo(CHANNEL, who, expected_version=status.version)
        else:
            result = await self.svc.play.act(CHANNEL, who, text, expected_version=status.version)
        self.report(result)
        if not result.game_over:
            await self.board()
        return result

    async def run(self, args: argparse.Namespace) -> int:
        live = await self.svc.store.live_game(CHANNEL)
        if live is not None and args.new:
            await self.svc.lobby.abandon(CHANNEL, live.creator_id)
            live = None
        if live is None:
            self.report(
                await new_game(self.svc, CHANNEL, args.game, args.players, parse_options(args.option), args.seed)
            )
        else:
            self.say([f"Resuming {live.title} (version {live.version}); use --new to start over."])
        self.names = [s.name for s in await self.svc.store.seats((await self.svc.play.status(CHANNEL)).game_row or 0)]
        status = await self.board()
        self.say([HELP])
        while not status.game_over:
            try:
                line = self.read("> ")
            except EOFError:
                break
            if not line.strip():
                continue
            try:
                next_status = await self.step(line, status)
            except (ServiceError, ValueError) as exc:
                self.say([str(exc)])
                continue
            if next_status is None:
                break
            status = next_status if next_status.version is not None else status
        return 0


def build_parser() -> argparse.ArgumentParser:
    import engine  # noqa: F401  (registers every game)
    from engine.core import all_games

    games = ", ".join(
        f"{g.spec.id} ({g.spec.title}, {g.spec.min_players}-{g.spec.max_players} players)" for g in all_games()
    )
    parser = argparse.ArgumentParser(prog="python -m bot.terminal", description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--game", default="puerto_rico", help=f"game id: {games}, or one added by --load (default puerto_rico)"
    )
    parser.add_argument("--players", nargs="+", help="player names in lobby order")
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE", help="game option")
    parser.add_argument("--seed", type=int, help="set-up seed (and random-play seed)")
    parser.add_argument("--db", help=f"SQLite file (default ./{DEFAULT_DB}; a temp file with --random)")
    parser.add_argument("--random", action="store_true", help="play every seat randomly to the end")
    parser.add_argument("--games", type=int, default=1, help="with --random: how many games")
    parser.add_argument("--new", action="store_true", help="abandon a saved terminal game and start anew")
    parser.add_argument(
        "--load",
        action="append",
        default=[],
        metavar="MODULE_OR_FILE",
        help="import more games (e.g. tests/bot_service/toy_game.py)",
    )
    return parser


async def amain(args: argparse.Namespace, out: TextIO, read: Callable[[str], str]) -> int:
    with tempfile.TemporaryDirectory() as scratch:
        path = args.db or (str(Path(scratch) / "random.sqlite3") if args.random else DEFAULT_DB)
        store = await GameStore.open(path)
        try:
            svc = GameService(store, rng=random.Random(args.seed))
            if args.random:
                return await run_random(svc, args, out)
            return await Session(svc, out, read).run(args)
        finally:
            await store.close()


def main(argv: list[str] | None = None, out: TextIO | None = None, read: Callable[[str], str] = input) -> int:
    args = build_parser().parse_args(argv)
    load_games(args.load)
    out = out or sys.stdout
    from engine.core import get_game

    try:
        spec = get_game(args.game).spec
    except Exception as exc:  # unknown game: the engine's message lists the games
        out.write(f"{exc}\n")
        return 2
    args.players = args.players or list(DEFAULT_NAMES[: max(spec.min_players, min(3, spec.max_players))])
    if len({n.lower() for n in args.players}) != len(args.players):
        out.write("Player names must differ.\n")
        return 2
    try:
        return asyncio.run(amain(args, out, read))
    except ServiceError as exc:
        out.write(f"{exc.message}\n")
        return 2


if __name__ == "__main__":
    sys.exit(main())
