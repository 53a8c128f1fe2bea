"""``python -m bot`` with a token: the database is checked first; a login that cannot reach Discord
is retried with doubling pauses and one line each; a refused token ends it with one line, exit 1."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import threading
import types
from pathlib import Path

import aiohttp
import discord
import discord.http
import pytest
from cli_helpers import ROOT, VARIABLES, clean_env, main_code

import bot.discord.start as start


def unreachable() -> aiohttp.ClientConnectorError:
    key = types.SimpleNamespace(host="discord.com", port=443, ssl=True)
    return aiohttp.ClientConnectorError(key, OSError(101, "Network is unreachable"))  # type: ignore[arg-type]


def test_no_network_is_retried_then_a_refused_token_is_one_line(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    clean_env(monkeypatch, tmp_path)
    monkeypatch.setenv("DISCORD_TOKEN", "t0k")
    monkeypatch.setattr("bot.__main__.setup_logging", lambda *_: None)
    monkeypatch.setattr(start, "FIRST_PAUSE", 0.01)
    tries: list[str] = []

    async def login(self: discord.http.HTTPClient, token: str) -> None:
        tries.append(token)
        if len(tries) <= 3:
            raise unreachable()
        raise discord.LoginFailure("Improper token has been passed.")

    monkeypatch.setattr(discord.http.HTTPClient, "static_login", login)
    assert main_code([]) == 1
    said = [(r.levelname, r.getMessage()) for r in caplog.records if r.name == "bot"]
    wanted = "can't reach Discord (Cannot connect to host discord.com:443 ssl:default [Network is unreachable]); "
    assert said == [
        ("WARNING", wanted + "retrying in 0.01 s (Ctrl-C stops)"),
        ("WARNING", wanted + "retrying in 0.02 s (Ctrl-C stops)"),
        ("WARNING", wanted + "retrying in 0.04 s (Ctrl-C stops)"),
        ("ERROR", "Discord refused the token: check DISCORD_TOKEN (Bot -> Reset Token)."),
    ]
    assert tries == ["t0k"] * 4 and not any(r.exc_info for r in caplog.records)
    assert (tmp_path / "pbp_games.sqlite3").exists() is False  # nothing opened the store before the login


def test_pauses_double_up_to_a_minute() -> None:
    waits = start.pauses()
    assert [next(waits) for _ in range(8)] == [2.0, 4.0, 8.0, 16.0, 32.0, 60.0, 60.0, 60.0]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def ctrl_c_as_at_a_terminal() -> None:
    """In the child before it starts: SIGINT delivered as at a terminal. A test run started in the
    background of a script (``.ci/run &``) ignores SIGINT, and a child inherits that; Python then
    installs no KeyboardInterrupt, so Ctrl-C could never reach the bot (seen: the bot idle in its
    retry loop 120 s after SIGINT)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


def test_a_real_process_retries_a_closed_port_and_stops_on_ctrl_c(tmp_path: Path) -> None:
    """Discord's address pointed at a closed local port: real connection errors, then SIGINT."""
    code = (
        "import sys, discord.http, bot.discord.start as s\n"
        f"discord.http.Route.BASE = 'http://127.0.0.1:{free_port()}/api/v10'\n"
        "s.FIRST_PAUSE = 0.05\n"
        "from bot.__main__ import main\n"
        "sys.exit(main([]))\n"
    )
    env = {k: v for k, v in os.environ.items() if k not in VARIABLES}
    env |= {"PYTHONPATH": str(ROOT), "DISCORD_TOKEN": "t0k", "DATABASE_PATH": str(tmp_path / "g.sqlite3")}
    env["PYTHONFAULTHANDLER"] = "1"  # a process that does not stop dumps its threads' stacks on SIGABRT
    proc = subprocess.Popen(
        [sys.executable, "-c", code],
        cwd=tmp_path,
        env=env,
        stderr=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        preexec_fn=ctrl_c_as_at_a_terminal,
    )
    watchdog = threading.Timer(180, proc.kill)
    watchdog.start()
    try:
        assert proc.stderr is not None
        lines: list[str] = []
        while sum("can't reach Discord" in line for line in lines) < 2:
            line = proc.stderr.readline()
            assert line, lines  # the process ended before retrying twice
            lines.append(line)
        proc.send_signal(signal.SIGINT)
        try:
            _, rest = proc.communicate(timeout=120)
        except subprocess.TimeoutExpired:  # say where it hangs: every thread's stack, then fail
            proc.send_signal(signal.SIGABRT)
            _, rest = proc.communicate(timeout=30)
            pytest.fail("the process did not stop on Ctrl-C within 120 s:\n" + "".join(lines) + rest)
    finally:
        watchdog.cancel()
    text = "".join(lines) + rest
    assert proc.returncode == 130 and "Traceback" not in text, text
    assert "retrying in 0.05 s" in text and "retrying in 0.1 s" in text
    assert text.splitlines()[-1] == "python -m bot: stopped (Ctrl-C)."
