"""Lisboa's out-of-turn windows through the service: the follow window's deadline default (decline)
moves the window on to the next holder of the favor, who gets a clock of their own."""

from __future__ import annotations

import random
from pathlib import Path

from bot_helpers import CHANNEL, user
from bot_lisboa import arrange_visit, latest_state, store_state

from bot.service.clock import DAY, ManualClock
from bot.service.service import GameService
from bot.store.store import GameStore

NAMES = ("Ann", "Bob", "Cy", "Dee")


async def test_a_follower_who_lets_the_deadline_pass_declines_and_the_next_holder_is_asked(tmp_path: Path) -> None:
    clock = ManualClock()
    store = await GameStore.open(tmp_path / "g.sqlite3")
    try:
        svc = GameService(store, clock=clock, rng=random.Random(1))
        await svc.lobby.open(CHANNEL, "g", user("Ann"), "Ann", "lisboa", clock="daily")
        for name in NAMES[1:]:
            await svc.lobby.join(CHANNEL, user(name), name)
        result = await svc.lobby.start(CHANNEL, user("Ann"), seed=4)
        row = result.game_row or 0
        while len(result.waiting) > 1 or result.legal[result.waiting[0]][0].startswith("keep"):
            result = await svc.play.act(CHANNEL, result.waiting[0], result.legal[result.waiting[0]][0])
        seats = [s for s in await store.seats(row) if s.seat is not None]
        users = [s.user_id for s in seats]
        visitor = users.index(result.waiting[0])
        left, across, right = ((visitor + k) % 4 for k in (1, 2, 3))
        state = await latest_state(svc, row)
        arrange_visit(state, visitor, {across: ["marquis"], right: ["marquis"]}, {})
        for board in state["boards"]:
            board["marquis_markers"] = 0
        await store_state(svc, row, state)
        result = await svc.play.act(CHANNEL, users[visitor], "visit blue-06")
        if "no free action" in result.legal.get(users[visitor], []):
            result = await svc.play.act(CHANNEL, users[visitor], "no free action")
        decree = result.legal[users[visitor]][0]
        result = await svc.play.act(CHANNEL, users[visitor], decree)
        assert result.waiting == [users[across]] and result.mention == [users[across]]
        clock.advance(4 * DAY)  # the follower's clock runs out
        expired = await svc.timeouts.expire_due()
        assert len(expired) == 1 and expired[0].result is not None and expired[0].offer is None
        lines = expired[0].result.public
        assert lines[0] == f"⏰ {seats[across].name} ran out of time; the default `decline` was played for them."
        assert expired[0].result.waiting == [users[right]] and expired[0].result.mention == [users[right]]
        after = await latest_state(svc, row)
        assert after["boards"][across]["favors"] == ["marquis"] and after["frames"][-1]["kind"] == "follow"
        assert (await svc.core.deadlines.of_game(row))[right].state == "running"  # the next follower's own clock
    finally:
        await store.close()
