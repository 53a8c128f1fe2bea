"""AI players for every game: :func:`choose` is the one entry point the bot, the benches and the
tests use.

The player is the same for every game: information-set Monte Carlo tree search with
determinization (:mod:`engine.ai.search`) over the game's own moves. A game contributes only what
it must, through its :class:`~engine.core.Game`: ``determinize`` (a copy of the position with
everything the deciding seat cannot see sampled anew from what its view allows) and ``evaluate``
(each seat's final score as a position promises it, to cut simulations short), with its
``evaluation_scale`` and, for a slow engine, an ``ai_budget`` below 1. Every read of the position
goes through ``determinize``, so a choice depends only on the seat's view and the seed.
"""

from __future__ import annotations

import random
from typing import Any

from engine.core import AnyGame, Game, get_game

from .levels import LEVELS, SEATED, Level, level
from .levels import level as named
from .players import greedy_move, random_move
from .search import search


def plays(game: AnyGame) -> bool:
    """Whether the AI can play ``game`` fairly: the game hides nothing, or it says how to sample what
    a seat cannot see (its own ``determinize``); otherwise a search would read hidden cards."""
    return not game.spec.has_hidden_info or type(game).determinize is not Game.determinize


def choose(game_id: str, state: Any, seat: int, *, seed: int, level: str = "normal") -> str:
    """The canonical text of a move legal for ``seat``'s open decision in ``state``, chosen by the
    player ``level`` (:data:`LEVELS`: easy, normal, strong, or the yardsticks random and greedy).
    The same seed gives the same move; only what ``seat`` may see counts. :class:`ValueError` when
    ``seat`` has nothing to decide or the level is unknown."""
    game = get_game(game_id)
    if not plays(game):
        raise ValueError(f"the AI does not play {game.spec.title}: it has no way to sample hidden information")
    player = named(level)
    rng = random.Random(seed)
    legal = game.legal_actions(game.determinize(state, seat, 0), seat)
    if not legal:
        raise ValueError(f"seat {seat} has nothing to decide")
    if len(legal) == 1:
        return game.action_text(legal[0])
    if player.name == "random":
        return random_move(game, state, seat, rng)
    if player.name == "greedy":
        return greedy_move(game, state, seat, rng)
    return search(game, state, seat, player, rng)


__all__ = ["LEVELS", "SEATED", "Level", "choose", "level", "plays"]
