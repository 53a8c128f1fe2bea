"""A table the AI plays alone stops after a run of AI moves without a person (issue 26), through the
service, on a tiny limit: it says so once, the game waits as it stands (across a restart too), and it
goes on once a person acts or takes a seat back."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from bot_helpers import CHANNEL, FakeClock, user

from bot.service.ai_pool import ThinkPool
from bot.service.ai_turns import paused_line
from bot.service.service import GameService
from bot.store.ai_seats import PAUSED
from bot.store.records import Records
from bot.store.store import GameStore

LIMIT = 3


class QuickThinker(ThinkPool):
    """The engine's random yardstick in place of the level: a move at once."""

    async def choose(self, game_id: str, state: Any, seat: int, *, seed: int, level: str) -> str:
        return await super().choose(game_id, state, seat, seed=seed, level="random")


async def service(store: GameStore) -> GameService:
    svc = GameService(store, clock=FakeClock(), rng=random.Random(1), thinker=QuickThinker())
    svc.ai.unattended = LIMIT
    return svc


async def ai_moves(svc: GameService) -> list[list[str]]:
    """Every AI move due now, as the timer loop plays them: their public lines."""
    return [step.public async for step in svc.ai.turns()]


async def test_the_ai_stops_a_table_it_plays_alone_and_goes_on_when_a_person_acts(tmp_path: Path) -> None:
    database = tmp_path / "g.sqlite3"
    store = await GameStore.open(database)
    try:
        svc = await service(store)
        lobby = await svc.lobby.open(CHANNEL, "g", user("Ann"), "Ann", "toy_race", {"length": 15})
        row = lobby.game_row or 0
        await svc.lobby.add_ai(CHANNEL, user("Ann"), "easy")
        await svc.lobby.start(CHANNEL, user("Ann"), seed=3)
        await svc.seats.to_ai(CHANNEL, user("Ann"), "easy")  # every seat the AI's now
        moves = await ai_moves(svc)
        assert len(moves) == LIMIT  # then it stops, with one line saying so, on the last move
        assert [paused_line(LIMIT) in said for said in moves] == [False] * (LIMIT - 1) + [True]
        assert "3 moves in a row without a person" in paused_line(LIMIT)
        assert "10,000 moves in a row" in paused_line(10_000)  # digits grouped
        assert await ai_moves(svc) == [] and await svc.ai.due() == []
        record = await store.game(row)
        assert record is not None and record.status == "active" and record.version == LIMIT
        trail = await Records(store).audit_trail(row)
        assert [(v, what) for v, _, what, _ in trail if what == PAUSED] == [(LIMIT, PAUSED)]
        log = [(a.version, a.text) for a in await store.actions(row)]
    finally:
        await store.close()
    store = await GameStore.open(database)  # a restart: the table still waits, and says nothing again
    try:
        svc = await service(store)
        assert await ai_moves(svc) == []
        assert [(a.version, a.text) for a in await store.actions(row)] == log  # the game as it stood
        await svc.ai.back(user("Ann"))  # Ann takes her seat back: the AI plays its own seat again
        while (table := await svc.table(row)).waiting_users() != [user("Ann")]:
            assert len(await ai_moves(svc)) == 1
        await svc.play.act_in(row, user("Ann"), table.texts(table.waiting_seats()[0])[0])  # a person's move
        await svc.seats.to_ai(CHANNEL, user("Ann"), "easy")
        moves = await ai_moves(svc)
        assert len(moves) == LIMIT and paused_line(LIMIT) in moves[-1]  # a new run, stopped in its turn
        record = await store.game(row)
        assert record is not None and record.status == "active"
    finally:
        await store.close()


async def test_one_call_of_the_ai_work_asks_for_the_due_games_once_unless_something_else_changed(
    tmp_path: Path,
) -> None:
    """The store calls an AI move saves: the due games are asked once per call and no table is read
    again after the AI's own move, while a change by anyone else makes it ask again (no game waits)."""
    store = await GameStore.open(tmp_path / "g.sqlite3")
    try:
        svc = await service(store)
        svc.ai.unattended = 1_000
        asked = {"due": 0, "table": 0}
        played, table = svc.ai.rows.played, svc.core.table

        async def counted_played() -> Any:
            asked["due"] += 1
            return await played()

        async def counted_table(row: int) -> Any:
            asked["table"] += 1
            return await table(row)

        svc.ai.rows.played, svc.core.table = counted_played, counted_table  # type: ignore[method-assign]
        for channel in (CHANNEL, "chan-2"):
            await svc.lobby.open(channel, "g", user("Ann"), "Ann", "toy_race", {"length": 15})
            await svc.lobby.add_ai(channel, user("Ann"), "easy")
        await svc.lobby.start(CHANNEL, user("Ann"), seed=3)
        await svc.seats.to_ai(CHANNEL, user("Ann"), "easy")
        games = []
        async for step in svc.ai.turns(limit=8):
            games.append(step.row)
            if len(games) == 4:
                assert asked == {"due": 1, "table": 1}  # four moves: the due games asked once, one table read
                await svc.lobby.start("chan-2", user("Ann"), seed=4)  # meanwhile, another table starts
                await svc.seats.to_ai("chan-2", user("Ann"), "easy")
        assert len(games) == 8 and len(set(games[4:])) == 2  # the new table is played in the same call
        assert asked["due"] == 2
    finally:
        await store.close()
