"""Puerto Rico's own state copy (:mod:`engine.puerto_rico.copying`) is the generic copy, made
faster: equal to a marshal round trip, keys in the same order, and no list or dict shared with
the original, all through random games of the expansions (boards with nobles, forests and the
new buildings, the draft, the Mayor's frames, the result)."""

from __future__ import annotations

import marshal
import random
from typing import Any

import pytest
from pr_helpers import G, make_game

from engine.core import play

State = dict[str, Any]


def _shared(a: Any, b: Any, path: str = "") -> list[str]:
    """Paths where the two hold the very same list or dict."""
    if not isinstance(a, (dict, list)):
        return []
    here = [path or "."] if a is b else []
    items = a.items() if isinstance(a, dict) else enumerate(a)
    return here + [p for k, v in items for p in _shared(v, b[k], f"{path}/{k}")]


def _check(state: State) -> None:
    copied = G.copy_state(state)
    assert copied == marshal.loads(marshal.dumps(state))
    assert repr(copied) == repr(state)  # every dict's keys in the same order
    assert _shared(copied, state) == []


@pytest.mark.parametrize(
    ("players", "seed", "options"),
    [(4, 3, {}), (3, 4, {"expansions": "both"}), (4, 5, {"expansions": "nobles", "selection": "random"})],
)
def test_the_copy_is_exact_and_shares_nothing(players: int, seed: int, options: dict[str, str]) -> None:
    state = make_game(players, seed, **options)
    rnd = random.Random(seed)
    steps = 0
    while not G.is_over(state):
        if steps % 5 == 0:
            _check(state)
        seat = rnd.choice(G.waiting(state))
        play.apply_in_place(G, state, seat, rnd.choice(G.legal_actions(state, seat)))
        steps += 1
    _check(state)


def test_a_part_its_type_does_not_name_is_copied_all_the_same() -> None:
    state = make_game(3, 1, expansions="both")
    extra: Any = state["boards"][1]
    extra["notes"] = {"seen": [1, 2]}
    state["supply"]["spare"] = [[0]]
    state["elsewhere"] = {"deep": [{"x": [1]}]}
    _check(state)
