"""The engine's front door: validated apply, forced steps, parsing and replay.

It also adds the one action every game offers: ``take back`` an answer to a parallel decision
while its window is open (see :mod:`engine.core.takeback`); front ends read action and event
texts through :func:`action_text` and :func:`event_text` so they can name it."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import replace
from typing import Any, cast

from .decisions import Decision, EventText
from .errors import IllegalAction
from .game import Game
from .i18n import listing, msg
from .records import A, AnyState, E, S, V
from .shapes import Distribute, Shape, accepts_action, is_forced, parse_distribute, plain
from .takeback import (
    TAKE_BACK_TEXT,
    TakeBack,
    TakeBackEvent,
    is_take_back,
    is_take_back_event,
    names_take_back,
    take_back_action,
    take_back_event,
    take_back_sentence,
)
from .text import match_text, normalize, shorten

MAX_FORCED_STEPS = 10_000


def new_game(
    game: Game[S, A, E, V], players: list[str], options: Mapping[str, object] | None, seed: int
) -> tuple[S, list[E]]:
    """Validated set-up, with the forced steps at the start already resolved."""
    resolved = game.spec.resolve_options(options, len(players))
    state = game.setup(list(players), resolved, seed)
    counted: AnyState = state  # read through the bound (see AnyState)
    counted.setdefault("step", 0)
    events = resolve_forced(game, state)
    return state, events


def pending(game: Game[S, A, E, V], state: S) -> list[Decision[A]]:
    """Every open decision, each with its shape (a plain :class:`~engine.core.shapes.ChooseOne` of
    the canonical texts where the game gives none)."""
    if game.is_over(state):
        return []
    return [d if d.shape is not None else replace(d, shape=default_shape(game, d)) for d in game.pending(state)]


def default_shape(game: Game[S, A, E, V], decision: Decision[A]) -> Shape:
    """The decision's own shape, else its canonical texts as a ChooseOne (``pass`` its pass option)."""
    if decision.shape is not None:
        return decision.shape
    return plain([game.action_text(a) for a in decision.options], "pass")


def decision_of(game: Game[S, A, E, V], state: S, player: int) -> Decision[A] | None:
    """``player``'s open decision (with its shape), if any."""
    decision = None if game.is_over(state) else game.decision(state, player)
    if decision is None or decision.shape is not None:
        return decision
    return replace(decision, shape=default_shape(game, decision))


def pass_text(game: Game[S, A, E, V], state: S, player: int) -> str | None:
    """The canonical text of the pass option of ``player``'s open decision, if it has one."""
    decision = decision_of(game, state, player)
    return decision.shape.pass_text if decision is not None and decision.shape is not None else None


def legal_actions(game: Game[S, A, E, V], state: S, player: int, options: list[A] | None = None) -> list[A | TakeBack]:
    """The game's legal actions of ``player``, then ``take back`` while they may take an answer back.

    ``options``: ``game.legal_actions(state, player)`` when the caller has just listed them for
    this very state (unchanged since), so they are not listed again."""
    if game.is_over(state):
        return []
    legal: list[A | TakeBack] = [*(game.legal_actions(state, player) if options is None else options)]
    if game.may_take_back(state, player):
        legal.append(take_back_action())
    return legal


def may_take_back(game: Game[S, A, E, V], state: S, player: int) -> bool:
    """True while ``player`` has answered an open parallel decision and may take the answer back."""
    return not game.is_over(state) and game.may_take_back(state, player)


def legal_texts(game: Game[S, A, E, V], state: S, player: int) -> list[str]:
    return [action_text(game, a) for a in legal_actions(game, state, player)]


def action_text(game: Game[S, A, E, V], action: A | TakeBack) -> str:
    """Canonical text of any legal action, ``take back`` included."""
    return TAKE_BACK_TEXT if is_take_back(action) else game.action_text(action)


def event_text(game: Game[S, A, E, V], state: S, event: E | TakeBackEvent) -> EventText:
    """Sentences of any event, the core's take-back event included."""
    return take_back_sentence(state, event) if is_take_back_event(event) else game.event_text(state, event)


