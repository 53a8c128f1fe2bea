"""A bug in a rules engine never strands a table: every path that applies an action refuses the move
with a clear message, logs the traceback, stores nothing and leaves the game playable; a bug in its
set-up refuses the start the same way and leaves the lobby open (issue 23)."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

import pytest
import toy_game
from bot_helpers import CHANNEL, refused, start_game, stored_state, user
from test_bot_rematch import finished

from bot.service.change import ENGINE_ERROR
from bot.service.clock import HOUR, ManualClock
from bot.service.opening import REMATCH_ERROR, SETUP_ERROR
from bot.service.records import Action, Event, State
from bot.service.service import GameService
from engine.core import play

Apply = Callable[[State, int, Action], list[Event]]


def break_action(monkeypatch: pytest.MonkeyPatch, game: Any, verb: str) -> None:
    """Make ``game``'s rules raise a plain bug (not IllegalAction) whenever ``verb`` is applied."""
    real: Apply = game.apply_action

    def apply_action(state: State, player: int, action: Action) -> list[Event]:
        if action.get("do") == verb:
            raise KeyError("a rules bug")
        return real(state, player, action)

    monkeypatch.setattr(game, "apply_action", apply_action)


def logged(caplog: pytest.LogCaptureFixture, row: int, text: str) -> list[logging.LogRecord]:
    """ERROR records of the service naming the game and the action, each with its traceback."""
    found = [r for r in caplog.records if r.name == "bot.service" and r.levelno == logging.ERROR]
    assert all(r.exc_info for r in found)
    return [r for r in found if f"game {row} " in r.getMessage() and text in r.getMessage()]


