"""``python -m bot``: run the Discord bot, or the offline demo when there is no token (or ``--demo``;
``--game lisboa`` plays Lisboa). The server owner's data packs (``DATA_PACKS``) are validated first:
a bad one stops start-up with a one-line "Configuration problem" naming the variable and the reason.

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

from .demo import DEFAULT_GAME
from .logs import setup_logging
from .service.packs import load_data_packs
from .service.shards import Shards
from .settings import Settings, SettingsError, load_dotenv

NO_TOKEN = (
    "No DISCORD_TOKEN is set, so I can't connect to Discord. To run the real bot, create an "
    "application in the Discord developer portal (https://discord.com/developers/applications), copy "
    "its bot token into a .env file next to this project (see .env.example) or into the environment, "
    "invite it to your server, and run `python -m bot` again. Meanwhile, here is the offline demo: a "
    "whole game (Puerto Rico unless --game says otherwise) played with random legal moves through the "
    "same game service and SQLite store the bot uses, with the board image saved after every action."
)


def build_parser() -> argparse.ArgumentParser:
    import engine  # noqa: F401  (registers every game)
    from engine.core import all_games

    games = {g.spec.id: g.spec for g in all_games()}
    parser = argparse.ArgumentParser(
        prog="python -m bot",
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
        default=3,
        choices=range(2, 6),
        metavar="N",
        help="demo: number of players, 2-5 within the game's range (default 3)",
    )
    parser.add_argument("--seed", type=int, help="demo: seed for set-up and the random moves")
    parser.add_argument(
        "--out", default="demo_output", metavar="DIR", help="demo: folder for the board images (default ./demo_output)"
    )
    parser.add_argument(
        "--health",
        action="store_true",
        help="check settings and database (read-only), print one line of JSON, exit 0 if healthy, else 1",
    )
    parser.add_argument("--env-file", default=".env", metavar="PATH", help="settings file (default ./.env)")
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    load_dotenv(args.env_file)
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
    setup_logging(settings.log_level_number, settings.log_format, shards.label())
    try:
        load_data_packs(settings.data_packs)
    except SettingsError as exc:
        print(f"Configuration problem: {exc}", file=sys.stderr)
        return 2
    if args.demo or not settings.token:
        from engine.core import get_game

        spec = get_game(args.game).spec
        if not spec.min_players <= args.players <= spec.max_players:
            print(
                f"{spec.title} is for {spec.min_players}-{spec.max_players} players, not {args.players}.",
                file=sys.stderr,
            )
            return 2
        if not args.demo:
            print(textwrap.fill(NO_TOKEN, width=100) + "\n")
        from .demo import run_demo

        run_demo(args.players, args.seed, args.out, args.game)
        return 0
    from .discord.app import create_bot

    bot = create_bot(settings)
    try:
        bot.run(settings.token, log_handler=None)
    except discord.LoginFailure:
        logging.getLogger("bot").error("Discord refused the token: check DISCORD_TOKEN (Bot -> Reset Token).")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
