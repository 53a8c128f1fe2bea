"""The yardstick players: ``random`` (any legal move) and ``greedy`` (the move whose position the
game's evaluation likes best for the mover, one step ahead, in one determinization)."""

from __future__ import annotations

import random
from typing import Any

from engine.core import AnyGame

from .search import step
from .values import rewards


def random_move(game: AnyGame, state: Any, seat: int, rng: random.Random) -> str:
    """Any legal move of ``seat``."""
    legal = game.legal_actions(game.determinize(state, seat, rng.getrandbits(64)), seat)
    return game.action_text(legal[rng.randrange(len(legal))])


def greedy_move(game: AnyGame, state: Any, seat: int, rng: random.Random) -> str:
    """The move after which the game's evaluation gives ``seat`` the best reward (first on ties), in
    one determinization for ``seat``."""
    world = game.determinize(state, seat, rng.getrandbits(64))
    legal = game.legal_actions(world, seat)
    best, best_reward = 0, -1.0
    for k, action in enumerate(legal):
        after = game.copy_state(world)
        step(game, after, seat, action)
        reward = rewards(game, after)[seat]
        if reward > best_reward:
            best, best_reward = k, reward
    return game.action_text(legal[best])


__all__ = ["greedy_move", "random_move"]
