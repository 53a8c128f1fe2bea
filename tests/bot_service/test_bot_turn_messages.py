"""Turn messages through the service (issue 13): :meth:`play_step` says whether a change posts a new
turn message or edits the current one, with the turn's lines so far; the game's turn message is
kept in SQLite, so a restarted service goes on editing the same message; pings, budgets and
reminders count per turn, not per action."""

from __future__ import annotations

import random
from pathlib import Path

from bot_helpers import CHANNEL, FakeClock, service_at, start_game, user

from bot.service.change import Step
from bot.service.clock import HOUR, ManualClock
from bot.service.service import GameService
from bot.service.turn_boundary import NEWCOMER, NO_MESSAGE, SAME_TURN, WINDOW
from bot.store.store import GameStore
from bot.store.turn_messages import KEEP_LINES, TurnMessage, TurnMessages

TRIO = ("Ann", "Bob", "Cy")


async def act(svc: GameService, who: str, text: str) -> Step:
    """Play ``text`` for ``who``: the step to post."""
    return await svc.play.act(CHANNEL, who, text)


async def begin(svc: GameService) -> Step:
    """A three-player Toy Race started: its first step."""
    step = await start_game(svc, TRIO)
    assert isinstance(step, Step)
    return step


async def test_a_turn_is_one_message_edited_in_place_and_the_next_turn_a_new_one(tmp_path: Path) -> None:
    async with service_at(tmp_path / "g.sqlite3") as svc:
        start = await begin(svc)
        mover, users = start.table.waiting_users()[0], start.table.users
        assert start.new and start.reason == NO_MESSAGE and start.edit is None
        assert start.ping == [mover] and start.lines == start.public and start.named == [mover]
        stored = await svc.steps.turn_messages.get(start.row)
        assert stored is not None and stored.message_id is None and stored.started_version == start.version
        await svc.turn_posted(start, "m1")
        assert (await svc.core.away.posts([start.row])) == {start.row: "m1"}  # jump links lead to it

        first = await act(svc, mover, "step")  # the first of two actions: the same turn
        assert not first.new and first.reason == SAME_TURN and first.edit == "m1" and first.ping == []
        assert first.lines == start.public + first.public and first.named == [mover]
        assert first.started == start.version and first.dm == {}

        second = await act(svc, mover, "step")  # the turn ends: the next player must act, a new message
        following = users[(users.index(mover) + 1) % 3]
        assert second.new and second.reason == NEWCOMER and second.ping == [following]
        assert second.lines == second.public and second.edit is None
        await svc.turn_posted(second, "m2")
        turn = await svc.steps.turn_messages.get(second.row)
        assert turn is not None and (turn.message_id, turn.started_version) == ("m2", second.version)
        assert turn.waiting == [following] and turn.pinged == [following]
        # one ping for the whole turn: the daily budget counts turns, not actions
        assert await svc.core.notify.pings_since(mover, "2000-01-01T00:00:00.000+00:00") == 1


async def test_a_restarted_service_goes_on_editing_the_same_message(tmp_path: Path) -> None:
    path = tmp_path / "g.sqlite3"
    async with service_at(path) as svc:
        start = await begin(svc)
        mover = start.table.waiting_users()[0]
        await svc.turn_posted(start, "m1")
    store = await GameStore.open(path)
    try:
        svc = GameService(store, clock=FakeClock(), rng=random.Random(1))  # a new bot over the same file
        more = await act(svc, mover, "step")
        assert not more.new and more.edit == "m1" and more.lines[-len(more.public) :] == more.public
        assert start.public[0] in more.lines  # the turn's lines so far, from before the restart
    finally:
        await store.close()


async def test_a_parallel_window_is_one_message_and_its_close_a_new_one(tmp_path: Path) -> None:
    async with service_at(tmp_path / "g.sqlite3") as svc:
        step = await begin(svc)
        await svc.turn_posted(step, "m0")
        table = await svc.table(step.row)
        while len(table.waiting_seats()) < 3:  # the round ends: everyone chooses push or rest at once
            mover = table.waiting_users()[0]
            step = await act(svc, mover, "step")
            if step.new:
                await svc.turn_posted(step, f"m{step.version}")
            table = await svc.table(step.row)
        assert step.new and step.reason == NEWCOMER and set(step.ping) == set(table.users) - {mover}
        window = step.version
        answers = [await act(svc, u, "push") for u in table.users[:2]]
        assert [(a.new, a.edit, a.ping) for a in answers] == [(False, f"m{window}", [])] * 2
        assert all("push" not in " ".join(a.lines).lower().replace("push or rest", "") for a in answers)
        taken = await act(svc, table.users[0], "take back")  # back in the window: not new
        assert not taken.new and taken.reason == SAME_TURN
        await act(svc, table.users[0], "rest")
        closing = await act(svc, table.users[2], "rest")  # the last answer closes the window
        assert closing.new and closing.reason == WINDOW
        assert set(closing.ping) == set((await svc.table(step.row)).waiting_users())


async def test_a_failed_post_leaves_no_message_so_the_next_change_posts_one(tmp_path: Path) -> None:
    async with service_at(tmp_path / "g.sqlite3") as svc:
        start = await begin(svc)  # never reported posted
        mover = start.table.waiting_users()[0]
        again = await act(svc, mover, "step")
        assert again.new and again.reason == NO_MESSAGE and again.ping == [mover]


async def test_the_store_keeps_the_newest_lines_and_counts_the_rest(tmp_path: Path) -> None:
    async with service_at(tmp_path / "g.sqlite3") as svc:
        start = await begin(svc)
        book = TurnMessages(svc.store)
        turn = await book.get(start.row)
        assert turn is not None
        lines, hidden = turn.kept([f"line {i}" for i in range(KEEP_LINES + 5)])
        assert len(lines) == KEEP_LINES and lines[-1] == f"line {KEEP_LINES + 4}"
        assert hidden == len(turn.lines) + 5
        await book.put(TurnMessage(**{**vars(turn), "lines": lines, "hidden": hidden}))
        again = await book.get(start.row)
        assert again is not None and (again.lines, again.hidden) == (lines, hidden)
        assert not await book.posted(start.row, start.version + 7, "m9", svc.now(), start.version)  # another turn's
        assert await book.posted(start.row, start.version, "m9", svc.now(), start.version)
        assert await svc.core.away.posts([start.row]) == {start.row: "m9"}  # the jump link too


async def test_a_reminder_during_a_turn_counts_from_the_turns_start(tmp_path: Path) -> None:
    clock = ManualClock()
    store = await GameStore.open(tmp_path / "g.sqlite3")
    try:
        svc = GameService(store, clock=clock, rng=random.Random(0))
        await svc.lobby.open(CHANNEL, "g", user("Ann"), "Ann", "toy_race", {}, clock="fast")
        await svc.lobby.join(CHANNEL, user("Bob"), "Bob")
        start = await svc.lobby.start(CHANNEL, user("Ann"), seed=3)
        await svc.turn_posted(start, "m1")
        mover = start.table.waiting_users()[0]
        clock.advance(2 * HOUR)
        inside = await act(svc, mover, "step")  # the first of two actions: the turn goes on
        assert not inside.new and inside.table.waiting_users() == [mover]
        clock.advance(4 * HOUR)  # 6 h after the turn began: half of the 12 h, not of the 10 h left
        [half] = await svc.reminders.due()
        assert (half.kind, half.user_id) == ("half", mover)
    finally:
        await store.close()
