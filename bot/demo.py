"""Offline demo: a whole game (Puerto Rico, or ``--game ID``) with random legal actions, played
through the same :class:`~bot.service.service.GameService` and SQLite store as the bot, saving
after every action exactly the image its turn message shows on Discord (``board-NNNN.png``, the turn
image of :func:`render.render_turn`), and at the end the full board (``final-board.png``, what the
"Full board" button answers: :func:`render.render_board`) and each player's own board
(``final-player-N.png``, "My board").

    python -m bot --demo [--game ID] [--players N] [--option NAME=VALUE ...] [--language ja]
                         [--seed S] [--out DIR] [--max-actions N]

The table is checked as ``/game new`` checks it (:func:`table_of`: the same option names and values,
the game's own player range, the same refusals) before anything is written.
"""

from __future__ import annotations

import asyncio
import random
import shutil
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.core import IllegalAction, get_game
from engine.core.spec import GameSpec
from render import UnknownGame, render_board, render_player_board, render_turn
from render.i18n import tr

from .cli import count
from .service.change import Step
from .service.packs import notice
from .service.service import GameService
from .service.typed import parse_options
from .store.store import GameStore

NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve")
CHANNEL = "demo"
DEFAULT_OUT = "demo_output"
DEFAULT_GAME = "puerto_rico"
DEFAULT_PLAYERS = 3
#: What a demo writes in its folder (and the next demo in the same folder replaces).
IMAGES = ("board-*.png", "final-*.png", "board-*.txt", "final-*.txt")
DATABASE = "demo.sqlite3"


class TableError(ValueError):
    """The demo's table cannot be set: the message says why and what is legal (one line)."""


@dataclass(frozen=True)
class Table:
    """What the demo plays: a game, its player count, the table options as typed, the language of the
    lines printed and the boards drawn."""

    game: str = DEFAULT_GAME
    players: int = DEFAULT_PLAYERS
    options: dict[str, Any] = field(default_factory=dict)
    language: str = "en"


def default_players(spec: GameSpec) -> int:
    """Three players, or the nearest count the game allows."""
    return max(spec.min_players, min(DEFAULT_PLAYERS, spec.max_players))


def table_of(game: str, players: int | None, options: list[str], language: str = "en") -> Table:
    """The table, checked like ``/game new`` (options as ``key=value`` pairs, spaces or commas between
    them; the game's player range); raises :class:`TableError` with the same refusal.

    >>> table_of("puerto_rico", None, ["variant=on"]).options
    {'variant': 'on'}
    >>> table_of("lisboa", 5, [])
    Traceback (most recent call last):
    bot.demo.TableError: Lisboa needs 2–4 players, not 5.
    """
    spec = get_game(game).spec
    count = default_players(spec) if players is None else players
    try:
        given = parse_options(" ".join(options))
        spec.resolve_options(given, count)
    except (ValueError, IllegalAction) as exc:
        raise TableError(str(exc)) from None
    return Table(game, count, given, language)


@dataclass
class DemoReport:
    """What the demo did: action count, image files, final score lines (empty when stopped early)."""

    out: Path
    actions: int = 0
    images: list[Path] = field(default_factory=list)
    final: list[str] = field(default_factory=list)
    seconds: float = 0.0
    over: bool = False


def _write(path: Path, render: Callable[..., bytes], lang: str, *args: Any) -> Path:
    """Write the board image; a game without a board renderer gets its text board (``.txt``)."""
    try:
        path.write_bytes(render(*args, lang=lang))
    except UnknownGame:
        view = args[0]
        path = path.with_suffix(".txt")
        path.write_text(get_game(str(view["game"])).view_text(view), encoding="utf-8")
    return path


def earlier_files(out: Path) -> tuple[list[Path], bool]:
    """An earlier demo's images in ``out``, and whether its database is there."""
    images = sorted({p for pattern in IMAGES for p in out.glob(pattern) if p.is_file()})
    return images, (out / DATABASE).exists()


def replacing_line(out: Path) -> str | None:
    """The line saying what of an earlier demo in ``out`` this one replaces (``None``: nothing)."""
    images, database = earlier_files(out)
    if not images and not database:
        return None
    what = [count(len(images), "board image", "board images")] if images else []
    what += ["the database"] if database else []
    return f"Replacing {' and '.join(what)} of an earlier demo in {out.resolve()}."


