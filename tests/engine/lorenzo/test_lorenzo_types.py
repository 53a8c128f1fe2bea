"""Lorenzo's TypedDicts (:mod:`engine.lorenzo.types`) describe its real records exactly: seeded random
games at every player count, basic and advanced, checked at every step — the state (its boards, open
decision, queued steps, frames...), every legal action, every event and the public and per-seat
views — against the types, recursively: a TypedDict's required keys present and no key it does not
declare, a ``Literal`` key or value among its values, lists and dicts item by item."""

from __future__ import annotations

import random
import types
import typing
from dataclasses import fields
from functools import cache
from typing import Any, Literal, TypeVar, get_args, get_origin, get_type_hints, is_typeddict

import pytest

from engine.core import play
from engine.core.takeback import is_take_back, is_take_back_event
from engine.lorenzo import GAME
from engine.lorenzo.model import HELD
from engine.lorenzo.types import Held, LAction, LEvent, LState, LView

Env = dict[Any, Any]  # a generic TypedDict's type variables → the types its subclass gives them
#: A TypedDict's keys and their declared types, read once per class (reading them evaluates every
#: annotation, the most costly part of checking a record).
_hints = cache(get_type_hints)


class Mismatch(AssertionError):
    pass


def _env_of(cls: Any, args: tuple[Any, ...], env: Env) -> Env:
    """The type variables of ``cls`` (given ``args``) and of its generic bases, resolved."""
    params = getattr(cls, "__parameters__", ())
    out: Env = {p: env.get(a, a) if isinstance(a, TypeVar) else a for p, a in zip(params, args, strict=False)}
    for base in getattr(cls, "__orig_bases__", ()):
        origin = get_origin(base)
        if origin is not None and origin is not typing.Generic:
            out |= _env_of(origin, get_args(base), out)
    return out


def _typed_dict(value: object, tp: Any, env: Env, path: str) -> None:
    cls = get_origin(tp) or tp
    env = env | _env_of(cls, get_args(tp), env)
    if not isinstance(value, dict):
        raise Mismatch(f"{path}: {cls.__name__} expected, got {value!r}")
    missing = set(cls.__required_keys__) - set(value)
    unknown = set(value) - cls.__required_keys__ - cls.__optional_keys__
    if missing or unknown:
        lacks = f" lacks {sorted(missing)}" if missing else ""
        extra = f" has undeclared {sorted(unknown)}" if unknown else ""
        raise Mismatch(f"{path}: {cls.__name__}{lacks}{extra}: {value}")
    hints = _hints(cls)
    for key, item in value.items():
        check(item, hints[key], f"{path}.{key}", env)


def check(value: object, tp: Any, path: str = "", env: Env | None = None) -> None:
    """Raise :class:`Mismatch` unless ``value`` fits the type ``tp``."""
    env = env or {}
    if isinstance(tp, TypeVar):
        if tp in env:
            check(value, env[tp], path, env)
        return  # a type variable nothing binds: anything goes
    origin, args = get_origin(tp), get_args(tp)
    if tp is Any or tp is object:
        return
    if is_typeddict(origin or tp):
        _typed_dict(value, tp, env, path)
    elif origin is Literal:
        if value not in args:
            raise Mismatch(f"{path}: {value!r} is none of {args}")
    elif origin in (typing.Union, types.UnionType):
        fails = []
        for option in args:
            try:
                check(value, option, path, env)
                return
            except Mismatch as e:
                fails.append(str(e))
        raise Mismatch(f"{path}: {value!r} fits no type of {tp}: {fails}")
    elif origin is list:
        if not isinstance(value, list):
            raise Mismatch(f"{path}: a list expected, got {value!r}")
        for i, item in enumerate(value):
            check(item, args[0], f"{path}[{i}]", env)
    elif origin is tuple:  # a data pack's lists
        if not isinstance(value, tuple):
            raise Mismatch(f"{path}: a tuple expected, got {value!r}")
        items = args[:1] * len(value) if args[-1:] == (...,) else args
        if len(items) != len(value):
            raise Mismatch(f"{path}: {len(items)} items expected, got {value!r}")
        for i, (item, kind) in enumerate(zip(value, items, strict=True)):
            check(item, kind, f"{path}[{i}]", env)
    elif origin is dict:
        if not isinstance(value, dict):
            raise Mismatch(f"{path}: a dict expected, got {value!r}")
        for key, item in value.items():
            check(key, args[0], f"{path} key", env)
            check(item, args[1], f"{path}[{key!r}]", env)
    elif tp is type(None) or tp is None:
        if value is not None:
            raise Mismatch(f"{path}: None expected, got {value!r}")
    elif tp is int:
        if not isinstance(value, int) or isinstance(value, bool):
            raise Mismatch(f"{path}: an int expected, got {value!r}")
    elif tp in (str, bool, float):
        if not isinstance(value, tp):
            raise Mismatch(f"{path}: {tp.__name__} expected, got {value!r}")
    else:
        raise AssertionError(f"{path}: the check does not know {tp!r}")


