"""Pure, deterministic rules engines: :mod:`engine.core` and one package per game.

The games are found, not listed: each game package is declared as an entry point of the group
``pbp_euro_bot.games`` (see ``pyproject.toml`` and :mod:`engine.core.registry`) and imported the
first time it is asked for.
"""

from .core import all_games, get_game

__all__ = ["all_games", "get_game"]
