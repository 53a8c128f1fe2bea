"""Undo, Board Game Arena style: own latest action, still your turn, never across a barrier."""

from __future__ import annotations

import pytest
from bot_helpers import CHANNEL, start_game, stored_state

from bot.service.change import Step
from bot.service.results import ServiceError
from bot.service.service import GameService
from engine.core import play


@pytest.fixture
async def started(svc: GameService) -> Step:
    return await start_game(svc, ("Ann", "Bob"), {"actions": 3, "length": 15}, seed=21)


async def refused(svc: GameService, who: str, code: str) -> ServiceError:
    row = (await svc.play.status(CHANNEL)).game_row or 0
    before = await stored_state(svc, row)
    with pytest.raises(ServiceError) as info:
        await svc.play.undo(CHANNEL, who)
    assert info.value.code == code, info.value.message
    assert await stored_state(svc, row) == before
    return info.value


async def test_own_latest_action_can_be_taken_back(svc: GameService, started: Step) -> None:
    row, mover = started.game_row or 0, started.waiting[0]
    _, initial = await stored_state(svc, row)
    stepped = await svc.play.act(CHANNEL, mover, "step")
    undone = await svc.play.undo(CHANNEL, mover, expected_version=stepped.version)
    assert undone.version == 2 and undone.board_changed
    assert undone.mention == [mover] and "took back" in undone.public[0]
    assert undone.private == {mover: ["You took back `step`."]}
    assert await stored_state(svc, row) == (2, initial)
    rows = await svc.store.actions(row)
    assert [(a.version, a.kind, a.text) for a in rows] == [(1, "action", "step"), (2, "undo", "step")]
    with pytest.raises(ServiceError) as info:  # the old prompt is stale: versions never go back
        await svc.play.act(CHANNEL, mover, "step", expected_version=1)
    assert info.value.code == "stale"
    assert (await svc.play.act(CHANNEL, mover, "step", expected_version=2)).version == 3


async def test_several_own_actions_back_to_the_turn_start(svc: GameService, started: Step) -> None:
    row, mover = started.game_row or 0, started.waiting[0]
    _, initial = await stored_state(svc, row)
    await svc.play.act(CHANNEL, mover, "step")
    await svc.play.act(CHANNEL, mover, "step")
    assert (await svc.play.undo(CHANNEL, mover)).version == 3
    assert (await svc.play.undo(CHANNEL, mover)).version == 4
    assert await stored_state(svc, row) == (4, initial)
    await refused(svc, mover, "nothing_to_undo")
    assert play.dumps(await svc.archive.rebuild(row)) == initial


async def test_other_players_action_is_refused(svc: GameService, started: Step) -> None:
    mover = started.waiting[0]
    other = next(u for u in ("u-ann", "u-bob") if u != mover)
    await refused(svc, mover, "nothing_to_undo")
    await svc.play.act(CHANNEL, mover, "step")
    err = await refused(svc, other, "not_your_action")
    assert "your own latest action" in err.message


async def test_random_draw_is_a_barrier(svc: GameService, started: Step) -> None:
    row, mover = started.game_row or 0, started.waiting[0]
    drew = await svc.play.act(CHANNEL, mover, "draw")
    assert (await svc.store.actions(row))[-1].undo_barrier
    err = await refused(svc, mover, "undo_barrier")
    assert "random" in err.message
    await svc.play.act(CHANNEL, mover, "step")
    undone = await svc.play.undo(CHANNEL, mover)  # the step after the draw may go...
    assert await stored_state(svc, row) == (undone.version, await svc.store.snapshot(row, drew.version or 0))
    await refused(svc, mover, "undo_barrier")  # ...but never back across the draw


async def test_refused_once_the_turn_has_passed(svc: GameService, started: Step) -> None:
    mover = started.waiting[0]
    other = next(u for u in ("u-ann", "u-bob") if u != mover)
    for _ in range(3):
        result = await svc.play.act(CHANNEL, mover, "step")
    assert result.waiting == [other]
    err = await refused(svc, mover, "turn_passed")
    assert "still your turn" in err.message
    await refused(svc, other, "not_your_action")


async def test_parallel_answer_cannot_be_taken_back(svc: GameService) -> None:
    result = await start_game(svc, ("Ann", "Bob"), {"cards": "no"}, seed=3)
    while len(result.waiting) < 2:
        result = await svc.play.act(CHANNEL, result.waiting[0], "step")
    first, second = result.waiting
    await svc.play.act(CHANNEL, first, "push")
    await refused(svc, first, "turn_passed")  # answered: owes nothing now
    await refused(svc, second, "not_your_action")
