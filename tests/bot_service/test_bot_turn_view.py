"""The view a turn image is drawn from (:meth:`Table.turn_view`, issue 25): the public view with who
acts now on what, the board as the turn message began (what the image marks as changed), kept while
the turn goes on and found again after a restart, and the outcome once the game is over."""

from __future__ import annotations

import random
from pathlib import Path

from bot_helpers import CHANNEL, FakeClock, service_at, start_game

from bot.service.change import Step
from bot.service.service import GameService
from bot.store.store import GameStore
from render.final import OUTCOME_KEY, outcome
from render.turn import ACTING_KEY, BEFORE_KEY, acting, before

TRIO = ("Ann", "Bob", "Cy")


async def test_the_turn_view_marks_changes_from_where_the_turn_began(tmp_path: Path) -> None:
    async with service_at(tmp_path / "g.sqlite3") as svc:
        start = await start_game(svc, TRIO)
        assert isinstance(start, Step)
        mover = start.table.waiting_users()[0]
        seat = start.table.seat_of(mover)
        await svc.turn_posted(start, "m1")  # a posted turn message is edited while its turn goes on
        shown = start.table.turn_view("en")
        assert acting(shown) == [(seat, start.table.decisions()[0].prompt)] and shown[ACTING_KEY]
        first = await svc.play.act(CHANNEL, mover, "step")  # the same turn: the board it began with stays
        assert not first.new
        second = await svc.play.act(CHANNEL, mover, "step")  # a new turn: it began where `first` left it
        assert second.new
        await svc.turn_posted(second, "m2")
        began = before(second.table.turn_view("en"))
        assert began == {k: v for k, v in first.table.public_view().items() if k not in ("seat_colours", OUTCOME_KEY)}
        assert began != {k: v for k, v in second.table.public_view().items() if k != "seat_colours"}
        following = second.table.waiting_users()[0]
        third = await svc.play.act(CHANNEL, following, second.legal[following][0])
        assert not third.new and before(third.table.turn_view("ja")) == began
        assert BEFORE_KEY not in (before(third.table.turn_view("en")) or {})  # views never nest


async def test_a_restarted_service_finds_where_the_turn_began_in_the_stored_snapshots(tmp_path: Path) -> None:
    path = tmp_path / "g.sqlite3"
    async with service_at(path) as svc:
        start = await start_game(svc, TRIO)
        assert isinstance(start, Step)
        mover = start.table.waiting_users()[0]
        await svc.turn_posted(start, "m1")
        await svc.play.act(CHANNEL, mover, "step")
        second = await svc.play.act(CHANNEL, mover, "step")
        await svc.turn_posted(second, "m2")
        following = second.table.waiting_users()[0]
        legal = second.legal[following][0]
        began = before(second.table.turn_view("en"))
    store = await GameStore.open(path)
    try:
        svc = GameService(store, clock=FakeClock(), rng=random.Random(1))  # a new bot over the same file
        more = await svc.play.act(CHANNEL, following, legal)
        assert not more.new and began is not None and before(more.table.turn_view("en")) == began
    finally:
        await store.close()


async def test_a_finished_game_carries_its_outcome_and_nobody_acts(tmp_path: Path) -> None:
    async with service_at(tmp_path / "g.sqlite3") as svc:
        step = await start_game(svc, TRIO)
        assert isinstance(step, Step)
        while not step.game_over:
            who = step.table.waiting_users()[0]
            step = await svc.play.act(CHANNEL, who, "step" if "step" in step.legal[who] else step.legal[who][0])
        shown = step.table.turn_view("en")
        result = outcome(shown)
        assert result is not None and result == step.outcome and acting(shown) == []
        assert outcome(step.table.public_view()) == result  # the full board names the winner too
