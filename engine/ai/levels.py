"""How hard an AI player thinks: the players :func:`engine.ai.choose` offers, by name.

``easy``, ``normal`` and ``strong`` search (:mod:`engine.ai.search`) with growing budgets; ``random``
and ``greedy`` are the yardsticks the benches measure them against (``greedy``: the move whose
position the game's evaluation likes best, one step ahead). A search budget counts simulated games
(iterations), never seconds, so a choice is the same for the same seed on any machine; a game whose
simulated steps are slow scales its budget down (``Game.ai_budget``).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Level:
    """One way of choosing: ``iterations`` simulated games per decision (0: no search), each cut
    short after ``playout`` random steps past the tree and scored by the game's evaluation;
    ``explore`` the search's exploration constant."""

    name: str
    iterations: int = 0
    playout: int = 0
    explore: float = 0.7


RANDOM = Level("random")
GREEDY = Level("greedy")
EASY = Level("easy", iterations=48, playout=2)
NORMAL = Level("normal", iterations=320, playout=6)
STRONG = Level("strong", iterations=1400, playout=8)

#: Every player by name, the three levels a table offers first.
LEVELS: dict[str, Level] = {level.name: level for level in (EASY, NORMAL, STRONG, RANDOM, GREEDY)}
#: The levels a table may seat.
SEATED = ("easy", "normal", "strong")


def level(name: str) -> Level:
    """The level called ``name``; :class:`ValueError` naming the known ones otherwise."""
    try:
        return LEVELS[name]
    except KeyError:
        raise ValueError(f"no AI level {name!r}; levels: {', '.join(LEVELS)}") from None


__all__ = ["EASY", "GREEDY", "LEVELS", "NORMAL", "RANDOM", "SEATED", "STRONG", "Level", "level"]