async def test_act_refuses_a_move_the_engine_fails_on(
    svc: GameService, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    started = await start_game(svc, ("Ann", "Bob"), seed=4)
    row, mover = started.game_row or 0, started.waiting[0]
    before = await stored_state(svc, row)
    break_action(monkeypatch, toy_game.TOY, "step")
    message = await refused("engine_error", svc.play.act(CHANNEL, mover, "step", expected_version=0))
    assert message == ENGINE_ERROR and "not applied" in message and "undo" in message and "/admin force" in message
    assert await stored_state(svc, row) == before and await svc.store.actions(row) == []
    assert len(logged(caplog, row, "'step'")) == 1
    drawn = await svc.play.act(CHANNEL, mover, "draw")  # the table plays on
    assert drawn.version == 1
    monkeypatch.undo()
    assert (await svc.play.act(CHANNEL, mover, "step")).version == 2


async def test_an_event_text_bug_is_refused_too(svc: GameService, monkeypatch: pytest.MonkeyPatch) -> None:
    started = await start_game(svc, ("Ann", "Bob"), seed=4)
    row = started.game_row or 0
    before = await stored_state(svc, row)

    def event_text(state: State, event: Event) -> Any:
        raise ValueError("cannot describe")

    monkeypatch.setattr(toy_game.TOY, "event_text", event_text)
    await refused("engine_error", svc.play.act(CHANNEL, started.waiting[0], "step"))
    assert await stored_state(svc, row) == before


async def test_admin_force_refuses_and_stores_nothing(svc: GameService, monkeypatch: pytest.MonkeyPatch) -> None:
    started = await start_game(svc, ("Ann", "Bob"), seed=4)
    row = started.game_row or 0
    before = await stored_state(svc, row)
    break_action(monkeypatch, toy_game.TOY, "step")  # the move's default
    assert await refused("engine_error", svc.admin.force(CHANNEL, user("Ann"), "Ann")) == ENGINE_ERROR
    assert await stored_state(svc, row) == before and await svc.core.deadlines.timeouts(row) == []


async def test_a_standing_answer_that_fails_is_left_to_the_player(
    svc: GameService, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    started = await start_game(svc, ("Ann", "Bob"), seed=4)
    row, mover = started.game_row or 0, started.waiting[0]
    await svc.standing.set(CHANNEL, mover, "move")
    before = await stored_state(svc, row)
    break_action(monkeypatch, toy_game.TOY, "step")
    assert await svc.standing.answer(row) is None
    assert await svc.standing.due() == [] and await stored_state(svc, row) == before
    assert len(logged(caplog, row, "{'do': 'step'}")) == 1  # not retried at the same version
    assert (await svc.play.act(CHANNEL, mover, "draw")).version >= 1  # the player answers themselves


async def test_a_deadline_default_that_fails_is_offered_to_the_table(
    timed_svc: tuple[GameService, ManualClock], monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    svc, clock = timed_svc
    await svc.lobby.open(CHANNEL, "g", user("Ann"), "Ann", "toy_race", clock="fast")
    await svc.lobby.join(CHANNEL, user("Bob"), "Bob")
    started = await svc.lobby.start(CHANNEL, user("Ann"), seed=3)
    row, late = started.game_row or 0, started.waiting[0]
    before = await stored_state(svc, row)
    break_action(monkeypatch, toy_game.TOY, "step")
    clock.advance(12 * HOUR)
    [expiry] = await svc.timeouts.expire_due()
    assert expiry.result is None and expiry.offer is not None and expiry.offer.user_id == late
    assert await stored_state(svc, row) == before
    assert [o for _, _, o in await svc.core.deadlines.timeouts(row)] == ["offered"]
    assert len(logged(caplog, row, "{'do': 'step'}")) == 1
    other = user("Bob") if late == user("Ann") else user("Ann")
    waited = await svc.timeouts.wait_longer(row, expiry.offer.version, expiry.offer.seat, other)
    assert "chose to wait" in waited.public[0]


async def test_skipping_a_timed_out_seat_refuses_when_pass_fails(
    timed_svc: tuple[GameService, ManualClock], monkeypatch: pytest.MonkeyPatch
) -> None:
    svc, clock = timed_svc
    await svc.lobby.open(CHANNEL, "g", user("Ann"), "Ann", "toy_stubborn", clock="fast")
    await svc.lobby.join(CHANNEL, user("Bob"), "Bob")
    started = await svc.lobby.start(CHANNEL, user("Ann"), seed=3)
    row, late = started.game_row or 0, started.waiting[0]
    other = user("Bob") if late == user("Ann") else user("Ann")
    await svc.play.act(CHANNEL, late, "step")  # now passing is legal
    clock.advance(12 * HOUR)
    [expiry] = await svc.timeouts.expire_due()
    assert expiry.offer is not None and expiry.offer.can_skip
    before = await stored_state(svc, row)
    break_action(monkeypatch, toy_game.STUBBORN, "pass")
    offer = expiry.offer
    assert await refused("engine_error", svc.timeouts.skip_turn(row, offer.version, offer.seat, other)) == ENGINE_ERROR
    assert await stored_state(svc, row) == before
    assert play.waiting_players(toy_game.STUBBORN, play.loads(before[1])) == [offer.seat]
    waited = await svc.timeouts.wait_longer(row, offer.version, offer.seat, other)  # the offer still stands
    assert "chose to wait" in waited.public[0]


def break_setup(monkeypatch: pytest.MonkeyPatch, game: Any) -> None:
    """Make ``game``'s set-up raise a plain bug (not IllegalAction)."""

    def setup(players: list[str], options: dict[str, Any], seed: int) -> State:
        raise RuntimeError("a set-up bug")

    monkeypatch.setattr(game, "setup", setup)


async def test_start_refuses_a_set_up_the_engine_fails_on_and_the_lobby_stays_open(
    svc: GameService, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    await svc.lobby.open(CHANNEL, "g", user("Ann"), "Ann", "toy_race")
    await svc.lobby.join(CHANNEL, user("Bob"), "Bob")
    lobby = await svc.store.live_game(CHANNEL)
    assert lobby is not None
    break_setup(monkeypatch, toy_game.TOY)
    message = await refused("engine_error", svc.lobby.start(CHANNEL, user("Ann"), seed=3))
    assert message == SETUP_ERROR and "did not start" in message and "lobby is still open" in message
    after = await svc.store.live_game(CHANNEL)
    assert after == lobby and await svc.store.snapshot(lobby.id, 0) is None  # nothing stored
    assert all(s.seat is None for s in await svc.store.seats(lobby.id))
    assert len(logged(caplog, lobby.id, "set-up")) == 1
    await svc.lobby.join(CHANNEL, user("Cy"), "Cy")  # the lobby is still a lobby
    monkeypatch.undo()
    started = await svc.lobby.start(CHANNEL, user("Ann"), seed=3)
    assert started.row == lobby.id and started.status == "active" and len(started.table.seats) == 3


async def test_a_rematch_the_engine_fails_to_set_up_leaves_the_channel_free_to_try_again(
    svc: GameService, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    started = await finished(svc)
    old = started.game_row or 0
    break_setup(monkeypatch, toy_game.TOY)
    assert await refused("engine_error", svc.lobby.rematch(old, user("Bob"))) == REMATCH_ERROR
    assert await svc.store.live_game(CHANNEL) is None  # no lobby left behind, nothing started
    assert [r for r in caplog.records if r.levelno == logging.ERROR and "set-up" in r.getMessage()]
    monkeypatch.undo()
    again = await svc.lobby.rematch(old, user("Bob"))
    assert again.status == "active" and again.row != old
