"""The core's records (:mod:`engine.core.records`) describe the states every game really keeps, and a
game typed on them (the toy Little Orchard of ``tests/e2e``) keeps exactly the keys its TypedDicts
declare: seeded random playouts, every state, event, action and view checked."""

from __future__ import annotations

import random
import sys
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest

from engine import all_games
from engine.core import AnyGame, play
from engine.core.datapack import PackGame
from engine.core.datapack.packs import PackRecord, PackState
from engine.core.records import BaseEvent, DecisionData, Frame, GameState, Seeded, StepState
from engine.core.stepgame import StepGame
from engine.core.takeback import TakeBack, TakeBackEvent, is_take_back, is_take_back_event

E2E = str(Path(__file__).resolve().parents[1] / "e2e")
if E2E not in sys.path:
    sys.path.insert(0, E2E)

from orchard_types import OrchardAction, OrchardEvent, OrchardState, OrchardStep, OrchardView  # noqa: E402
from toy_pack_game import ORCHARD  # noqa: E402

STEPS = 150  # decisions per playout
CASES = [(g, n) for g in all_games() for n in sorted({g.spec.min_players, g.spec.max_players})]


def keys(record: Any) -> tuple[frozenset[str], frozenset[str]]:
    """The required and the optional keys of a TypedDict (a generic one's too: ``StepData[...]``)."""
    typed = getattr(record, "__origin__", record)
    return typed.__required_keys__, typed.__optional_keys__


def missing(value: Mapping[str, object], record: Any) -> set[str]:
    """The required keys of the TypedDict ``record`` that ``value`` lacks."""
    return set(keys(record)[0]) - set(value)


def unknown(value: Mapping[str, object], record: Any) -> set[str]:
    """The keys of ``value`` that the TypedDict ``record`` does not declare."""
    required, optional = keys(record)
    return set(value) - required - optional


def exact(value: Mapping[str, object], record: Any) -> None:
    assert not missing(value, record), f"{record} lacks {missing(value, record)}: {value}"
    assert not unknown(value, record), f"{record} has undeclared {unknown(value, record)}: {value}"


def playout(game: AnyGame, players: int, seed: int) -> Iterator[tuple[Any, list[Any], list[Any]]]:
    """Every state of a seeded random playout, with the events that led to it and its legal actions."""
    state, events = play.new_game(game, [f"P{i + 1}" for i in range(players)], {}, seed)
    rnd = random.Random(seed)
    for _ in range(STEPS):
        if game.is_over(state):
            break
        seat = rnd.choice(play.waiting_players(game, state))
        legal = play.legal_actions(game, state, seat)
        yield state, events, legal
        state, events = play.apply(game, state, seat, rnd.choice(legal))
    yield state, events, []  # the last state: over, or where the playout stops


def check_core_keys(game: AnyGame, state: Any, events: list[Any], legal: list[Any]) -> None:
    assert not missing(state, GameState) and all(isinstance(p, str) for p in state["players"])
    assert isinstance(state.get("step", 0), int)
    for frame in state.get("frames", []):
        exact(frame, Frame)
        assert isinstance(frame["data"].get("each", ""), str) and isinstance(frame["data"].get("busy", False), bool)
    assert not missing(state, Seeded) and isinstance(state["rng"], int)  # every game here draws
    if isinstance(game, StepGame):
        assert not missing(state, StepState) and isinstance(state["over"], bool)
        assert state["decision"] is None or not missing(state["decision"], DecisionData)
        assert all(isinstance(item["step"], str) for item in state.get("queue", []))
    if isinstance(game, PackGame):
        assert not missing(state, PackState)
        exact(state["pack"], PackRecord)
    for event in events:
        if is_take_back_event(event):
            exact(event, TakeBackEvent)
        assert all(isinstance(event[k], bool) for k in BaseEvent.__optional_keys__ if k in event)
    for action in legal:
        if is_take_back(action):
            exact(action, TakeBack)


@pytest.mark.parametrize(("game", "players"), CASES, ids=[f"{g.spec.id}-{n}p" for g, n in CASES])
def test_every_game_keeps_the_core_keys_as_the_core_records_declare(game: AnyGame, players: int) -> None:
    for state, events, legal in playout(game, players, seed=players):
        check_core_keys(game, state, events, legal)


@pytest.mark.parametrize("players", [2, 3])
def test_a_typed_game_keeps_exactly_the_keys_of_its_types(players: int) -> None:
    seen = 0
    for state, events, legal in playout(ORCHARD, players, seed=10 + players):
        check_core_keys(ORCHARD, state, events, legal)
        exact(state, OrchardState)
        if state["decision"] is not None:
            exact(state["decision"], DecisionData)
        for item in state.get("queue", []):
            exact(item, OrchardStep)
        for event in events:
            if not is_take_back_event(event):
                exact(event, OrchardEvent)
        for action in legal:
            if not is_take_back(action):
                exact(action, OrchardAction)
        for view in [ORCHARD.public_view(state)] + [ORCHARD.view(state, p) for p in range(players)]:
            exact(view, OrchardView)
        seen += 1
    assert ORCHARD.is_over(state) and seen > 5  # a whole game, each of its states checked
