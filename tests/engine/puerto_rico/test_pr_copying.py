"""Puerto Rico's own state copy (:mod:`engine.puerto_rico.copying`) is the generic copy, made
faster: equal to a marshal round trip, keys in the same order, no list or dict shared with the
original but the data a Mayor layout window fixes when it opens, and no action on the copy or on
the original changing the other, all through random games of the expansions (boards with nobles,
forests and the new buildings, the draft, the Mayor's frames, the result)."""

from __future__ import annotations

import marshal
import random
import re
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


#: The parts a copy may share: those set-up fixes, a Mayor layout window's proposals and circles.
FIXED = re.compile(r"^/(options|players|choosers|totals)(/|$)|^/frames/\d+/data/(defaults|circles|noble_defaults)(/|$)")


def _content(state: State) -> bytes:
    """The state's content (marshal's format 2 marks no shared object, so a copy sharing parts with
    the state leaves its bytes alone)."""
    return marshal.dumps(state, 2)


def _check(state: State) -> None:
    copied = G.copy_state(state)
    assert copied == marshal.loads(marshal.dumps(state))
    assert repr(copied) == repr(state)  # every dict's keys in the same order
    assert [p for p in _shared(copied, state) if not FIXED.search(p)] == []


def _check_every_answer(state: State) -> None:
    before = _content(state)
    for seat in G.waiting(state):  # every answer played on a copy leaves the original alone
        for action in G.legal_actions(state, seat):
            play.apply_in_place(G, G.copy_state(state), seat, action)
            assert _content(state) == before, (seat, action)


@pytest.mark.parametrize(
    ("players", "seed", "options"),
    [(4, 3, {}), (3, 4, {"expansions": "both"}), (4, 5, {"expansions": "nobles", "selection": "random"})],
)
def test_the_copy_is_exact_and_shares_nothing(players: int, seed: int, options: dict[str, str]) -> None:
    state = make_game(players, seed, **options)
    rnd = random.Random(seed)
    steps = windows = 0
    while not G.is_over(state):
        if steps % 5 == 0:
            _check(state)
        # Every copy shares set-up's parts, and in a layout window its fixed data (the windows
        # are checked more often): every answer played on a copy leaves the original alone...
        window = any(frame["kind"] == "mayor_layout" for frame in state["frames"])
        if steps % (25 if window else 40) == 0:
            _check_every_answer(state)
        copied = G.copy_state(state) if steps % 2 == 0 or window else None
        kept = _content(copied) if copied is not None else b""
        seat = rnd.choice(G.waiting(state))
        play.apply_in_place(G, state, seat, rnd.choice(G.legal_actions(state, seat)))
        if copied is not None:
            assert _content(copied) == kept  # ...and an answer played on the original leaves a copy alone
            windows += window
        steps += 1
    _check(state)
    assert windows > 10  # through layout windows


def test_a_part_its_type_does_not_name_is_copied_all_the_same() -> None:
    state = make_game(3, 1, expansions="both")
    extra: Any = state["boards"][1]
    extra["notes"] = {"seen": [1, 2]}
    state["supply"]["spare"] = [[0]]
    state["elsewhere"] = {"deep": [{"x": [1]}]}
    _check(state)
