"""Putting a card or ship into the portfolio, with the overflow discard D04 (rulebook p. 9).

Step ``insert`` {player, card, row}: when the row is full (3 top / 3 bottom) one card of that row
must go first; when the total (2 + rubble sets) is reached, any card. The discarded card leaves
the game; a discarded ship loses its hold. Auto when one candidate. Text: ``discard <card>``.
"""

from __future__ import annotations

from typing import Any

from . import flow
from .i18n import msg
from .rules import board, discard_candidates, discard_from_portfolio, is_ship

State = dict[str, Any]
Events = list[dict[str, Any]]
Action = dict[str, Any]


@flow.step("insert")
def _insert(state: State, s: dict[str, Any], events: Events) -> None:
    seat = s["player"]
    if discard_candidates(state, seat, s["row"]):
        flow.ask(state, "make_room", seat, card=s["card"], row=s["row"])
    else:
        place(state, seat, s["card"], s["row"], events)


def place(state: State, seat: int, card: str, row: str, events: Events) -> None:
    b = board(state, seat)
    b["portfolio"][row].append(card)
    if is_ship(card):
        b["holds"][card] = {"goods": [], "sailing": False}
    events.append({"kind": "portfolio_add", "player": seat, "card": card, "row": row})


def options(state: State, d: dict[str, Any]) -> list[Action]:
    return [{"verb": "discard", "card": c} for c in discard_candidates(state, d["player"], d["row"])]


def act(state: State, d: dict[str, Any], action: Action, events: Events) -> None:
    discard_from_portfolio(state, d["player"], action["card"], events)
    place(state, d["player"], d["card"], d["row"], events)


flow.kind("make_room", options, act, msg("Your portfolio is full: discard a card to make room."))
