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

from typing import TYPE_CHECKING, Final, Literal, TypedDict

from .decisions import EventText
from .i18n import msg
from .records import FD, GameState
from .text import normalize

if TYPE_CHECKING:
    from typing_extensions import TypeIs  # typing.TypeIs from Python 3.13

TAKE_BACK_TEXT = "take back"
_KEY: Final = "core"  # games' own actions and events never use this key
_NAME: Final = "take_back"


class TakeBack(TypedDict):
    """The take-back action (``{"core": "take_back"}``), offered besides a game's own actions."""

    core: Literal["take_back"]


class TakeBackEvent(TypedDict):
    """Its event: who took their answer back."""

    core: Literal["take_back"]
    player: int


def take_back_action() -> TakeBack:
    """A fresh take-back action (a new dict each time, so nobody mutates a shared one)."""
    return {_KEY: _NAME}


def is_take_back(action: object) -> TypeIs[TakeBack]:
    return isinstance(action, dict) and action.get(_KEY) == _NAME


def names_take_back(text: str) -> bool:
    """True when typed ``text`` asks to take an answer back (``take back``, ``Take-Back``...)."""
    return normalize(text) == TAKE_BACK_TEXT


def take_back_event(seat: int) -> TakeBackEvent:
    return {_KEY: _NAME, "player": seat}


def is_take_back_event(event: object) -> TypeIs[TakeBackEvent]:
    return isinstance(event, dict) and event.get(_KEY) == _NAME


def take_back_sentence(state: GameState[FD], event: TakeBackEvent) -> EventText:
    """Public: who took their answer back (not what it was); private: what to do now."""
    seat = event["player"]
    return EventText(
        msg("{player} takes back their answer.", player=state["players"][seat]),
        msg("You took back your answer; answer again before the others finish."),
        seat,
    )
