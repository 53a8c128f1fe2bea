"""What a position is worth to each seat, between 0 and 1: the search's rewards.

A finished game pays its winners (a shared win shares the prize) and, a little, every seat's margin
over the best of the others; a position cut short is scored from the game's own estimate of each
seat's final score (``Game.evaluate``), its lead over the best other seat turned into a chance of
winning by a logistic curve whose width is the game's ``evaluation_scale``.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from engine.core import AnyGame

#: How much of a finished game's reward is the margin (the rest is winning).
MARGIN_SHARE = 0.1
_LOG3 = math.log(3.0)  # a lead of one scale = a 3-in-4 chance


def chance(lead: float, scale: float) -> float:
    """The chance of winning a lead of ``lead`` points promises (``scale``: a 3-in-4 lead).

    >>> chance(0, 6), round(chance(6, 6), 2), round(chance(-6, 6), 2)
    (0.5, 0.75, 0.25)
    """
    x = max(-40.0, min(40.0, lead * _LOG3 / scale))
    return 1.0 / (1.0 + math.exp(-x))


def leads(points: Sequence[float]) -> list[float]:
    """Each seat's points minus the best of the others'.

    >>> leads([10, 7, 3])
    [3, -3, -7]
    """
    out = []
    for i, p in enumerate(points):
        others = [q for j, q in enumerate(points) if j != i]
        out.append(p - max(others) if others else 0.0)
    return out


def rewards(game: AnyGame, state: object) -> list[float]:
    """Each seat's reward for ``state``: final when the game is over, else from the game's estimate
    (an even 0.5 each when the game gives none)."""
    n = len(state["players"])  # type: ignore[index]
    scale = game.evaluation_scale
    if game.is_over(state):
        result = game.outcome(state)
        if result is None:
            return [0.5] * n
        totals = [0.0] * n
        won = [0.0] * n
        winners = [r.seat for r in result.results if r.winner]
        for r in result.results:
            totals[r.seat] = float(r.total)
            if r.winner:
                won[r.seat] = 1.0 / len(winners)
        margin = [chance(lead, scale) for lead in leads(totals)]
        return [(1 - MARGIN_SHARE) * w + MARGIN_SHARE * m for w, m in zip(won, margin, strict=True)]
    points = game.evaluate(state)
    if points is None:
        return [0.5] * n
    return [chance(lead, scale) for lead in leads(points)]


__all__ = ["MARGIN_SHARE", "chance", "leads", "rewards"]
