"""Taking back an answer to a parallel decision while its window is still open.

The same rule for every game: a player who has answered a decision everyone makes at once
(Puerto Rico's Mayor layout and storage, Lisboa's church scoring, set-up keep and draft...) may
take the answer back until the last answer closes the window; they then owe the decision again.
It is an ordinary logged action with the canonical text ``take back``, offered by
:func:`engine.core.play.legal_actions` while :meth:`engine.core.Game.may_take_back` says so and
applied through :meth:`engine.core.Game.take_back`, so a game replays from its log as before.
Its event says only who took an answer back, never what the answer was.
"""

from __future__ import annotations

from typing import Any

from .decisions import Action, Event, EventText, State
from .i18n import msg
from .text import normalize

TAKE_BACK_TEXT = "take back"
_KEY = "core"  # games' own actions and events never use this key
_NAME = "take_back"


def take_back_action() -> Action:
    """A fresh take-back action (a new dict each time, so nobody mutates a shared one)."""
    return {_KEY: _NAME}


def is_take_back(action: Any) -> bool:
    return isinstance(action, dict) and action.get(_KEY) == _NAME


def names_take_back(text: str) -> bool:
    """True when typed ``text`` asks to take an answer back (``take back``, ``Take-Back``...)."""
    return normalize(text) == TAKE_BACK_TEXT


def take_back_event(seat: int) -> Event:
    return {_KEY: _NAME, "player": seat}


def is_take_back_event(event: Event) -> bool:
    return event.get(_KEY) == _NAME


def take_back_sentence(state: State, event: Event) -> EventText:
    """Public: who took their answer back (not what it was); private: what to do now."""
    seat = event["player"]
    return EventText(
        msg("{player} takes back their answer.", player=state["players"][seat]),
        msg("You took back your answer; answer again before the others finish."),
        seat,
    )
