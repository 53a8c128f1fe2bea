"""Play in a terminal over the same service and a local SQLite file.

    python -m bot.terminal --players Ann Bob Cy            # hot-seat Puerto Rico
    python -m bot.terminal --game lisboa --players Ann Bob  # hot-seat Lisboa (2-4 players)
    python -m bot.terminal --random --games 20 --seed 1    # random legal play, one line per game
    python -m bot.terminal --load tests/bot_service/toy_game.py --game toy_race --players Ann Bob

Type ``name: action`` (or just the action when one player is to act), or a command:
``undo``, ``log [page]``, ``board``, ``help``, ``quit``. The game is saved after
every action; running again resumes it (``--new`` abandons it first). The interactive loop is
:mod:`bot.hotseat`; a bad argument, database or table is one line on stderr and exit code 2.
"""

from __future__ import annotations

import argparse
import asyncio
import importlib
import importlib.util
import os
import random
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any, TextIO

from engine.core import IllegalAction

from .cli import Parser, fail, seed, whole
from .hotseat import CHANNEL, Session, user_id
from .service.change import Step
from .service.results import ServiceError
from .service.scores import winner_line
from .service.service import GameService
from .service.typed import parse_options
from .store.preflight import preflight
from .store.store import GameStore

PROG = "python -m bot.terminal"
DEFAULT_GAME = "puerto_rico"
DEFAULT_DB = "terminal_games.sqlite3"
DEFAULT_NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve")


class Refused(Exception):
    """A refusal of the command line: one line, exit code 2."""


def load_games(extra: list[str]) -> None:
    """Register the games of the modules or ``.py`` files named by ``--load``: every game object each
    one holds at its top level (the installed games are found without this)."""
    from engine.core import Game, register

    for target in extra:
        try:
            module = _load(target)
        except (ImportError, OSError, SyntaxError) as exc:
            raise Refused(f"--load {target}: cannot load it ({exc}); name a module or a .py file of games") from None
        for game in [value for value in vars(module).values() if isinstance(value, Game)]:
            try:
                register(game)
            except ValueError as exc:
                raise Refused(f"--load {target}: {exc}") from None


def _load(target: str) -> ModuleType:
    if not target.endswith(".py"):
        return importlib.import_module(target)
    path = Path(target).resolve()
    loaded = sys.modules.get(path.stem)
    if loaded is not None and Path(getattr(loaded, "__file__", "") or "").resolve() == path:
        return loaded
    if not path.is_file():
        raise FileNotFoundError(f"no file {path}")
    sys.path.insert(0, str(path.parent))
    spec = importlib.util.spec_from_file_location(path.stem, path)
    if spec is None or spec.loader is None:
        raise ImportError(f"not a Python module: {path}")
    module = importlib.util.module_from_spec(spec)
    sys.modules[path.stem] = module
    spec.loader.exec_module(module)
    return module


async def new_game(
    svc: GameService, channel: str, game_id: str, names: list[str], options: dict[str, Any], seed: int | None
) -> Step:
    """Open a lobby, seat everybody and start."""
    await svc.lobby.open(channel, None, user_id(names[0]), names[0], game_id, options)
    for name in names[1:]:
        await svc.lobby.join(channel, user_id(name), name)
    return await svc.lobby.start(channel, user_id(names[0]), seed=seed)


async def play_randomly(
    svc: GameService, channel: str, result: Step, rng: random.Random, max_actions: int = 100_000
) -> tuple[Step, int, list[float]]:
    """Uniformly random legal actions for whoever must act, to the end; returns per-action seconds."""
    timings: list[float] = []
    while not result.game_over and len(timings) < max_actions:
        who = rng.choice(result.waiting)
        text = rng.choice(result.legal[who])
        began = time.perf_counter()
        result = await svc.play.act(channel, who, text, expected_version=result.version)
        timings.append(time.perf_counter() - began)
    return result, len(timings), timings


def final_line(result: Step) -> str:
    """The winner line of a finished game, seats named as the game recorded them."""
    return (winner_line(result.outcome, []) if result.outcome else None) or "no winner"


async def run_random(svc: GameService, args: argparse.Namespace, out: TextIO) -> int:
    rng = random.Random(args.seed)
    for number in range(1, args.games + 1):
        seed = rng.randrange(2**63) if args.seed is None else (args.seed + number - 1) % 2**63
        channel = f"random-{number}-{seed}"
        start = await new_game(svc, channel, args.game, args.players, args.options, seed)
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