def check_state(state: LState) -> None:
    check(state, LState, "state")
    for seat, mine in enumerate(state["boards"]):
        assert set(mine["res"]) == set(get_args(Held)), f"board {seat} counts {sorted(mine['res'])}"


# Every player count; the basic game, the advanced one (bonus tiles, leader draft, leaders), and
# the voluntary pass on top.
OPTION_SETS = [{}, {"advanced": True}, {"advanced": True, "voluntary_pass": True}]
CASES = [(n, options, seed) for n in (2, 3, 4) for seed, options in enumerate(OPTION_SETS, start=n * 10)]


@pytest.mark.parametrize(("players", "options", "seed"), CASES)
def test_every_record_of_a_game_fits_its_type(players: int, options: dict[str, bool], seed: int) -> None:
    state, events = play.new_game(GAME, [f"P{i + 1}" for i in range(players)], options, seed)
    rnd = random.Random(seed)
    seen: set[str] = set()
    while True:
        check_state(state)
        for event in events:
            if not is_take_back_event(event):
                check(event, LEvent, "event")
                seen.add(event["type"])
        check(GAME.public_view(state), LView, "public view")
        for seat in range(players):
            view = GAME.view(state, seat)
            check(view, LView, f"view of {seat}")
            assert {"seat", "hand", "packet", "my_answer"} <= set(view)
        if GAME.is_over(state):
            break
        seat = rnd.choice(play.waiting_players(GAME, state))
        legal = [a for a in play.legal_actions(GAME, state, seat) if not is_take_back(a)]
        for action in legal:
            check(action, LAction, "action")
        state, events = play.apply(GAME, state, seat, rnd.choice(legal))
    assert {"round", "deal", "dice", "place", "vatican", "final"} <= seen
    assert state["result"] is not None and GAME.public_view(state)["totals"] is not None


def test_the_pack_rows_fit_their_types() -> None:
    """The rows' declared types (bundles, ids, the effects' parameters) fit the shipped pack: they
    are where the data pack's values enter the typed rules, unchecked by mypy."""
    pack = GAME.pack_for_new_games()
    tables = [pack.towers, pack.spaces, pack.privileges, pack.tiles, pack.excommunications, pack.leaders, pack.cards]
    for row in [pack.rules, *(row for table in tables for row in table.values())]:
        hints = get_type_hints(type(row))
        for f in fields(row):
            check(getattr(row, f.name), hints[f.name], f"{type(row).__name__} {getattr(row, 'id', '')}.{f.name}")
    assert set(HELD) == set(get_args(Held))


def test_the_check_refuses_what_the_types_do_not_declare() -> None:
    state, _ = play.new_game(GAME, ["A", "B"], {}, 1)
    check_state(state)
    for broken, why in [
        ({**state, "mood": "calm"}, "undeclared"),
        ({k: v for k, v in state.items() if k != "phase"}, "lacks"),
        ({**state, "phase": "lunch"}, "none of"),
        ({**state, "round": "1"}, "an int expected"),
        ({**state, "boards": [{**state["boards"][0], "res": {"gold": 1}}]}, "none of"),
        ({**state, "decision": {**(state["decision"] or {}), "colour": "red"}}, "undeclared"),
        ({**state, "queue": [{"step": "turn", "player": 0, "when": 1}]}, "undeclared"),
    ]:
        with pytest.raises(Mismatch, match=why):
            check(broken, LState, "state")
