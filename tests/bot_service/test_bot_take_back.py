"""Taking back an answer to a parallel decision through the service (issue 11): Toy Race's secret
push/rest is a core parallel frame, so it gets the engine's ``take back`` without a line of its own."""

from __future__ import annotations

import pytest
from bot_helpers import CHANNEL, refused, start_game, stored_state

from bot.service.change import Step
from bot.service.clock import DAY, HOUR, ManualClock
from bot.service.results import ServiceError
from bot.service.service import GameService
from bot.service.turn_text import to_ping
from bot.store.deadlines import SeatClock
from bot.store.times import seconds_between, shift
from engine.core import play


async def to_bets(svc: GameService) -> Step:
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


async def timed_bets(svc: GameService, clock: str) -> tuple[int, int]:
    """Ann and Bob on ``clock``, at the push/rest (no time gone by): (game row, Ann's seat)."""
    await svc.lobby.open(CHANNEL, "g", "u-ann", "Ann", "toy_race", {"cards": "no"}, clock=clock)
    await svc.lobby.join(CHANNEL, "u-bob", "Bob")
    result = await svc.lobby.start(CHANNEL, "u-ann", seed=3)
    while len(result.waiting) < 2:
        result = await svc.play.act(CHANNEL, result.waiting[0], "step")
    row = result.game_row or 0
    return row, [s.user_id for s in await svc.store.seats(row)].index("u-ann")


async def ann_clock(svc: GameService, row: int, seat: int) -> SeatClock:
    return (await svc.core.deadlines.of_game(row))[seat]


def running(clock: SeatClock) -> tuple[str, int, str | None, str | None]:
    return clock.state, clock.bank, clock.opened_at, clock.due_at


async def test_answering_and_taking_back_gains_no_time(timed_svc: tuple[GameService, ManualClock]) -> None:
    svc, clock = timed_svc
    row, seat = await timed_bets(svc, "daily")  # a bank of 3 days, 24 h back per decision, capped at 3 days
    opened = await ann_clock(svc, row, seat)
    assert (opened.state, opened.bank) == ("running", 3 * DAY)
    clock.advance(20 * HOUR)
    await svc.play.act(CHANNEL, "u-ann", "push")
    assert (await ann_clock(svc, row, seat)).bank == 3 * DAY  # 3 days - 20 h + 24 h, capped
    clock.advance(10 * HOUR)
    await svc.play.act(CHANNEL, "u-ann", "take back")
    # Her clock runs on as if she had never answered: the same bank, opening time and deadline.
    assert running(await ann_clock(svc, row, seat)) == running(opened)
    clock.advance(10 * HOUR)
    await svc.play.act(CHANNEL, "u-ann", "rest")
    # One decision that took 40 h, one refund: 3 days - 40 h + 24 h (not the 3 days of two refunds).
    assert (await ann_clock(svc, row, seat)).bank == 3 * DAY - 40 * HOUR + DAY == 56 * HOUR


async def test_a_take_back_after_the_deadline_is_refused(timed_svc: tuple[GameService, ManualClock]) -> None:
    svc, clock = timed_svc
    row, seat = await timed_bets(svc, "fast")  # 12 h per decision
    clock.advance(HOUR)
    await svc.play.act(CHANNEL, "u-ann", "push")
    clock.advance(11 * HOUR - 1)
    taken = await svc.play.act(CHANNEL, "u-ann", "take back")  # one second of the 12 h left
    assert "u-ann" in taken.waiting and (await ann_clock(svc, row, seat)).due_at == shift(svc.core.now(), 1)
    await svc.play.act(CHANNEL, "u-ann", "push")
    clock.advance(1)
    stored = await stored_state(svc, row)
    message = await refused("out_of_time", svc.play.act(CHANNEL, "u-ann", "take back"))
    assert "ran out" in message and "your answer stands" in message
    assert await stored_state(svc, row) == stored


async def test_downtime_while_an_answer_stood_is_not_charged_to_its_take_back(
    timed_svc: tuple[GameService, ManualClock],
) -> None:
    svc, clock = timed_svc
    row, seat = await timed_bets(svc, "fast")
    opened = await ann_clock(svc, row, seat)
    clock.advance(HOUR)
    await svc.play.act(CHANNEL, "u-ann", "push")
    await svc.timeouts.heartbeat()
    clock.advance(5 * HOUR)  # the bot is down for 5 h
    assert await svc.timeouts.resume() == (5 * HOUR, 1)  # Bob's running clock
    await svc.play.act(CHANNEL, "u-ann", "take back")
    resumed = await ann_clock(svc, row, seat)
    assert seconds_between(opened.opened_at or "", resumed.opened_at or "") == 5 * HOUR
    assert seconds_between(opened.due_at or "", resumed.due_at or "") == 5 * HOUR
