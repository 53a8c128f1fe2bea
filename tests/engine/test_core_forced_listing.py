"""What :func:`engine.core.play.resolve_forced` lists, once: the options it hands back
(``listed``), for the seats still waiting once nothing more is forced, each exactly what the game
lists for that seat in the settled state, so the next decision need not list them again; and the
shape it reads of a decision with a single option (``Game.decision_shape``, from the options just
listed), exactly the shape of the game's full decision."""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine import get_game
from engine.core import play


@pytest.mark.parametrize(
    ("game_id", "players", "decisions"),
    [("puerto_rico", 4, 150), ("lisboa", 2, 40), ("lorenzo", 3, 40), ("red_cathedral", 2, 60)],
)
def test_what_is_listed_once_is_what_a_fresh_look_gives(game_id: str, players: int, decisions: int) -> None:
    game = get_game(game_id)
    state, _ = play.new_game(game, [f"P{i}" for i in range(players)], {}, 7)
    rnd = random.Random(7)
    listed: dict[int, list[Any]] = {}
    handed = 0
    for _ in range(decisions):
        if game.is_over(state):
            break
        waiting = game.waiting(state)
        assert set(listed) <= set(waiting)  # nothing left over from a state a forced step changed
        for seat, options in listed.items():
            assert options == game.legal_actions(state, seat)
        for seat in waiting:
            decision = game.decision(state, seat)
            shape = game.decision_shape(state, seat, game.legal_actions(state, seat))
            assert shape == (None if decision is None else decision.shape)
        seat = rnd.choice(waiting)
        options = listed.get(seat)
        handed += options is not None
        if options is None:
            options = game.legal_actions(state, seat)
        state, _ = play.apply(game, state, seat, rnd.choice(options), options, listed)
    assert handed > decisions // 4  # many decisions were handed back


def test_a_game_over_hands_back_nothing() -> None:
    game = get_game("puerto_rico")
    state, _ = play.new_game(game, ["A", "B", "C"], {}, 1)
    state["over"] = True
    listed: dict[int, list[Any]] = {0: []}
    assert play.resolve_forced(game, state, listed) == [] and listed == {}
