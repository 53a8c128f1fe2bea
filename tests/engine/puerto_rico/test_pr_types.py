"""Puerto Rico's TypedDicts (:mod:`engine.puerto_rico.types`) describe exactly what the game keeps:
seeded random games at every player count and the main option sets, and at every step the state,
the open decision, every queued step as its step function gets it, every action offered, every
event and the public and per-seat views are checked against their types, recursively (nested
records, lists, maps, unions, literals), with no key missing and none undeclared. Across the games
every key the game's own types declare turns up at least once, so a key the rules stopped writing
cannot linger in the types either."""

from __future__ import annotations

import random
import types
from collections import defaultdict
from collections.abc import Callable, Iterator
from functools import cache
from typing import Any, Literal, TypeVar, Union, get_args, get_origin, get_type_hints, is_typeddict

import pytest
from pr_exp_helpers import exp_game
from pr_helpers import set_board

from engine.core import play
from engine.core.records import BaseEvent, DecisionData, FrameData, GameState, Seeded, StepData, StepState
from engine.core.takeback import is_take_back, is_take_back_event
from engine.puerto_rico import types as pr_types
from engine.puerto_rico.data import DATA, Data
from engine.puerto_rico.flow import STEPS
from engine.puerto_rico.game import GAME
from engine.puerto_rico.types import PRAction, PREvent, PRFrameData, PRState, PRStep, PRView, ScoreRow, SeatScore

#: (players, options): every player count; the base game, the variant rule and the 2-player order,
#: each expansion, both with the draft restrictions, and the random market.
CASES = [
    (2, {}),
    (2, {"two_player": "five_choices", "variant": "on"}),
    (3, {}),
    (3, {"expansions": "both", "draft_restrictions": "on"}),
    (4, {"expansions": "new_buildings"}),
    (4, {"expansions": "both", "selection": "random"}),
    (5, {"expansions": "nobles", "selection": "random"}),
    (5, {"variant": "on"}),
]

Env = dict[Any, Any]  # a TypeVar → the type a generic TypedDict's subclass fills it with


#: The TypedDicts the game's own inherit from (on Python 3.11 a TypedDict keeps no trace of a base
#: that is not generic): their keys count as seen through the game's, and are not the game's own.
INHERITED: dict[Any, tuple[Any, ...]] = {
    PRState: (StepState, GameState, Seeded),
    PRStep: (StepData,),
    PRFrameData: (FrameData,),
    PREvent: (BaseEvent,),
    SeatScore: (ScoreRow,),
}


def _bases(cls: Any) -> tuple[Any, ...]:
    """``cls`` and the TypedDicts it inherits from."""
    return (cls, *INHERITED.get(cls, ()))


@cache
def _hints(cls: Any) -> dict[str, Any]:
    return get_type_hints(cls)


def _own_keys(cls: Any) -> set[str]:
    """The keys ``cls`` declares itself (not those of the TypedDicts it inherits from)."""
    inherited = {key for base in _bases(cls)[1:] for key in base.__annotations__}
    return set(cls.__annotations__) - inherited


def _bound(cls: Any, env: Env) -> Env:
    """What the type variables of ``cls``'s generic bases stand for (``StepState[D, Q, FD]`` …)."""
    found = dict(env)
    for base in getattr(cls, "__orig_bases__", ()):
        origin = get_origin(base)
        if origin is not None and is_typeddict(origin):
            args = tuple(_resolve(a, found) for a in get_args(base))
            found.update(zip(origin.__parameters__, args, strict=True))
            found = _bound(origin, found)
    return found


def _resolve(tp: Any, env: Env) -> Any:
    return env[tp] if isinstance(tp, TypeVar) else tp


Seen = dict[Any, set[str]]  # TypedDict → the keys seen in its records
# Raises AssertionError naming where a value is wrong. The validators run on every record of every
# step: they raise it themselves, as a bare ``assert`` rewritten by pytest made the file 3 times slower.
Validator = Callable[[Any, Seen], None]


