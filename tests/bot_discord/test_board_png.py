"""A game without a board renderer gets its view drawn as text, quietly; a drawing bug is logged."""

from __future__ import annotations

import logging

import pytest

from bot.discord import turns


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
