"""Options of the core step queue: a transient queue (in the state only while steps wait in it),
a frame kind that records its own answers (``Kind.own_answer``, asked with ``where=OWN``) and a
kind shaped as a Distribute (``Kind.distribute``: never a forced step)."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core import PARALLEL, EventText, GameSpec, play
from engine.core.frames import record_answer, waiting_seats
from engine.core.outcome import Outcome
from engine.core.shapes import Distribute, Item, Option, Shape
from engine.core.stepgame import Asked, StepGame
from engine.core.steps import Steps

State = dict[str, Any]
Events = list[dict[str, Any]]


def test_a_transient_queue_is_in_the_state_only_while_steps_wait_in_it():
    steps = Steps("transient", transient_queue=True)
    ran: list[str] = []

    @steps.step("note")
    def _note(state: State, s: dict[str, Any], events: Events) -> None:
        ran.append(s["text"])

    @steps.step("ask")
    def _ask(state: State, s: dict[str, Any], events: Events) -> None:
        steps.ask(state, "yes", 0)

    steps.kind("yes", lambda s, d: [{"verb": "yes"}], None, "Yes?")
    state: State = {"decision": None, "frames": [], "over": False}  # no queue key at all
    steps.run(state, [])
    assert "queue" not in state
    steps.then(state, {"step": "note", "text": "a"}, {"step": "note", "text": "b"})
    assert state["queue"] == [{"step": "note", "text": "a"}, {"step": "note", "text": "b"}]
    steps.run(state, [])
    assert ran == ["a", "b"] and "queue" not in state  # run empty: gone
    steps.then(state, {"step": "ask"}, {"step": "note", "text": "c"})
    steps.run(state, [])
    assert state["decision"]["kind"] == "yes" and state["queue"] == [{"step": "note", "text": "c"}]  # kept
    steps.answer(state, {"verb": "yes"}, [])
    assert ran == ["a", "b", "c"] and "queue" not in state

    lasting: State = {"queue": [], "decision": None, "frames": [], "over": False}
    Steps("lasting").run(lasting, [])
    assert lasting["queue"] == []  # a registry without transient_queue keeps its (empty) queue


class _Plain(StepGame):
    """A step game of no particular rules: set-up asks seat 0 the registry's kind ``first``."""

    spec = GameSpec("plain_test", "Plain test", 1, 1, 1)

    def setup(self, players: list[str], options: dict[str, Any], seed: int) -> State:
        state: State = {"players": players, "decision": None, "frames": [], "over": False}
        self.steps.ask(state, "first", 0)
        return state

    def action_text(self, action: dict[str, Any]) -> str:
        return str(action["verb"])

    def event_text(self, state: State, event: dict[str, Any]) -> EventText:
        return EventText(str(event))

    def public_view(self, state: State) -> dict[str, Any]:
        return {}

    def view(self, state: State, player: int) -> dict[str, Any]:
        return {}

    def outcome(self, state: State) -> Outcome | None:
        return None


def _placing(distribute: bool, shaped: bool, listed: list[int] | None = None) -> StepGame:
    """One seat asked to place one piece (a single option), then a confirmation; each listing of
    the placement's options is counted in ``listed``."""
    steps = Steps("placing")
    count = listed if listed is not None else []

    def options(state: State, d: dict[str, Any]) -> list[dict[str, Any]]:
        count.append(1)
        return [{"verb": "place"}]

    placed = lambda s, d, a, e: steps.ask(s, "then", 0)  # noqa: E731
    steps.kind("first", options, placed, "Place", distribute=distribute)
    steps.kind("then", lambda s, d: [{"verb": "ok"}, {"verb": "no"}], None, "Ok?")

    class Placing(_Plain):
        def shape_of(self, state: State, asked: Asked[Any], options: list[dict[str, Any]]) -> Shape | None:
            if not shaped or asked.kind != "first":
                return None
            one, spot = (Item("piece", "piece", 1),), (Item("spot", "spot", 1),)
            proposal = {"piece": {"spot": 1}}
            options = (Option("place", "Place"),)
            return Distribute(options=options, verb="place", pieces=one, slots=spot, total=1, proposal=proposal)

    Placing.steps = steps
    return Placing()


def test_a_distribute_kind_is_never_a_forced_step():
    listed: list[int] = []
    shaped = _placing(distribute=True, shaped=True, listed=listed)
    state, events = play.new_game(shaped, ["A"], {}, 1)
    assert events == [] and shaped.waiting(state) == [0] and state["decision"]["kind"] == "first"
    assert not shaped.may_be_forced(state, 0) and listed == []  # forced steps never listed its options
    undeclared = _placing(distribute=False, shaped=True, listed=listed)
    state, _ = play.new_game(undeclared, ["A"], {}, 1)  # the same, listing its options to learn it
    assert state["decision"]["kind"] == "first" and undeclared.may_be_forced(state, 0) and listed
    plain = _placing(distribute=False, shaped=False)
    state, _ = play.new_game(plain, ["A"], {}, 1)
    assert state["decision"]["kind"] == "then"  # a single plain option is played for the seat


def test_a_distribute_kind_shaped_otherwise_is_a_rules_bug():
    game = _placing(distribute=True, shaped=False)
    state, _ = play.new_game(game, ["A"], {}, 1)
    with pytest.raises(TypeError, match="declared distribute"):
        play.pending(game, state)


def test_a_frame_kind_with_its_own_answers_records_them_itself():
    steps = Steps("own")
    seen: list[Any] = []

    def _tally(state: State, s: dict[str, Any], events: Events) -> None:
        seen.append(dict(s["frame"]["answers"]))

    def _count_act(state: State, d: dict[str, Any], action: dict[str, Any], events: Events) -> None:
        frame = state["frames"][-1]
        if action["verb"] == "more":  # answers nothing: the seat stays asked
            frame["data"]["more"] = frame["data"].get("more", 0) + 1
            return
        record_answer(frame, d["player"], frame["data"].get("more", 0))
        if not waiting_seats(frame):
            steps.close(state)

    steps.step("tally")(_tally)
    steps.kind("count", lambda s, d: [{"verb": "more"}, {"verb": "done"}], _count_act, "Count", own_answer=True)

    class Counting(_Plain):
        spec = GameSpec("own_test", "Own test", 2, 2, 1)

        def setup(self, players: list[str], options: dict[str, Any], seed: int) -> State:
            state: State = {"players": players, "queue": [], "decision": None, "frames": [], "over": False}
            steps.open_frame(state, "count", [0, 1], PARALLEL, resume="tally")
            return state

    Counting.steps = steps
    game = Counting()
    state, _ = play.new_game(game, ["A", "B"], {}, 1)
    assert [(a.seat, a.where) for a in game.asked(state)] == [(0, "own"), (1, "own")]
    state, _ = play.apply(game, state, 0, {"verb": "more"})
    assert game.waiting(state) == [0, 1] and state["frames"][0]["answers"] == {}
    state, _ = play.apply(game, state, 1, {"verb": "done"})
    assert game.waiting(state) == [0]
    state, _ = play.apply(game, state, 0, {"verb": "done"})
    assert state["frames"] == [] and seen == [{"1": 1, "0": 1}]