def waiting_players(game: Game[S, A, E, V], state: S) -> list[int]:
    """Seats that owe a decision now, each once."""
    return [] if game.is_over(state) else game.waiting(state)


def check(game: Game[S, A, E, V], state: S, player: int, action: A | TakeBack, options: list[A] | None = None) -> None:
    """Raise :class:`IllegalAction` unless ``player`` may play ``action`` now (``options``: as
    :func:`legal_actions` takes them)."""
    if game.is_over(state):
        raise IllegalAction("game_over", msg("The game is over."))
    listed = game.legal_actions(state, player) if options is None else options
    back = is_take_back(action)
    if not back and action in listed:  # the common case: legal, and no refusal below applies
        return
    legal = legal_actions(game, state, player, listed)
    if back and action not in legal:
        raise _nothing_to_take_back(game, state, player, legal)
    if not legal or (not back and all(is_take_back(a) for a in legal)):
        raise _not_your_turn(game, state, bool(legal))
    if action not in legal and not _accepts_unlisted(game, state, player, action):
        raise IllegalAction(
            "illegal_action",
            msg("`{action}` is not legal now.", action=_describe(game, action)),
            [action_text(game, a) for a in legal],
        )


def _accepts_unlisted(game: Game[S, A, E, V], state: S, player: int, action: A | TakeBack) -> bool:
    """True for a valid answer the decision does not list (any valid layout of a Distribute)."""
    decision = decision_of(game, state, player)
    return decision is not None and decision.shape is not None and accepts_action(decision.shape, action)


def _waiting_names(game: Game[S, A, E, V], state: S) -> str:
    return listing([state["players"][p] for p in waiting_players(game, state)], "") or msg("nobody")


def _not_your_turn(game: Game[S, A, E, V], state: S, answered: bool) -> IllegalAction:
    names = _waiting_names(game, state)
    if answered:
        return IllegalAction(
            "not_your_turn",
            msg(
                "You have answered already; waiting for {names}. Until the "
                "last answer is in you may take yours back and answer again.",
                names=names,
            ),
            [TAKE_BACK_TEXT],
        )
    return IllegalAction("not_your_turn", msg("You have nothing to decide now; waiting for {names}.", names=names))


def _nothing_to_take_back(game: Game[S, A, E, V], state: S, player: int, legal: list[A | TakeBack]) -> IllegalAction:
    rule = msg(
        "You have no answer to take back: only an answer to a decision everyone makes at once can be "
        "taken back, and only until the last answer is in."
    )
    if legal:
        return IllegalAction("nothing_to_take_back", rule, [action_text(game, a) for a in legal])
    waiting = msg("{rule} Waiting for {names}.", rule=rule, names=_waiting_names(game, state))
    return IllegalAction("nothing_to_take_back", waiting)


def _describe(game: Game[S, A, E, V], action: A | TakeBack) -> str:
    """The action's text, or its raw form when a front end sent something malformed, shortened like
    typed text (a malformed action may carry a field of any length)."""
    try:
        return shorten(action_text(game, action))
    except (KeyError, TypeError, ValueError, AttributeError):
        return shorten(repr(action))


def apply_in_place(
    game: Game[S, A, E, V],
    state: S,
    player: int,
    action: A | TakeBack,
    options: list[A] | None = None,
    listed: dict[int, list[A]] | None = None,
) -> list[E | TakeBackEvent]:
    """Validate, apply, then resolve forced steps; mutates ``state``. ``options``: the game's legal
    actions of ``player`` in this very state, when the caller has just listed them (see
    :func:`legal_actions`): the check then does not list them again. ``listed``: filled as
    :func:`resolve_forced` fills it, with options of the state this returns.

    Used by replay and benchmarks; everything else calls :func:`apply`.
    """
    check(game, state, player, action, options)
    events: list[E | TakeBackEvent]
    if is_take_back(action):
        events = [take_back_event(player), *game.take_back(state, player)]
    else:
        events = [*game.apply_action(state, player, action)]
    events += resolve_forced(game, state, listed)
    counted: AnyState = state  # read through the bound (see AnyState)
    counted["step"] = counted.get("step", 0) + 1
    return events


