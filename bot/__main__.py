"""``python -m bot``: run the Discord bot, or the offline demo when there is no token (or ``--demo``;
``--game lisboa`` plays Lisboa). The server owner's data packs (``DATA_PACKS``) are validated first:
a bad one stops start-up with a one-line "Configuration problem" naming the variable and the reason.

Before connecting, the database is checked (:func:`bot.store.preflight.preflight`): a path the
store cannot use stops start-up with one line. A login that cannot reach Discord is retried with
growing pauses (:mod:`bot.discord.start`); a refused token ends it with exit code 1. Every bad
argument is one line on stderr and exit code 2, never a traceback (:mod:`bot.cli`).

``python -m bot --health`` checks instead of running: valid settings, the database reachable and
migrated (opened read-only); one line of JSON, exit code 0 when healthy and 1 otherwise
(:mod:`bot.health`)."""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys
import textwrap

import discord

from .cli import Parser, fail, folder_problem, seed, whole
from .demo import DEFAULT_GAME, DEFAULT_OUT, DEFAULT_PLAYERS
from .logs import setup_logging
from .service.packs import load_data_packs
from .service.shards import Shards
from .settings import Settings, SettingsError, load_dotenv

PROG = "python -m bot"
NO_TOKEN = (
    "No DISCORD_TOKEN is set, so I can't connect to Discord. To run the real bot, create an "
    "application in the Discord developer portal (https://discord.com/developers/applications), copy "
    "its bot token into a .env file next to this project (see .env.example) or into the environment, "
    "invite it to your server, and run `python -m bot` again. Meanwhile, here is the offline demo: a "
    "whole game (Puerto Rico unless --game says otherwise) played with random legal moves through the "
    "same game service and SQLite store the bot uses, with the board image saved after every action."
)


def build_parser() -> argparse.ArgumentParser:
    from engine.core import all_games
    from render.i18n import LANGUAGES

    games = {g.spec.id: g.spec for g in all_games()}
    parser = Parser(
        prog=PROG,
        description="Run the Discord bot, or the offline demo when there is no DISCORD_TOKEN (or with --demo).",
    )
    parser.add_argument("--demo", action="store_true", help="play an offline demo game instead of connecting")
    parser.add_argument(
        "--game",
        default=DEFAULT_GAME,
        choices=sorted(games),
        metavar="ID",
        help="demo: which game; "
        + ", ".join(f"{k} ({s.title}, {s.min_players}-{s.max_players} players)" for k, s in sorted(games.items()))
        + f" (default {DEFAULT_GAME})",
    )
    parser.add_argument(
        "--players",
        type=int,
        metavar="N",
        help=f"demo: number of players, within the game's range above (default {DEFAULT_PLAYERS}, "
        "or the nearest the game allows)",
    )
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="demo: a table option, as /game new takes them (repeat for more); "
        + "; ".join(
            f"{k}: " + ", ".join(f"{o.name}={'|'.join(str(v).lower() for v in o.choices)}" for o in s.options)
            for k, s in sorted(games.items())
            if s.options
        ),
    )
    parser.add_argument(
        "--language",
        default=LANGUAGES[0],
        choices=LANGUAGES,
        help=f"demo: the language of the game's lines and of the boards drawn (default {LANGUAGES[0]})",
    )
    parser.add_argument("--seed", type=seed, help="demo: seed for set-up and the random moves (0 to 2**63-1)")
    parser.add_argument(
        "--out",
        default=DEFAULT_OUT,
        metavar="DIR",
        help=f"demo: folder for the board images, created if missing; an earlier demo's images there are "
        f"replaced (default ./{DEFAULT_OUT})",
    )
    parser.add_argument(
        "--max-actions",
        type=whole(1, "actions"),
        metavar="N",
        help="demo: stop after N actions (a quick look; the final boards show the position reached)",
    )
    parser.add_argument(
        "--health",
        action="store_true",
        help="check settings and database (read-only), print one line of JSON, exit 0 if healthy, else 1",
    )
    parser.add_argument(
        "--env-file", default=".env", metavar="PATH", help="settings file, read if present (default ./.env)"
    )
    return parser


def main(argv: list[str] | None = None) -> int:
    """The command; its exit code (Ctrl-C ends it with one line and 130)."""
    try:
        return run(build_parser().parse_args(argv))
    except KeyboardInterrupt:
        print(f"{PROG}: stopped (Ctrl-C).", file=sys.stderr)
        return 130


def run(args: argparse.Namespace) -> int:
    try:
        load_dotenv(args.env_file)
    except SettingsError as exc:
        return fail(PROG, f"--env-file: {exc}")
    if args.health:
        from . import health

        code, report = asyncio.run(health.check())
        print(health.one_line(report))
        return code
    try:
        settings = Settings.from_env()
    except SettingsError as exc:
        print(f"Configuration problem: {exc}", file=sys.stderr)
        return 2
    shards = Shards.of(settings.shard_count, settings.shard_ids)
    setup_logging(settings.log_level_number, settings.log_format, shards.label(), settings.libraries_log_level_number)
    try:
        load_data_packs(settings.data_packs)
    except SettingsError as exc:
        print(f"Configuration problem: {exc}", file=sys.stderr)
        return 2
    if args.demo or not settings.token:
        return demo(args)
    return connect(settings)


def demo(args: argparse.Namespace) -> int:
    """The offline demo, once its table and folder are checked."""
    from pathlib import Path

    from .demo import TableError, run_demo, table_of

    try:
        table = table_of(args.game, args.players, args.option, args.language)
    except TableError as exc:
        return fail(PROG, f"{str(exc).rstrip('.')}; {PROG} --help lists each game's players and options")
    problem = folder_problem(Path(args.out))
    if problem:
        return fail(PROG, f"--out: {problem}")
    if not args.demo:
        print(textwrap.fill(NO_TOKEN, width=100) + "\n")
    run_demo(table, args.seed, args.out, max_actions=args.max_actions)
    return 0


def connect(settings: Settings) -> int:
    """The Discord bot: its database checked first, then logged in (retried while Discord is out of reach)."""
    from .discord.app import create_bot
    from .discord.start import serve
    from .store.preflight import preflight

    problem = asyncio.run(preflight(settings.database_path))
    if problem:
        variable = "DATABASE_URL" if "://" in settings.database_path else "DATABASE_PATH"
        return fail(PROG, f"{variable}: {problem}")
    token = settings.token or ""
    try:
        asyncio.run(serve(lambda: create_bot(settings), token))
    except discord.LoginFailure:
        logging.getLogger("bot").error("Discord refused the token: check DISCORD_TOKEN (Bot -> Reset Token).")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
