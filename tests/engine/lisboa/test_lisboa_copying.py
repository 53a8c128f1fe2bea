"""Lisboa's copying path: the structural copy (:mod:`engine.lisboa.copying`) equals the generic one
and shares nothing mutable with its original; the options memo finds a state's copy (the service
copies before every action), so a main action's options, simulated on copies, are listed once per
position."""

from __future__ import annotations

import dataclasses
import marshal
import random
from typing import Any

import pytest
from lisboa_helpers import new_game

from engine.core import play
from engine.lisboa import flow
from engine.lisboa.copying import copy_state
from engine.lisboa.game import GAME


def _containers(value: Any, found: set[int]) -> set[int]:
    """The ids of every list and dict in ``value``."""
    if isinstance(value, dict | list):
        found.add(id(value))
        for item in value.values() if isinstance(value, dict) else value:
            _containers(item, found)
    return found


@pytest.mark.parametrize(("players", "draft", "seed"), [(3, True, 3)])
def test_the_structural_copy_equals_the_generic_one_and_shares_nothing(players: int, draft: bool, seed: int) -> None:
    state, _ = play.new_game(GAME, [f"P{i + 1}" for i in range(players)], {"starting_draft": draft}, seed)
    walk = random.Random(seed)
    seen: set[str] = set()  # the kinds of decision and frame copied
    for step in range(120):
        if GAME.is_over(state):
            break
        if step % 4 == 0 or state.get("frames"):
            copied = copy_state(state)
            assert copied == marshal.loads(marshal.dumps(state))
            assert marshal.dumps(copied, 2) == marshal.dumps(state, 2)  # every dict's keys in the same order
            assert not _containers(copied, set()) & _containers(state, set())
            seen.add(state["decision"]["kind"] if state["decision"] else state["phase"])
            seen.update(f["kind"] for f in state.get("frames") or [])
        seat = walk.choice(GAME.waiting(state))
        play.apply_in_place(GAME, state, seat, walk.choice(GAME.legal_actions(state, seat)))
    assert len(seen) > 8  # set-up, main actions, their sub-decisions, windows


def test_a_copy_of_a_state_finds_its_options_in_the_memo(monkeypatch: pytest.MonkeyPatch) -> None:
    state = new_game(3, seed=4)
    for seat in range(3):
        play.apply_in_place(GAME, state, seat, GAME.legal_actions(state, seat)[0])  # the clergy keep
    assert state["decision"]["kind"] == "main"
    listed = _count_main_listings(monkeypatch)  # the keep's forced-step check listed them already
    options = GAME.legal_actions(state, 0)
    copied = GAME.copy_state(state)
    assert GAME.legal_actions(copied, 0) == options and listed == [0]
    copied["boards"][0]["reis"] += 1  # another position: listed again
    GAME.legal_actions(copied, 0)
    assert listed == [0, 0]


def _count_main_listings(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The seats whose main action is listed from now on (none cached before)."""
    listed: list[int] = []
    main = flow.KINDS["main"]

    def counting(s: Any, d: Any) -> Any:
        listed.append(d["player"])
        return main.options(s, d)

    monkeypatch.setitem(flow.KINDS, "main", dataclasses.replace(main, options=counting))
    monkeypatch.setattr(GAME, "_memo", None)
    return listed


@pytest.mark.parametrize("stuck", [False, True])
def test_the_copying_apply_and_its_caller_list_a_main_action_once(monkeypatch: pytest.MonkeyPatch, stuck: bool) -> None:
    """With gold only when stuck, ``play.apply``'s forced-step check lists the new state's main
    action before it counts the action in ``step``, and the caller's listing after finds it in the
    memo; otherwise two cards in hand make two ``gold`` options, so the check lists nothing."""
    state = new_game(3, seed=5, gold_only_when_stuck=stuck)
    for seat in range(2):
        play.apply_in_place(GAME, state, seat, GAME.legal_actions(state, seat)[0])  # the clergy keep
    listed = _count_main_listings(monkeypatch)
    options = GAME.legal_actions(state, 2)
    after, _ = play.apply(GAME, state, 2, options[0], options)
    seat = after["decision"]["player"]
    assert after["decision"]["kind"] == "main" and after["step"] == state["step"] + 1
    assert listed == ([seat] if stuck else []) and GAME.may_be_forced(after, seat) == stuck
    GAME.legal_actions(after, seat)
    assert listed == [seat]
