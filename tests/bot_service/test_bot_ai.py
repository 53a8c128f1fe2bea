"""AI players through the service (issue 26): the lobby's AI seats, whole games the AI plays, the AI
standing in for an absent player, and a turn played once across a restart."""

from __future__ import annotations

import asyncio
import random
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from bot_helpers import CHANNEL, FakeClock, user
from toy_game import ToyRace

from bot.service.ai_players import is_ai
from bot.service.ai_pool import ThinkPool
from bot.service.ai_turns import seed_of
from bot.service.clock import HOUR, ManualClock
from bot.service.results import ServiceError
from bot.service.service import GameService
from bot.store.store import GameStore
from engine.ai import choose
from engine.core import Game, play, registered


async def ai_lobby(svc: GameService, *levels: str, people: tuple[str, ...] = ("Ann",), **opened: str) -> int:
    lobby = await svc.lobby.open(CHANNEL, "g", user(people[0]), people[0], "toy_race", {"length": 6}, **opened)
    for name in people[1:]:
        await svc.lobby.join(CHANNEL, user(name), name)
    for level in levels:
        await svc.lobby.add_ai(CHANNEL, user(people[0]), level)
    assert lobby.game_row is not None
    return lobby.game_row


async def play_out(svc: GameService, row: int, rounds: int = 200) -> list[str]:
    """Play every due AI turn until the game ends; the public lines said."""
    said: list[str] = []
    for _ in range(rounds):
        steps = [step async for step in svc.ai.turns()]
        said += [line for step in steps for line in step.public]
        record = await svc.store.game(row)
        assert record is not None
        if record.status != "active":
            return said
        assert steps, "an AI-only game stalled"
    raise AssertionError("the game did not end")


async def test_a_game_of_ai_seats_only_ends_with_every_move_legal_and_the_ais(tmp_path: Path) -> None:
    store = await GameStore.open(tmp_path / "g.sqlite3")
    try:
        svc = GameService(store, clock=FakeClock(), rng=random.Random(1))
        row = await ai_lobby(svc, "easy", "easy", "normal")
        await svc.lobby.leave(CHANNEL, user("Ann"))  # a person leaves: only the AI stays... and the lobby closes
        record = await svc.store.game(row)
        assert record is not None and record.status == "abandoned"
        row = await ai_lobby(svc, "easy", "easy")
        started = await svc.lobby.start(CHANNEL, user("Ann"), seed=5)
        names = [s.name for s in await svc.store.seats(row) if is_ai(s.user_id)]
        assert sorted(names) == ["🤖 AI 1 (easy)", "🤖 AI 2 (easy)"]
        assert not any(is_ai(u) for u in started.ping)
        seats = {s.seat: s.user_id for s in await svc.store.seats(row)}
        # Ann plays her own seat by hand with the first legal text each time, the AI the others
        for _ in range(400):
            record = await svc.store.game(row)
            assert record is not None
            if record.status != "active":
                break
            table = await svc.table(row)
            mine = [s for s in table.waiting_seats() if seats[s] == user("Ann")]
            if mine:
                step = await svc.play.act_in(row, user("Ann"), table.texts(mine[0])[0])
                assert not any(is_ai(u) for u in step.ping) and not any(is_ai(u) for u in step.private)
            async for step in svc.ai.turns():
                assert not any(is_ai(u) for u in step.ping) and not any(is_ai(u) for u in step.dm)
        record = await svc.store.game(row)
        assert record is not None and record.status == "finished"
        log = await svc.store.actions(row)
        assert {a.user_id for a in log if seats[a.seat] != user("Ann")} <= {seats[s] for s in seats if is_ai(seats[s])}
        assert any(is_ai(a.user_id) for a in log)
        assert play.dumps(await svc.archive.rebuild(row)) == await svc.store.snapshot(row, record.version)
        stats = await svc.stats.player(user("Ann"))  # kept apart from games between people
        assert (stats.finished, stats.wins, stats.ai_finished) == (0, 0, 1)
        assert "Games with AI players, counted apart: 1 finished" in stats.lines("Ann")[1]
    finally:
        await store.close()


