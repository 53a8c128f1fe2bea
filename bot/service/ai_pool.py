"""Where the AI thinks (issue 26): worker processes of its own, outside the event loop's GIL.

An AI decision is a search of a few hundred to a few thousand simulated games: pure Python, up to
seconds of CPU. In the bot's process it would hold the GIL and every interaction would wait, so a
:class:`ThinkPool` hands :func:`engine.ai.choose` to ``workers`` processes
(``AI_WORKERS``, default 1), started as the render pool's are (:class:`render.workers.Workers`: a
fork server where the platform has one, else spawned). A state is plain JSON, so it crosses to a worker
cheaply, and the move comes back as its canonical text.

With no worker (``AI_WORKERS=0``, a pool that could not start or broke, or a game the workers do not
know: one registered at run time in the bot's process only, as the tests do), the AI thinks in a
thread of the bot's process instead: slower for the others, never wrong. A choice depends only on
the state, the seat, the seed and the level, so where it is thought never changes the move.
"""

from __future__ import annotations

import asyncio
import logging
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from engine.ai import choose
from engine.core import IllegalAction, get_game
from render.workers import Workers

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


class ThinkPool(Workers):
    """``workers`` processes choosing the AI's moves (0: a thread of the bot's process)."""

    def __init__(self, workers: int = 0) -> None:
        fallback = "the AI thinks in a thread"
        super().__init__(workers, name="AI", log=log, preload=("engine",), timeout=START_TIMEOUT, fallback=fallback)

    async def start(self) -> bool:
        """Start the workers; False (and a warning) when none could start: the AI thinks in a thread."""
        return await self.launch()

    async def choose(self, game_id: str, state: Any, seat: int, *, seed: int, level: str) -> str:
        """The AI's move for ``seat`` (:func:`engine.ai.choose`), thought off the event loop."""
        if self.running:
            try:
                text = await self.run(think, game_id, state, seat, seed, level)
            except BrokenProcessPool as exc:
                log.error("the AI workers stopped (%s): the AI thinks in a thread until they are started again", exc)
            else:
                if text is not None:
                    return text
        return await asyncio.to_thread(choose, game_id, state, seat, seed=seed, level=level)
