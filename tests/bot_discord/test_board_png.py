"""A game without a board renderer gets its view drawn as text, quietly; a drawing bug is logged, in
the bot's process or in a render worker; boards are drawn in a thread when no worker can start."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest
from discord_fakes import FakeDiscord, Guild, open_table, start_bot, table_now

from bot.discord import turns
from render import pool, render_board, render_turn, workers
from render.pool import RenderPool


async def test_a_game_without_a_renderer_gets_its_text_board_and_no_error_log(caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.DEBUG, logger=turns.log.name):
        png = await turns.board_png({"game": "no_such_game", "players": ["Ann", "Bob"], "round": 2})
        mine = await turns.board_png({"game": "no_such_game", "players": ["Ann", "Bob"], "round": 2}, 1)
    assert png is not None and png.startswith(b"\x89PNG") and mine is not None and mine != png
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING]


async def test_a_drawing_bug_is_logged_with_its_traceback(
    caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(view: dict[str, object], lang: str = "en") -> bytes:
        raise ValueError("bad view")

    monkeypatch.setattr(turns, "render_board", broken)
    with caplog.at_level(logging.DEBUG, logger=turns.log.name):
        assert await turns.board_png({"game": "puerto_rico"}) is None
    errors = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert errors and errors[0].exc_info is not None


async def test_a_drawing_bug_in_a_render_worker_is_logged_with_its_traceback(caplog: pytest.LogCaptureFixture) -> None:
    drawing = RenderPool(1)
    assert await drawing.start() and pool.current() is drawing
    try:
        with caplog.at_level(logging.DEBUG, logger=turns.log.name):
            assert await turns.board_png({"game": "puerto_rico", "players": ["Ann", "Bob"]}, 5) is None
    finally:
        await drawing.close()
    errors = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert errors and errors[0].exc_info is not None and "seat 5" in str(errors[0].exc_info[1])


async def test_boards_are_drawn_in_a_thread_when_the_render_pool_cannot_start(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    def no_processes(preload: object) -> None:
        raise OSError("no processes here")

    monkeypatch.setattr(workers, "context", no_processes)
    drawing = RenderPool(1)
    view = {"game": "no_such_game", "players": ["Ann", "Bob"], "round": 2}
    try:
        assert not await drawing.start()
        assert await turns.board_png(view) == render_board(view)
    finally:
        await drawing.close()
    assert "no processes here" in caplog.text


async def test_a_bot_with_render_workers_posts_their_board_and_stops_them(tmp_path: Path) -> None:
    fake = FakeDiscord()
    bot = await start_bot(tmp_path / "g.sqlite3", fake, render_workers=1)
    try:
        assert pool.current() is bot.renderer and bot.renderer.running
        turn = await open_table(Guild(bot, fake))
        table = await table_now(Guild(bot, fake))
        steps = bot.service.steps
        message = await steps.turn_messages.get(table.row)
        assert message is not None
        table = table.sharing(began=await steps.began_view(table.row, message.started_version))
        assert [data for _, data in turn.files] == [render_turn(table.turn_view(table.language), table.language)]
    finally:
        await bot.close()
    assert pool.current() is None and not bot.renderer.running