@cache
def validator(tp: Any, env: tuple[tuple[Any, Any], ...] = ()) -> Validator:
    """A function checking a value against the type ``tp`` (its type variables as ``env`` says)
    and noting the keys of every record it meets; made once per type."""
    tp = _resolve(tp, dict(env))
    origin, args = get_origin(tp), get_args(tp)
    if tp is Any or tp is object:
        return lambda value, seen: None
    if origin in (Union, types.UnionType):
        return _union([validator(a, env) for a in args], tp)
    if origin is Literal:
        allowed = set(args)

        def literal(value: Any, seen: Seen) -> None:
            if value not in allowed:
                raise AssertionError(f": {value!r} is none of {sorted(allowed)}")

        return literal
    if origin is list:
        return _list(validator(args[0], env))
    if origin is dict:
        return _dict(validator(args[0], env), validator(args[1], env))
    if is_typeddict(origin or tp):
        return _record(tp, env)
    expected: tuple[type, ...] = (int, float) if tp is float else (type(None),) if tp is type(None) else (tp,)

    def plain(value: Any, seen: Seen) -> None:
        if not isinstance(value, expected) or (tp is not bool and isinstance(value, bool)):
            raise AssertionError(f": {value!r} is no {tp}")

    return plain


def _within(where: str, check: Validator, value: Any, seen: Seen) -> None:
    """``check(value)``, naming ``where`` (the key or index) in front of a failure."""
    try:
        check(value, seen)
    except AssertionError as failed:
        raise AssertionError(f"{where}{failed}") from None


def _union(members: list[Validator], tp: Any) -> Validator:
    def union(value: Any, seen: Seen) -> None:
        for member in members:  # none of the game's unions has two records: a trial notes little
            try:
                member(value, seen)
            except AssertionError:
                continue
            return
        raise AssertionError(f": {value!r} is no {tp}")

    return union


def _list(item: Validator) -> Validator:
    def check(value: Any, seen: Seen) -> None:
        if not isinstance(value, list):
            raise AssertionError(f": {value!r} is not a list")
        for i, element in enumerate(value):
            _within(f"[{i}]", item, element, seen)

    return check


def _dict(key: Validator, item: Validator) -> Validator:
    def check(value: Any, seen: Seen) -> None:
        if not isinstance(value, dict):
            raise AssertionError(f": {value!r} is not a dict")
        for k, element in value.items():
            _within(f" key {k!r}", key, k, seen)
            _within(f"[{k!r}]", item, element, seen)

    return check


def _record(tp: Any, env: tuple[tuple[Any, Any], ...]) -> Validator:
    cls = get_origin(tp) or tp
    found = dict(env)
    if cls is not tp:  # a generic TypedDict filled in: Frame[PRFrameData]
        found.update(zip(cls.__parameters__, (_resolve(a, found) for a in get_args(tp)), strict=True))
    bound = tuple(_bound(cls, found).items())
    required, optional = cls.__required_keys__, cls.__optional_keys__
    fields = {key: validator(hint, bound) for key, hint in _hints(cls).items()}
    bases = [(base, base.__annotations__.keys()) for base in _bases(cls)]

    def record(value: Any, seen: Seen) -> None:
        if not isinstance(value, dict):
            raise AssertionError(f": {value!r} is not a {cls.__name__}")
        keys = value.keys()
        if not required <= keys:
            raise AssertionError(f": {cls.__name__} lacks {sorted(required - keys)}")
        if not keys <= required | optional:
            raise AssertionError(f": {cls.__name__} does not declare {sorted(keys - required - optional)}")
        for base, declared in bases:
            seen[base].update(keys & declared)
        for key, element in value.items():
            _within(f".{key}", fields[key], element, seen)

    return record


