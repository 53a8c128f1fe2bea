"""Settings, create_bot, command sync, ``python -m bot`` (no token → demo) and the offline demo."""

from __future__ import annotations

import asyncio
import io
import json
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path
from typing import Any

import pytest
from discord.ext import commands
from discord_fakes import ANN, FakeDiscord, Guild, posted, start_bot
from PIL import Image

import bot.__main__ as entry
import bot.demo
from bot.discord.app import ShardedPbpBot, create_bot
from bot.service.clock import ManualClock
from bot.service.shards import Shards
from bot.settings import DEFAULT_DATABASE, Settings, SettingsError, load_dotenv, parse_dotenv


def test_settings_from_env_and_dotenv(tmp_path: Path) -> None:
    assert Settings.from_env({}) == Settings()
    assert Settings().database_path == DEFAULT_DATABASE and Settings().token is None
    got = Settings.from_env(
        {
            "DISCORD_TOKEN": " abc ",
            "DATABASE_PATH": "x.db",
            "DEV_GUILD_ID": "12",
            "LOG_LEVEL": "debug",
            "SYNC_COMMANDS": "no",
        }
    )
    assert got == Settings("abc", "x.db", 12, "DEBUG", False, libraries_log_level="DEBUG")  # asked: for all
    for bad in ({"DEV_GUILD_ID": "my server"}, {"LOG_LEVEL": "loud"}, {"SYNC_COMMANDS": "maybe"}):
        with pytest.raises(SettingsError):
            Settings.from_env(bad)
    env_file = tmp_path / ".env"
    env_file.write_text("# settings\nDISCORD_TOKEN='t0k'\nexport LOG_LEVEL=WARNING  # quiet\n\nbroken line\n")
    assert parse_dotenv(env_file.read_text()) == {"DISCORD_TOKEN": "t0k", "LOG_LEVEL": "WARNING"}
    env = {"LOG_LEVEL": "ERROR"}
    assert load_dotenv(env_file, env) and env == {"LOG_LEVEL": "ERROR", "DISCORD_TOKEN": "t0k"}
    assert not load_dotenv(tmp_path / "missing.env", env)


