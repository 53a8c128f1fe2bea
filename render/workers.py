"""Worker processes outside the event loop's GIL: what the board-drawing pool (:mod:`render.pool`,
issue 24) and the AI's thinking pool (:mod:`bot.service.ai_pool`, issue 26) share.

:class:`Workers` starts ``count`` processes (:class:`concurrent.futures.ProcessPoolExecutor`) by a
fork server where the platform has one (its children come from a process that imported the
``preload`` packages once and runs none of the bot's threads), else spawned; runs each one's
``initializer`` (a warm-up) and waits until every worker answers, at most ``timeout`` seconds. When
they cannot start (no process can be started here, or too slow), it logs a warning and stays stopped
for good (:attr:`Workers.failed`): the caller does its work in a thread of its own process instead. A
call that finds the pool broken (a worker killed) drops the pool, so that :meth:`Workers.launch`
starts it again, and raises :class:`~concurrent.futures.process.BrokenProcessPool` for the caller to
fall back to its thread.

It sits in ``render`` because that is the lowest layer that may start processes and that ``bot`` may
import: ``engine`` stays pure (no processes, no I/O), and ``render`` never imports ``bot``. It knows
nothing of boards or of the AI: each pool says what its workers preload, warm up and run.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

T = TypeVar("T")


def context(preload: Sequence[str]) -> Any:
    """A fork server importing ``preload`` where the platform has one (fast starts, no fork of the
    bot's threads), else spawn. There is one fork server a process: the first pool to start it
    decides what it preloads."""
    if "forkserver" in multiprocessing.get_all_start_methods():
        ctx = multiprocessing.get_context("forkserver")
        ctx.set_forkserver_preload(list(preload))
        return ctx
    return multiprocessing.get_context("spawn")


def ready() -> bool:
    """A worker answers once it has started (its initializer runs first)."""
    return True


class Workers:
    """``count`` worker processes (0: none, the caller works in a thread), named ``name`` in the
    logs of ``log``; ``fallback`` says where the work goes when they cannot start."""

    def __init__(
        self,
        count: int,
        *,
        name: str,
        log: logging.Logger,
        preload: Sequence[str],
        timeout: float,
        fallback: str,
    ) -> None:
        if count < 0:
            raise ValueError(f"{name} workers must be 0 or more, not {count}")
        self.workers = count
        self.name, self.log, self.preload, self.timeout, self.fallback = name, log, tuple(preload), timeout, fallback
        self.executor: ProcessPoolExecutor | None = None
        #: Set when the workers could not be started: the work is done in a thread from then on.
        self.failed = False
        self._starting: asyncio.Lock | None = None

    @property
    def running(self) -> bool:
        return self.executor is not None

    async def launch(self, initializer: Callable[..., object] | None = None, initargs: tuple[Any, ...] = ()) -> bool:
        """Start the workers (each runs ``initializer(*initargs)`` first) unless they run or could not
        start; whether they run. Concurrent calls start them once."""
        if self.workers == 0:
            return False
        self._starting = self._starting or asyncio.Lock()
        async with self._starting:
            if self.executor is not None or self.failed:
                return self.executor is not None
            loop = asyncio.get_running_loop()
            executor: ProcessPoolExecutor | None = None
            try:
                executor = ProcessPoolExecutor(
                    self.workers, mp_context=context(self.preload), initializer=initializer, initargs=initargs
                )
                # One call per worker: each submission beyond the idle workers starts one more process.
                calls = [loop.run_in_executor(executor, ready) for _ in range(self.workers)]
                await asyncio.wait_for(asyncio.gather(*calls), self.timeout)
            except Exception as exc:  # whatever keeps processes from starting here: work in a thread
                self.log.warning("cannot start %d %s worker(s) (%r): %s", self.workers, self.name, exc, self.fallback)
                self.failed = True
                if executor is not None:
                    executor.shutdown(wait=False, cancel_futures=True)
                return False
            self.executor = executor
            self.log.info("%d %s worker(s) ready", self.workers, self.name)
            return True

    async def run(self, fn: Callable[..., T], *args: Any) -> T:
        """``fn(*args)`` in a worker (the workers must be running); an error of ``fn`` is raised as
        here. When the pool has broken, it is dropped (started again by the next :meth:`launch`) and
        :class:`BrokenProcessPool` raised."""
        executor = self.executor
        if executor is None:
            raise RuntimeError(f"no {self.name} worker is running")
        try:
            return await asyncio.get_running_loop().run_in_executor(executor, fn, *args)
        except BrokenProcessPool:
            if self.executor is executor:
                self.executor = None
                executor.shutdown(wait=False, cancel_futures=True)
            raise

    async def close(self) -> None:
        """Stop the workers (the calls in progress are finished first)."""
        executor, self.executor = self.executor, None
        if executor is not None:
            await asyncio.to_thread(executor.shutdown, wait=True, cancel_futures=True)
