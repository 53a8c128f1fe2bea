"""The AI's turn when the bot stops or another process moves while the AI is thinking (issue 26).

``test_bot_ai.py`` restarts the service between turns, with nothing being thought. Here the stop
comes mid-think: the decision has started in its thread and its move is not stored yet. The bot's
task is cancelled and its store closed (what a shutdown or a crash leaves: nothing about the turn
is stored), the thought finishes late into nothing, and a new service on the same database finds the
due turn and plays it exactly once. And a thought that comes back after another process played
its turn is dropped as stale, never stored a second time."""

from __future__ import annotations

import asyncio
import contextlib
import random
import threading
from typing import Any

from bot_helpers import CHANNEL, FakeClock, user

from bot.service.ai_pool import ThinkPool
from bot.service.ai_turns import seed_of
from bot.service.service import GameService
from bot.store.store import GameStore
from engine.ai import choose


class HeldThinker(ThinkPool):
    """The thread fallback, holding each thought until :attr:`release` is set: a decision that is
    being thought for as long as the test likes. :attr:`thinking` is set once one has started."""

    def __init__(self) -> None:
        super().__init__(0)
        self.thinking = asyncio.Event()
        self.release = threading.Event()
        #: Every move this thinker came back with (thought to its end).
        self.thought: list[str] = []

    async def choose(self, game_id: str, state: Any, seat: int, *, seed: int, level: str) -> str:
        def think() -> str:
            text = choose(game_id, state, seat, seed=seed, level=level)
            self.release.wait(30)
            self.thought.append(text)
            return text

        self.thinking.set()
        return await asyncio.to_thread(think)


async def ai_game(svc: GameService) -> int:
    """A started Toy Race whose every seat the AI plays (an AI seat and the creator's, handed to it)."""
    lobby = await svc.lobby.open(CHANNEL, "g", user("Ann"), "Ann", "toy_race", {"length": 6})
    await svc.lobby.add_ai(CHANNEL, user("Ann"), "easy")
    await svc.lobby.start(CHANNEL, user("Ann"), seed=11)
    await svc.seats.to_ai(CHANNEL, user("Ann"), "easy")
    return lobby.game_row or 0


async def held_mid_think(svc: GameService, thinker: HeldThinker) -> asyncio.Task[Any]:
    """The service's AI work, started and held while it thinks about the first due turn."""
    task = asyncio.create_task(svc.ai.play(next(iter(await svc.ai.due()))))
    await asyncio.wait_for(thinker.thinking.wait(), 10)
    return task


async def test_a_turn_the_bot_stopped_thinking_about_is_played_once_after_a_restart(database: str) -> None:
    thinker = HeldThinker()
    store = await GameStore.open(database)
    try:
        svc = GameService(store, clock=FakeClock(), rng=random.Random(3), thinker=thinker)
        row = await ai_game(svc)
        table = await svc.table(row)
        version, state, seed = table.version, table.state, table.record.seed
        seat = table.waiting_seats()[0]  # every seat is the AI's: it plays the first that owes
        task = await held_mid_think(svc, thinker)
        assert not task.done() and (await store.game(row)).version == version  # type: ignore[union-attr]
        task.cancel()  # the bot stops: its tasks are cancelled, then its store closed
        with contextlib.suppress(asyncio.CancelledError):
            await task
    finally:
        await store.close()
    thinker.release.set()  # the thread finishes its thought after the stop, into nothing
    for _ in range(100):
        if thinker.thought:
            break
        await asyncio.sleep(0.01)
    assert len(thinker.thought) == 1
    store = await GameStore.open(database)
    try:
        again = GameService(store, clock=FakeClock(), rng=random.Random(4))
        assert (await store.game(row)).version == version  # type: ignore[union-attr]
        assert await store.actions(row) == []  # nothing of the interrupted turn was stored
        assert await again.ai.due() == [row]  # found again from the stored game alone
        [first] = [step async for step in again.ai.turns(limit=1)]
        assert first.version == version + 1
        log = await store.actions(row)
        assert [(a.version, a.seat) for a in log] == [(version + 1, seat)]
        same = choose("toy_race", state, seat, seed=seed_of(seed, version, seat), level="easy")
        assert log[0].text == same == thinker.thought[0]  # the move the stopped bot was thinking of
        [step async for step in again.ai.turns(limit=5)]  # and the game goes on from there
        log = await store.actions(row)
        assert [a.version for a in log] == list(range(1, len(log) + 1)) and len(log) > 1
    finally:
        await store.close()


async def test_a_thought_that_comes_back_after_another_process_played_the_turn_is_dropped(database: str) -> None:
    thinker = HeldThinker()
    store_a, store_b = await GameStore.open(database), await GameStore.open(database)
    try:
        a = GameService(store_a, clock=FakeClock(), rng=random.Random(5), thinker=thinker)
        b = GameService(store_b, clock=FakeClock(), rng=random.Random(6))
        row = await ai_game(a)
        version = (await a.table(row)).version
        task = await held_mid_think(a, thinker)
        [played] = [step async for step in b.ai.turns(limit=1)]  # meanwhile, the other process plays it
        assert played.version == version + 1
        thinker.release.set()
        assert await asyncio.wait_for(task, 10) is True  # stale: not stored, to be thought again
        log = await store_a.actions(row)
        assert [a.version for a in log] == [version + 1]
        assert thinker.thought == [log[0].text]  # the same move, thought twice, stored once
        assert (await store_a.game(row)).version == version + 1  # type: ignore[union-attr]
    finally:
        await store_a.close()
        await store_b.close()
