"""Lisboa's TypedDicts (:mod:`engine.lisboa.types`) against real data, so they cannot drift from it.

Seeded random games (every player count, the main option sets) are played to the end; at every
step the state, every action offered, every event, every step the queue runs and the public and
per-seat views must have exactly the keys their TypedDicts declare (every required key, no
undeclared one), recursively through the nested records, lists and dicts, with values of the
declared types (``typing.get_type_hints``, ``__required_keys__``, ``__optional_keys__``; the core's
generic records are read with the game's types filled in).
"""

from __future__ import annotations

import random
import types
import typing
from collections.abc import Callable, Iterator
from functools import cache
from typing import Any, Literal, TypeVar, Union, get_args, get_origin, get_type_hints, is_typeddict

import pytest

from engine.core import play
from engine.core.takeback import is_take_back, is_take_back_event
from engine.lisboa import flow
from engine.lisboa.game import GAME
from engine.lisboa.types import LAction, LEvent, LState, LStep
from engine.lisboa.view_types import LView

MAX_ACTIONS = 3000  # a whole game is far shorter
CASES = [
    (2, {}),
    (3, {"starting_draft": True}),
    (4, {"gold_only_when_stuck": True}),
    (3, {"starting_draft": True, "gold_only_when_stuck": True}),
]
Subst = dict[Any, Any]  # type variable → the type a record fills it with
#: A TypedDict's keys and their declared types, read once per class (reading them evaluates every
#: annotation: it took half the time of checking a whole game).
_hints = cache(get_type_hints)


def _bases(record: Any, subst: Subst) -> Subst:
    """The type variables of ``record``'s generic bases, as its declaration fills them."""
    for base in getattr(record, "__orig_bases__", ()):
        origin = get_origin(base)
        if origin is None or origin is typing.Generic:
            continue
        params = getattr(origin, "__parameters__", ())
        subst.update(zip(params, [subst.get(a, a) for a in get_args(base)], strict=True))
        _bases(origin, subst)
    return subst


def _typed_dict(value: object, hint: Any, subst: Subst, path: str) -> list[str]:
    origin = get_origin(hint) or hint
    local = dict(subst)
    args = get_args(hint)
    if args:
        local.update(zip(origin.__parameters__, [subst.get(a, a) for a in args], strict=True))
    _bases(origin, local)
    if not isinstance(value, dict):
        return [f"{path}: {value!r} is not a {origin.__name__}"]
    required, optional = origin.__required_keys__, origin.__optional_keys__
    errors = [f"{path}: {origin.__name__} lacks {k!r}" for k in sorted(required - set(value))]
    errors += [f"{path}: {origin.__name__} does not declare {k!r}" for k in sorted(set(value) - required - optional)]
    hints = _hints(origin)
    for key, item in value.items():
        if key in hints:
            errors += check(item, hints[key], local, f"{path}.{key}")
    return errors


def check(value: object, hint: Any, subst: Subst | None = None, path: str = "") -> list[str]:
    """Where ``value`` departs from the type ``hint`` (nothing: it fits)."""
    subst = subst or {}
    if isinstance(hint, TypeVar):
        return check(value, subst.get(hint, hint.__bound__ or object), subst, path)
    origin = get_origin(hint)
    if hint is Any or hint is object:
        return []
    if is_typeddict(origin or hint):
        return _typed_dict(value, hint, subst, path)
    if origin in (Union, types.UnionType):
        found = [check(value, alternative, subst, path) for alternative in get_args(hint)]
        return [] if any(not errors for errors in found) else [f"{path}: {value!r} is no {hint}"]
    if origin is Literal:
        return [] if value in get_args(hint) else [f"{path}: {value!r} is not one of {get_args(hint)}"]
    if origin is list:
        if not isinstance(value, list):
            return [f"{path}: {value!r} is not a list"]
        return [e for i, item in enumerate(value) for e in check(item, get_args(hint)[0], subst, f"{path}[{i}]")]
    if origin is dict:
        if not isinstance(value, dict):
            return [f"{path}: {value!r} is not a dict"]
        key_type, value_type = get_args(hint)
        errors = [f"{path}: key {k!r} is not a {key_type}" for k in value if not isinstance(k, key_type)]
        return errors + [e for k, item in value.items() for e in check(item, value_type, subst, f"{path}.{k}")]
    if hint is None or hint is type(None):
        return [] if value is None else [f"{path}: {value!r} is not None"]
    if hint is int:  # a JSON number, not a bool
        return [] if isinstance(value, int) and not isinstance(value, bool) else [f"{path}: {value!r} is not an int"]
    if isinstance(hint, type):
        return [] if isinstance(value, hint) else [f"{path}: {value!r} is not a {hint.__name__}"]
    raise TypeError(f"{path}: the check does not know {hint!r}")