async def test_only_the_creator_adds_an_ai_at_a_known_level_to_a_table_with_room(svc: GameService) -> None:
    await ai_lobby(svc, people=("Ann", "Bob"))
    with pytest.raises(ServiceError) as err:
        await svc.lobby.add_ai(CHANNEL, user("Bob"), "easy")
    assert err.value.code == "not_creator"
    with pytest.raises(ServiceError) as err:
        await svc.lobby.add_ai(CHANNEL, user("Ann"), "brilliant")
    assert err.value.code == "bad_level" and "strong" in err.value.message
    await svc.lobby.add_ai(CHANNEL, user("Ann"), "Normal")
    await svc.lobby.add_ai(CHANNEL, user("Ann"), "strong")
    with pytest.raises(ServiceError) as err:
        await svc.lobby.add_ai(CHANNEL, user("Ann"), "easy")
    assert err.value.code == "lobby_full"
    with pytest.raises(ServiceError) as err:
        await svc.lobby.remove_ai(CHANNEL, user("Bob"))
    assert err.value.code == "not_creator"
    removed = await svc.lobby.remove_ai(CHANNEL, user("Ann"))
    assert "AI 2 (strong)" in removed.public[0]
    added = await svc.lobby.add_ai(CHANNEL, user("Ann"), "easy")
    assert "AI 2 (easy)" in added.public[0] and "(4/4)" in added.public[0]
    left = await svc.lobby.leave(CHANNEL, user("Ann"))
    assert "Bob now starts the game" in left.public[0]  # never an AI


async def test_an_all_ai_game_is_played_out_by_the_timer_work(svc: GameService) -> None:
    row = await ai_lobby(svc, "easy")
    await svc.lobby.remove_ai(CHANNEL, user("Ann"))
    await svc.lobby.add_ai(CHANNEL, user("Ann"), "easy")
    await svc.lobby.start(CHANNEL, user("Ann"), seed=2)
    seats = await svc.store.seats(row)
    human = next(s.seat for s in seats if s.user_id == user("Ann"))
    assert human is not None
    # Ann hands her seat to the AI by standing in for herself: the table lets the AI stand in
    assert await svc.ai.rows.stand_in(row, user("Ann"), "easy")
    svc.core.seats_changed(row)
    said = await play_out(svc, row)
    log = await svc.store.actions(row)
    assert all(is_ai(a.user_id) for a in log)
    assert any("played for Ann" in line for line in said)


async def test_the_ai_stands_in_after_a_deadline_until_the_player_moves(database: str) -> None:
    clock = ManualClock()
    store = await GameStore.open(database)
    try:
        svc = GameService(store, clock=clock, rng=random.Random(0))
        row = await ai_lobby(svc, people=("Ann", "Bob"), clock="fast", ai_stand_in="easy")
        started = await svc.lobby.start(CHANNEL, user("Ann"), seed=3)
        late = started.waiting[0]
        assert await svc.ai.due() == []
        clock.advance(12 * HOUR)
        [expiry] = await svc.timeouts.expire_due()
        assert expiry.result is not None and "the AI (easy) plays for them" in expiry.result.public[0]
        assert await svc.ai.due() == [row]
        steps = [s async for s in svc.ai.turns()]
        assert steps and "played for" in steps[0].public[0]
        log = await svc.store.actions(row)
        assert log[0].user_id == "ai:easy" and log[0].public_lines[0].startswith("🤖")
        # the others move; when the absent player owes a decision again, they come back and move first
        for _ in range(20):
            table = await svc.table(row)
            if late in table.waiting_users():
                break
            other = table.waiting_users()[0]
            await svc.play.act_in(row, other, table.texts(svc.core.seat_of(table.seats, other))[0])
        table = await svc.table(row)
        assert await svc.ai.due() == [row]  # the AI would play it now...
        back = await svc.play.act_in(row, late, table.texts(svc.core.seat_of(table.seats, late))[0])
        assert any("is back: the AI no longer plays for them" in line for line in back.public)
        assert await svc.ai.due() == [] and [s async for s in svc.ai.turns()] == []
        assert all(s.stand_in is None for s in await svc.store.seats(row))
        assert (await svc.store.actions(row))[-1].user_id == late
    finally:
        await store.close()


