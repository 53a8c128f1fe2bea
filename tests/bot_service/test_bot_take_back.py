"""Taking back an answer to a parallel decision through the service (issue 11): Toy Race's secret
push/rest is a core parallel frame, so it gets the engine's ``take back`` without a line of its own."""

from __future__ import annotations

import pytest
from bot_helpers import CHANNEL, refused, start_game, stored_state

from bot.service.game_ui import to_ping
from bot.service.results import Result, ServiceError
from bot.service.service import GameService
from engine.core import play


async def to_bets(svc: GameService) -> Result:
    result = await start_game(svc, ("Ann", "Bob", "Cy"), {"cards": "no"}, seed=3)
    while len(result.waiting) < 3:  # walk to the parallel push/rest
        result = await svc.play.act(CHANNEL, result.waiting[0], "step")
    return result


async def test_an_answer_is_taken_back_quietly_and_given_again(svc: GameService) -> None:
    opened = await to_bets(svc)
    first, second, third = opened.waiting
    answered = await svc.play.act(CHANNEL, first, "push")
    before = answered.waiting
    assert first not in before
    taken = await svc.play.act(CHANNEL, first, "take back", expected_version=answered.version)
    assert taken.version == answered.version + 1
    assert any(line.endswith("takes back their answer.") for line in taken.public)
    assert not any("push" in line for line in taken.public)  # the secret answer stays secret
    assert taken.private[first] == ["You took back your answer; answer again before the others finish."]
    assert sorted(taken.waiting) == sorted([first, second, third]) and "push" in taken.legal[first]
    # They owe the decision again but asked for it: no new ping, for them or anybody.
    assert first not in taken.mention and to_ping(taken.mention, before, first) == []
    await svc.play.act(CHANNEL, first, "rest")
    await svc.play.act(CHANNEL, second, "push")
    closed = await svc.play.act(CHANNEL, third, "push")
    reveal = next(line for line in closed.public if line.startswith("Choices:"))
    first_name = first.removeprefix("u-").capitalize()
    assert f"{first_name} rest" in reveal
    row = closed.game_row or 0
    texts = [a.text for a in await svc.store.actions(row)]
    assert texts[-5:] == ["push", "take back", "rest", "push", "push"]
    assert play.dumps(await svc.archive.rebuild(row)) == (await stored_state(svc, row))[1]
    await refused("nothing_to_take_back", svc.play.act(CHANNEL, first, "take back"))  # the window has closed


async def test_taking_back_is_refused_kindly_when_there_is_nothing_to_take_back(svc: GameService) -> None:
    opened = await to_bets(svc)
    first, second, _ = opened.waiting
    row = opened.game_row or 0
    stored = await stored_state(svc, row)
    message = await refused("nothing_to_take_back", svc.play.act(CHANNEL, second, "take back"))
    assert "no answer to take back" in message and "`push`, `rest`" in message
    assert await stored_state(svc, row) == stored
    await svc.play.act(CHANNEL, first, "push")
    message = await refused("not_your_turn", svc.play.act(CHANNEL, first, "rest"))
    assert "not your turn" in message and "take back" in message


async def test_game_undo_points_an_answered_player_to_take_back(svc: GameService) -> None:
    opened = await to_bets(svc)
    first = opened.waiting[0]
    await svc.play.act(CHANNEL, first, "push")
    with pytest.raises(ServiceError) as err:
        await svc.play.undo(CHANNEL, first)
    assert err.value.code == "turn_passed" and "/play action:take back" in err.value.message
    taken = await svc.play.act(CHANNEL, first, "take back")
    # /game undo of the take-back itself restores the answer (it was their own latest action).
    undone = await svc.play.undo(CHANNEL, first, expected_version=taken.version)
    assert first not in undone.waiting


async def test_a_take_back_suspends_the_standing_answer_for_that_window_only(svc: GameService) -> None:
    started = await start_game(svc, ("Ann", "Bob"), {"cards": "no"}, seed=3)
    ann, bob = "u-ann", "u-bob"
    await svc.standing.set(CHANNEL, ann, "bet")
    result = started
    while bob not in result.waiting or "push" not in result.legal[bob]:  # to the push/rest, answered for Ann
        result = await svc.play.act(CHANNEL, result.waiting[0], "step")
    assert result.waiting == [bob] and any("Ann's standing answer" in line for line in result.public)
    taken = await svc.play.act(CHANNEL, ann, "take back", expected_version=result.version)
    # Her standing answer does not answer again at once: the window waits for her own new answer...
    assert sorted(taken.waiting) == [ann, bob] and not any("standing answer" in line for line in taken.public)
    assert (await svc.store.actions(taken.game_row or 0))[-1].text == "take back"
    assert await svc.standing.due() == []  # ...nor does the timer loop's sweep (e.g. after a restart)
    assert await svc.standing.answer(taken.game_row or 0) is None
    await svc.play.act(CHANNEL, ann, "push")
    result = await svc.play.act(CHANNEL, bob, "rest")
    assert any(line.startswith("Choices: Ann push, Bob rest.") for line in result.public)
    while bob not in result.waiting or "push" not in result.legal[bob]:  # the next window is answered again
        result = await svc.play.act(CHANNEL, result.waiting[0], "step")
    assert result.waiting == [bob] and any("Ann's standing answer" in line for line in result.public)
