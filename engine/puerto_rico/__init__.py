"""Puerto Rico (base game, 2–5 players) on the engine core."""

from ..core import register
from .game import GAME

register(GAME)

__all__ = ["GAME"]
