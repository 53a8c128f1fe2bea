"""Deterministic views of every game for the image tests: seeded random play, sampled at a few
points and at the end of the game (public view, and seat 0's own view)."""

from __future__ import annotations

import random
from functools import cache
from typing import Any

from engine import get_game
from engine.core import play
from render.final import with_outcome
from render.turn import with_table

View = dict[str, Any]
NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve"]
# (game, players, options, steps to sample); the end of the game is always added.
TABLES: list[tuple[str, int, dict[str, Any], tuple[int, ...]]] = [
    ("puerto_rico", 2, {}, (0, 60)),
    ("puerto_rico", 3, {}, (40,)),
    ("puerto_rico", 4, {}, (150, 400)),
    ("puerto_rico", 2, {"expansions": "new_buildings"}, (0, 5)),
    ("puerto_rico", 5, {}, (90,)),
    ("puerto_rico", 3, {"expansions": "both"}, (0, 120)),
    ("puerto_rico", 4, {"expansions": "nobles"}, (80,)),
    ("lisboa", 2, {}, (0, 60)),
    ("lisboa", 3, {}, (120, 400)),
    ("lisboa", 4, {}, (200,)),
    ("lorenzo", 2, {}, (40,)),
    ("lorenzo", 3, {"advanced": True}, (0, 90)),
    ("lorenzo", 4, {"advanced": True}, (160,)),
    ("red_cathedral", 2, {"workshop": "basic"}, (30,)),
    ("red_cathedral", 3, {"workshop": "advanced"}, (0, 60)),
    ("red_cathedral", 4, {"workshop": "basic"}, (90,)),
]
LIMIT = 6000  # actions before a random game is taken as ended (none comes near it)


def _states(game_id: str, players: int, options: dict[str, Any], steps: tuple[int, ...], seed: int) -> list[Any]:
    game = get_game(game_id)
    state, _ = play.new_game(game, NAMES[:players], dict(options), seed)
    chooser = random.Random(seed)
    picked, done, ending = [], 0, False
    while done < LIMIT:
        if done in steps:
            picked.append((f"step{done}", state))
        if not ending and game.public_view(state).get("end") and not game.is_over(state):
            ending = True  # the first position after the end was triggered
            picked.append((f"ending{done}", state))
        waiting = play.waiting_players(game, state)
        if not waiting or game.is_over(state):
            break
        seat = chooser.choice(waiting)
        state, _ = play.apply(game, state, seat, chooser.choice(play.legal_actions(game, state, seat)))
        done += 1
    picked.append(("end", state))
    return picked


@cache
def sample_views() -> tuple[tuple[str, View, View], ...]:
    """(label, public view, seat 0's own view) for every table of :data:`TABLES`."""
    out = []
    for index, (game_id, players, options, steps) in enumerate(TABLES):
        game = get_game(game_id)
        opts = ",".join(f"{k}={v}" for k, v in options.items())
        for when, state in _states(game_id, players, options, steps, seed=11 + index):
            label = f"{game_id}-{players}p{'-' + opts if opts else ''}-{when}"
            out.append((label, game.public_view(state), game.view(state, 0)))
    return tuple(out)


def text_view() -> View:
    """A view of a game with no renderer (drawn as text)."""
    return {
        "game": "orchard",
        "players": ["Ann", "Bob"],
        "round": 2,
        "market": ["apple", "pear"],
        "deck_left": 5,
        "coins": [3, 4],
        "basket": [["apple"], []],
        "over": False,
    }


@cache
def turn_views() -> tuple[tuple[str, View], ...]:
    """(label, public view as a table draws it) for every table of :data:`TABLES`: the seats'
    colours (the declared order), who acts on what (:func:`render.turn.with_table`), the public view
    as the turn began (the last position where the seats owing a decision changed) and, at the end,
    the outcome (:func:`render.final.with_outcome`)."""
    out = []
    for index, (game_id, players, options, steps) in enumerate(TABLES):
        game = get_game(game_id)
        opts = ",".join(f"{k}={v}" for k, v in options.items())
        for when, state, began in _turns(game_id, players, options, steps, seed=11 + index):
            label = f"{game_id}-{players}p{'-' + opts if opts else ''}-{when}"
            acting = [(d.player, d.prompt or d.kind) for d in play.pending(game, state)]
            view = with_table(game.public_view(state), acting, game.public_view(began))
            out.append((label, with_outcome(view, game.outcome(state) if game.is_over(state) else None)))
    return tuple(out)


def _turns(game_id: str, players: int, options: dict[str, Any], steps: tuple[int, ...], seed: int) -> list[Any]:
    """(label, state, state as its turn began) at the sampled steps and at the end, from the same
    seeded play as :func:`_states`."""
    game = get_game(game_id)
    state, _ = play.new_game(game, NAMES[:players], dict(options), seed)
    chooser = random.Random(seed)
    picked, done = [], 0
    previous = began = state
    owing = play.waiting_players(game, state)
    while done < LIMIT:
        waiting = play.waiting_players(game, state)
        if waiting != owing:  # the last action began a new turn: the board before it is what changed from
            began, owing = previous, waiting
        if done in steps:
            picked.append((f"step{done}", state, began))
        if not waiting or game.is_over(state):
            break
        seat = chooser.choice(waiting)
        previous = state
        state, _ = play.apply(game, state, seat, chooser.choice(play.legal_actions(game, state, seat)))
        done += 1
    picked.append(("end", state, began))
    return picked
