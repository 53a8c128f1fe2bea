"""The one locked path of a change (``play_step``): the move, the standing answers it made due and the
ping plan are stored under the game's lock, so nothing can come between them, and a double click on
one version applies once."""

from __future__ import annotations

import asyncio

from bot_helpers import CHANNEL, start_game, stored_state, user

from bot.service.change import Step
from bot.service.results import ServiceError
from bot.service.service import GameService

ANN, BOB = user("Ann"), user("Bob")


async def walk_to_the_bet(svc: GameService) -> Step:
    """Start Ann and Bob, Bob answering every bet with his standing answer; play the round's first three
    steps: the next step opens the parallel bet (version 4), which Bob's standing answer then takes (5)."""
    started = await start_game(svc, ("Ann", "Bob"))
    await svc.standing.set(CHANNEL, BOB, "bet")
    result = started
    for _ in range(3):
        result = await svc.play.act(CHANNEL, result.waiting[0], "step")
    assert result.version == 3 and len(result.waiting) == 1
    return result


async def test_a_standing_answer_is_stored_before_the_lock_is_released(svc: GameService) -> None:
    result = await walk_to_the_bet(svc)
    mover, row = result.waiting[0], result.game_row or 0
    loop, arrived = asyncio.get_running_loop(), []

    def right_after_the_move(stage: str) -> None:
        """While the move that opens the bet commits, Ann answers the bet at the version she was shown
        once Bob's standing answer is in: a request arriving right after the move."""
        if stage == "before_commit" and not arrived:
            arrived.append(loop.create_task(svc.play.act(CHANNEL, ANN, "push", expected_version=5)))

    svc.store.fault = right_after_the_move
    opened = await svc.play.act(CHANNEL, mover, "step", expected_version=3)
    svc.store.fault = None
    answered = await arrived[0]  # it waited for the lock, then saw the game after the standing answer
    assert opened.version == 5 and opened.waiting == [ANN] and opened.ping == [ANN]
    assert any(line.startswith("🤖 Bob's standing answer") for line in opened.public)
    assert opened.table.version == 5 and opened.table.waiting_users() == [ANN]
    assert answered.version == 6
    log = [(a.version, a.user_id, a.text) for a in await svc.store.actions(row)][-3:]
    assert log == [(4, mover, "step"), (5, BOB, "rest"), (6, ANN, "push")]


async def test_a_double_click_on_one_version_applies_once_with_its_standing_answers(svc: GameService) -> None:
    result = await walk_to_the_bet(svc)
    mover, row = result.waiting[0], result.game_row or 0
    outcomes = await asyncio.gather(
        svc.play.act(CHANNEL, mover, "step", expected_version=3),
        svc.play.act(CHANNEL, mover, "step", expected_version=3),
        return_exceptions=True,
    )
    steps = [o for o in outcomes if isinstance(o, Step)]
    errors = [o for o in outcomes if isinstance(o, ServiceError)]
    assert len(steps) == 1 and len(errors) == 1 and errors[0].code == "stale"
    assert "outdated" in errors[0].message and "version 5" in errors[0].message
    version, _ = await stored_state(svc, row)
    assert version == steps[0].version == 5
    assert [a.text for a in await svc.store.actions(row)][-2:] == ["step", "rest"]


async def test_every_change_answers_the_table_as_it_stands_after_it(svc: GameService) -> None:
    started = await start_game(svc, ("Ann", "Bob"))
    assert isinstance(started, Step) and started.table.version == started.version == 0
    assert started.ping == started.waiting == started.table.waiting_users()
    moved = await svc.play.act(CHANNEL, started.waiting[0], "step")
    assert moved.played == "step" and moved.table.version == moved.version == 1
    assert moved.ping == [started.waiting[0]]  # still theirs: the actor is pinged again for their next action
    undone = await svc.play.undo(CHANNEL, started.waiting[0])
    assert undone.version == 2 and undone.table.state == started.table.state and undone.played is None