async def run_session(svc: GameService, args: argparse.Namespace, out: TextIO, read: Callable[[str], str]) -> int:
    """The hot seat: resume the saved game (unless it is another game than ``--game`` asks for, or
    ``--new``), else start one."""
    from engine.core import get_game

    live = await svc.store.live_game(CHANNEL)
    if live is not None and live.status == "lobby":  # a start that never finished: nothing to resume
        await svc.lobby.abandon(CHANNEL, live.creator_id)
        live = None
    if live is not None and args.new:
        await svc.lobby.abandon(CHANNEL, live.creator_id)
        live = None
    if live is not None and args.asked_game not in (None, live.game_id):
        wanted = get_game(args.asked_game).spec.title
        raise Refused(
            f"{args.db_shown} holds a {live.title} game (version {live.version}), not {wanted}: leave out "
            f"--game to resume it, add --new to abandon it and start {wanted}, or name another --db"
        )
    session = Session(svc, out, read)
    if live is not None:
        session.say([f"Resuming {live.title} (version {live.version}); use --new to start over."])
        return await session.play(None)
    return await session.play(await new_game(svc, CHANNEL, args.game, args.players, args.options, args.seed))


def build_parser() -> argparse.ArgumentParser:
    from engine.core import all_games

    games = ", ".join(
        f"{g.spec.id} ({g.spec.title}, {g.spec.min_players}-{g.spec.max_players} players)" for g in all_games()
    )
    parser = Parser(prog=PROG, description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--game", help=f"game id: {games}, or one added by --load (default {DEFAULT_GAME}, or the saved game's)"
    )
    parser.add_argument("--players", nargs="+", help="player names in lobby order")
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a table option, as /game new takes them (repeat for more; python -m bot --help lists them)",
    )
    parser.add_argument("--seed", type=seed, help="set-up seed (and random-play seed), 0 to 2**63-1")
    parser.add_argument("--db", help=f"SQLite file or database URL (default ./{DEFAULT_DB}; a temp file with --random)")
    parser.add_argument("--random", action="store_true", help="play every seat randomly to the end")
    parser.add_argument("--games", type=whole(1, "games"), default=1, help="with --random: how many games")
    parser.add_argument("--new", action="store_true", help="abandon a saved terminal game and start anew")
    parser.add_argument(
        "--load",
        action="append",
        default=[],
        metavar="MODULE_OR_FILE",
        help="import more games (e.g. tests/bot_service/toy_game.py)",
    )
    return parser


def check_table(args: argparse.Namespace) -> None:
    """The game, the players and the options, checked as ``/game new`` checks them (before any lobby)."""
    from engine.core import find_game

    try:
        spec = find_game(args.game or DEFAULT_GAME).spec
    except IllegalAction as exc:  # unknown game: the engine's message lists the games
        raise Refused(str(exc)) from None
    args.asked_game, args.game = (spec.id if args.game else None), spec.id
    args.players = args.players or list(DEFAULT_NAMES[: max(spec.min_players, min(3, spec.max_players))])
    if len({n.lower() for n in args.players}) != len(args.players):
        raise Refused("player names must differ (case does not count)")
    try:
        args.options = parse_options(" ".join(args.option))
        spec.resolve_options(args.options, len(args.players))
    except (ValueError, IllegalAction) as exc:
        raise Refused(str(exc)) from None


async def amain(args: argparse.Namespace, out: TextIO, read: Callable[[str], str]) -> int:
    with tempfile.TemporaryDirectory() as scratch:
        path = args.db or (str(Path(scratch) / "random.sqlite3") if args.random else DEFAULT_DB)
        args.db_shown = path
        problem = await preflight(path)
        if problem:
            raise Refused(f"--db: {problem}")
        store = await GameStore.open(path)
        try:
            svc = GameService(store, rng=random.Random(args.seed))
            if args.random:
                return await run_random(svc, args, out)
            return await run_session(svc, args, out, read)
        finally:
            await store.close()


def main(
    argv: list[str] | None = None,
    out: TextIO | None = None,
    read: Callable[[str], str] = input,
    err: TextIO | None = None,
) -> int:
    """The command: play on ``out``, reading lines with ``read``; refusals are one line on ``err``
    (stderr) with exit code 2."""
    out = out or sys.stdout
    try:
        args = build_parser().parse_args(argv)
        load_games(args.load)
        check_table(args)
        return asyncio.run(amain(args, out, read))
    except Refused as exc:
        return fail(PROG, str(exc), err)
    except ServiceError as exc:
        return fail(PROG, exc.message, err)
    except KeyboardInterrupt:
        print(f"{PROG}: stopped (Ctrl-C); the game is saved after every action.", file=err or sys.stderr)
        return 130
    except BrokenPipeError:  # the reader of the output went away (`| head`): nothing more to say
        if out is sys.stdout:
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # no second error at exit
        return 1


if __name__ == "__main__":
    sys.exit(main())
