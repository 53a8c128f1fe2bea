"""``python -m bot.terminal``: a bad database, table or argument is one line on stderr with exit code
2; a database holding another game is named; the help's typing example comes from the game on the
board and parses; the log names every step."""

from __future__ import annotations

import asyncio
import io
import random
import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest
from cli_helpers import one_error_line, run_process

from bot.hotseat import typing_example
from bot.service.service import GameService
from bot.store.store import GameStore
from bot.terminal import main, new_game
from engine.core import all_games, play

PROG = "python -m bot.terminal"


def reader(lines: list[str]) -> Callable[[str], str]:
    queue = list(lines)

    def read(prompt: str) -> str:
        if not queue:
            raise EOFError
        return queue.pop(0)

    return read


def run(argv: list[str], lines: list[str] | None = None) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(argv, out=out, read=reader(lines or []), err=err)
    return code, out.getvalue(), err.getvalue()


def refused(argv: list[str]) -> str:
    code, out, err = run(argv, ["quit"])
    assert code == 2 and out == ""
    return one_error_line(err, PROG)


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    (tmp_path / "a-folder").mkdir()
    (tmp_path / "garbage.sqlite3").write_bytes(b"\x00garbage" * 500)
    (tmp_path / "notes.txt").write_text("shopping list\n")
    with sqlite3.connect(tmp_path / "photos.db") as db:
        db.execute("CREATE TABLE albums (id INTEGER)")
    return tmp_path


@pytest.mark.parametrize(
    ("db", "said"),
    [
        ("a-folder", "--db: {d}/a-folder is a folder, not a database file: name a file in it"),
        ("garbage.sqlite3", "--db: {d}/garbage.sqlite3 is not a SQLite database (it does not start like one)"),
        ("notes.txt", "--db: {d}/notes.txt is not a SQLite database"),
        ("gone/games.sqlite3", "--db: the folder {d}/gone does not exist: create it first"),
        ("notes.txt/games.sqlite3", "--db: {d}/notes.txt is a file, not a folder"),
        ("photos.db", "--db: {d}/photos.db is a SQLite database of something else (tables albums)"),
    ],
)
def test_a_database_it_cannot_use_is_one_line(folder: Path, db: str, said: str) -> None:
    before = sorted(p.name for p in folder.iterdir())
    assert said.format(d=folder) in refused(["--db", str(folder / db)])
    assert sorted(p.name for p in folder.iterdir()) == before  # nothing created, nothing changed


def test_a_database_of_a_newer_bot_is_refused(tmp_path: Path) -> None:
    db = tmp_path / "t.sqlite3"
    assert run(["--db", str(db), "--seed", "1"], ["quit"])[0] == 0
    with sqlite3.connect(db) as con:
        con.execute("UPDATE alembic_version SET version_num = '9999'")
    assert "was written by a newer version of the bot (schema 9999" in refused(["--db", str(db)])


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["--seed", "99999999999999999999999", "--random"], "a seed is a whole number from 0 to 9223372036854775807"),
        (["--random", "--games", "0"], "the number of games is a whole number from 1 up, not 0"),
        (["--players", "Ann"], "Puerto Rico needs 2–5 players, not 1"),
        (["--game", "lisboa", "--players", "A", "B", "C", "D", "E"], "Lisboa needs 2–4 players, not 5"),
        (["--option", "speed=fast"], "Puerto Rico has no option `speed`"),
        (["--game", "chess"], "There is no game `chess`"),
        (["--load", "no_such_games.py"], "--load no_such_games.py: cannot load it"),
        (["--colour", "red"], "unrecognized arguments: --colour red"),
    ],
)
def test_bad_arguments_are_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str], said: str
) -> None:
    db = tmp_path / "t.sqlite3"
    try:
        code, out, err = run([*argv, "--db", str(db)], ["quit"])
    except SystemExit as stop:  # argparse's own refusals go to stderr itself
        code, out, err = int(stop.code or 0), "", capsys.readouterr().err
    assert code == 2 and out == "" and said in one_error_line(err, PROG)
    assert not db.exists()  # refused before any lobby was opened


def test_the_real_process_prints_no_traceback(folder: Path) -> None:
    for args in (["--db", "a-folder"], ["--db", "garbage.sqlite3"], ["--db", "gone/x.sqlite3"], ["--seed", "-1"]):
        ran = run_process("bot.terminal", args, folder)
        assert ran.code == 2 and ran.out == "", ran
        one_error_line(ran.err, PROG)


def test_a_database_holding_another_game_says_so(tmp_path: Path) -> None:
    db = str(tmp_path / "t.sqlite3")
    code, out, _ = run(["--db", db, "--game", "lorenzo", "--seed", "3"], ["quit"])
    assert code == 0 and "Lorenzo il Magnifico" in out
    said = refused(["--db", db, "--game", "red_cathedral"])
    assert f"{db} holds a Lorenzo il Magnifico game (version 0), not The Red Cathedral: leave out --game" in said
    assert "add --new to abandon it and start The Red Cathedral, or name another --db" in said
    code, out, _ = run(["--db", db], ["quit"])
    assert code == 0 and out.startswith("Resuming Lorenzo il Magnifico (version 0)")
    code, out, _ = run(["--db", db, "--game", "lorenzo"], ["quit"])
    assert code == 0 and out.startswith("Resuming Lorenzo il Magnifico")
    code, out, _ = run(["--db", db, "--game", "The Red Cathedral", "--new"], ["quit"])
    assert code == 0 and "Resuming" not in out and "The Red Cathedral" in out