def test_create_bot_reads_the_environment_without_connecting(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", "secret")
    monkeypatch.setenv("DEV_GUILD_ID", "42")
    made = create_bot()
    assert made.settings.token == "secret" and made.settings.dev_guild_id == 42
    assert not made.is_ready() and made.ws is None
    assert not (made.intents.message_content or made.intents.members or made.intents.presences)


async def test_setup_hook_syncs_commands_to_the_dev_guild(tmp_path: Path) -> None:
    fake = FakeDiscord()
    made = await start_bot(tmp_path / "g.sqlite3", fake, dev_guild_id=4242, sync_commands=True)
    try:
        puts = [c for c in fake.calls if c.method == "PUT"]
        assert len(puts) == 1 and "/guilds/4242/commands" in puts[0].url
        assert {c["name"] for c in puts[0].payload["items"]} >= {"game", "play", "mygames", "away", "back"}
        assert await made.store.schema_version() >= 1
    finally:
        await made.close()


async def test_game_options_are_suggested_and_validated_by_the_engine(guild: Guild, toy_games: Any) -> None:
    """Toy Race (registered by ``toy_games``) declares options."""
    values = await guild.autocomplete(*ANN, "game new", "options", game="toy_race", options="length=6 ca")
    assert values == ["length=6 cards=true", "length=6 cards=false"]
    assert await guild.autocomplete(*ANN, "game new", "options", game="nope", options="") == []
    bad = await guild.command(*ANN, "game new", game="toy_race", options="length=7")
    assert bad[-1].ephemeral and "`length` cannot be `7`" in bad[-1].content
    made = await guild.command(*ANN, "game new", game="toy_race", options="length=15, cards=no")
    lobby = posted(made)
    assert "cards=False" in lobby.content and "length=15" in lobby.content
    assert made[-1].method == "DELETE"  # the ephemeral "thinking…" reply is removed


def test_no_token_explains_and_runs_the_demo(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    monkeypatch.setattr(entry, "setup_logging", lambda *_: None)
    calls: list[tuple[object, ...]] = []
    monkeypatch.setattr(bot.demo, "run_demo", lambda *args, **kw: calls.append((*args, kw)))
    monkeypatch.chdir(tmp_path)
    out = io.StringIO()
    with redirect_stdout(out):
        assert entry.main(["--env-file", str(tmp_path / "none.env"), "--players", "4", "--seed", "9"]) == 0
    assert "No DISCORD_TOKEN is set" in out.getvalue() and "offline demo" in out.getvalue()
    assert calls == [(bot.demo.Table("puerto_rico", 4), 9, "demo_output", {"max_actions": None})]


def test_demo_plays_a_full_game_and_writes_boards(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(entry, "setup_logging", lambda *_: None)
    folder = tmp_path / "demo"
    folder.mkdir()
    (folder / "board-9999.png").write_bytes(b"stale")  # a previous run's image is cleared
    out = io.StringIO()
    with redirect_stdout(out):
        assert entry.main(["--demo", "--players", "2", "--seed", "1", "--out", str(folder)]) == 0
    text = out.getvalue()
    assert "Final scores:" in text and ("Winner:" in text or "Shared win" in text) and str(folder) in text
    boards = sorted(folder.glob("board-*.png"))
    actions = int(text.split(" actions in ")[0].rsplit("\n", 1)[-1])
    assert len(boards) == actions + 1 > 50 and "board-9999.png" not in {b.name for b in boards}
    for path in (boards[0], boards[-1], folder / "final-board.png", folder / "final-player-2.png"):
        with Image.open(path) as image:
            assert image.format == "PNG" and image.width >= 600
        assert path.stat().st_size <= 1024 * 1024
    assert (folder / "demo.sqlite3").exists()  # played through the real SQLite store


def test_demo_plays_lisboa_and_checks_the_player_count(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(entry, "setup_logging", lambda *_: None)
    png = b"\x89PNG\r\n\x1a\n"
    monkeypatch.setattr(bot.demo, "render_board", lambda view, lang: png)  # hundreds of real images: too slow here
    monkeypatch.setattr(bot.demo, "render_turn", lambda view, lang: png)
    monkeypatch.setattr(bot.demo, "render_player_board", lambda view, seat, lang: png)
    folder = tmp_path / "demo"
    out = io.StringIO()
    with redirect_stdout(out):
        assert entry.main(["--demo", "--game", "lisboa", "--players", "3", "--seed", "2", "--out", str(folder)]) == 0
    text = out.getvalue()
    assert "Lisboa starts!" in text and "Card values partly provisional" in text
    assert "Final scores:" in text and ("Winner:" in text or "Shared win" in text)
    assert len(sorted(folder.glob("board-*.png"))) == int(text.split(" actions in ")[0].rsplit("\n", 1)[-1]) + 1
    assert (folder / "final-player-3.png").exists()
    err = io.StringIO()
    with redirect_stdout(io.StringIO()), redirect_stderr(err):
        assert entry.main(["--demo", "--game", "lisboa", "--players", "5", "--out", str(folder)]) == 2
    assert "Lisboa needs 2–4 players, not 5" in err.getvalue()
    assert "lisboa (Lisboa, 2-4 players)" in " ".join(entry.build_parser().format_help().split())


def test_shard_settings_make_an_auto_sharded_bot() -> None:
    plain = create_bot(Settings())
    assert not isinstance(plain, commands.AutoShardedBot) and plain.shard_plan == Shards()
    made = create_bot(Settings(shard_count=4, shard_ids=(1, 3)))
    assert isinstance(made, ShardedPbpBot) and isinstance(made, commands.AutoShardedBot)
    assert (made.shard_count, made.shard_ids) == (4, [1, 3]) and made.shard_plan == Shards(4, (1, 3))
    assert not made.is_ready() and not made.shards  # nothing connected


async def test_health_endpoint_of_a_sharded_bot(tmp_path: Path) -> None:
    fake = FakeDiscord()
    clock = ManualClock()  # the tick's time is the service clock's
    made = await start_bot(tmp_path / "h.sqlite3", fake, clock=clock, shard_count=2, shard_ids=(1,), health_port=0)
    try:
        assert made.service.core.shards == Shards(2, (1,)) and made.health_server is not None
        port = made.health_server.sockets[0].getsockname()[1]
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        writer.write(b"GET /health HTTP/1.1\r\nHost: localhost\r\n\r\n")
        head, _, body = (await reader.read()).decode().partition("\r\n\r\n")
        writer.close()
        report = json.loads(body)
        assert head.startswith("HTTP/1.1 503")  # the store answers, but Discord never said ready
        assert report == {
            "ok": False,
            "ready": False,
            "database_ok": True,
            "schema": await made.store.revision(),
            "shard_count": 2,
            "shard_ids": [1],
            "last_tick": None,
            "timed_shards": None,  # no timer round yet
        }
        cog: Any = made.get_cog("TimerCog")  # the extension's own class object (loaded apart)
        assert cog is not None
        await cog.tick()
        after = await made.health()
        assert after["last_tick"] == made.service.now() == "2030-01-01T00:00:00.000+00:00"
        assert after["timed_shards"] == [0, 1]  # alone on the database: it serves shard 0's work too
    finally:
        await made.close()
    assert made.health_server is None
