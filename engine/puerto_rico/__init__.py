"""Puerto Rico (2–5 players) on the engine core: the base game, the seed's variant rule and
2-player 5-choice order, and the New Buildings and Nobles expansions as table options."""

from ..core import register
from .game import GAME

register(GAME)

__all__ = ["GAME"]