async def test_a_due_ai_turn_is_played_once_across_a_restart_with_the_move_it_chose_before(database: str) -> None:
    store = await GameStore.open(database)
    try:
        svc = GameService(store, clock=FakeClock(), rng=random.Random(4))
        row = await ai_lobby(svc, "easy")
        await svc.lobby.start(CHANNEL, user("Ann"), seed=9)
        table = await svc.table(row)
        if user("Ann") in table.waiting_users():  # let the AI owe the first decision
            seat = svc.core.seat_of(table.seats, user("Ann"))
            await svc.play.act_in(row, user("Ann"), table.texts(seat)[0])
            table = await svc.table(row)
        [seat] = [s for s in table.waiting_seats() if is_ai(table.users[s])]
        version, state = table.version, table.state
        thought = choose("toy_race", state, seat, seed=seed_of(table.record.seed, version, seat), level="easy")
    finally:
        await store.close()  # the bot stops before the AI has played
    store = await GameStore.open(database)
    try:
        svc = GameService(store, clock=FakeClock(), rng=random.Random(5))
        assert await svc.ai.due() == [row]  # found again from the stored game alone
        [first] = [step async for step in svc.ai.turns(limit=1)]
        assert first.version == version + 1
        log = await store.actions(row)
        assert [a.text for a in log if a.version == version + 1] == [thought]
        assert sum(1 for a in log if a.seat == seat and a.version == version + 1) == 1
    finally:
        await store.close()


class RandomThinker(ThinkPool):
    """The engine's random yardstick in place of the level: its choice changes with the seed, so a
    move thought for one version and stored at another shows."""

    async def choose(self, game_id: str, state: Any, seat: int, *, seed: int, level: str) -> str:
        return await super().choose(game_id, state, seat, seed=seed, level="random")


async def test_two_services_on_one_database_play_each_ai_turn_once(database: str) -> None:
    store_a, store_b = await GameStore.open(database), await GameStore.open(database)
    try:
        a = GameService(store_a, clock=FakeClock(), rng=random.Random(1), thinker=RandomThinker())
        b = GameService(store_b, clock=FakeClock(), rng=random.Random(2), thinker=RandomThinker())
        row = await ai_lobby(a, "easy", "easy")
        await a.lobby.start(CHANNEL, user("Ann"), seed=3)
        assert await a.ai.rows.stand_in(row, user("Ann"), "easy")  # the AI plays every seat
        a.core.seats_changed(row)
        for _ in range(100):
            record = await store_a.game(row)
            assert record is not None
            if record.status != "active":
                break

            async def run(svc: GameService) -> list[int]:
                return [step.version async for step in svc.ai.turns(limit=3)]

            played_a, played_b = await asyncio.gather(run(a), run(b))
            assert not set(played_a) & set(played_b)  # a version is stored by one of them only
        record = await store_a.game(row)
        assert record is not None and record.status == "finished"
        log = await store_a.actions(row)
        assert [a.version for a in log] == list(range(1, record.version + 1))
        assert all(is_ai(entry.user_id) for entry in log)
        for entry in log:  # each move is the one thought for its own version: none played twice or late
            before = play.loads(await store_a.snapshot(row, entry.version - 1) or "")
            seed = seed_of(record.seed, entry.version - 1, entry.seat)
            assert entry.text == choose("toy_race", before, entry.seat, seed=seed, level="random")
        assert play.dumps(await a.archive.rebuild(row)) == await store_a.snapshot(row, record.version)
    finally:
        await store_a.close()
        await store_b.close()


class BlindRace(ToyRace):
    """Toy Race without a way to sample its hidden hands: the AI cannot play it fairly."""

    spec = replace(ToyRace.spec, id="toy_blind", title="Blind Race")
    determinize = Game.determinize


async def test_no_ai_seat_or_stand_in_for_a_game_the_ai_cannot_play_fairly(svc: GameService) -> None:
    with registered(BlindRace()):
        with pytest.raises(ServiceError, match="does not play Blind Race yet") as stand_in:
            await svc.lobby.open(CHANNEL, "g", user("Ann"), "Ann", "toy_blind", {}, ai_stand_in="easy")
        assert stand_in.value.code == "no_ai"
        await svc.lobby.open(CHANNEL, "g", user("Ann"), "Ann", "toy_blind", {})
        with pytest.raises(ServiceError, match="does not play Blind Race yet"):
            await svc.lobby.add_ai(CHANNEL, user("Ann"), "easy")
