"""A whole game of each real title with the AI in every seat, through the service (issue 26): an AI
seat and the creator's own seat handed to the AI (``/game substitute ai:``). The game ends; every
logged move is the AI's, as the AI's; the log replays to the stored final position; nobody is
pinged or sent a message.

The search, the determinization and the evaluation all run, on a tiny budget (:func:`quick_ai`), in
the thread fallback of :class:`~bot.service.ai_pool.ThinkPool` (the service's default), on two
players with each game's default options (none of the four has a shorter mode)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from bot_helpers import CHANNEL, FakeClock, user

from bot.service.ai_players import is_ai, stand_in_user
from bot.service.ai_turns import seed_of
from bot.service.service import GameService
from bot.store.rows import ActionRecord
from bot.store.store import GameStore
from engine.ai import choose, levels
from engine.core import play

#: Per title: the game's seed, and the seated level's budget (iterations, playout steps): the fewest
#: that end a game (at (2, 1) the AI can drift for ever in The Red Cathedral: it never builds). The
#: seeds give short games (Puerto Rico about 200 moves, Lisboa 155, Lorenzo 96, The Red Cathedral
#: 301, where other seeds take up to 1,000); any seed must end, only slower.
TITLES = {
    "puerto_rico": (8, 2, 1),
    "lisboa": (2, 2, 1),
    "lorenzo": (6, 2, 1),
    "red_cathedral": (15, 3, 1),
}
#: Calls of ``svc.ai.turns()`` (up to 50 moves each) before the game counts as stalled.
ROUNDS = 40


def quick_ai(monkeypatch: pytest.MonkeyPatch, iterations: int, playout: int) -> None:
    """The seated level ``easy`` on a budget of a few simulated games: every part of the search runs."""
    monkeypatch.setitem(levels.LEVELS, "easy", levels.Level("easy", iterations=iterations, playout=playout))


def thought(game_id: str, log: list[ActionRecord], snapshots: dict[int, str], seed: int) -> None:
    """Each logged move checked against ``choose``: it is the AI's choice at that version."""
    for entry in log:
        before = play.loads(snapshots[entry.version - 1])
        again = choose(game_id, before, entry.seat, seed=seed_of(seed, entry.version - 1, entry.seat), level="easy")
        assert entry.text == again, (entry.version, entry.text, again)


@pytest.mark.sqlite_only
@pytest.mark.parametrize("game_id", list(TITLES))
async def test_a_game_with_the_ai_in_every_seat_ends_and_logs_only_the_ais_moves(
    game_id: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    seed, iterations, playout = TITLES[game_id]
    quick_ai(monkeypatch, iterations, playout)
    store = await GameStore.open(tmp_path / "g.sqlite3")
    try:
        svc = GameService(store, clock=FakeClock(), rng=random.Random(1))
        lobby = await svc.lobby.open(CHANNEL, "g", user("Ann"), "Ann", game_id, {})
        await svc.lobby.add_ai(CHANNEL, user("Ann"), "easy")
        await svc.lobby.start(CHANNEL, user("Ann"), seed=seed)
        row = lobby.game_row or 0
        handed = await svc.seats.to_ai(CHANNEL, user("Ann"), "easy")
        assert handed.ping == [] and handed.mention == []
        seats = {s.seat: s.user_id for s in await svc.store.seats(row)}
        ann = next(seat for seat, u in seats.items() if u == user("Ann"))
        said: list[str] = []
        for _ in range(ROUNDS):
            steps = [step async for step in svc.ai.turns()]
            for step in steps:
                assert step.ping == [] and step.dm == {}, step.public
                assert not any(is_ai(u) for u in step.private)
                said += step.public
            record = await svc.store.game(row)
            assert record is not None
            if record.status != "active":
                break
            assert steps, "a game of AI seats stalled"
        assert record.status == "finished", f"not over after {record.version} moves"
        assert "The game is over!" in said
        log = await svc.store.actions(row)
        assert [a.version for a in log] == list(range(1, record.version + 1))
        for entry in log:
            if entry.seat == ann:  # the AI standing in for the creator, logged as the AI's move
                assert entry.user_id == stand_in_user("easy")
                assert entry.public_lines[0].startswith("🤖 The AI (easy) played for Ann"), entry.public_lines
            else:
                assert entry.user_id == seats[entry.seat] and is_ai(entry.user_id)
        assert {a.seat for a in log} == set(seats)
        assert play.dumps(await svc.archive.rebuild(row)) == await svc.store.snapshot(row, record.version)
        firsts = [next(a for a in log if a.seat == seat) for seat in seats] + log[-2:]
        snapshots = {a.version - 1: await svc.store.snapshot(row, a.version - 1) or "" for a in firsts}
        thought(game_id, firsts, snapshots, record.seed or 0)
    finally:
        await store.close()
