"""Offline demo: a whole game (Puerto Rico, or ``--game lisboa``) with random legal actions, played
through the same :class:`~bot.service.service.GameService` and SQLite store as the bot, saving the board PNG
after every action.

    python -m bot --demo [--game ID] [--players N] [--seed S] [--out DIR]
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

import engine  # noqa: F401  (registers the games)
from engine.core import get_game
from render import UnknownGame, render_board, render_player_board

from .service.packs import notice
from .service.results import Result
from .service.service import GameService
from .store.store import GameStore

NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve")
CHANNEL = "demo"
DEFAULT_OUT = "demo_output"
DEFAULT_GAME = "puerto_rico"


@dataclass
class DemoReport:
    """What the demo did: action count, image files, final score lines."""

    out: Path
    actions: int = 0
    images: list[Path] = field(default_factory=list)
    final: list[str] = field(default_factory=list)
    seconds: float = 0.0


def _write(path: Path, render: Callable[..., bytes], *args: Any) -> Path:
    """Write the board image; a game without a board renderer gets its text board (``.txt``)."""
    try:
        path.write_bytes(render(*args))
    except UnknownGame:
        view = args[0]
        path = path.with_suffix(".txt")
        path.write_text(get_game(str(view["game"])).view_text(view), encoding="utf-8")
    return path


def _prepare(out: Path) -> Path:
    """Create ``out``; clear the previous demo's images and database (nothing else)."""
    out.mkdir(parents=True, exist_ok=True)
    for old in [*out.glob("board-*.png"), *out.glob("final-*.png"), *out.glob("board-*.txt"), *out.glob("final-*.txt")]:
        old.unlink()
    for suffix in ("", "-wal", "-shm"):
        (out / f"demo.sqlite3{suffix}").unlink(missing_ok=True)
    return out / "demo.sqlite3"


async def play_demo(
    players: int = 3,
    seed: int | None = None,
    out: str | Path = DEFAULT_OUT,
    echo: Callable[[str], None] = print,
    workers: int = 2,
    game: str = DEFAULT_GAME,
) -> DemoReport:
    """Play one game of ``game`` to the end; images are rendered on ``workers`` threads while play goes on."""
    began = time.perf_counter()
    seed = random.randrange(2**31) if seed is None else seed
    report = DemoReport(Path(out))
    store = await GameStore.open(_prepare(report.out))
    loop = asyncio.get_running_loop()
    try:
        svc = GameService(store, rng=random.Random(seed))
        names = list(NAMES[:players])
        users = [f"demo:{n.lower()}" for n in names]
        await svc.lobby.open(CHANNEL, None, users[0], names[0], game)
        for user, name in zip(users[1:], names[1:], strict=True):
            await svc.lobby.join(CHANNEL, user, name)
        result: Result = await svc.lobby.start(CHANNEL, users[0], seed=seed)
        line = notice(get_game(game))
        echo(
            "\n".join(result.public[:1] + ([line] if line else [])) + f" (seed {seed}; images go to "
            f"{report.out.resolve()})"
        )
        rng = random.Random(seed)
        with ThreadPoolExecutor(max_workers=workers) as pool:
            jobs = [loop.run_in_executor(pool, _write, report.out / "board-0000.png", render_board, result.state_view)]
            while not result.game_over:
                who = rng.choice(result.waiting)
                result = await svc.play.act(
                    CHANNEL, who, rng.choice(result.legal[who]), expected_version=result.version
                )
                report.actions += 1
                jobs.append(
                    loop.run_in_executor(
                        pool, _write, report.out / f"board-{report.actions:04d}.png", render_board, result.state_view
                    )
                )
            final = await svc.play.view(CHANNEL, users[0], private=False)
            jobs.append(
                loop.run_in_executor(pool, _write, report.out / "final-board.png", render_board, final.state_view)
            )
            for seat, user in enumerate(users):
                mine = await svc.play.view(CHANNEL, user, private=True)
                jobs.append(
                    loop.run_in_executor(
                        pool,
                        _write,
                        report.out / f"final-player-{seat + 1}.png",
                        render_player_board,
                        mine.state_view,
                        seat,
                    )
                )
            report.images = list(await asyncio.gather(*jobs))
    finally:
        await store.close()
    at = result.public.index("Final scores:") if "Final scores:" in result.public else 0
    report.final = result.public[at:]
    report.seconds = time.perf_counter() - began
    return report


def run_demo(
    players: int = 3,
    seed: int | None = None,
    out: str | Path = DEFAULT_OUT,
    game: str = DEFAULT_GAME,
    echo: Callable[[str], None] = print,
) -> DemoReport:
    """Run :func:`play_demo` and print the final scores and where the images are."""
    report = asyncio.run(play_demo(players, seed, out, echo, game=game))
    boards = sorted(p for p in report.images if p.name.startswith("board-"))
    echo("\n".join(report.final))
    echo(
        f"{report.actions} actions in {report.seconds:.1f} s. {len(boards)} boards "
        f"({boards[0].name} … {boards[-1].name}) and the final boards are in {report.out.resolve()}; "
        f"the last position is {next(p for p in report.images if p.stem == 'final-board').resolve()}."
    )
    return report


def clean(out: str | Path) -> None:
    """Delete a demo folder (tests)."""
    shutil.rmtree(out, ignore_errors=True)
