"""Information-set Monte Carlo tree search with determinization, for any game of the core.

One tree is grown for the deciding seat's information set (single-observer ISMCTS). Each iteration
takes a fresh determinization of the position (``Game.determinize``: the hidden parts sampled from
what the seat's view allows, so the search never sees what the seat cannot), walks the tree down the
moves legal in that determinization (each node keyed by the move's canonical text; the player to
move picks the child best for *them*: every node keeps one reward per seat), adds one new move,
plays ``playout`` random steps more and scores the position (:func:`engine.ai.values.rewards`). A
child's exploration term counts the iterations in which it was available, as information-set search
needs (moves legal in some determinizations only).

Simultaneous decisions (a parallel frame) are simulated one seat after the other, in a random order:
each seat's answer is not shown to the others in the rules, and a determinization has already
sampled any answer the deciding seat cannot see.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from typing import Any

from engine.core import AnyGame, play

from .levels import Level
from .values import rewards

#: Simulated steps in one iteration beyond which a simulated game is scored as it stands (a safety
#: net for very long phases; playouts are far shorter).
MAX_TREE_STEPS = 200
#: Options listed per seat in a simulated position (what :func:`step` hands back).
Listed = dict[int, list[Any]]


@dataclass
class Node:
    """One move in the tree: who made it, how often it was visited and available, and each seat's
    summed reward over the visits."""

    player: int
    seats: int
    visits: int = 0
    available: int = 0
    total: list[float] = field(default_factory=list)
    children: dict[tuple[int, str], Node] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if not self.total:
            self.total = [0.0] * self.seats

    def score(self, explore: float) -> float:
        """The upper confidence bound of this move for the player who makes it."""
        mean = self.total[self.player] / self.visits
        return mean + explore * math.sqrt(math.log(max(1, self.available)) / self.visits)


def step(game: AnyGame, state: Any, player: int, action: Any, listed: Listed | None = None) -> None:
    """Apply a legal ``action`` to ``state`` in place and settle the forced steps after it (no check:
    the action comes from the game's own legal list). ``listed``: filled with the options the
    forced steps' look listed in the state left (:func:`engine.core.play.resolve_forced`)."""
    game.apply_action(state, player, action)
    play.resolve_forced(game, state, listed)


def options(game: AnyGame, state: Any, who: int, listed: Listed) -> list[Any]:
    """``who``'s legal actions in ``state``: those the last :func:`step` listed, else listed now."""
    legal = listed.get(who)
    return game.legal_actions(state, who) if legal is None else legal


def mover(game: AnyGame, state: Any, rng: random.Random) -> int | None:
    """Who moves next in a simulation: one of the seats owing a decision (``None``: nobody)."""
    waiting = game.waiting(state)
    if not waiting:
        return None
    return waiting[0] if len(waiting) == 1 else waiting[rng.randrange(len(waiting))]


def search(game: AnyGame, state: Any, seat: int, level: Level, rng: random.Random) -> str:
    """The canonical text of ``seat``'s move after ``level.iterations`` iterations from ``state``
    (read only through determinizations for ``seat``)."""
    seats = len(state["players"])
    root = Node(seat, seats)
    budget = max(1, round(level.iterations * game.ai_budget))
    first: list[str] = []
    # a game without an evaluation cannot score a position cut short: its simulations play to the end
    playout = level.playout if game.evaluate(game.determinize(state, seat, 0)) is not None else 100_000
    for _ in range(budget):
        world = game.determinize(state, seat, rng.getrandbits(64))
        path = [root]
        node, who, steps = root, seat, 0
        listed: Listed = {}
        while steps < MAX_TREE_STEPS and not game.is_over(world):
            legal = options(game, world, who, listed)
            if not legal:
                break
            texts = [game.action_text(a) for a in legal]
            if node is root and not first:
                first = texts
            keys = [(who, t) for t in texts]
            fresh = [k for k, key in enumerate(keys) if key not in node.children]
            for key in keys:
                child = node.children.get(key)
                if child is not None:
                    child.available += 1
            if fresh:
                k = fresh[rng.randrange(len(fresh))]
                child = Node(who, seats, available=1)
                node.children[keys[k]] = child
                step(game, world, who, legal[k], listed)
                path.append(child)
                break
            at = node
            best = max(range(len(legal)), key=lambda k: at.children[keys[k]].score(level.explore))
            node = node.children[keys[best]]
            step(game, world, who, legal[best], listed)
            path.append(node)
            steps += 1
            nxt = mover(game, world, rng)
            if nxt is None:
                break
            who = nxt
        _playout(game, world, playout, rng, listed)
        reward = rewards(game, world)
        for n in path:
            n.visits += 1
            for i in range(seats):
                n.total[i] += reward[i]
    ranked = sorted(root.children.items(), key=lambda kv: (-kv[1].visits, -kv[1].total[seat], first.index(kv[0][1])))
    return ranked[0][0][1]


def _playout(game: AnyGame, world: Any, steps: int, rng: random.Random, listed: Listed) -> None:
    """Up to ``steps`` random moves (``listed``: as :func:`step` fills it for ``world``)."""
    for _ in range(steps):
        if game.is_over(world):
            return
        who = mover(game, world, rng)
        if who is None:
            return
        legal = options(game, world, who, listed)
        if not legal:
            return
        step(game, world, who, legal[rng.randrange(len(legal))], listed)


__all__ = [
    "MAX_TREE_STEPS",
    "Listed",
    "Node",
    "mover",
    "options",
    "search",
    "step",
]
