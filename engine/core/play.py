"""The engine's front door: validated apply, forced steps, parsing and replay."""

from __future__ import annotations

import json
from typing import Any

from .decisions import Action, Decision, Event, State
from .errors import IllegalAction
from .game import Game
from .text import match_text

MAX_FORCED_STEPS = 10_000


def new_game(
    game: Game, players: list[str], options: dict[str, Any] | None, seed: int
) -> tuple[State, list[Event]]:
    """Validated set-up, with the forced steps at the start already resolved."""
    resolved = game.spec.resolve_options(options, len(players))
    state = game.setup(list(players), resolved, seed)
    state.setdefault("step", 0)
    events = resolve_forced(game, state)
    return state, events


def pending(game: Game, state: State) -> list[Decision]:
    return [] if game.is_over(state) else game.pending(state)


def legal_actions(game: Game, state: State, player: int) -> list[Action]:
    return [] if game.is_over(state) else game.legal_actions(state, player)


def legal_texts(game: Game, state: State, player: int) -> list[str]:
    return [game.action_text(a) for a in legal_actions(game, state, player)]


def waiting_players(game: Game, state: State) -> list[int]:
    """Seats that owe a decision now, each once."""
    return [] if game.is_over(state) else game.waiting(state)


def check(game: Game, state: State, player: int, action: Action) -> None:
    """Raise :class:`IllegalAction` unless ``player`` may play ``action`` now."""
    if game.is_over(state):
        raise IllegalAction("game_over", "The game is over.")
    legal = game.legal_actions(state, player)
    if not legal:
        waiting = waiting_players(game, state)
        names = ", ".join(state["players"][p] for p in waiting) or "nobody"
        raise IllegalAction("not_your_turn", f"You have nothing to decide now; waiting for {names}.")
    if action not in legal and not game.accepts_unlisted(state, player, action):
        raise IllegalAction(
            "illegal_action",
            f"`{_describe(game, action)}` is not legal now.",
            [game.action_text(a) for a in legal],
        )


def _describe(game: Game, action: Action) -> str:
    """The action's text, or its raw form when a front end sent something malformed."""
    try:
        return game.action_text(action)
    except (KeyError, TypeError, ValueError, AttributeError):
        return repr(action)


def apply_in_place(game: Game, state: State, player: int, action: Action) -> list[Event]:
    """Validate, apply, then resolve forced steps; mutates ``state``.

    Used by replay and benchmarks; everything else calls :func:`apply`.
    """
    check(game, state, player, action)
    events = game.apply_action(state, player, action)
    events += resolve_forced(game, state)
    state["step"] = state.get("step", 0) + 1
    return events


def apply(game: Game, state: State, player: int, action: Action) -> tuple[State, list[Event]]:
    """Apply a legal action to a copy of ``state``; the input is never mutated.

    Raises :class:`IllegalAction`, whose message lists the legal texts.
    """
    new = game.copy_state(state)
    events = apply_in_place(game, new, player, action)
    return new, events


def resolve_forced(game: Game, state: State) -> list[Event]:
    """Play every decision that has exactly one legal option; tag its events ``forced``."""
    events: list[Event] = []
    for _ in range(MAX_FORCED_STEPS):
        if game.is_over(state):
            return events
        forced = _forced_step(game, state)
        if forced is None:
            return events
        for event in game.apply_action(state, *forced):
            event["forced"] = True
            events.append(event)
    raise RuntimeError("forced steps did not settle")  # a rules bug, never user input


def _forced_step(game: Game, state: State) -> tuple[int, Action] | None:
    for player in game.waiting(state):
        if not game.may_be_forced(state, player):
            continue
        options = game.legal_actions(state, player)
        if len(options) == 1:
            return player, options[0]
    return None


def parse_action(game: Game, state: State, player: int, text: str) -> Action:
    """The action ``player`` means by ``text``: forgiving about case, separators
    and unique prefixes, strict about anything unknown or ambiguous."""
    if game.is_over(state):
        raise IllegalAction("game_over", "The game is over.")
    legal = game.legal_actions(state, player)
    if not legal:
        check(game, state, player, {})
    extra = game.parse_extra(state, player, text)
    if extra is not None:
        return extra
    return legal[match_text(text, [game.action_text(a) for a in legal])]


def replay(game: Game, players: list[str], options: dict[str, Any] | None, seed: int,
           log: list[tuple[int, str]]) -> State:
    """Rebuild a game from set-up and its log of (player, canonical text)."""
    state, _ = new_game(game, players, options, seed)
    for player, text in log:
        apply_in_place(game, state, player, parse_action(game, state, player, text))
    return state


def dumps(state: State) -> str:
    """Canonical JSON: sorted keys, no spaces; equal states give equal bytes."""
    return json.dumps(state, sort_keys=True, separators=(",", ":"))


def loads(text: str) -> State:
    loaded: State = json.loads(text)
    return loaded