def _prepare(out: Path) -> Path:
    """Create ``out``; clear the previous demo's images and database (nothing else)."""
    out.mkdir(parents=True, exist_ok=True)
    for old in earlier_files(out)[0]:
        old.unlink()
    for suffix in ("", "-wal", "-shm"):
        (out / f"{DATABASE}{suffix}").unlink(missing_ok=True)
    return out / DATABASE


async def play_demo(
    table: Table,
    seed: int | None = None,
    out: str | Path = DEFAULT_OUT,
    echo: Callable[[str], None] = print,
    workers: int = 2,
    max_actions: int | None = None,
) -> DemoReport:
    """Play one game of ``table`` to the end (or ``max_actions`` actions); images are rendered on
    ``workers`` threads while play goes on."""
    began = time.perf_counter()
    seed = random.randrange(2**31) if seed is None else seed
    lang = table.language
    report = DemoReport(Path(out))
    replacing = replacing_line(report.out)
    if replacing:
        echo(replacing)
    store = await GameStore.open(_prepare(report.out))
    loop = asyncio.get_running_loop()
    try:
        svc = GameService(store, rng=random.Random(seed))
        names = list(NAMES[: table.players])
        users = [f"demo:{n.lower()}" for n in names]
        await svc.lobby.open(CHANNEL, None, users[0], names[0], table.game, table.options, language=lang)
        for user, name in zip(users[1:], names[1:], strict=True):
            await svc.lobby.join(CHANNEL, user, name)
        result: Step = await svc.lobby.start(CHANNEL, users[0], seed=seed)
        line = notice(get_game(table.game))
        echo(
            "\n".join(tr(said, lang) for said in result.public[:1] + ([line] if line else []))
            + f" (seed {seed}; images go to {report.out.resolve()})"
        )
        rng = random.Random(seed)
        limit = max_actions if max_actions is not None else -1
        with ThreadPoolExecutor(max_workers=workers) as pool:

            def draw(name: str, render: Callable[..., bytes], *args: Any) -> asyncio.Future[Path]:
                return loop.run_in_executor(pool, _write, report.out / name, render, lang, *args)

            jobs = [draw("board-0000.png", render_turn, result.table.turn_view(lang))]
            while not result.game_over and report.actions != limit:
                who = rng.choice(result.waiting)
                result = await svc.play.act(
                    CHANNEL, who, rng.choice(result.legal[who]), expected_version=result.version
                )
                report.actions += 1
                jobs.append(draw(f"board-{report.actions:04d}.png", render_turn, result.table.turn_view(lang)))
            final = await svc.play.view(CHANNEL, users[0], private=False)
            jobs.append(draw("final-board.png", render_board, final.view))
            for seat, user in enumerate(users):
                mine = await svc.play.view(CHANNEL, user, private=True)
                jobs.append(draw(f"final-player-{seat + 1}.png", render_player_board, mine.view, seat))
            report.images = list(await asyncio.gather(*jobs))
    finally:
        await store.close()
    report.over = result.game_over
    if report.over:
        at = result.public.index("Final scores:") if "Final scores:" in result.public else 0
        report.final = [tr(said, lang) for said in result.public[at:]]
    report.seconds = time.perf_counter() - began
    return report


def run_demo(
    table: Table,
    seed: int | None = None,
    out: str | Path = DEFAULT_OUT,
    echo: Callable[[str], None] = print,
    max_actions: int | None = None,
) -> DemoReport:
    """Run :func:`play_demo` and print the final scores and where the images are."""
    report = asyncio.run(play_demo(table, seed, out, echo, max_actions=max_actions))
    boards = sorted(p for p in report.images if p.name.startswith("board-"))
    if report.over:
        echo("\n".join(report.final))
    else:
        echo(f"Stopped after {count(report.actions, 'action', 'actions')} (--max-actions); the game is not over.")
    full = next(p for p in report.images if p.stem == "final-board")
    echo(
        f"{count(report.actions, 'action', 'actions')} in {report.seconds:.1f} s. {len(boards)} turn images "
        f"({boards[0].name} … {boards[-1].name}: each exactly what that turn's message shows on Discord) "
        f'and each player\'s own board (final-player-N, "My board") are in {report.out.resolve()}; '
        f'the full board of the last position (the "Full board" button) is {full.resolve()}.'
    )
    return report


def clean(out: str | Path) -> None:
    """Delete a demo folder (tests)."""
    shutil.rmtree(out, ignore_errors=True)
