"""Lisboa tests' short calls into the engine (they were :mod:`engine.lisboa.driver`): a new game
straight from Lisboa's set-up, and answers validated and followed by forced steps through
:mod:`engine.core.play` (illegal ones raise :class:`~engine.core.IllegalAction`)."""

from __future__ import annotations

from typing import Any

from engine.core import play
from engine.core.text import match_text
from engine.lisboa.actions import action_text
from engine.lisboa.game import GAME
from engine.lisboa.setup import setup

State = dict[str, Any]
Events = list[dict[str, Any]]
Action = dict[str, Any]


def new_game(players: list[str], options: dict[str, Any] | None = None, seed: int = 1) -> State:
    """Set up with the shipped pack (whatever pack a test loaded for new games)."""
    state = setup(list(players), dict(options or {}), seed)
    state.setdefault("queue", [])
    return state


def waiting(state: State) -> list[int]:
    return GAME.waiting(state)


def legal_actions(state: State, seat: int) -> list[Action]:
    return GAME.legal_actions(state, seat)


def apply(state: State, seat: int, action: Action) -> Events:
    """Validate and apply ``action`` in place, then every forced step; return the events."""
    play.check(GAME, state, seat, action)
    return GAME.apply_action(state, seat, action) + play.resolve_forced(GAME, state)


def act_text(state: State, seat: int, text: str) -> Events:
    legal = legal_actions(state, seat)
    return apply(state, seat, legal[match_text(text, [action_text(a) for a in legal])])