def test_a_lobby_left_by_an_unfinished_start_is_not_resumed(tmp_path: Path) -> None:
    db = tmp_path / "t.sqlite3"

    async def open_lobby() -> None:
        store = await GameStore.open(db)
        try:
            await GameService(store).lobby.open("terminal", None, "term:ann", "Ann", "lisboa")
        finally:
            await store.close()

    asyncio.run(open_lobby())
    code, out, _ = run(["--db", str(db), "--seed", "2"], ["quit"])
    assert code == 0 and "Resuming" not in out and out.startswith("Puerto Rico starts!")


def test_ctrl_c_is_one_line(tmp_path: Path) -> None:
    def interrupted(prompt: str) -> str:
        raise KeyboardInterrupt

    out, err = io.StringIO(), io.StringIO()
    assert main(["--db", str(tmp_path / "t.sqlite3")], out=out, read=interrupted, err=err) == 130
    assert err.getvalue() == f"{PROG}: stopped (Ctrl-C); the game is saved after every action.\n"


#: The engine's own games (not the test games other test modules register).
GAMES = sorted(g.spec.id for g in all_games() if type(g).__module__.startswith("engine."))


@pytest.mark.parametrize("game", GAMES)
def test_the_help_example_comes_from_the_game_and_parses(game: str, tmp_path: Path) -> None:
    rules = next(g for g in all_games() if g.spec.id == game)
    rng = random.Random(7)
    state, _ = play.new_game(rules, ["Ann", "Bob", "Cy"], {}, 7)
    for _ in range(40):  # the first positions of a game, each with its own example
        legal = {
            str(seat): [play.action_text(rules, a) for a in play.legal_actions(rules, state, seat)]
            for seat in play.waiting_players(rules, state)
        }
        example = typing_example(legal)
        if example is not None:
            short, text = example.strip("`").split("` for `")
            seat = next(int(s) for s, texts in legal.items() if text in texts)
            assert len(short) < len(text)
            assert play.action_text(rules, play.parse_action(rules, state, seat, short)) == text
        seat = rng.choice(play.waiting_players(rules, state))
        play.apply_in_place(rules, state, seat, rng.choice(play.legal_actions(rules, state, seat)))
    code, out, _ = run(["--db", str(tmp_path / "t.sqlite3"), "--game", game, "--seed", "7"], ["help", "quit"])
    shown = [line for line in out.splitlines() if "the first letters of each word work (e.g. `" in line]
    assert code == 0 and len(shown) == 2  # on starting, and for `help`
    text = shown[0].split("` for `")[1].split("`")[0]
    legal = [t for line in out.splitlines() if " may: " in line for t in line.split(" may: ")[1].split(", ")]
    assert text in legal  # an action of this game, legal on the board shown


async def play_until_quiet_steps(db: Path, wanted: int) -> tuple[list[tuple[int | None, str]], list[str]]:
    """Random Puerto Rico moves in the terminal's channel until ``wanted`` steps made no public
    sentence: those steps (version, text), and the log as ``/game log`` shows it."""
    store = await GameStore.open(db)
    try:
        svc = GameService(store, rng=random.Random(1))
        result = await new_game(svc, "terminal", "puerto_rico", ["Ann", "Bob", "Cy"], {}, 4)
        rng, quiet = random.Random(4), []
        while len(quiet) < wanted:
            who = rng.choice(result.waiting)
            text = rng.choice(result.legal[who])
            result = await svc.play.act("terminal", who, text, expected_version=result.version)
            if [str(line) for line in result.public] == [f"{result.public[0].split(' ')[0]} has acted."]:
                quiet.append((result.version, text))
        return quiet, (await svc.archive.log("terminal")).lines
    finally:
        await store.close()


def test_the_log_names_every_step(tmp_path: Path) -> None:
    """A step that made no public sentence (a colonist placed in the Mayor phase) is named in the
    terminal's log, where every seat's moves are on one screen; ``/game log`` keeps "acted"."""
    db = tmp_path / "t.sqlite3"
    quiet, discord_log = asyncio.run(play_until_quiet_steps(db, 2))
    assert any(line.endswith(" acted.") for line in discord_log)
    code, out, _ = run(["--db", str(db)], ["log", "quit"])
    logged = out.split("Log, page")[1].splitlines()
    assert code == 0 and not any(line.endswith(" acted.") for line in logged)
    for version, text in quiet:
        assert any(line.startswith(f"#{version} ") and line.endswith(f" played `{text}`.") for line in logged), logged
