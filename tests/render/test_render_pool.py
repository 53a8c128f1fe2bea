"""The render pool (issue 24): boards drawn in other processes, byte for byte as in this process, a
drawing error raised as here, a clean stop, and boards drawn in a thread whenever the pool cannot."""

from __future__ import annotations

import asyncio
import logging
import os
import signal
import time
from collections.abc import AsyncIterator

import pytest

import render
from bot.service.opening import opening_views
from engine.core import all_games
from render import pool, render_board, render_player_board, render_turn, workers
from render.pool import RenderPool, Unavailable
from tests.render.sample_views import sample_views, text_view


@pytest.fixture
async def drawing() -> AsyncIterator[RenderPool]:
    """One running worker, not warmed up (the first test warms one up)."""
    started = RenderPool(1)
    assert await started.start()
    yield started
    await started.close()


async def worker_pid(drawing: RenderPool) -> int:
    assert drawing.executor is not None
    return int(await asyncio.get_running_loop().run_in_executor(drawing.executor, os.getpid))


def gone(pid: int, within: float = 30.0) -> bool:
    """Whether process ``pid`` has ended (waiting at most ``within`` seconds for it to)."""
    end = time.monotonic() + within
    while time.monotonic() < end:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return True
        time.sleep(0.05)
    return False


async def test_a_warm_worker_draws_every_game_byte_for_byte_as_this_process() -> None:
    warm = RenderPool(1)
    assert await warm.start(opening_views()) and pool.current() is warm
    try:
        firsts = {label.split("-")[0]: (public, mine) for label, public, mine in reversed(sample_views())}
        assert set(firsts) == {"puerto_rico", "lisboa", "lorenzo", "red_cathedral"}
        for public, mine in firsts.values():
            for lang in ("en", "ja"):
                assert await warm.draw(public, None, lang) == render_board(public, lang)
                assert await warm.draw(public, None, lang, "turn") == render_turn(public, lang)
                assert await warm.draw(mine, 0, lang) == render_player_board(mine, 0, lang)
        assert await warm.draw(text_view()) == render_board(text_view())  # a game without a renderer
    finally:
        await warm.close()
    assert pool.current() is None


def test_the_warm_up_draws_every_game_without_a_warning(caplog: pytest.LogCaptureFixture) -> None:
    views = opening_views()
    assert sorted(v["game"] for v in views) == sorted(g.spec.id for g in all_games())
    with caplog.at_level(logging.WARNING, logger=pool.log.name):
        pool.warm_up(views)
    assert not caplog.records


async def test_a_drawing_error_in_a_worker_is_raised_as_in_this_process(drawing: RenderPool) -> None:
    view = {"game": "puerto_rico", "players": ["Ann", "Bob"]}
    with pytest.raises(ValueError, match="seat 5 is not in this game"):
        render_player_board(view, 5)
    with pytest.raises(ValueError, match="seat 5 is not in this game"):
        await drawing.draw(view, 5)


async def test_closing_stops_the_workers_and_leaves_no_pool(drawing: RenderPool) -> None:
    pid = await worker_pid(drawing)
    await drawing.close()
    assert gone(pid) and not drawing.running and pool.current() is None
    with pytest.raises(Unavailable):
        await drawing.draw(text_view())
    await drawing.close()  # twice is harmless


async def test_a_pool_that_cannot_start_leaves_the_drawing_to_a_thread(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    def no_processes(preload: object) -> None:
        raise OSError("no semaphores here")

    monkeypatch.setattr(workers, "context", no_processes)
    failing = RenderPool(2)
    with caplog.at_level(logging.WARNING, logger=pool.log.name):
        assert not await failing.start()
    assert failing.failed and "no semaphores here" in caplog.text
    try:
        with pytest.raises(Unavailable):
            await failing.draw(text_view())
    finally:
        await failing.close()


async def test_a_board_another_renderer_would_draw_is_refused(drawing: RenderPool) -> None:
    """A renderer registered in this process only (the workers would draw with their own)."""
    view = sample_views()[0][1]
    with render.registered(str(view["game"]), "render.text_board"), pytest.raises(Unavailable, match="text_board"):
        await drawing.draw(view)


async def test_a_killed_worker_is_replaced_for_the_next_board(drawing: RenderPool) -> None:
    view = text_view()
    pid = await worker_pid(drawing)
    os.kill(pid, signal.SIGKILL)
    assert gone(pid)
    with pytest.raises(Unavailable):
        await drawing.draw(view)  # this board is drawn elsewhere (in a thread, by the bot)
    assert await drawing.draw(view) == render_board(view)  # started again
    assert await worker_pid(drawing) != pid
