"""Lisboa's fast paths equal the slow ones they stand in for, on the states of random games: the
portfolio pre-check (:func:`engine.lisboa.portfolio.settled`) gives the simulation's answer
whenever it gives one, and the main action's options are the same with or without it."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from engine.core import play
from engine.lisboa import portfolio, turn
from engine.lisboa.game import GAME
from engine.lisboa.rules import board


def _main_decisions(players: int, seed: int, steps: int) -> list[dict]:
    """Copies of the states a random game asks a main action in (``steps`` actions at most)."""
    state, _ = play.new_game(GAME, [f"P{i + 1}" for i in range(players)], {}, seed)
    walk, found = random.Random(seed), []
    for _ in range(steps):
        if GAME.is_over(state):
            break
        if state["decision"] and state["decision"]["kind"] == "main":
            found.append(GAME.copy_state(state))
        seat = walk.choice(GAME.waiting(state))
        play.apply_in_place(GAME, state, seat, walk.choice(GAME.legal_actions(state, seat)))
    return found


@pytest.fixture(scope="module")
def states() -> list[dict]:
    return _main_decisions(4, 7, 150) + _main_decisions(2, 4, 30)  # the second: a ship of ours discarded


def test_the_portfolio_pre_check_agrees_with_the_simulation(states: list[dict]) -> None:
    answers: Counter[bool | None] = Counter()
    for state in states:
        seat = state["decision"]["player"]
        for card in board(state, seat)["hand"]:
            known = portfolio.settled(state, seat, card)
            answers[known] += 1
            if known is not None:
                assert known == portfolio.simulate(state, seat, card), (card, state["turn"])
    assert answers[True] > 20 and answers[False] > 5  # both answers are given, on many cards


def test_the_main_options_are_those_of_the_simulation_alone(
    states: list[dict], monkeypatch: pytest.MonkeyPatch
) -> None:
    fast = [turn.main_options(s, s["decision"]) for s in states]
    monkeypatch.setattr(portfolio, "settled", lambda state, seat, card: None)
    assert fast == [turn.main_options(s, s["decision"]) for s in states]
    assert any(o["verb"] == "portfolio" for opts in fast for o in opts)
