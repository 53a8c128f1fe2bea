"""A bug in a game's set-up, met by ``/game start`` or the lobby's Start button (issue 23): the
starter gets the service's clean refusal (not the generic apology), in their language; it is logged
with its traceback, nothing is posted or stored, and the lobby stays open to be started once the
bug is gone."""

from __future__ import annotations

import logging
from typing import Any

import pytest
from discord_fakes import ANN, BOB, CHANNEL_ID, CY, Guild, posted, table_now

from bot.discord.errors import APOLOGY
from bot.service.opening import SETUP_ERROR
from bot.service.records import State
from engine.core import find_game
from render.i18n import tr


def break_setup(monkeypatch: pytest.MonkeyPatch) -> None:
    def setup(players: list[str], options: dict[str, Any], seed: int) -> State:
        raise RuntimeError("a set-up bug")

    monkeypatch.setattr(find_game("puerto_rico"), "setup", setup)


def errors(caplog: pytest.LogCaptureFixture) -> list[logging.LogRecord]:
    return [r for r in caplog.records if r.levelno >= logging.ERROR]


async def test_a_set_up_bug_is_refused_cleanly_and_the_lobby_starts_once_it_is_gone(
    guild: Guild, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    lobby = posted(await guild.command(*ANN, "game new", game="puerto_rico"))
    await guild.command(*BOB, "game join")
    row = (await table_now(guild)).row
    break_setup(monkeypatch)
    calls = await guild.command(*ANN, "game start")
    assert calls[-1].ephemeral and calls[-1].content == SETUP_ERROR != APOLOGY
    assert not guild.fake.channel_posts(len(guild.fake.calls) - len(calls))  # nothing posted
    [record] = errors(caplog)
    assert record.name == "bot.service" and record.exc_info and f"game {row} " in record.getMessage()
    table = await table_now(guild)
    assert table.record.status == "lobby" and table.state is None and table.row == row
    guild.locales[ANN[0]] = "ja"  # the Start button: the same refusal, in the starter's language
    clicked = await guild.click(*ANN, lobby.reply, f"pbp:{row}:lobby:start")
    assert clicked[-1].ephemeral and clicked[-1].content == tr(SETUP_ERROR, "ja") != SETUP_ERROR
    assert not [c for c in clicked if c.method == "PATCH" and c.payload.get("components") == []]  # buttons kept
    assert all(r.name == "bot.service" for r in errors(caplog))  # never the generic apology's log
    joined = await guild.command(*CY, "game join")  # still a lobby
    assert "Cy" in posted(joined).content
    monkeypatch.undo()
    started = await guild.click(*ANN, lobby.reply, f"pbp:{row}:lobby:start")
    turn = [c for c in started if c.kind == "http" and c.url.endswith(f"/channels/{CHANNEL_ID}/messages")]
    table = await table_now(guild)
    assert len(turn) == 1 and table.active and table.row == row and len(table.seats) == 3
