"""Putting a card or ship into the portfolio, with the overflow discard D04 (rulebook p. 9).

Step ``insert`` {player, card, row}: when the row is full (3 top / 3 bottom) one card of that row
must go first; when the total (2 + rubble sets) is reached, any card. The discarded card leaves
the game; a discarded ship loses its hold. Auto when one candidate. Text: ``discard <card>``.
"""

from __future__ import annotations

from . import flow
from .i18n import msg
from .rules import board, discard_candidates, discard_from_portfolio, is_ship
from .types import Events, LDecision, LStep, Row
from .types import LAction as Action
from .types import LState as State


@flow.step("insert")
def _insert(state: State, s: LStep, events: Events) -> None:
    seat = s["player"]
    if discard_candidates(state, seat, s["row"]):
        flow.ask(state, "make_room", seat, card=s["card"], row=s["row"])
    else:
        place(state, seat, s["card"], s["row"], events)


def place(state: State, seat: int, card: str, row: Row, events: Events) -> None:
    b = board(state, seat)
    b["portfolio"][row].append(card)
    if is_ship(card):
        b["holds"][card] = {"goods": [], "sailing": False}
    events.append({"kind": "portfolio_add", "player": seat, "card": card, "row": row})


def options(state: State, d: LDecision) -> list[Action]:
    return [{"verb": "discard", "card": c} for c in discard_candidates(state, d["player"], d["row"])]


def act(state: State, d: LDecision, action: Action, events: Events) -> None:
    discard_from_portfolio(state, d["player"], action["card"], events)
    place(state, d["player"], d["card"], d["row"], events)


flow.kind("make_room", options, act, msg("Your portfolio is full: discard a card to make room."))
