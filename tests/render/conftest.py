"""Fixtures for the board-image tests: real Puerto Rico states from seeded random play."""

from __future__ import annotations

import random
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

# A stale editable install can resolve ``render`` as an empty namespace package; the
# repository's own package must win.
_ROOT = str(Path(__file__).resolve().parents[2])
if _ROOT not in sys.path:
    sys.path.insert(0, _ROOT)

from engine import get_game  # noqa: E402
from engine.core import play  # noqa: E402

NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve"]
State = dict[str, Any]


def _play(players: int, steps: int | None, seed: int = 7) -> State:
    """Seat names from NAMES; ``steps`` random legal actions (None: to the end)."""
    game = get_game("puerto_rico")
    state, _ = play.new_game(game, NAMES[:players], {}, seed)
    chooser = random.Random(seed)
    done = 0
    while not state["over"] and (steps is None or done < steps):
        seat = chooser.choice(game.waiting(state))
        state, _ = play.apply(game, state, seat, chooser.choice(game.legal_actions(state, seat)))
        done += 1
    return state


@pytest.fixture(scope="session")
def pr_game() -> Any:
    return get_game("puerto_rico")


@pytest.fixture(scope="session")
def play_to() -> Callable[..., State]:
    """``play_to(players, steps, seed=7)``: a state after that much random play (cached)."""
    cache: dict[tuple[int, int | None, int], State] = {}

    def get(players: int, steps: int | None, seed: int = 7) -> State:
        key = (players, steps, seed)
        if key not in cache:
            cache[key] = _play(players, steps, seed)
        return cache[key]

    return get
