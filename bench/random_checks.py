"""One seeded random game checked at every step: the harness behind :mod:`bench.random_games`.

A uniformly random waiting seat plays a uniformly random legal action until the game ends. Before
every action :func:`play_checked` checks that

* the state is plain JSON (``json.loads(json.dumps(state)) == state``) and holds no negative number;
* somebody is waiting, and every waiting seat is offered at least one action;
* offered options apply without error to a copy of the state (``play.apply``, forced steps
  included): every option of every waiting seat, or ``sample`` of them per seat (the one played
  counts), always with the decision's deadline default;
* the action played gives the same state and events when applied to the state reloaded from
  canonical JSON (sorted keys, as the bot stores it): rules never depend on dict key order;

and at the end that the game is scored and that replaying its log reproduces the final state. A
failure comes back as a recipe (game, players, options, seed, the log as ``seat:text`` and the
action that failed).
"""

from __future__ import annotations

import json
import random
import re
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from engine import get_game
from engine.core import AnyGame, play

Action = dict[str, Any]  # any game's, as the checks see them
State = dict[str, Any]
MAX_STEPS = 5000
NEGATIVE = re.compile(r"[\[:,]-\d")  # a negative number in compact JSON (maybe inside a string)
Recipe = dict[str, Any]
# Numbers that may go below zero by design, per game.
NEGATIVE_BY_DESIGN = {
    "puerto_rico": {"$.supply.vp"},  # chips earned after the supply runs out still count (rounds.award_vp)
}


@dataclass(frozen=True)
class Case:
    """One table: a game, a player count and a resolved option set."""

    game: str
    players: int
    options: dict[str, Any] = field(hash=False)

    def label(self) -> str:
        spec = get_game(self.game).spec
        changed = [f"{o.name}={self.options[o.name]}" for o in spec.options if self.options[o.name] != o.default]
        return " ".join(changed) or "(defaults)"


@dataclass
class Outcome:
    case: int
    seed: int
    steps: int
    checks: int
    seconds: float
    failure: Recipe | None


def _negatives(value: Any, path: str = "$") -> Iterator[tuple[str, int]]:
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _negatives(v, f"{path}.{k}")
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _negatives(v, f"{path}[{i}]")
    elif isinstance(value, int) and not isinstance(value, bool) and value < 0:
        yield path, value


def state_problem(state: State, game_id: str = "", text: str | None = None) -> str | None:
    """Why ``state`` is not plain JSON with no negative number (but those the game allows), or ``None``.
    ``text``: the state's compact JSON if already made (``play.dumps``: sorted keys do not matter here)."""
    try:
        text = json.dumps(state, separators=(",", ":")) if text is None else text
    except (TypeError, ValueError) as exc:
        return f"not JSON: {exc}"
    if json.loads(text) != state:
        return "not equal to itself after a JSON round trip (a tuple, a set or a non-string key?)"
    if NEGATIVE.search(text):
        allowed = NEGATIVE_BY_DESIGN.get(game_id, set())
        found = [f"{path} = {value}" for path, value in _negatives(state) if path not in allowed]
        if found:
            return "negative count: " + ", ".join(found[:3])
    return None


def reload_difference(
    game: AnyGame,
    state: State,
    seat: int,
    action: Action,
    after: State,
    events: list[Any],
    stored: tuple[str, str] | None = None,
) -> str:
    """How ``action`` plays on differently from ``state`` as stored (reloaded from canonical JSON,
    sorted keys, as the bot does before every action) than from ``state`` kept in memory, or ``""``.
    ``stored``: ``play.dumps`` of ``state`` and of ``after`` if already made (JSON is most of the cost)."""
    text, mine = (play.dumps(state), play.dumps(after)) if stored is None else stored
    reloaded, reloaded_events = play.apply(game, play.loads(text), seat, action)
    theirs = play.dumps(reloaded)
    if mine != theirs:
        at = next((i for i, (a, b) in enumerate(zip(mine, theirs, strict=False)) if a != b), len(mine))
        here, there = mine[max(0, at - 40) : at + 40], theirs[max(0, at - 40) : at + 40]
        return f"the state after a reload differs: `…{here}…` vs `…{there}…`"
    if reloaded_events != events:
        return "the events after a reload differ"
    return ""


def _error(exc: BaseException) -> str:
    return f"{type(exc).__name__}: {exc}"


