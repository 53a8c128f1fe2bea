"""Pure, deterministic rules engines. Importing this package registers every game."""

from importlib import import_module

from .core import all_games, get_game

GAME_PACKAGES = ("engine.puerto_rico", "engine.lisboa", "engine.lorenzo", "engine.red_cathedral")

for _name in GAME_PACKAGES:
    import_module(_name)

__all__ = ["all_games", "get_game", "GAME_PACKAGES"]
