"""``python -m bot``: every bad input is one line on stderr with exit code 2, never a traceback."""

from __future__ import annotations

from pathlib import Path

import discord.http
import pytest
from cli_helpers import clean_env, main_code, one_error_line, run_process

PROG = "python -m bot"


@pytest.fixture
def here(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    clean_env(monkeypatch, tmp_path)
    monkeypatch.setattr("bot.__main__.setup_logging", lambda *_: None)

    async def no_login(*_: object) -> None:
        raise AssertionError("a refused start must not reach Discord")

    monkeypatch.setattr(discord.http.HTTPClient, "static_login", no_login)
    (tmp_path / "a-file").write_text("x")
    (tmp_path / "garbage.sqlite3").write_bytes(b"\x00garbage" * 500)
    (tmp_path / "env-folder").mkdir()
    (tmp_path / "latin1.env").write_bytes("NAME=caf\xe9\n".encode("latin-1"))
    return tmp_path


CASES = [
    (["--demo", "--seed", "99999999999999999999999"], {}, "a seed is a whole number from 0 to 9223372036854775807"),
    (["--demo", "--seed", "-3"], {}, "a seed is a whole number from 0 to"),
    (["--demo", "--seed", "many"], {}, "a seed is a whole number from 0 to"),
    (["--demo", "--out", "a-file"], {}, "--out: a-file is a file, not a folder"),
    (["--demo", "--out", "/proc/nope"], {}, "--out: cannot create the folder /proc/nope"),
    (["--demo", "--out", "a-file/below"], {}, "--out: cannot create the folder a-file/below"),
    (["--demo", "--game", "lisboa", "--players", "5"], {}, "Lisboa needs 2–4 players, not 5"),
    (["--demo", "--players", "1"], {}, "Puerto Rico needs 2–5 players, not 1"),
    (["--demo", "--option", "speed=fast"], {}, "Puerto Rico has no option `speed`; its options: `variant`"),
    (["--demo", "--game", "lorenzo", "--option", "advanced=maybe"], {}, "Option `advanced` cannot be `maybe`"),
    (["--demo", "--option", "variant"], {}, "Options are `key=value` pairs; `variant` is not one"),
    (["--demo", "--language", "fr"], {}, "argument --language: invalid choice: 'fr'"),
    (["--demo", "--max-actions", "0"], {}, "the number of actions is a whole number from 1 up, not 0"),
    (["--demo", "--game", "chess"], {}, "argument --game: invalid choice: 'chess'"),
    (["--colour", "red"], {}, "unrecognized arguments: --colour red (python -m bot --help lists the options)"),
    (["--env-file", "env-folder"], {}, "--env-file: the settings file env-folder is a folder, not a file"),
    (["--env-file", "latin1.env"], {}, "--env-file: the settings file latin1.env is not UTF-8 text"),
    ([], {"DISCORD_TOKEN": "t", "DATABASE_PATH": "env-folder"}, "DATABASE_PATH: env-folder is a folder"),
    ([], {"DISCORD_TOKEN": "t", "DATABASE_PATH": "garbage.sqlite3"}, "garbage.sqlite3 is not a SQLite database"),
    ([], {"DISCORD_TOKEN": "t", "DATABASE_PATH": "gone/games.sqlite3"}, "the folder gone does not exist"),
    ([], {"DISCORD_TOKEN": "t", "DATABASE_PATH": "a-file/games.sqlite3"}, "a-file is a file, not a folder"),
    (
        [],
        {"DISCORD_TOKEN": "t", "DATABASE_URL": "postgresql://bot@127.0.0.1:9/games"},
        "DATABASE_URL: cannot reach the database postgresql://bot@127.0.0.1:9/games",
    ),
]


@pytest.mark.parametrize(
    ("argv", "env", "said"), CASES, ids=[" ".join(c[0]) or " ".join(f"{k}={v}" for k, v in c[1].items()) for c in CASES]
)
def test_a_bad_input_is_one_line_and_exit_code_2(
    here: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    argv: list[str],
    env: dict[str, str],
    said: str,
) -> None:
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    assert main_code(argv) == 2
    out, err = capsys.readouterr()
    assert out == "" and said in one_error_line(err, PROG)
    assert sorted(p.name for p in here.iterdir()) == ["a-file", "env-folder", "garbage.sqlite3", "latin1.env"]


def test_the_real_process_prints_no_traceback(tmp_path: Path) -> None:
    """The cases of the first report, in a real process: one line, exit code 2."""
    (tmp_path / "a-file").write_text("x")
    (tmp_path / "folder").mkdir()
    for args, env in (
        (["--demo", "--seed", "99999999999999999999999"], {}),
        (["--demo", "--out", "a-file"], {}),
        (["--demo", "--out", "/proc/nope"], {}),
        ([], {"DISCORD_TOKEN": "t", "DATABASE_PATH": "folder"}),
    ):
        ran = run_process("bot", args, tmp_path, env)
        assert ran.code == 2 and ran.out == "", ran
        one_error_line(ran.err, PROG)


def test_a_missing_out_folder_is_created(here: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    played: list[object] = []
    monkeypatch.setattr("bot.demo.run_demo", lambda *args, **kw: played.append(args))
    assert main_code(["--demo", "--out", "new/boards"]) == 0
    assert (here / "new" / "boards").is_dir() and len(played) == 1