def apply(
    game: Game[S, A, E, V],
    state: S,
    player: int,
    action: A | TakeBack,
    options: list[A] | None = None,
    listed: dict[int, list[A]] | None = None,
) -> tuple[S, list[E | TakeBackEvent]]:
    """Apply a legal action to a copy of ``state``; the input is never mutated. ``options`` and
    ``listed``: as :func:`apply_in_place` takes them (``options`` listed on ``state``, whose copy has
    the same; ``listed`` filled with options of the copy returned).

    Raises :class:`IllegalAction`, whose message lists the legal texts.
    """
    new = game.copy_state(state)
    events = apply_in_place(game, new, player, action, options, listed)
    return new, events


def resolve_forced(game: Game[S, A, E, V], state: S, listed: dict[int, list[A]] | None = None) -> list[E]:
    """Play every decision that has exactly one legal option; tag its events ``forced``.

    ``listed``: if given, emptied, then filled with what the last look for a forced step listed
    once nothing more is forced: ``game.legal_actions(state, seat)`` of the settled state for
    each waiting seat it looked at (not a seat :meth:`~engine.core.game.Game.may_be_forced` rules
    out), so a caller about to list them again (the next decision) need not, as long as it does not
    change ``state`` meanwhile."""
    events: list[E] = []
    for _ in range(MAX_FORCED_STEPS):
        if listed is not None:
            listed.clear()  # what an earlier look listed is stale once a forced step is played
        if game.is_over(state):
            return events
        forced = _forced_step(game, state, listed)
        if forced is None:
            return events
        for event in game.apply_action(state, *forced):
            event["forced"] = True
            events.append(event)
    raise RuntimeError("forced steps did not settle")  # a rules bug, never user input


def _forced_step(game: Game[S, A, E, V], state: S, listed: dict[int, list[A]] | None) -> tuple[int, A] | None:
    for player in game.waiting(state):
        if not game.may_be_forced(state, player):
            continue
        options = game.legal_actions(state, player)
        if listed is not None:
            listed[player] = options
        if len(options) == 1:
            shape = game.decision_shape(state, player, options)  # None: a plain choice, forced
            if shape is None or is_forced(shape):
                return player, options[0]
    return None


def parse_action(
    game: Game[S, A, E, V], state: S, player: int, text: str, options: list[A] | None = None
) -> A | TakeBack:
    """The action ``player`` means by ``text``: forgiving about case, separators
    and unique prefixes, strict about anything unknown or ambiguous. ``options``: as
    :func:`legal_actions` takes them."""
    if game.is_over(state):
        raise IllegalAction("game_over", msg("The game is over."))
    legal = legal_actions(game, state, player, options)
    if names_take_back(text):
        check(game, state, player, take_back_action())
        return take_back_action()
    if all(is_take_back(a) for a in legal):  # nothing to decide (perhaps an answer to take back)
        raise _not_your_turn(game, state, bool(legal))
    texts = [action_text(game, a) for a in legal]
    typed = normalize(text)
    if typed not in [normalize(t) for t in texts]:  # an exact text needs no shape
        decision = decision_of(game, state, player)
        if decision is not None and isinstance(decision.shape, Distribute):
            shaped = parse_distribute(decision.shape, typed.split(" "))
            if shaped is not None:  # text parsed into the action form the game's Distribute declares
                return cast(A, shaped)
    return legal[match_text(text, texts)]


def replay(
    game: Game[S, A, E, V],
    players: list[str],
    options: Mapping[str, object] | None,
    seed: int,
    log: list[tuple[int, str]],
) -> S:
    """Rebuild a game from set-up and its log of (player, canonical text)."""
    state, _ = new_game(game, players, options, seed)
    for player, text in log:
        action = parse_action(game, state, player, text)
        apply_in_place(game, state, player, action)
    return state


def dumps(state: Mapping[str, object]) -> str:
    """Canonical JSON: sorted keys, no spaces; equal states give equal bytes."""
    return json.dumps(state, sort_keys=True, separators=(",", ":"))


def loads(text: str) -> Any:
    """A stored state (typed by whoever knows its game: it is JSON from the store)."""
    return json.loads(text)
