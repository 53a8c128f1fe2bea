"""Where the AI thinks (issue 26): worker processes of its own, outside the event loop's GIL.

An AI decision is a search of a few hundred to a few thousand simulated games: pure Python, up to
seconds of CPU. In the bot's process it would hold the GIL and every interaction would wait, so a
:class:`ThinkPool` hands :func:`engine.ai.choose` to ``workers`` processes
(:class:`concurrent.futures.ProcessPoolExecutor`, started by a fork server where the platform has
one, else spawned; ``AI_WORKERS``, default 1). A state is plain JSON, so it crosses to a worker
cheaply, and the move comes back as its canonical text.

With no worker (``AI_WORKERS=0``, a pool that could not start or broke, or a game the workers do not
know: one registered at run time in the bot's process only, as the tests do), the AI thinks in a
thread of the bot's process instead: slower for the others, never wrong. A choice depends only on
the state, the seat, the seed and the level, so where it is thought never changes the move.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from engine.ai import choose
from engine.core import IllegalAction, get_game

log = logging.getLogger("bot.ai")
#: How long the workers may take to start (seconds) before the AI thinks in a thread.
START_TIMEOUT = 60.0


def think(game_id: str, state: Any, seat: int, seed: int, level: str) -> str | None:
    """In a worker: the AI's move (its canonical text); ``None`` when this process does not know the game."""
    try:
        get_game(game_id)
    except IllegalAction:
        return None
    return choose(game_id, state, seat, seed=seed, level=level)


def ready() -> bool:
    return True


def context() -> Any:
    """A fork server where the platform has one (no fork of the bot's threads), else spawn."""
    if "forkserver" in multiprocessing.get_all_start_methods():
        ctx = multiprocessing.get_context("forkserver")
        ctx.set_forkserver_preload(["engine"])
        return ctx
    return multiprocessing.get_context("spawn")


class ThinkPool:
    """``workers`` processes choosing the AI's moves (0: a thread of the bot's process)."""

    def __init__(self, workers: int = 0) -> None:
        if workers < 0:
            raise ValueError(f"AI workers must be 0 or more, not {workers}")
        self.workers = workers
        self.executor: ProcessPoolExecutor | None = None
        #: Set when the workers could not be started: the AI thinks in a thread from then on.
        self.failed = False

    @property
    def running(self) -> bool:
        return self.executor is not None

    async def start(self) -> bool:
        """Start the workers; False (and a warning) when none could start: the AI thinks in a thread."""
        if self.workers == 0 or self.executor is not None or self.failed:
            return self.executor is not None
        executor: ProcessPoolExecutor | None = None
        try:
            executor = ProcessPoolExecutor(self.workers, mp_context=context())
            loop = asyncio.get_running_loop()
            calls = [loop.run_in_executor(executor, ready) for _ in range(self.workers)]
            await asyncio.wait_for(asyncio.gather(*calls), START_TIMEOUT)
        except Exception as exc:  # whatever keeps processes from starting here: think in a thread
            log.warning("cannot start %d AI worker(s) (%r): the AI thinks in a thread", self.workers, exc)
            self.failed = True
            if executor is not None:
                executor.shutdown(wait=False, cancel_futures=True)
            return False
        self.executor = executor
        log.info("%d AI worker(s) ready", self.workers)
        return True

    async def choose(self, game_id: str, state: Any, seat: int, *, seed: int, level: str) -> str:
        """The AI's move for ``seat`` (:func:`engine.ai.choose`), thought off the event loop."""
        executor = self.executor
        if executor is not None:
            try:
                text = await asyncio.get_running_loop().run_in_executor(
                    executor, think, game_id, state, seat, seed, level
                )
            except BrokenProcessPool as exc:
                log.error("the AI workers stopped (%s): the AI thinks in a thread until they are started again", exc)
                if self.executor is executor:
                    self.executor = None
                    executor.shutdown(wait=False, cancel_futures=True)
            else:
                if text is not None:
                    return text
        return await asyncio.to_thread(choose, game_id, state, seat, seed=seed, level=level)

    async def close(self) -> None:
        """Stop the workers (a decision being thought is finished first)."""
        executor, self.executor = self.executor, None
        if executor is not None:
            await asyncio.to_thread(executor.shutdown, wait=True, cancel_futures=True)
