"""The offline demo shows what the bot can: ``--language``, ``--option`` (the same names, values and
refusals as ``/game new``), ``--players`` checked against the chosen game, ``--max-actions``; it says
which files of an earlier demo it replaces, and libraries' INFO lines stay quiet."""

from __future__ import annotations

import io
import json
import logging
import sqlite3
from collections.abc import Iterator
from contextlib import redirect_stdout
from pathlib import Path

import pytest
from cli_helpers import clean_env, main_code, one_error_line, run_process

import bot.demo
from bot.logs import LIBRARIES
from bot.service.results import ServiceError
from bot.service.service import GameService
from bot.service.typed import parse_options
from bot.store.store import GameStore

PNG = b"\x89PNG\r\n\x1a\n"


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> list[str]:
    """The language of every board drawn (the images themselves are not needed here)."""
    clean_env(monkeypatch, tmp_path)
    monkeypatch.setattr("bot.__main__.setup_logging", lambda *_: None)
    langs: list[str] = []
    monkeypatch.setattr(bot.demo, "render_board", lambda view, lang: langs.append(lang) or PNG)
    monkeypatch.setattr(bot.demo, "render_turn", lambda view, lang: langs.append(lang) or PNG)
    monkeypatch.setattr(bot.demo, "render_player_board", lambda view, seat, lang: langs.append(lang) or PNG)
    return langs


def demo(argv: list[str]) -> tuple[int, str]:
    out = io.StringIO()
    with redirect_stdout(out):
        code = main_code(["--demo", *argv])
    return code, out.getvalue()


def test_language_options_and_a_short_demo(drawn: list[str], tmp_path: Path) -> None:
    folder = tmp_path / "boards"
    argv = ["--game", "lorenzo", "--players", "2", "--language", "ja", "--option", "advanced=yes"]
    code, text = demo(
        [*argv, "--option", "voluntary_pass=on", "--max-actions", "2", "--seed", "5", "--out", str(folder)]
    )
    assert code == 0
    lines = text.splitlines()
    assert lines[0].startswith("ロレンツォ・イル・マニフィコ開始！") and "(seed 5; images go to" in lines[0]
    assert "Stopped after 2 actions (--max-actions); the game is not over." in lines
    assert set(drawn) == {"ja"} and len(drawn) == 3 + 1 + 2  # boards 0-2, the final board, two players
    with sqlite3.connect(folder / "demo.sqlite3") as db:
        options, language, seats = db.execute(
            "SELECT options, language, (SELECT count(*) FROM seats) FROM games"
        ).fetchone()
    assert json.loads(options) == {"advanced": True, "voluntary_pass": True} and language == "ja" and seats == 2
    code, text = demo(["--game", "red_cathedral", "--max-actions", "1", "--out", str(folder)])
    assert code == 0 and text.splitlines()[0] == (
        f"Replacing 6 board images and the database of an earlier demo in {folder.resolve()}."
    )
    assert "1 action in" in text and sorted(p.name for p in folder.glob("board-*")) == [
        "board-0000.png",
        "board-0001.png",
    ]


def test_players_default_to_the_game_and_are_checked_against_it(
    drawn: list[str], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    tables: list[bot.demo.Table] = []
    monkeypatch.setattr(bot.demo, "run_demo", lambda table, *args, **kw: tables.append(table))
    assert main_code(["--demo", "--game", "puerto_rico", "--players", "5"]) == 0
    assert main_code(["--demo", "--game", "lisboa"]) == 0
    assert [(t.game, t.players) for t in tables] == [("puerto_rico", 5), ("lisboa", 3)]
    capsys.readouterr()
    assert main_code(["--demo", "--game", "lisboa", "--players", "5"]) == 2
    assert "Lisboa needs 2–4 players, not 5" in one_error_line(capsys.readouterr().err, "python -m bot")


async def game_new_refusal(folder: Path, game: str, options: str) -> str:
    """What ``/game new`` answers: the cog reads the options with ``parse_options``, the lobby checks them."""
    try:
        chosen = parse_options(options)
    except ValueError as exc:
        return str(exc)
    store = await GameStore.open(folder / "lobby.sqlite3")
    try:
        with pytest.raises(ServiceError) as refused:
            await GameService(store).lobby.open("c", None, "u1", "Ann", game, chosen)
    finally:
        await store.close()
    return str(refused.value.message)


@pytest.mark.parametrize(
    ("game", "options"),
    [("puerto_rico", "expansions=castles"), ("lisboa", "speed=fast"), ("red_cathedral", "workshop")],
)
async def test_option_refusals_are_those_of_game_new(
    drawn: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str], game: str, options: str
) -> None:
    wanted = await game_new_refusal(tmp_path, game, options)
    assert main_code(["--demo", "--game", game, "--option", options]) == 2
    assert wanted.rstrip(".") in one_error_line(capsys.readouterr().err, "python -m bot")


def test_help_lists_each_games_options_and_players() -> None:
    from bot.__main__ import build_parser

    shown = " ".join(build_parser().format_help().split())
    assert "lisboa (Lisboa, 2-4 players)" in shown and "puerto_rico (Puerto Rico, 2-5 players)" in shown
    assert "lorenzo: advanced=false|true, voluntary_pass=false|true" in shown
    assert "red_cathedral: workshop=basic|advanced" in shown and "--max-actions N" in shown
    assert "--language {en,ja}" in shown


def test_the_demo_prints_no_library_info_lines(tmp_path: Path) -> None:
    ran = run_process("bot", ["--demo", "--max-actions", "1", "--out", "boards"], tmp_path)
    assert ran.code == 0 and ran.err == "", ran.err
    assert "1 action in" in ran.out


@pytest.fixture
def real_logging() -> Iterator[None]:
    """``setup_logging`` for real, and the root and library loggers as they were afterwards."""
    root = logging.getLogger()
    levels = {name: logging.getLogger(name).level for name in ("", *LIBRARIES)}
    handlers = list(root.handlers)
    yield
    root.handlers[:] = handlers
    for name, level in levels.items():
        logging.getLogger(name).setLevel(level)


@pytest.mark.parametrize(
    ("asked", "bot_level", "library_level"),
    [(None, "INFO", "WARNING"), ("INFO", "INFO", "INFO"), ("DEBUG", "DEBUG", "DEBUG")],
)
def test_libraries_log_info_only_when_log_level_asks(
    real_logging: None,
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    asked: str | None,
    bot_level: str,
    library_level: str,
) -> None:
    clean_env(monkeypatch, tmp_path)
    if asked:
        monkeypatch.setenv("LOG_LEVEL", asked)
    monkeypatch.setattr(bot.demo, "run_demo", lambda *args, **kw: None)
    assert main_code(["--demo"]) == 0
    assert logging.getLogger("bot").getEffectiveLevel() == logging.getLevelName(bot_level)
    for name in ("alembic.runtime.migration", "sqlalchemy.engine", "discord.client", "aiohttp.access"):
        assert logging.getLogger(name).getEffectiveLevel() == logging.getLevelName(library_level), name
