"""The terminal front end: random play, a scripted hot-seat session, resume and errors."""

from __future__ import annotations

import io
from collections.abc import Callable
from pathlib import Path

from bot.terminal import main

TOY_FILE = str(Path(__file__).resolve().parent / "toy_game.py")
TOY = ["--load", TOY_FILE, "--game", "toy_race"]


def reader(lines: list[str]) -> Callable[[str], str]:
    queue = list(lines)

    def read(prompt: str) -> str:
        if not queue:
            raise EOFError
        return queue.pop(0)

    return read


def run(argv: list[str], lines: list[str] | None = None) -> tuple[int, str]:
    out = io.StringIO()
    code = main(argv, out=out, read=reader(lines or []))
    return code, out.getvalue()


def test_random_game_prints_final_scores() -> None:
    code, text = run(TOY + ["--players", "Ann", "Bob", "--random", "--seed", "3"])
    assert code == 0, text
    assert "Final scores:" in text and ("Winner:" in text or "Shared win:" in text)
    assert "1. " in text and "2. " in text and "actions, seed 3" in text


def test_random_games_one_line_each() -> None:
    code, text = run(TOY + ["--players", "A", "B", "C", "--random", "--games", "3", "--seed", "8"])
    lines = text.strip().splitlines()
    assert code == 0 and len(lines) == 3
    assert [line.split(":")[0] for line in lines] == ["game 1", "game 2", "game 3"]
    assert all(" actions, " in line and "ms/action" in line for line in lines)


def test_hot_seat_session_then_resume(tmp_path: Path) -> None:
    db = str(tmp_path / "t.sqlite3")
    base = TOY + ["--db", db, "--players", "Ann", "Bob", "--seed", "2", "--option", "actions=3"]
    code, text = run(base, ["help", "board", "zz top", "Zed: step", "step", "undo", "st", "log", "quit"])
    assert code == 0
    assert "Toy Race starts!" in text and "may: " in text and "only:" in text  # private hand shown
    assert "`zz top` is not a legal action here" in text
    assert "`Zed` is not one player" in text
    assert "took back their last action" in text and "Log, page 1 of 1:" in text
    assert "#3 " in text and "#4" not in text  # step, undo, step
    code, text = run(base, ["quit"])
    assert code == 0 and "Resuming Toy Race (version 3)" in text
    code, text = run(base + ["--new"], ["quit"])
    assert "Toy Race starts!" in text and "Resuming" not in text


def refused(argv: list[str]) -> tuple[int, str]:
    """Exit code and the one error line (nothing is played)."""
    out, err = io.StringIO(), io.StringIO()
    code = main(argv, out=out, read=reader([]), err=err)
    assert out.getvalue() == "" and err.getvalue().count("\n") == 1
    return code, err.getvalue()


def test_option_errors_and_unknown_game_are_friendly(tmp_path: Path) -> None:
    code, text = refused(["--load", TOY_FILE, "--game", "chess", "--random"])
    assert code == 2 and "There is no game `chess`" in text and "Toy Race" in text
    code, text = refused(TOY + ["--random", "--option", "length=7"])
    assert code == 2 and "Option `length` cannot be `7`" in text
    code, text = refused(TOY + ["--db", str(tmp_path / "x.sqlite3"), "--players", "Ann", "ann"])
    assert code == 2 and "differ" in text
