"""Where the AI thinks (issue 26): a worker process of the :class:`ThinkPool` chooses the move this
process would, and the AI thinks in a thread whenever the workers cannot (not started, killed, or a
game they do not know)."""

from __future__ import annotations

import asyncio
import logging
import os
import signal
from typing import Any

import pytest

from bot.service import ai_pool
from bot.service.ai_pool import ThinkPool
from engine.ai import choose
from engine.core import get_game
from render import workers

pytestmark = pytest.mark.sqlite_only  # no store here: once is enough


def opening(game_id: str) -> tuple[Any, int]:
    """A two-player opening of ``game_id`` (its default options) and the seat that decides first."""
    game = get_game(game_id)
    state = game.setup(["Ann", "Bob"], game.spec.resolve_options({}, 2), 7)
    return state, game.waiting(state)[0]


def nowhere_here(game_id: str, state: Any, seat: int, *, seed: int, level: str) -> str:
    raise AssertionError("thought in this process")


async def test_a_worker_thinks_what_this_process_would_and_a_thread_takes_over_what_it_cannot(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """One worker (a process start is the cost here): its move; a game only this process knows
    (``toy_race``, registered for the service tests) thought in a thread; the worker killed, a thread."""
    state, seat = opening("puerto_rico")
    toy, toy_seat = opening("toy_race")
    expected = choose("puerto_rico", state, seat, seed=11, level="random")
    toy_expected = choose("toy_race", toy, toy_seat, seed=3, level="easy")
    thinking = ThinkPool(1)
    assert await thinking.start() and thinking.running
    try:
        with monkeypatch.context() as only_there:
            only_there.setattr(ai_pool, "choose", nowhere_here)  # this process's: the worker has its own
            assert await thinking.choose("puerto_rico", state, seat, seed=11, level="random") == expected
        assert await thinking.choose("toy_race", toy, toy_seat, seed=3, level="easy") == toy_expected
        assert thinking.running and thinking.executor is not None
        pid = await asyncio.get_running_loop().run_in_executor(thinking.executor, os.getpid)
        os.kill(pid, signal.SIGKILL)
        with caplog.at_level(logging.ERROR, logger=ai_pool.log.name):
            assert await thinking.choose("puerto_rico", state, seat, seed=11, level="random") == expected
        assert not thinking.running and "the AI workers stopped" in caplog.text
    finally:
        await thinking.close()


async def test_a_pool_that_cannot_start_thinks_in_a_thread(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    def no_processes(preload: object) -> None:
        raise OSError("no semaphores here")

    monkeypatch.setattr(workers, "context", no_processes)
    failing = ThinkPool(2)
    with caplog.at_level(logging.WARNING, logger=ai_pool.log.name):
        assert not await failing.start()
    assert failing.failed and not failing.running
    assert "cannot start 2 AI worker(s)" in caplog.text and "no semaphores here" in caplog.text
    state, seat = opening("puerto_rico")
    assert await failing.choose("puerto_rico", state, seat, seed=2, level="random") == choose(
        "puerto_rico", state, seat, seed=2, level="random"
    )
    assert not await failing.start()  # it does not try again
    await failing.close()
