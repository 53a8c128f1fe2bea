"""Game id → game object. Games register themselves; the core names none."""

from __future__ import annotations

from .errors import IllegalAction
from .game import Game

_GAMES: dict[str, Game] = {}


def register(game: Game) -> Game:
    if game.spec.id in _GAMES and _GAMES[game.spec.id] is not game:
        raise ValueError(f"game id {game.spec.id!r} registered twice")
    _GAMES[game.spec.id] = game
    return game


def get_game(game_id: str) -> Game:
    try:
        return _GAMES[game_id]
    except KeyError:
        known = ", ".join(f"`{g}`" for g in sorted(_GAMES)) or "none"
        raise IllegalAction("unknown_game", f"There is no game `{game_id}`. Games: {known}.") from None


def all_games() -> list[Game]:
    return [_GAMES[k] for k in sorted(_GAMES)]