def exact(value: object, hint: Any, what: str) -> None:
    errors = check(value, hint, path=what)
    assert not errors, "\n".join(errors[:10])


def playout(players: int, options: dict[str, bool], seed: int) -> Iterator[tuple[LState, list[LEvent], list[LAction]]]:
    """Every state of a seeded random game, with the events that led to it and the actions then offered."""
    state, events = play.new_game(GAME, [f"P{i + 1}" for i in range(players)], options, seed)
    walk = random.Random(seed)
    for _ in range(MAX_ACTIONS):
        if GAME.is_over(state):
            break
        seat = walk.choice(play.waiting_players(GAME, state))
        legal = play.legal_actions(GAME, state, seat)
        offered = [a for a in legal if not is_take_back(a)]
        yield state, [e for e in events if not is_take_back_event(e)], offered
        events = play.apply_in_place(GAME, state, seat, walk.choice(legal))
    yield state, [e for e in events if not is_take_back_event(e)], []


@pytest.fixture
def steps_run(monkeypatch: pytest.MonkeyPatch) -> list[LStep]:
    """Every queued step as it runs (most never rest in the queue between two actions)."""
    seen: list[LStep] = []

    def watched(name: str, fn: Callable[[LState, LStep, list[LEvent]], None]) -> None:
        def run(state: LState, step: LStep, events: list[LEvent]) -> None:
            seen.append(step.copy())  # a copy: some steps change their data
            fn(state, step, events)

        monkeypatch.setitem(flow.STEPS.steps, name, run)

    for name, fn in list(flow.STEPS.steps.items()):
        watched(name, fn)
    return seen


@pytest.mark.parametrize(("players", "options"), CASES, ids=[f"{n}p-{sorted(o)}" for n, o in CASES])
def test_every_record_has_exactly_the_keys_and_types_of_its_typed_dict(
    players: int, options: dict[str, bool], steps_run: list[LStep]
) -> None:
    kinds: set[str] = set()
    for state, events, offered in playout(players, options, seed=100 + players):
        exact(state, LState, "state")
        for event in events:
            exact(event, LEvent, f"event {event['kind']}")
            kinds.add(event["kind"])
        for action in offered:
            exact(action, LAction, f"action {action['verb']}")
        for step in steps_run:
            exact(step, LStep, f"step {step['step']}")
        steps_run.clear()
        exact(GAME.public_view(state), LView, "public view")
        for seat in range(players):
            exact(GAME.view(state, seat), LView, f"view of seat {seat}")
    assert GAME.is_over(state) and state["result"] is not None  # a whole game, scored
    assert {"turn", "era_end", "game_over"} <= kinds


def test_the_check_finds_a_missing_an_undeclared_and_a_mistyped_key() -> None:
    typed, _ = play.new_game(GAME, ["A", "B"], {}, 1)
    assert not check(typed, LState)
    state: Any = typed  # the point: records that break their types
    del state["boards"][0]["reis"]  # a required key missing
    state["boards"][0]["ries"] = 3  # a key the type does not declare
    state["city"]["lots"]["A1"] = {"owner": "0", "type": "gold", "street": "S1"}  # a seat as a string
    found = "\n".join(check(state, LState, path="state"))
    assert "state.boards[0]: Board lacks 'reis'" in found
    assert "state.boards[0]: Board does not declare 'ries'" in found
    assert "state.city.lots.A1:" in found