class Checker:
    """Checks values against types; notes which keys of which TypedDict it has seen."""

    def __init__(self) -> None:
        self.seen: Seen = defaultdict(set)

    def check(self, value: Any, tp: Any, where: str) -> None:
        _within(where, validator(tp), value, self.seen)


def playout(state: Any, events: list[Any], seed: int, checker: Checker, views: bool) -> Iterator[None]:
    """A seeded random game from ``state``, every step checked; yields after each action."""
    players = len(state["players"])
    walk = random.Random(seed)
    while True:
        checker.check(state, PRState, "state")
        if state["decision"] is not None:
            checker.check(state["decision"], DecisionData, "decision")
        for event in events:
            if not is_take_back_event(event):
                checker.check(event, PREvent, f"event {event.get('kind')}")
        if views:
            checker.check(GAME.public_view(state), PRView, "public view")
            for seat in range(players):
                checker.check(GAME.view(state, seat), PRView, f"view of {seat}")
        if GAME.is_over(state):
            return
        seat = walk.choice(play.waiting_players(GAME, state))
        legal = play.legal_actions(GAME, state, seat)
        for action in legal:
            if not is_take_back(action):
                checker.check(action, PRAction, f"action {action['verb']}")
        state, events = play.apply(GAME, state, seat, walk.choice(legal))
        yield


def _watching_steps(checker: Checker, monkeypatch: pytest.MonkeyPatch) -> None:
    """Check every queued step as its step function receives it (the queue is transient: a state
    at rest holds none)."""
    for name, fn in list(STEPS.steps.items()):

        def watched(state: Any, step: Any, events: Any, fn: Any = fn, name: str = name) -> None:
            checker.check(step, PRStep, f"step {name}")
            fn(state, step, events)

        monkeypatch.setitem(STEPS.steps, name, watched)


@pytest.mark.parametrize(
    ("players", "options"), CASES, ids=[f"{n}p-{'-'.join(o.values()) or 'base'}" for n, o in CASES]
)
def test_every_record_has_exactly_the_keys_of_its_type(
    players: int, options: dict[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    checker = Checker()
    _watching_steps(checker, monkeypatch)
    state, events = play.new_game(GAME, [f"P{i + 1}" for i in range(players)], options, seed=100 + players)
    steps = sum(1 for _ in playout(state, events, seed=100 + players, checker=checker, views=True))
    assert steps > 100  # a whole game was played and checked


def test_the_data_pack_has_the_keys_of_its_type() -> None:
    Checker().check(DATA, Data, "DATA")


def test_every_key_the_types_declare_is_used(monkeypatch: pytest.MonkeyPatch) -> None:
    checker = Checker()
    _watching_steps(checker, monkeypatch)
    for i, (players, options) in enumerate(CASES):
        state, events = play.new_game(GAME, [f"P{seat + 1}" for seat in range(players)], options, seed=200 + i)
        # Both expansions, drafted, options besides: every key of the views (checked above anyway).
        views = options.get("draft_restrictions") == "on"
        for _ in playout(state, events, seed=200 + i, checker=checker, views=views):
            pass
    # Rare records: games where the Library (a second Settler pick, 2 colonists as the Mayor's
    # privilege...), the Guest House (its windows), the Lighthouse and a noble in the Royal
    # Supplier are manned from the start.
    for seed in (1, 2):
        state = exp_game(players=2, seed=seed)
        set_board(state, 0, city={"library": 1, "guest-house": 2})
        set_board(state, 1, city={"lighthouse": 1, "royal-supplier": 1}, nobles={"royal-supplier": 1})
        for _ in playout(state, [], seed=seed, checker=checker, views=False):
            pass
    own = [t for t in vars(pr_types).values() if is_typeddict(t) and t.__module__ == pr_types.__name__]
    unused = {t.__name__: sorted(_own_keys(t) - checker.seen[t]) for t in own if _own_keys(t) - checker.seen[t]}
    assert not unused, f"declared but never seen: {unused}"
