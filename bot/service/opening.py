"""A lobby's game set up by the rules (:func:`set_up`), before anything is stored: what starting it
(:meth:`LobbyService.start <bot.service.lobby.LobbyService.start>`, a rematch) stores and posts.

As with a move (:meth:`Txn.apply <bot.service.change.Txn.apply>`), a bug in the rules never strands a
table: any exception from the engine other than a refusal of the rules is logged with its context
and refused with a friendly message; nothing is stored and the lobby stays open.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any

from engine.core import AnyGame, IllegalAction, all_games, play

from ..store.rows import GameRecord
from .core import wrap_illegal
from .history import render_events
from .i18n import msg
from .records import State
from .results import ServiceError

log = logging.getLogger("bot.service")
SETUP_ERROR = msg(
    "Setting up the game hit an error in the game's rules, so it did not start; nothing changed and "
    "the lobby is still open. Try starting it again later, or open another game."
)
REMATCH_ERROR = msg(
    "Setting up the rematch hit an error in the game's rules, so it did not start; nothing changed. "
    "Try the Rematch button again later."
)


@dataclass(frozen=True)
class Opening:
    """A game set up, with everything the rules say about it, before anything is stored."""

    #: The table's options, resolved for this many players.
    options: dict[str, Any]
    state: State
    state_json: str
    public: list[str]
    private: dict[str, list[str]]
    #: The seats that must act first.
    waiting: list[int]


def set_up(game: AnyGame, record: GameRecord, names: list[str], users: list[str], seed: int) -> Opening:
    """The lobby ``record``'s game set up by the rules for ``names`` (seats in order, played by
    ``users``) with ``seed``: options resolved, set-up and its forced steps, the opening lines,
    canonicalised; everything that runs rules code.

    A refusal of the rules (e.g. options no longer valid) is refused as usual. Any other exception
    from the engine is logged with its traceback, the game, the number of seats, the options and the
    seed, and refused with :data:`SETUP_ERROR` (``engine_error``): nothing is stored and the lobby
    stays open, to be started again.
    """
    try:
        options = game.spec.resolve_options(record.options, len(names))
        state, events = play.new_game(game, names, options, seed)
        public, private = render_events(game, state, events, users)
        state_json = play.dumps(state)
        state = play.loads(state_json)  # canonical key order, as after any reload
        return Opening(options, state, state_json, public, private, play.waiting_players(game, state))
    except IllegalAction as exc:
        raise wrap_illegal(exc) from None
    except Exception:
        log.exception(
            "game %s (%s): the engine failed on its set-up for %s seats with options %.200r and seed %s; "
            "refused, nothing stored, the lobby stays open",
            record.id,
            record.game_id,
            len(names),
            record.options,
            seed,
        )
        raise ServiceError(SETUP_ERROR, "engine_error") from None


def opening_views() -> list[dict[str, Any]]:
    """The public view of a freshly set-up game of every game installed (its fewest players, at
    least two; seed 1): what the render workers draw once as they start (:mod:`render.pool`). A game
    whose set-up fails is left out and logged."""
    views = []
    for game in all_games():
        players = [f"P{n + 1}" for n in range(max(game.spec.min_players, 2))]
        try:
            state, _ = play.new_game(game, players, None, 1)
            views.append(game.public_view(state))
        except Exception:  # only a head start for the boards: the first real game will say what is wrong
            log.warning("could not set up %s to warm up its board", game.spec.id, exc_info=True)
    return views