def _to_check(
    offered: list[Action], played: Action | None, default: Action | None, sample: int | None, sampler: random.Random
) -> list[Action]:
    """The options of one seat to apply to copies: all, or ``sample`` of them counting the one
    the random walk plays (so checking it costs nothing extra); the deadline default too."""
    if sample is None:
        chosen = list(offered)
    else:
        chosen = [] if played is None else [played]
        others = [a for a in offered if a != played]
        chosen += sampler.sample(others, max(0, min(sample - len(chosen), len(others))))
    if default is not None and default not in chosen:
        chosen.append(default)
    return chosen


def _failing(game: AnyGame, state: State, seat: int, offered: list[Action]) -> str:
    bad = 0
    for option in offered:
        try:
            play.apply(game, state, seat, option)
        except Exception:  # counted, that is the point
            bad += 1
    return f"{bad} of the seat's {len(offered)} options fail"


def play_checked(case: Case, seed: int, sample: int | None = 2, max_steps: int = MAX_STEPS) -> Outcome:
    """One random game of ``case`` from ``seed``, checked at every step; stops at the first failure.

    ``sample`` options of each waiting seat are applied to copies at every step (``None``: all).
    The random walk does not depend on ``sample``: the same seed plays the same game."""
    game = get_game(case.game)
    names = [f"P{i + 1}" for i in range(case.players)]
    chooser, sampler = random.Random(seed), random.Random(f"checks {seed}")
    log: list[tuple[int, str]] = []
    steps = checks = 0
    start = time.process_time()

    def done(check: str | None = None, error: str = "", then: tuple[int, Action] | None = None) -> Outcome:
        failure = None
        if check is not None:
            failure = {
                "game": case.game,
                "players": case.players,
                "options": case.options,
                "seed": seed,
                "actions": [f"{s}:{t}" for s, t in log],
                "check": check,
                "error": error,
                "then": None if then is None else f"{then[0]}:{game.action_text(then[1])}",
            }
            if then is not None and check == "option":  # one bad option, or a stuck game where none applies?
                failure["failing"] = _failing(game, state, then[0], offered[then[0]])
        return Outcome(0, seed, steps, checks, time.process_time() - start, failure)

    try:
        state, _ = play.new_game(game, names, case.options, seed)
    except Exception as exc:  # any error is a finding, reported with its recipe
        return done("set-up", _error(exc))
    stored: str | None = None  # play.dumps(state), made once per state: by the step that led to it
    while not game.is_over(state):
        problem = state_problem(state, case.game, stored)
        if problem:
            return done("state", problem)
        if steps >= max_steps:
            return done("length", f"no end within {max_steps} decisions")
        try:
            waiting = play.waiting_players(game, state)
            offered = {seat: play.legal_actions(game, state, seat) for seat in waiting}
            defaults = {d.player: d.default for d in play.pending(game, state)}
        except Exception as exc:
            return done("legal actions", _error(exc))
        if not waiting or not all(offered.values()):
            return done("stuck", f"waiting {waiting}, offered {[len(o) for o in offered.values()]}")
        seat = chooser.choice(waiting)
        action = chooser.choice(offered[seat])
        after: tuple[State, list[dict[str, Any]]] | None = None
        for s in waiting:
            for option in _to_check(offered[s], action if s == seat else None, defaults.get(s), sample, sampler):
                try:
                    result = play.apply(game, state, s, option)
                except Exception as exc:
                    return done("option", _error(exc), (s, option))
                checks += 1
                if s == seat and option == action:
                    after = result
        if after is None:
            try:
                after = play.apply(game, state, seat, action)
            except Exception as exc:
                return done("option", _error(exc), (seat, action))
        try:
            text = play.dumps(state) if stored is None else stored
            stored = play.dumps(after[0])
            differs = reload_difference(game, state, seat, action, *after, stored=(text, stored))
        except Exception as exc:
            return done("reload", _error(exc), (seat, action))
        if differs:
            return done("reload", differs, (seat, action))
        log.append((seat, game.action_text(action)))
        state = after[0]
        steps += 1
    problem = state_problem(state, case.game, stored)
    if problem:
        return done("state", problem)
    if game.outcome(state) is None:
        return done("outcome", "the game is over but has no outcome")
    try:
        replayed = play.replay(game, names, case.options, seed, log)
    except Exception as exc:
        return done("replay", _error(exc))
    if play.dumps(replayed) != play.dumps(state):
        return done("replay", "replaying the log does not reproduce the final state")
    return done()
